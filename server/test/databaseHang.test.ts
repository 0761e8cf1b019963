import { messages } from '@compass/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseErrorOf } from '../src/db/errors';
import { createPrisma } from '../src/db/prisma';
import { createReadPool, pgReader, READ_SESSION_OPTIONS } from '../src/db/reader';
import { sql } from '../src/db/sql';
import type { DatabaseWaits } from '../src/db/waits';
import { setupAppOverRelay, type Relay } from './databaseRelay';
import { createTestDatabase, DEMO_PASSWORD, signIn } from './helpers';

/** How long a call may take here at most: the defaults answer in about 6 s; the machine is shared. */
const GENEROUS_SECONDS = 15;

/** An answer and how long it took, in seconds. */
async function timed(answer: Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const response = await answer;
  return { response, seconds: (performance.now() - started) / 1000 };
}

describe('a database that stops answering (its processes stopped, its connections open)', () => {
  let app: FastifyInstance;
  let relay: Relay;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The default bounds; data versions read on every call, so a cached answer asks the database.
    ({ app, relay, close } = await setupAppOverRelay(
      { DATA_VERSION_CACHE_SECONDS: '0' },
      { boundedWaits: true },
    ));
  });

  afterAll(() => close());

  it('answers every kind of call 503 with the documented message within seconds, and serves again once it answers', async () => {
    const employee = await signIn(app, 'mia.employee');
    const admin = await signIn(app, 'olivia.admin');
    // Signed in, never used: its session is not in the process's memory.
    const unseen = await signIn(app, 'ethan.coordinator');
    const as = (token: string) => ({ authtoken: token });
    // The sessions the calls below use are looked up once, and kept in memory as usual.
    expect(
      (await app.inject({ method: 'GET', url: '/api/permissions', headers: as(employee) })).statusCode,
    ).toBe(200);
    const workplaceList = {
      method: 'POST',
      url: '/api/workplaceList',
      headers: as(admin),
      payload: {},
    } as const;
    expect((await app.inject(workplaceList)).statusCode).toBe(200);

    relay.hang();
    const calls = {
      // The sign-in throttle and the account, through Prisma.
      signIn: app.inject({
        method: 'POST',
        url: '/api/signIn',
        payload: { username: 'mia.employee', password: DEMO_PASSWORD, appType: 'web' },
      }),
      // The session lookup on the read pool.
      sessionLookup: app.inject({ method: 'GET', url: '/api/permissions', headers: as(unseen) }),
      // A signed-in read, past the session kept in memory.
      permissions: app.inject({ method: 'GET', url: '/api/permissions', headers: as(employee) }),
      // A cached answer: the organisation's data version, on the read pool.
      cachedAnswer: app.inject(workplaceList),
      // A change: a Prisma interactive transaction.
      change: app.inject({
        method: 'POST',
        url: '/api/workplaceSave',
        headers: as(admin),
        payload: { name: 'Hung Yard', isActive: true },
      }),
    };
    const health = timed(app.inject({ method: 'GET', url: '/api/health' }));
    const ready = timed(app.inject({ method: 'GET', url: '/api/health/ready' }));
    const live = timed(app.inject({ method: 'GET', url: '/api/health/live' }));
    const answers = await Promise.all(
      Object.entries(calls).map(async ([name, call]) => ({ name, ...(await timed(call)) })),
    );
    for (const { name, response, seconds } of answers) {
      expect(response.statusCode, name).toBe(503);
      expect(response.json(), name).toMatchObject({
        response_code: 503,
        response_message: messages.common.serviceUnavailable,
        error_code: 'unavailable',
      });
      expect(seconds, name).toBeLessThan(GENEROUS_SECONDS);
    }

    // Health says the database is failing within its own short bound (2 s by default).
    const healthAnswer = await health;
    expect(healthAnswer.response.statusCode).toBe(503);
    expect(healthAnswer.response.json()).toMatchObject({
      response_message: 'The database is not reachable.',
      error_code: 'unavailable',
    });
    expect(healthAnswer.seconds).toBeLessThan(10);
    const readyAnswer = await ready;
    expect(readyAnswer.response.statusCode).toBe(503);
    expect(readyAnswer.response.json()).toMatchObject({
      response_message: expect.stringMatching(/^Not ready: the database does not answer within 2 s/),
      response_data: { status: 'notReady', database: 'failing', fileStore: 'ok', migrations: 'failing' },
    });
    expect(readyAnswer.seconds).toBeLessThan(10);
    // Liveness does not ask the database: the process is up, nothing to restart.
    expect((await live).response.statusCode).toBe(200);

    // The failed connections were closed; new ones, opened while the database still hangs, are
    // bounded too (the connect timeout).
    const again = await timed(app.inject({ method: 'GET', url: '/api/permissions', headers: as(employee) }));
    expect(again.response.statusCode).toBe(503);
    expect(again.response.json().response_message).toBe(messages.common.serviceUnavailable);
    expect(again.seconds).toBeLessThan(GENEROUS_SECONDS);

    await relay.up();
    await expect
      .poll(
        async () =>
          (await app.inject({ method: 'GET', url: '/api/permissions', headers: as(employee) })).statusCode,
        { timeout: 20_000, interval: 500 },
      )
      .toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/permissions', headers: as(unseen) })).statusCode,
    ).toBe(200);
    expect((await app.inject(workplaceList)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  }, 90_000);
});

describe('the bounds, on a database that answers', () => {
  let url: string;
  let drop: () => Promise<void>;
  const waits: DatabaseWaits = { acquireMs: 500, statementMs: 500, transactionMs: 1_000 };

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase());
  });

  afterAll(() => drop());

  it('cancels a statement over its bound: 503 "busy", on the read pool and through Prisma', async () => {
    const pool = createReadPool(url, 1, READ_SESSION_OPTIONS, waits);
    const db = createPrisma(url, 1, waits);
    try {
      const fromPool = await pool.query('SELECT 1 FROM pg_sleep(2)').catch((error: unknown) => error);
      expect(fromPool).toMatchObject({ code: '57014' });
      expect(databaseErrorOf(fromPool)).toMatchObject({ statusCode: 503, message: messages.common.busy });
      const fromPrisma = await db.$queryRaw`SELECT 1 FROM pg_sleep(2)`.catch((error: unknown) => error);
      expect(databaseErrorOf(fromPrisma)).toMatchObject({ statusCode: 503, message: messages.common.busy });
      // The connections serve again.
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(await db.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
      await db.$disconnect();
    }
  });

  it('ends a transaction over its bound: 503, nothing of it kept', async () => {
    const db = createPrisma(url, 1, waits);
    try {
      const failure = await db
        .$transaction(async (tx) => {
          await tx.$executeRaw`CREATE TABLE hung_transaction_probe (id int)`;
          // Each statement within its bound, the three together over the transaction's.
          for (let step = 0; step < 3; step++) await tx.$queryRaw`SELECT 1 FROM pg_sleep(0.4)`;
        })
        .catch((error: unknown) => error);
      expect(databaseErrorOf(failure)).toMatchObject({ statusCode: 503 });
      const [probe] = await db.$queryRaw<
        { name: string | null }[]
      >`SELECT to_regclass('hung_transaction_probe')::text AS name`;
      expect(probe?.name).toBeNull();
    } finally {
      await db.$disconnect();
    }
  });

  it('stops waiting for a connection of a busy pool: 503', async () => {
    const pool = createReadPool(url, 1, READ_SESSION_OPTIONS, waits);
    const held = await pool.connect();
    try {
      const failure = await pool.query('SELECT 1').catch((error: unknown) => error);
      expect(failure).toMatchObject({ message: 'timeout exceeded when trying to connect' });
      expect(databaseErrorOf(failure)).toMatchObject({
        statusCode: 503,
        message: messages.common.serviceUnavailable,
      });
    } finally {
      held.release();
      await pool.end();
    }
  });

  it("gives an export's read its own, longer bound", async () => {
    const pool = createReadPool(url, 1, READ_SESSION_OPTIONS, waits);
    const reader = pgReader(pool, true, pool, 5_000);
    try {
      const slow = sql`SELECT 1 AS one FROM pg_sleep(1)`;
      expect(await reader.rows(slow, { export: true })).toEqual([{ one: 1 }]);
      const asAnyRead = await reader.rows(slow).catch((error: unknown) => error);
      expect(databaseErrorOf(asAnyRead)).toMatchObject({ statusCode: 503, message: messages.common.busy });
      // The export's bound was its transaction's alone: the connection is back to the short one.
      expect(await reader.rows(sql`SELECT current_setting('statement_timeout') AS bound`)).toEqual([
        { bound: '500ms' },
      ]);
    } finally {
      await reader.close();
    }
  });
});
