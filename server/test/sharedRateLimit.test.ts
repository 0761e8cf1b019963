import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@compass/shared';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createPrisma } from '../src/db/prisma';
import { checkAnswers, DEMO_PASSWORD, setupTestApp, type TestContext } from './helpers';

/**
 * Rate limits shared by the API processes through Redis (REDIS_URL; plugins/rateLimit.ts). Apps on
 * one database stand for processes: a pair with REDIS_URL counts each limit once across both, a pair
 * without counts alone (as before), and while the real redis-server is hung or killed every call
 * still answers, each process counting alone, until Redis is back and the pair shares again.
 */

// Each test makes up to ten sign-ins, each a password hash: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const PER_ADDRESS = 4;
const PER_ACCOUNT = 4;
const PER_TOKEN = 4;
const METRICS_TOKEN = 'm'.repeat(40);
const WRONG = 'Wrong@1234';
const LIMITS = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '',
  METRICS_TOKEN,
  TRUST_PROXY: '127.0.0.1',
  RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
  RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: String(PER_TOKEN),
  // The failed sign-ins' own lockout (PostgreSQL, shared already) out of the way of the limits.
  LOCKOUT_THRESHOLD: '100',
  ACCOUNT_LOCKOUT_THRESHOLD: '100',
};

let redisPort: number;
let redisServer: ChildProcess;
let ctx: TestContext;
let shared: [FastifyInstance, FastifyInstance];
let solo: [FastifyInstance, FastifyInstance];
/** The log lines of the second shared app. */
const logLines: { msg?: string }[] = [];
const closeAtEnd: (() => Promise<void>)[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A real redis-server on the port, without persistence, once it answers PING. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis({ port, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') return child;
      } catch {
        await sleep(100);
      }
    }
  } finally {
    probe.disconnect();
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not answer on port ${port}`);
}

async function stopRedis(): Promise<void> {
  if (redisServer.exitCode !== null || redisServer.signalCode !== null) return;
  const exited = new Promise((resolve) => redisServer.once('exit', resolve));
  redisServer.kill('SIGKILL');
  await exited;
}

/** Another app on the file's database: another API process. */
async function anotherApp(overrides: Record<string, string>, logStream?: { write: (line: string) => void }) {
  const db = createPrisma(ctx.databaseUrl, 5);
  const config = loadConfig({ ...LIMITS, ...overrides });
  const app = await buildApp({ config, db, databaseUrl: ctx.databaseUrl, ...(logStream && { logStream }) });
  checkAnswers(app);
  await app.ready();
  closeAtEnd.push(async () => {
    await app.close();
    await db.$disconnect();
  });
  return app;
}

beforeAll(async () => {
  const found = spawnSync('redis-server', ['--version']);
  if (found.error)
    throw new Error(
      `redis-server is needed by this test and was not found (${found.error.message}): ` +
        "install Debian's redis-server (apt-get install redis-server); scripts/test-all.mjs does in CI",
    );
  redisPort = await freePort();
  redisServer = await startRedis(redisPort);
  const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
  ctx = await setupTestApp({ ...LIMITS, REDIS_URL: redisUrl });
  const logStream = { write: (line: string) => void logLines.push(JSON.parse(line)) };
  shared = [ctx.app, await anotherApp({ REDIS_URL: redisUrl, LOG_LEVEL: 'info' }, logStream)];
  solo = [await anotherApp({}), await anotherApp({})];
});

afterAll(async () => {
  for (const close of closeAtEnd.splice(0)) await close();
  await stopRedis();
});

/** A failed sign-in from an address: its status and envelope message. */
async function signIn(app: FastifyInstance, address: string, username: string, password = WRONG) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/signIn',
    headers: { 'x-forwarded-for': address },
    payload: { username, password, appType: 'web' },
  });
  expect(response.statusCode, response.body).not.toBe(500);
  return { status: response.statusCode, message: response.json().response_message as string };
}

const limited = { status: 429, message: messages.common.tooManyRequests };

/** The counts the app took in memory because the shared store failed. */
async function fallbacks(app: FastifyInstance): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = response.body
    .split('\n')
    .find((text) => text.startsWith('compass_rate_limit_store_errors_total '));
  return Number(line!.split(' ')[1]);
}

/** Sign-ins from one address over distinct accounts, alternating between the two apps. */
async function alternate(apps: FastifyInstance[], address: string, count: number, tag: string) {
  const answers = [];
  for (let i = 0; i < count; i += 1) answers.push(await signIn(apps[i % 2]!, address, `${tag}-${i}`));
  return answers;
}

describe('with REDIS_URL, two processes count each limit once', () => {
  it('the per-address limit of sign-in', async () => {
    const answers = await alternate(shared, '203.0.113.10', PER_ADDRESS, 'address');
    expect(answers.map((answer) => answer.status)).toEqual(Array(PER_ADDRESS).fill(401));
    // Each app has seen half the limit: only a shared count refuses the next one, on either app.
    expect(await signIn(shared[0], '203.0.113.10', 'address-next')).toEqual(limited);
    expect(await signIn(shared[1], '203.0.113.10', 'address-last')).toEqual(limited);
  });

  it('the per-account limit of sign-in', async () => {
    for (let i = 0; i < PER_ACCOUNT; i += 1)
      expect((await signIn(shared[i % 2]!, `198.51.100.${i + 1}`, 'shared.account')).status).toBe(401);
    expect(await signIn(shared[0], '198.51.100.50', 'shared.account')).toEqual(limited);
    expect(await signIn(shared[1], '198.51.100.51', 'shared.account')).toEqual(limited);
  });

  it('the per-token limit of API token calls', async () => {
    const session = await shared[0].inject({
      method: 'POST',
      url: '/api/signIn',
      headers: { 'x-forwarded-for': '192.0.2.200' },
      payload: { username: 'olivia.admin', password: DEMO_PASSWORD, appType: 'web' },
    });
    const created = await shared[0].inject({
      method: 'POST',
      url: '/api/apiTokenCreate',
      headers: { authtoken: session.json().response_data.authToken },
      payload: { name: 'Shared limit', accessKeys: ['risk'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const riskList = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/riskList',
        headers: { authorization: `Bearer ${created.json().response_data.token}` },
        payload: { page: 1, pageSize: 5 },
      });
    for (let i = 0; i < PER_TOKEN; i += 1) expect((await riskList(shared[i % 2]!)).statusCode).toBe(200);
    const over = await riskList(shared[1]);
    expect(over.statusCode).toBe(429);
    expect(over.json().response_message).toBe(messages.common.tooManyRequests);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('without REDIS_URL', () => {
  it('each process counts alone, as before', async () => {
    for (const app of solo) {
      const answers = await alternate([app, app], '203.0.113.20', PER_ADDRESS, 'solo');
      expect(answers.map((answer) => answer.status)).toEqual(Array(PER_ADDRESS).fill(401));
    }
    expect(await signIn(solo[0], '203.0.113.20', 'solo-over')).toEqual(limited);
    expect(await fallbacks(solo[0])).toBe(0);
  });
});

describe('when Redis fails', () => {
  it('hung: every call answers, counted in the process', async () => {
    process.kill(redisServer.pid!, 'SIGSTOP');
    const took: number[] = [];
    try {
      for (let i = 0; i < PER_ADDRESS; i += 1) {
        const started = performance.now();
        expect((await signIn(shared[0], '203.0.113.25', `hung-${i}`)).status).toBe(401);
        took.push(Math.round(performance.now() - started));
      }
      expect(await signIn(shared[0], '203.0.113.25', 'hung-over')).toEqual(limited);
    } finally {
      process.kill(redisServer.pid!, 'SIGCONT');
    }
    // A call that waited on the hung Redis would not answer: the test's timeout fails it.
    console.warn(`sign-ins while Redis hung took (ms): ${took.join(', ')}`);
    expect(await fallbacks(shared[0])).toBeGreaterThan(0);
  });

  it('killed: calls still answer, each process counting alone, the outage logged once', async () => {
    await stopRedis();
    const before = await fallbacks(shared[1]);
    for (const app of shared) {
      const answers = await alternate([app, app], '203.0.113.30', PER_ADDRESS, 'down');
      expect(answers.map((answer) => answer.status)).toEqual(Array(PER_ADDRESS).fill(401));
      expect(await signIn(app, '203.0.113.30', 'down-over')).toEqual(limited);
    }
    // Two limits (address, account) a sign-in, each counted in memory; the one over the address
    // limit is refused before its account is counted.
    expect(await fallbacks(shared[1])).toBe(before + 2 * PER_ADDRESS + 1);
    expect(
      logLines.filter((line) => line.msg?.startsWith('rate-limit store (REDIS_URL) failing')),
    ).toHaveLength(1);
  });

  it('back: the processes share the counts again', async () => {
    redisServer = await startRedis(redisPort);
    const started = performance.now();
    for (const app of shared) {
      // A throwaway address a try, until the app's counts go to Redis again (it reconnects by itself).
      for (let attempt = 0; ; attempt += 1) {
        const before = await fallbacks(app);
        await signIn(app, `192.0.2.${attempt + 1}`, 'reconnect');
        if ((await fallbacks(app)) === before) break;
        expect(attempt, 'the app did not use Redis again').toBeLessThan(60);
        await sleep(250);
      }
    }
    console.warn(
      `both apps counted in Redis again ${Math.round(performance.now() - started)} ms after its restart`,
    );
    const answers = await alternate(shared, '203.0.113.40', PER_ADDRESS, 'back');
    expect(answers.map((answer) => answer.status)).toEqual(Array(PER_ADDRESS).fill(401));
    expect(await signIn(shared[0], '203.0.113.40', 'back-over')).toEqual(limited);
    expect(
      logLines.filter((line) => line.msg?.startsWith('rate-limit store (REDIS_URL) answering again')),
    ).toHaveLength(1);
  });
});
