import { messages } from '@compass/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../src/plugins/mail';
import { setupTestApp, type TestContext } from './helpers';
import { linkIn, startSmtpServer, type TestSmtpServer } from './smtp';

const PUBLIC_URL = 'http://compass.test';
const UNSUBSCRIBE_PREFIX = `${PUBLIC_URL}/unsubscribe/`;

let ctx: TestContext;
let smtp: TestSmtpServer;
const api = () => request(ctx.app.server);
let mia: { id: string; companyId: string; email: string | null };

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await setupTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_POLL_SECONDS: '0.5' });
  await ctx.app.mail.startWorker();
  mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
});

afterAll(async () => {
  await smtp.close();
});

const notification = (subject: string): OutgoingMail => ({
  companyId: mia.companyId,
  userId: mia.id,
  to: mia.email!,
  category: 'taskReminder',
  content: {
    subject,
    title: subject,
    text: 'A form was closed off.',
    bodyHtml: '<p>A form was closed off.</p>',
  },
});

describe('unsubscribe', () => {
  it('refuses a link token that does not exist', async () => {
    const res = await api().post('/api/unsubscribe').send({ authtoken: 'not-a-token', reason: '' });
    expect(res.status).toBe(400);
    expect(res.body.response_message).toBe(messages.unsubscribe.invalidToken);
  });

  it('optional mail carries an unsubscribe link and header; after unsubscribing it is no longer queued', async () => {
    const first = await ctx.app.mail.send(notification('Form closed off'));
    expect(first.queued).toBe(true);
    const mail = await smtp.waitFor((received) => received.subject === 'Form closed off');
    const link = linkIn(mail.text, UNSUBSCRIBE_PREFIX);
    expect(link).not.toBeNull();
    expect(mail.headers['list-unsubscribe']).toBe(`<${link}>`);
    expect(mail.html).toContain(`href="${link}"`);

    const res = await api()
      .post('/api/unsubscribe')
      .send({ authtoken: link!.slice(UNSUBSCRIBE_PREFIX.length), reason: '  Too many e-mails  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response_code: 200, response_data: messages.unsubscribe.done });
    const user = await ctx.db.user.findUniqueOrThrow({ where: { id: mia.id } });
    expect(user.unsubscribedAt).not.toBeNull();
    expect(user.unsubscribeReason).toBe('Too many e-mails');

    // The same link again: still the same answer, the first date stays.
    const again = await api()
      .post('/api/unsubscribe')
      .send({ authtoken: link!.slice(UNSUBSCRIBE_PREFIX.length), reason: '' });
    expect(again.body.response_data).toBe(messages.unsubscribe.done);
    const after = await ctx.db.user.findUniqueOrThrow({ where: { id: mia.id } });
    expect(after.unsubscribedAt).toEqual(user.unsubscribedAt);
    expect(after.unsubscribeReason).toBe('Too many e-mails');

    const before = await ctx.db.mailMessage.count();
    expect(await ctx.app.mail.send(notification('Another close-off'))).toEqual({
      queued: false,
      reason: 'unsubscribed',
    });
    expect(await ctx.db.mailMessage.count()).toBe(before);

    // Password-reset mail is not optional: it is still queued and delivered.
    const forgot = await api().post('/api/forgotPassword').send({ username: 'mia.employee' });
    expect(forgot.status).toBe(200);
    expect(await ctx.db.mailMessage.count({ where: { category: 'passwordReset', userId: mia.id } })).toBe(1);
    const reset = await smtp.waitFor((received) => received.subject.startsWith('Reset your'));
    expect(reset.envelopeTo).toEqual([mia.email]);
  });
});
