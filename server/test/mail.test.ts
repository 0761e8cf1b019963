import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../src/plugins/mail';
import { setupTestApp, type TestContext } from './helpers';
import { freePort, parseMail, smtpUrl, startSmtpServer, type TestSmtpServer } from './smtp';

const captureDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-mail-capture-'));
let ctx: TestContext;
let companyId: string;
let userId: string;

beforeAll(async () => {
  // No SMTP_URL: delivery to .eml files in MAIL_CAPTURE_DIR. The worker starts in a later test.
  ctx = await setupTestApp({ MAIL_CAPTURE_DIR: captureDir, MAIL_POLL_SECONDS: '0.5' });
  const user = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
  companyId = user.companyId;
  userId = user.id;
});

afterAll(() => {
  fs.rmSync(captureDir, { recursive: true, force: true });
});

const mailTo = (to: string, subject: string, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  companyId,
  to,
  category: 'testMail',
  content: { subject, title: subject, text: `Body of ${subject}`, bodyHtml: `<p>Body of ${subject}</p>` },
  ...extra,
});

describe('the transactional outbox', () => {
  it('writes the row in the caller transaction: a rollback leaves none', async () => {
    let messageId = '';
    const attempt = ctx.db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: userId }, data: { email: 'changed@northwind.example' } });
      const result = await ctx.app.mail.enqueue(tx, mailTo('changed@northwind.example', 'Rolled back'));
      if (!result.queued) throw new Error('not queued');
      messageId = result.messageId;
      // Inside the transaction the row exists; outside it is not yet visible.
      expect(await tx.mailMessage.count({ where: { id: messageId } })).toBe(1);
      expect(await ctx.db.mailMessage.count({ where: { id: messageId } })).toBe(0);
      throw new Error('roll back');
    });
    await expect(attempt).rejects.toThrow('roll back');
    expect(messageId).not.toBe('');
    expect(await ctx.db.mailMessage.count({ where: { id: messageId } })).toBe(0);
    const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.email).toBe('mia.torres@northwind.example');
  });

  it('commits the row, queued and due at once', async () => {
    const result = await ctx.app.mail.send(mailTo('mia.torres@northwind.example', 'Committed'));
    if (!result.queued) throw new Error('not queued');
    const row = await ctx.db.mailMessage.findUniqueOrThrow({ where: { id: result.messageId } });
    expect(row).toMatchObject({ status: 'queued', attempts: 0, category: 'testMail', claimedUntil: null });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('local capture (no SMTP_URL)', () => {
  it('writes each message as an .eml file with a text part, an HTML part and attachments', async () => {
    const pdf = Buffer.from('%PDF-1.4 pretend');
    const result = await ctx.app.mail.send(
      mailTo('olivia.bennett@northwind.example', 'Close-off report <1>', {
        attachments: [
          { filename: 'report.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
        ],
      }),
    );
    if (!result.queued) throw new Error('not queued');
    await ctx.app.mail.startWorker();
    await expect
      .poll(
        async () => (await ctx.db.mailMessage.findUniqueOrThrow({ where: { id: result.messageId } })).status,
        {
          timeout: 15_000,
        },
      )
      .toBe('sent');
    const file = fs.readdirSync(captureDir).find((name) => name.endsWith(`${result.messageId}.eml`));
    expect(file).toBeDefined();
    const mail = parseMail(fs.readFileSync(path.join(captureDir, file!), 'utf8'));
    expect(mail.subject).toBe('Close-off report <1>');
    expect(mail.headers.to).toBe('olivia.bennett@northwind.example');
    expect(mail.text).toContain('Body of Close-off report <1>');
    // Values are escaped in the HTML layout; the product's name heads it.
    expect(mail.html).toContain('<h1 style="');
    expect(mail.html).toContain('Close-off report &lt;1&gt;');
    expect(mail.html).toContain('Compass');
    expect(mail.attachments).toEqual([
      { filename: 'report.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    // The committed mail of the previous test went out too.
    await expect
      .poll(() => ctx.db.mailMessage.count({ where: { subject: 'Committed', status: 'sent' } }), {
        timeout: 15_000,
      })
      .toBe(1);
  });
});

describe('retries', () => {
  let down: TestContext;
  let noRetries: TestContext;
  let port: number;
  let smtp: TestSmtpServer | undefined;

  beforeAll(async () => {
    port = await freePort();
    down = await setupTestApp({
      SMTP_URL: smtpUrl(port),
      MAIL_POLL_SECONDS: '0.5',
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
    await down.app.mail.startWorker();
    noRetries = await setupTestApp({
      SMTP_URL: smtpUrl(await freePort()),
      MAIL_POLL_SECONDS: '0.5',
      MAIL_RETRY_LIMIT: '0',
    });
    await noRetries.app.mail.startWorker();
  });

  afterAll(async () => {
    await smtp?.close();
  });

  it('keeps the mail while the SMTP server is down and delivers it when it is back', async () => {
    const user = await down.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    const result = await down.app.mail.send({
      ...mailTo(user.email!, 'Survives an outage'),
      companyId: user.companyId,
    });
    if (!result.queued) throw new Error('not queued');
    const row = () => down.db.mailMessage.findUniqueOrThrow({ where: { id: result.messageId } });

    await expect.poll(async () => (await row()).lastError, { timeout: 15_000 }).not.toBeNull();
    const failed = await row();
    expect(failed.status).toBe('queued');
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpServer(port);
    const mail = await smtp.waitFor((received) => received.subject === 'Survives an outage', 20_000);
    expect(mail.envelopeTo).toEqual([user.email]);
    await expect.poll(async () => (await row()).status, { timeout: 15_000 }).toBe('sent');
    const sent = await row();
    expect(sent.attempts).toBeGreaterThan(1);
    expect(sent.sentAt).not.toBeNull();
    expect(sent.lastError).toBeNull();
  });

  it('marks the mail failed, with the last error, after the last retry', async () => {
    const user = await noRetries.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    const result = await noRetries.app.mail.send({
      ...mailTo(user.email!, 'Never delivered'),
      companyId: user.companyId,
    });
    if (!result.queued) throw new Error('not queued');
    const row = () => noRetries.db.mailMessage.findUniqueOrThrow({ where: { id: result.messageId } });
    await expect.poll(async () => (await row()).status, { timeout: 15_000 }).toBe('failed');
    expect(await row()).toMatchObject({
      attempts: 1,
      lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
    });

    // An operator can queue it again once the cause is fixed.
    await noRetries.app.mail.stopWorker();
    await noRetries.app.mail.requeue(result.messageId);
    expect(await row()).toMatchObject({ status: 'queued', attempts: 0, claimedUntil: null });
  });
});
