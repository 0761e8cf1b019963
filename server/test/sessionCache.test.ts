import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/plugins/auth';
import { SESSION_DATA_CHANNEL, SessionCache } from '../src/plugins/sessionCache';
import { SESSION_BY_TOKEN_HASH, type SessionRecord } from '../src/plugins/sessionLookup';
import { setupTestApp, signIn, someoneListens, type TestContext } from './helpers';

let ctx: TestContext;
let shortLived: TestContext;
/** Another process's connections: what they write reaches an app only through the database. */
let other: pg.Client;
let otherOfShortLived: pg.Client;

beforeAll(async () => {
  ctx = await setupTestApp();
  shortLived = await setupTestApp({ SESSION_CACHE_SECONDS: '1' });
  other = new pg.Client({ connectionString: ctx.databaseUrl });
  otherOfShortLived = new pg.Client({ connectionString: shortLived.databaseUrl });
  await Promise.all([other.connect(), otherOfShortLived.connect()]);
});
afterAll(() => Promise.all([other.end(), otherOfShortLived.end()]));

const permissions = (app: TestContext, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/permissions', headers: { authtoken: token } });

/** Runs `sql` on another connection with triggers off: a change no process is told of. */
async function unannounced(client: pg.Client, sql: string, values: unknown[]) {
  await client.query('BEGIN');
  await client.query("SET LOCAL session_replication_role = 'replica'");
  await client.query(sql, values);
  await client.query('COMMIT');
}

/** Waits until the session cache of the app on `client`'s database listens: before, nothing is served from memory. */
const listening = (client: pg.Client) => someoneListens(client, SESSION_DATA_CHANNEL);

/** Signs `username` in on `app` and makes one call, once its cache listens: the session is remembered. */
async function rememberedSession(app: TestContext, client: pg.Client, username: string) {
  await listening(client);
  const token = await signIn(app.app, username);
  expect((await permissions(app, token)).statusCode).toBe(200);
  return token;
}

const revokeUnannounced = (client: pg.Client, token: string) =>
  unannounced(client, `UPDATE "Session" SET "revokedAt" = now() WHERE "tokenHash" = $1`, [hashToken(token)]);

const refusedWithin = (app: TestContext, token: string, timeout: number) =>
  expect.poll(async () => (await permissions(app, token)).statusCode, { timeout, interval: 20 }).toBe(401);

describe('the session cache of a signed-in call', () => {
  it('serves a looked-up session from memory, for at most SESSION_CACHE_SECONDS', async () => {
    const token = await rememberedSession(shortLived, otherOfShortLived, 'mia.employee');
    // Revoked behind every process's back: only the time to live ends the remembered copy.
    await revokeUnannounced(otherOfShortLived, token);
    expect((await permissions(shortLived, token)).statusCode).toBe(200);
    await refusedWithin(shortLived, token, 5_000);
  });

  it("forgets at once what this process writes, before the write's answer", async () => {
    const token = await rememberedSession(ctx, other, 'mia.employee');
    await ctx.db.session.update({ where: { tokenHash: hashToken(token) }, data: { revokedAt: new Date() } });
    expect((await permissions(ctx, token)).statusCode).toBe(401);

    const again = await rememberedSession(ctx, other, 'mia.employee');
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authtoken: again },
    });
    expect(logout.statusCode).toBe(200);
    expect((await permissions(ctx, again)).statusCode).toBe(401);
  });

  it("hears another process's change from the database, long before the time to live", async () => {
    const token = await rememberedSession(ctx, other, 'sam.southbank');
    await other.query(`UPDATE "User" SET "isActive" = false WHERE username = $1`, ['sam.southbank']);
    try {
      await refusedWithin(ctx, token, 3_000);
    } finally {
      await other.query(`UPDATE "User" SET "isActive" = true WHERE username = $1`, ['sam.southbank']);
    }
  });

  it("keeps the session's lastSeenAt touch from forgetting the others", async () => {
    const token = await rememberedSession(ctx, other, 'mia.employee');
    await revokeUnannounced(other, token);
    // An update of lastSeenAt alone notifies no process and forgets nothing.
    await ctx.db.session.updateMany({ where: { tokenHash: 'none' }, data: { lastSeenAt: new Date() } });
    await other.query(`UPDATE "Session" SET "lastSeenAt" = now() WHERE "tokenHash" = $1`, [hashToken(token)]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await permissions(ctx, token)).statusCode).toBe(200);
    await other.query(`SELECT pg_notify($1, '')`, [SESSION_DATA_CHANNEL]);
    await refusedWithin(ctx, token, 3_000);
  });
});

describe('the triggers', () => {
  it('watch every column the session lookup reads', async () => {
    const aliases: Record<string, string> = {};
    for (const [, table, alias] of SESSION_BY_TOKEN_HASH.matchAll(/(?:FROM|JOIN) "(\w+)" (\w+)/g))
      aliases[alias!] = table!;
    const read = new Set<string>();
    for (const [, alias, column] of SESSION_BY_TOKEN_HASH.matchAll(/\b(\w+)\."?(\w+)"?/g)) {
      const table = aliases[alias!];
      // An id never changes; lastSeenAt is the cache's own to follow (plugins/auth.ts).
      if (table && column !== 'id' && !(table === 'Session' && column === 'lastSeenAt'))
        read.add(`${table}.${column}`);
    }
    expect(read.size).toBeGreaterThan(15);
    const { rows } = await other.query<{ name: string }>(
      `SELECT event_object_table || '.' || event_object_column AS name
       FROM information_schema.triggered_update_columns WHERE trigger_name LIKE '%\\_session\\_data'`,
    );
    const watched = new Set(rows.map((row) => row.name));
    expect([...read].filter((column) => !watched.has(column))).toEqual([]);
    const { rows: deletes } = await other.query<{ table: string }>(
      `SELECT DISTINCT event_object_table AS table FROM information_schema.triggers
       WHERE trigger_name LIKE '%\\_session\\_data' AND event_manipulation = 'DELETE'`,
    );
    expect(deletes.map((row) => row.table).sort()).toEqual([...new Set(Object.values(aliases))].sort());
  });
});

describe('SessionCache', () => {
  const log = { warn: () => undefined } as never;
  const record = { id: 'session' } as SessionRecord;

  /** A cache over a lookup that counts its calls (and takes `delayMs`), with `ttlSeconds`. */
  function counting({ delayMs = 0, ttlSeconds = 30 } = {}) {
    const calls = { n: 0 };
    const lookup = async () => {
      calls.n += 1;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return record;
    };
    const cache = new SessionCache(lookup, { databaseUrl: ctx.databaseUrl, ttlSeconds, maxEntries: 10, log });
    return { calls, cache };
  }

  it('serves from memory only while it listens, and again once it listens anew', async () => {
    const { calls, cache } = counting();
    try {
      await cache.get('a');
      expect(cache.listening).toBe(false);
      await expect.poll(() => cache.listening, { timeout: 5_000, interval: 10 }).toBe(true);
      await cache.get('a');
      await cache.get('a');
      expect(calls.n).toBe(2);

      await other.query(`SELECT pg_notify($1, '')`, [SESSION_DATA_CHANNEL]);
      await expect
        .poll(async () => (await cache.get('a'), calls.n), { timeout: 3_000, interval: 10 })
        .toBe(3);

      // The connection is cut: nothing is remembered until it is back (a retry a second later).
      await other.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
        [`LISTEN ${SESSION_DATA_CHANNEL}`],
      );
      await expect.poll(() => cache.listening, { timeout: 3_000, interval: 10 }).toBe(false);
      const before = calls.n;
      await cache.get('a');
      await cache.get('a');
      expect(calls.n).toBe(before + 2);
      await expect.poll(() => cache.listening, { timeout: 10_000, interval: 50 }).toBe(true);
      await cache.get('a');
      await cache.get('a');
      expect(calls.n).toBe(before + 3);
    } finally {
      await cache.close();
    }
  });

  it('does not keep an answer read while it was told to forget', async () => {
    const { calls, cache } = counting({ delayMs: 50 });
    try {
      await expect.poll(() => cache.listening, { timeout: 5_000, interval: 10 }).toBe(true);
      const reading = cache.get('a');
      cache.forget();
      await reading;
      await cache.get('a');
      expect(calls.n).toBe(2);
    } finally {
      await cache.close();
    }
  });

  it('with a time to live of 0, always looks up', async () => {
    const { calls, cache } = counting({ ttlSeconds: 0 });
    await cache.get('a');
    await cache.get('a');
    expect(calls.n).toBe(2);
    expect(cache.listening).toBe(false);
    await cache.close();
  });
});
