import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { setupTestApp, type TestContext } from './helpers';

const limits = { RATE_LIMIT_PER_ADDRESS: '3', RATE_LIMIT_PER_ACCOUNT: '1000' };
let byDefault: TestContext;
let behindProxy: TestContext;

beforeAll(async () => {
  byDefault = await setupTestApp(limits);
  behindProxy = await setupTestApp({ ...limits, TRUST_PROXY: '127.0.0.1' });
});

/** Four wrong sign-ins, each claiming another client address through X-Forwarded-For. */
async function forgedAttempts(ctx: TestContext) {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const response = await request(ctx.app.server)
      .post('/api/signIn')
      .set('x-forwarded-for', `203.0.113.${i + 1}`)
      .send({ username: `nobody${i}`, password: 'Wrong@1234', appType: 'web' });
    statuses.push(response.status);
  }
  return statuses;
}

describe('client addresses', () => {
  it('by default believe no X-Forwarded-For: a client cannot dodge the per-address limit by forging it', async () => {
    expect(await forgedAttempts(byDefault)).toEqual([401, 401, 401, 429]);
  });

  it('believe the header from a configured proxy', async () => {
    expect(await forgedAttempts(behindProxy)).toEqual([401, 401, 401, 401]);
  });

  it('read TRUST_PROXY as off, on, a hop count or a list of proxies', () => {
    const trust = (value?: string) =>
      loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
    const hops = trust('2') as (address: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1), hops('x', 2)]).toEqual([true, true, false]);
  });
});
