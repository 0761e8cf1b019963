import { messages } from '@compass/shared';
import argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientAddressKey } from '../src/plugins/rateLimit';
import { hashToken } from '../src/plugins/auth';
import { DEMO_PASSWORD, setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
const api = () => request(ctx.app.server);
const attempt = (username: string, password: string, ip: string) =>
  api().post('/api/signIn').set('x-forwarded-for', ip).send({ username, password, appType: 'web' });
const WRONG = 'Wrong@1234';

beforeAll(async () => {
  // Rate limits out of the way: this file is about the failure counts.
  ctx = await setupTestApp({
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_ADDRESS: '1000',
    RATE_LIMIT_PER_ACCOUNT: '1000',
    LOCKOUT_THRESHOLD: '3',
    LOCKOUT_MINUTES: '15',
    ACCOUNT_LOCKOUT_THRESHOLD: '6',
    ACCOUNT_LOCKOUT_MINUTES: '1440',
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('failed sign-ins from one address', () => {
  it('lock that address out of the account, even with the right password, until the lock ends', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt('mia.employee', WRONG, '203.0.113.1')).status).toBe(401);
    const locked = await attempt('mia.employee', DEMO_PASSWORD, '203.0.113.1');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      response_code: 429,
      response_message: messages.common.accountLocked,
    });

    await ctx.db.signInThrottle.updateMany({ data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect((await attempt('mia.employee', DEMO_PASSWORD, '203.0.113.1')).status).toBe(200);
  });

  it('do not lock the owner out from another address', async () => {
    for (let i = 0; i < 4; i++) await attempt('ethan.coordinator', WRONG, '203.0.113.2');
    expect((await attempt('ethan.coordinator', DEMO_PASSWORD, '203.0.113.2')).status).toBe(429);
    expect((await attempt('ethan.coordinator', DEMO_PASSWORD, '198.51.100.2')).status).toBe(200);
  });

  it('are forgotten after a right password', async () => {
    await attempt('olivia.admin', WRONG, '203.0.113.3');
    await attempt('olivia.admin', WRONG, '203.0.113.3');
    expect((await attempt('olivia.admin', DEMO_PASSWORD, '203.0.113.3')).status).toBe(200);
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    expect(await ctx.db.signInThrottle.count({ where: { account: `user:${user.id}` } })).toBe(0);
    for (let i = 0; i < 2; i++)
      expect((await attempt('olivia.admin', WRONG, '203.0.113.3')).status).toBe(401);
    expect((await attempt('olivia.admin', DEMO_PASSWORD, '203.0.113.3')).status).toBe(200);
  });
});

describe('a lock', () => {
  it('answers the same for an account that exists and a name that does not', async () => {
    for (const name of ['liam.personnel', 'no.such.person']) {
      for (let i = 0; i < 3; i++) expect((await attempt(name, WRONG, '203.0.113.4')).status).toBe(401);
    }
    const existing = await attempt('liam.personnel', WRONG, '203.0.113.4');
    const unknown = await attempt('no.such.person', WRONG, '203.0.113.4');
    expect(existing.status).toBe(429);
    expect(unknown.status).toBe(existing.status);
    expect(unknown.body).toEqual(existing.body);
  });

  it('cannot be raced: parallel guesses count one each, and those beyond the limit are not checked', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => attempt('acme.supplier', WRONG, '203.0.113.5')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    expect(verify).toHaveBeenCalledTimes(3);
  });
});

describe('failures from many addresses', () => {
  it('lock the account everywhere at the account-wide limit, and a password reset lifts it', async () => {
    // Two addresses' worth (3 + 3) reaches the account-wide limit of 6.
    for (const ip of ['192.0.2.10', '192.0.2.11'])
      for (let i = 0; i < 3; i++) expect((await attempt('ava.dual', WRONG, ip)).status).toBe(401);
    const elsewhere = await attempt('ava.dual', DEMO_PASSWORD, '192.0.2.12');
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.response_message).toBe(messages.common.accountLocked);

    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ava.dual' } });
    const token = randomUUID();
    await ctx.db.passwordResetToken.create({
      data: {
        companyId: user.companyId,
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 600_000),
      },
    });
    const newPassword = 'Renewed@5678';
    const reset = await api()
      .post('/api/resetPassword')
      .send({ token, password: newPassword, confirmPassword: newPassword });
    expect(reset.status).toBe(200);
    expect((await attempt('ava.dual', newPassword, '192.0.2.12')).status).toBe(200);
  });
});

describe('limits before hashing', () => {
  it('a locked attempt costs no password hash', async () => {
    for (let i = 0; i < 3; i++) await attempt('sam.southbank', WRONG, '203.0.113.6');
    const verify = vi.spyOn(argon2, 'verify');
    for (let i = 0; i < 5; i++)
      expect((await attempt('sam.southbank', WRONG, '203.0.113.6')).status).toBe(429);
    expect(verify).not.toHaveBeenCalled();
  });
});

describe('clientAddressKey', () => {
  it('counts IPv4 as it is and IPv6 by its /64', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('2001:db8:a:b:1:2:3:4')).toBe(clientAddressKey('2001:db8:a:b:ffff::1'));
    expect(clientAddressKey('2001:db8:a:b::1')).not.toBe(clientAddressKey('2001:db8:a:c::1'));
  });
});

describe('password hashing under a flood', () => {
  it('runs a bounded number at once and refuses the overflow as busy, without counting it', async () => {
    const busy = await setupTestApp({
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_ADDRESS: '1000',
      RATE_LIMIT_PER_ACCOUNT: '1000',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request(busy.app.server)
          .post('/api/signIn')
          .set('x-forwarded-for', `198.18.0.${i}`)
          .send({ username: `flood.${i}`, password: WRONG, appType: 'web' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toContain(503);
    expect(statuses).toContain(401);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    const refused = answers.find((answer) => answer.status === 503);
    expect(refused?.body).toMatchObject({ response_code: 503, response_message: messages.common.busy });
    const refusedName = `flood.${answers.indexOf(refused!)}`;
    const rows = await busy.db.signInThrottle.findMany({ where: { account: `name:${refusedName}` } });
    expect(rows.every((row) => row.failures === 0)).toBe(true);
  });
});
