import { messages } from '@compass/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/plugins/auth';
import { DEMO_PASSWORD, setupTestApp, signIn, type TestContext } from './helpers';
import { linkIn, startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp';

const PUBLIC_URL = 'http://compass.test';
const RESET_PREFIX = `${PUBLIC_URL}/reset-password/`;
const NEW_PASSWORD = 'Fresh@5678';

let ctx: TestContext;
let smtp: TestSmtpServer;
const api = () => request(ctx.app.server);

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await setupTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    MAIL_POLL_SECONDS: '0.5',
    MAIL_RETRY_DELAY_SECONDS: '1',
    RATE_LIMIT_PER_ADDRESS: '1000',
    RATE_LIMIT_PER_ACCOUNT: '1000',
  });
  await ctx.app.mail.startWorker();
});

afterAll(async () => {
  await smtp.close();
});

const forgot = (username: string) => api().post('/api/forgotPassword').send({ username });
const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  api().post('/api/resetPassword').send({ token, password, confirmPassword });

/** Asks for a reset of `username` and returns the token of the link that arrives at `email`. */
async function resetTokenFor(
  username: string,
  email: string,
): Promise<{ token: string; mail: ReceivedMail }> {
  const before = smtp.received.length;
  const res = await forgot(username);
  expect(res.status).toBe(200);
  const mail = await smtp.waitFor(
    (received) => smtp.received.indexOf(received) >= before && received.envelopeTo.includes(email),
  );
  const link = linkIn(mail.text, RESET_PREFIX);
  expect(link).not.toBeNull();
  return { token: link!.slice(RESET_PREFIX.length), mail };
}

describe('forgot password → e-mailed link → reset', () => {
  it('mails a working link; the new password signs in, the old one fails, old sessions are revoked', async () => {
    const oldSession = await signIn(ctx.app, 'mia.employee');
    const { token, mail } = await resetTokenFor('mia.employee', 'mia.torres@northwind.example');

    expect(mail.subject).toBe('Reset your Compass password');
    expect(mail.headers.from).toContain('no-reply@compass.local');
    expect(mail.text).toContain('Hello Mia Torres');
    expect(mail.text).toContain('expires in 60 minutes');
    expect(mail.html).toContain(`href="${RESET_PREFIX}${token}"`);
    expect(mail.html).toContain('<h1');
    // Password-reset mail is not optional: no unsubscribe link.
    expect(mail.headers['list-unsubscribe']).toBeUndefined();

    const row = () =>
      ctx.db.mailMessage.findFirstOrThrow({
        where: { toAddress: 'mia.torres@northwind.example', category: 'passwordReset' },
        orderBy: { createdAt: 'desc' },
      });
    await expect.poll(async () => (await row()).status, { timeout: 10_000 }).toBe('sent');
    expect(await row()).toMatchObject({ attempts: 1, lastError: null });
    // Only the hash of the token is stored.
    expect(await ctx.db.passwordResetToken.count({ where: { tokenHash: token } })).toBe(0);
    expect(await ctx.db.passwordResetToken.count({ where: { tokenHash: hashToken(token) } })).toBe(1);

    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response_code: 200, response_message: messages.resetPassword.done });

    const oldUse = await api().get('/api/permissions').set('authtoken', oldSession);
    expect(oldUse.status).toBe(401);
    const refused = await api()
      .post('/api/signIn')
      .send({ username: 'mia.employee', password: DEMO_PASSWORD, appType: 'web' });
    expect(refused.status).toBe(401);
    const fresh = await signIn(ctx.app, 'mia.employee', NEW_PASSWORD);
    expect((await api().get('/api/permissions').set('authtoken', fresh)).status).toBe(200);
  });

  it('accepts the e-mail address of the account and clears a forced password update', async () => {
    const { token } = await resetTokenFor('noah.fischer@northwind.example', 'noah.fischer@northwind.example');
    expect((await reset(token)).status).toBe(200);
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: 'noah.expired' } });
    expect(user.isForceUpdatePassword).toBe(false);
    expect(user.passwordChangedAt).not.toBeNull();
  });

  it('answers an unknown name exactly like a known one, and sends nothing', async () => {
    const before = await ctx.db.mailMessage.count();
    const [known, unknown] = await Promise.all([forgot('ethan.coordinator'), forgot('nobody.at.all')]);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({
      response_code: 200,
      response_message: messages.forgotPassword.sent,
      response_data: null,
    });
    // Only the known account's mail was queued.
    expect(await ctx.db.mailMessage.count()).toBe(before + 1);
    await smtp.waitFor((mail) => mail.envelopeTo.includes('ethan.clarke@northwind.example'));
    expect(smtp.received.some((mail) => mail.envelopeTo.some((to) => to.includes('nobody')))).toBe(false);
  });

  it('pads every answer to the same minimum time, known name or not', async () => {
    const time = async (username: string) => {
      const started = performance.now();
      await forgot(username);
      return performance.now() - started;
    };
    // The work for a known account (token, mail) fits well inside the 250 ms floor; an exact
    // comparison of the two would be flaky on a loaded machine, the floor is not.
    expect(await time('olivia.admin')).toBeGreaterThanOrEqual(240);
    expect(await time('nobody.else')).toBeGreaterThanOrEqual(240);
  });

  it('answers an empty name with the specification message', async () => {
    for (const username of ['', '   ']) {
      const res = await forgot(username);
      expect(res.status).toBe(400);
      expect(res.body.response_message).toBe(messages.forgotPassword.usernameRequired);
    }
  });
});

describe('POST /api/resetPassword', () => {
  it.each([
    ['', '', messages.resetPassword.bothRequired],
    ['Fresh@5678', '', messages.resetPassword.bothRequired],
    ['', 'Fresh@5678', messages.resetPassword.bothRequired],
    ['short', 'short', messages.resetPassword.minLength],
    ['short', 'other', messages.resetPassword.minLength],
    ['Fresh@5678', 'Fresh@5679', messages.resetPassword.mustMatch],
  ])('checks the fields in order (%j, %j)', async (password, confirmPassword, message) => {
    const res = await reset('whatever-token', password, confirmPassword);
    expect(res.status).toBe(400);
    expect(res.body.response_message).toBe(message);
  });

  it('refuses an unknown token', async () => {
    const res = await reset('not-a-real-token');
    expect(res.status).toBe(400);
    expect(res.body.response_message).toBe(messages.resetPassword.invalidToken);
  });

  it('works once only', async () => {
    const { token } = await resetTokenFor('ethan.coordinator', 'ethan.clarke@northwind.example');
    expect((await reset(token, 'First@5678')).status).toBe(200);
    const again = await reset(token, 'Second@5678');
    expect(again.status).toBe(400);
    expect(again.body.response_message).toBe(messages.resetPassword.invalidToken);
    await signIn(ctx.app, 'ethan.coordinator', 'First@5678');
  });

  it('refuses an expired token', async () => {
    const { token } = await resetTokenFor('olivia.admin', 'olivia.bennett@northwind.example');
    await ctx.db.passwordResetToken.update({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body.response_message).toBe(messages.resetPassword.invalidToken);
    await signIn(ctx.app, 'olivia.admin');
  });

  it('invalidates an earlier link when a newer one is sent', async () => {
    const first = await resetTokenFor('liam.personnel', 'liam.walker@acme-contracting.example');
    const second = await resetTokenFor('liam.personnel', 'liam.walker@acme-contracting.example');
    expect(second.token).not.toBe(first.token);
    const old = await reset(first.token);
    expect(old.status).toBe(400);
    expect(old.body.response_message).toBe(messages.resetPassword.invalidToken);
    expect((await reset(second.token)).status).toBe(200);
  });
});
