import { messages } from '@compass/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/plugins/auth';
import { Invitations } from '../src/modules/password/invitations';
import { setupTestApp, type TestContext } from './helpers';
import { linkIn, startSmtpServer, type TestSmtpServer } from './smtp';

const PUBLIC_URL = 'http://compass.test';
const PASSWORD = 'Welcome@2026';

let ctx: TestContext;
let smtp: TestSmtpServer;
let invitations: Invitations;
let northwindId: string;
const api = () => request(ctx.app.server);

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await setupTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_POLL_SECONDS: '0.5' });
  await ctx.app.mail.startWorker();
  invitations = new Invitations(ctx.app.mail, { publicUrl: PUBLIC_URL, productName: 'Compass' });
  northwindId = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } })).companyId;
});

afterAll(async () => {
  await smtp.close();
});

let serial = 0;
/** A new employee account without a password, as administration creates one. */
async function newEmployee(withEmail = true) {
  serial += 1;
  const email = withEmail ? `new${serial}@northwind.example` : null;
  const employee = await ctx.db.employee.create({
    data: { companyId: northwindId, firstName: 'Nina', lastName: `New${serial}`, email },
  });
  return ctx.db.user.create({
    data: {
      companyId: northwindId,
      username: `nina.new${serial}`,
      email,
      userType: 'employee',
      employeeId: employee.id,
    },
  });
}

/** Invites the user and returns the token of the link in the mail that arrives. */
async function inviteAndReceive(userId: string, email: string, prefix: string) {
  const before = smtp.received.length;
  await ctx.db.$transaction((tx) => invitations.invite(tx, userId));
  const mail = await smtp.waitFor(
    (received) => smtp.received.indexOf(received) >= before && received.envelopeTo.includes(email),
  );
  const link = linkIn(mail.text, `${PUBLIC_URL}/${prefix}/`);
  expect(link).not.toBeNull();
  return { token: link!.slice(`${PUBLIC_URL}/${prefix}/`.length), mail };
}

const setPassword = (token: string) =>
  api().post('/api/resetPassword').send({ token, password: PASSWORD, confirmPassword: PASSWORD });
const signIn = (username: string, password: string) =>
  api().post('/api/signIn').send({ username, password, appType: 'web' });

describe('invitations to new accounts', () => {
  it('mails a set-password link that greets the user, works once, and then the user signs in', async () => {
    const user = await newEmployee();
    const { token, mail } = await inviteAndReceive(user.id, user.email!, 'reset-password');
    expect(mail.subject).toBe('Northwind Facilities invites you to Compass');
    expect(mail.text).toContain(`Your username is "${user.username}"`);

    const link = await api().post('/api/passwordLink').send({ token });
    expect(link.body.response_data).toMatchObject({
      purpose: 'invitation',
      username: user.username,
      companyName: 'Northwind Facilities',
    });
    expect((await signIn(user.username, PASSWORD)).body.response_code).not.toBe(200);

    const set = await setPassword(token);
    expect(set.body.response_message).toBe(messages.invitation.done);
    expect((await signIn(user.username, PASSWORD)).body.response_code).toBe(200);

    const again = await setPassword(token);
    expect(again.status).toBe(400);
    expect(again.body.response_message).toBe(messages.invitation.invalidToken);
    const linkAgain = await api().post('/api/passwordLink').send({ token });
    expect(linkAgain.body.response_message).toBe(messages.invitation.invalidToken);
  });

  it('refuses an expired invitation with its own message and changes nothing', async () => {
    const user = await newEmployee();
    const { token } = await inviteAndReceive(user.id, user.email!, 'reset-password');
    await ctx.db.passwordResetToken.update({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await setPassword(token);
    expect(res.body.response_message).toBe(messages.invitation.invalidToken);
    expect((await ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBeNull();
  });

  it('a new invitation replaces the earlier one; a forgot-password request leaves it working', async () => {
    const user = await newEmployee();
    const first = await inviteAndReceive(user.id, user.email!, 'reset-password');
    const second = await inviteAndReceive(user.id, user.email!, 'reset-password');
    expect((await setPassword(first.token)).status).toBe(400);
    await api().post('/api/forgotPassword').send({ username: user.username });
    expect((await setPassword(second.token)).status).toBe(200);
  });

  it('refuses to invite a user without an e-mail address, or a deactivated one', async () => {
    const noEmail = await newEmployee(false);
    await expect(ctx.db.$transaction((tx) => invitations.invite(tx, noEmail.id))).rejects.toThrow(
      messages.invitation.noEmail,
    );
    const inactive = await newEmployee();
    await ctx.db.user.update({ where: { id: inactive.id }, data: { isActive: false } });
    await expect(ctx.db.$transaction((tx) => invitations.invite(tx, inactive.id))).rejects.toThrow(
      messages.invitation.inactive,
    );
    expect(
      await ctx.db.passwordResetToken.count({ where: { userId: { in: [noEmail.id, inactive.id] } } }),
    ).toBe(0);
  });

  it("sends supplier users to the activation page, under the organisation's mail sender name", async () => {
    await ctx.db.company.update({ where: { id: northwindId }, data: { mailSenderName: 'Northwind Safety' } });
    try {
      const supplier = await ctx.db.supplierCompany.findFirstOrThrow({ where: { companyId: northwindId } });
      const user = await ctx.db.user.create({
        data: {
          companyId: northwindId,
          username: 'portal.invitee@acme.example',
          email: 'portal.invitee@acme.example',
          userType: 'supplier',
          supplierId: supplier.id,
        },
      });
      const { token, mail } = await inviteAndReceive(
        user.id,
        user.email!,
        'external-parties-account-activate',
      );
      expect(mail.headers.from).toContain('Northwind Safety');
      expect(mail.html).toContain('Northwind Safety');
      const link = await api().post('/api/passwordLink').send({ token });
      expect(link.body.response_data).toMatchObject({ purpose: 'invitation', companyName: supplier.name });
    } finally {
      await ctx.db.company.update({ where: { id: northwindId }, data: { mailSenderName: null } });
    }
  });

  it('answers an unknown or empty link with the reset message', async () => {
    for (const token of ['', 'not-a-token']) {
      const res = await api().post('/api/passwordLink').send({ token });
      expect(res.status).toBe(400);
      expect(res.body.response_message).toBe(messages.resetPassword.invalidToken);
    }
  });
});
