import { messages } from '@compass/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, setupTestApp, signIn, type TestContext } from './helpers';

let ctx: TestContext;
const api = () => request(ctx.app.server);
const attempt = (username: string, password: string, ip = '198.51.100.1') =>
  api().post('/api/signIn').set('x-forwarded-for', ip).send({ username, password, appType: 'web' });

beforeAll(async () => {
  // The tests name client addresses with X-Forwarded-For, as a trusted proxy in front would.
  ctx = await setupTestApp({
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_ADDRESS: '8',
    RATE_LIMIT_PER_ACCOUNT: '6',
    LOCKOUT_THRESHOLD: '3',
    LOCKOUT_MINUTES: '15',
  });
});

describe('account lockout', () => {
  it('locks an account after consecutive failures, even for the right password, until the lock ends', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt('mia.employee', 'Wrong@1234', `203.0.113.${i}`)).status).toBe(401);
    const locked = await attempt('mia.employee', DEMO_PASSWORD, '203.0.113.50');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      response_code: 429,
      response_message: messages.common.accountLocked,
    });

    await ctx.db.user.update({
      where: { username: 'mia.employee' },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    expect((await attempt('mia.employee', DEMO_PASSWORD, '203.0.113.51')).status).toBe(200);
  });

  it('resets the failure count on a successful sign-in', async () => {
    await attempt('ethan.coordinator', 'Wrong@1234', '203.0.113.60');
    await attempt('ethan.coordinator', 'Wrong@1234', '203.0.113.61');
    expect((await attempt('ethan.coordinator', DEMO_PASSWORD, '203.0.113.62')).status).toBe(200);
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    expect(user.failedSignIns).toBe(0);
    expect(user.lockedUntil).toBeNull();
  });
});

describe('rate limits', () => {
  it('limits attempts per account across many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await attempt('nobody.at.all', 'Wrong@1234', `192.0.2.${i}`)).status);
    expect(statuses.slice(0, 6).every((status) => status === 401)).toBe(true);
    const limited = await attempt('nobody.at.all', 'Wrong@1234', '192.0.2.99');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      response_code: 429,
      response_message: messages.common.tooManyRequests,
    });
  });

  it('limits attempts per address across many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await attempt(`someone.${i}`, 'Wrong@1234', '198.51.100.77')).status);
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it('does not hold up other addresses and accounts', async () => {
    expect((await attempt('olivia.admin', DEMO_PASSWORD, '198.51.100.200')).status).toBe(200);
    expect(await signIn(ctx.app, 'acme.supplier')).toBeTruthy();
  });
});
