import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { MailQueue, type OutgoingMail } from '../src/plugins/mail';
import { setupTestApp, type TestContext } from './helpers';
import { startSmtpServer, type TestSmtpServer } from './smtp';

let ctx: TestContext;
let smtp: TestSmtpServer;
let slowSmtp: TestSmtpServer;
let companyId: string;
const workers: MailQueue[] = [];

/**
 * The worker settings of these tests: a 2-second lease, so a lapsed claim shows quickly, and a
 * 1-second retry, so a send the busy test machine fails once is tried again within the test.
 */
const settings = { MAIL_SEND_TIMEOUT_SECONDS: '2', MAIL_BATCH_SIZE: '20', MAIL_RETRY_DELAY_SECONDS: '1' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  slowSmtp = await startSmtpServer(0, { answerAfterMs: 3_000 });
  ctx = await setupTestApp({ SMTP_URL: smtp.url, ...settings });
  companyId = (await ctx.db.company.findFirstOrThrow()).id;
});

afterEach(async () => {
  await Promise.all([ctx.app.mail.stopWorker(), ...workers.map((worker) => worker.stop())]);
  workers.length = 0;
});

afterAll(async () => {
  await smtp.close();
  await slowSmtp.close();
});

/** Another worker process over the same database (its own transport, its own lease). */
function anotherWorker(overrides: Record<string, string> = {}): MailQueue {
  const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: smtp.url, ...settings, ...overrides });
  const worker = new MailQueue(ctx.db, config, ctx.app.log);
  workers.push(worker);
  return worker;
}

const mail = (subject: string): OutgoingMail => ({
  companyId,
  to: 'outbox@northwind.example',
  category: 'testMail',
  content: { subject, title: subject, text: subject, bodyHtml: `<p>${subject}</p>` },
});

async function queue(prefix: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const result = await ctx.app.mail.send(mail(`${prefix} ${index}`));
    if (!result.queued) throw new Error('not queued');
    ids.push(result.messageId);
  }
  return ids;
}

const receivedWith = (server: TestSmtpServer, prefix: string) =>
  server.received.filter((received) => received.subject.startsWith(`${prefix} `));

describe('the mail worker', () => {
  it('drains the outbox in batches, not one mail per poll', async () => {
    await queue('Batch', 60);
    await ctx.app.mail.startWorker();
    // One mail per poll (every 2 s) would take two minutes; batches of 20 take a few seconds.
    await expect.poll(() => receivedWith(smtp, 'Batch').length, { timeout: 40_000, interval: 50 }).toBe(60);
    // The row is marked sent just after the SMTP server has the mail, so this is awaited too.
    await expect
      .poll(
        () => ctx.db.mailMessage.count({ where: { subject: { startsWith: 'Batch ' }, status: 'sent' } }),
        {
          timeout: 10_000,
        },
      )
      .toBe(60);
  });

  it('sends a mail whose claim a crashed worker left behind once the lease lapses, within a minute by default', async () => {
    const [id] = await queue('Orphaned', 1);
    // As the claim of a worker that died in the middle of sending leaves the row: claimed, tried once.
    await ctx.db.$executeRaw`
      UPDATE "MailMessage"
      SET "claimToken" = gen_random_uuid(), attempts = 1,
          "claimedUntil" = (now() AT TIME ZONE 'UTC') + interval '2 seconds'
      WHERE id = ${id}::uuid`;
    await ctx.app.mail.startWorker();
    // The claim holds while it lasts...
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receivedWith(smtp, 'Orphaned')).toHaveLength(0);
    // ...and once it lapses another worker sends the mail, once.
    await expect.poll(() => receivedWith(smtp, 'Orphaned').length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(async () => (await ctx.db.mailMessage.findUniqueOrThrow({ where: { id } })).status)
      .toBe('sent');
    expect(await ctx.db.mailMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      attempts: 2,
      claimToken: null,
      claimedUntil: null,
    });
    // The default lease: a crashed worker's mail goes out again within a minute.
    expect(loadConfig({}).MAIL_SEND_TIMEOUT_SECONDS).toBeLessThanOrEqual(30);
  });

  it('never sends a mail twice with several workers draining the same outbox', async () => {
    const ids = await queue('Concurrent', 90);
    await Promise.all([
      ctx.app.mail.startWorker(),
      anotherWorker({ MAIL_BATCH_SIZE: '5', MAIL_POLL_SECONDS: '0.1' }).startWorker(),
      anotherWorker({ MAIL_BATCH_SIZE: '7', MAIL_POLL_SECONDS: '0.1' }).startWorker(),
    ]);
    await expect
      .poll(() => ctx.db.mailMessage.count({ where: { id: { in: ids }, status: 'sent' } }), {
        timeout: 20_000,
      })
      .toBe(90);
    const subjects = receivedWith(smtp, 'Concurrent').map((received) => received.subject);
    expect(subjects).toHaveLength(90);
    expect(new Set(subjects).size).toBe(90);
    const attempts = await ctx.db.mailMessage.groupBy({
      by: ['attempts'],
      where: { id: { in: ids } },
      _count: true,
    });
    expect(attempts).toEqual([{ attempts: 1, _count: 90 }]);
  });

  it('keeps its claim while a slow SMTP server takes longer than the lease, so no other worker sends it too', async () => {
    const slow = anotherWorker({ SMTP_URL: slowSmtp.url });
    const [id] = await queue('Slow', 1);
    await slow.startWorker();
    await expect
      .poll(async () => (await ctx.db.mailMessage.findUniqueOrThrow({ where: { id } })).attempts)
      .toBe(1);
    // A second worker looks every 100 ms while the first one's send takes 3 s, longer than the 2 s lease.
    await anotherWorker({ MAIL_POLL_SECONDS: '0.1' }).startWorker();
    await expect
      .poll(async () => (await ctx.db.mailMessage.findUniqueOrThrow({ where: { id } })).status, {
        timeout: 10_000,
      })
      .toBe('sent');
    expect(receivedWith(slowSmtp, 'Slow')).toHaveLength(1);
    expect(receivedWith(smtp, 'Slow')).toHaveLength(0);
    expect((await ctx.db.mailMessage.findUniqueOrThrow({ where: { id } })).attempts).toBe(1);
  });
});
