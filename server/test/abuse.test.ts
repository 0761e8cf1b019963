import { messages } from '@compass/shared';
import request from 'supertest';
import argon2 from 'argon2';
import { beforeAll, describe, expect, it, vi } from 'vitest';
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
  });
});

describe('rate limits', () => {
  it('limits attempts per account across many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await attempt('nobody.at.all', 'Wrong@1234', `192.0.2.${i}`)).status);
    expect(statuses.slice(0, 6).every((status) => status === 401)).toBe(true);
    // Refused before the password hash is computed.
    const verify = vi.spyOn(argon2, 'verify');
    const limited = await attempt('nobody.at.all', 'Wrong@1234', '192.0.2.99');
    expect(limited.status).toBe(429);
    expect(verify).not.toHaveBeenCalled();
    verify.mockRestore();
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

  it('counts an IPv6 client by its /64, so rotating addresses inside it does not help', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 9; i++)
      statuses.push(
        (await attempt(`v6.someone.${i}`, 'Wrong@1234', `2001:db8:1:2::${i.toString(16)}`)).status,
      );
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    expect((await attempt('v6.other', 'Wrong@1234', '2001:db8:1:3::1')).status).toBe(401);
  });

  it('does not hold up other addresses and accounts', async () => {
    expect((await attempt('olivia.admin', DEMO_PASSWORD, '198.51.100.200')).status).toBe(200);
    expect(await signIn(ctx.app, 'acme.supplier')).toBeTruthy();
  });
});
