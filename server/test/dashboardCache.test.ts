import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { demoId } from '../../seed/demo';
import { AnswerCache } from '../src/plugins/answerCache';
import { answerEncoding } from '../src/plugins/compression';
import { setupTestApp, signIn, type TestContext } from './helpers';

let ctx: TestContext;
const NORTHWIND = demoId('nw:company');
const SOUTHBANK = demoId('sb:company');
const ZONE = 'Europe/London';

async function versionOf(companyId: string): Promise<bigint | null> {
  const rows = await ctx.db.$queryRaw<Array<{ version: bigint }>>`
    SELECT version FROM "DashboardVersion" WHERE "companyId" = ${companyId}::uuid`;
  return rows[0]?.version ?? null;
}

async function post(token: string, call: string, body: Record<string, unknown>) {
  const res = await request(ctx.app.server).post(`/api/${call}`).set('authtoken', token).send(body);
  expect(res.status, res.text).toBe(200);
  return res;
}

beforeAll(async () => {
  ctx = await setupTestApp();
});

describe('the dashboard data version (deferred triggers)', () => {
  it('has a trigger on every table the dashboard statements read', async () => {
    // Every file of the dashboard module (the cache and its read of the version are in plugins/).
    const folder = path.join(import.meta.dirname, '../src/modules/dashboard');
    const service = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => fs.readFileSync(path.join(folder, name), 'utf8'))
      .join('\n');
    // Tables appear in the SQL after FROM or JOIN, or as a source's `from`: a quoted name and its alias.
    const names = [
      ...service.matchAll(/"([A-Z][A-Za-z]+)" [a-z]+\b/g),
      ...service.matchAll(/\b(?:FROM|JOIN)\s+"([A-Z][A-Za-z]+)"/g),
    ];
    const read = new Set(names.map((match) => match[1]!));
    expect(read.size).toBeGreaterThan(20);
    const rows = await ctx.db.$queryRaw<Array<{ table: string }>>`
      SELECT c.relname::text AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname = c.relname || '_dashboard_version' AND t.tgdeferrable AND t.tginitdeferred`;
    const covered = new Set(rows.map((row) => row.table));
    expect([...read].filter((table) => !covered.has(table))).toEqual([]);
  });

  it('gives the organisation a new version once per committed transaction, and only that organisation', async () => {
    const before = { northwind: await versionOf(NORTHWIND), southbank: await versionOf(SOUTHBANK) };
    expect(before.northwind).not.toBeNull();
    const [sequenceBefore] = await ctx.db.$queryRaw<Array<{ last: bigint }>>`
      SELECT last_value AS last FROM "DashboardVersion_seq"`;
    await ctx.db.$transaction([
      ctx.db.notice.create({
        data: { companyId: NORTHWIND, title: 'Version A', content: 'a', startDate: new Date() },
      }),
      ctx.db.notice.create({
        data: { companyId: NORTHWIND, title: 'Version B', content: 'b', startDate: new Date() },
      }),
      ctx.db.notice.updateMany({
        where: { companyId: NORTHWIND, title: 'Version A' },
        data: { content: 'c' },
      }),
    ]);
    const after = await versionOf(NORTHWIND);
    const [sequenceAfter] = await ctx.db.$queryRaw<Array<{ last: bigint }>>`
      SELECT last_value AS last FROM "DashboardVersion_seq"`;
    expect(after).not.toBe(before.northwind);
    // One bump: its INSERT's number, spent on the conflict, and the number DO UPDATE stores (not one per row).
    expect(sequenceAfter!.last - sequenceBefore!.last).toBe(2n);
    expect(await versionOf(SOUTHBANK)).toBe(before.southbank);
  });

  it('keeps the version of a transaction that rolls back', async () => {
    const before = await versionOf(NORTHWIND);
    await expect(
      ctx.db.$transaction(async (tx) => {
        await tx.notice.create({
          data: { companyId: NORTHWIND, title: 'Rolled back', content: 'x', startDate: new Date() },
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versionOf(NORTHWIND)).toBe(before);
    expect(await ctx.db.notice.count({ where: { title: 'Rolled back' } })).toBe(0);
  });

  it('gives a new organisation a version when it is created', async () => {
    const company = await ctx.db.company.create({ data: { name: 'Version Test Pty' } });
    expect(await versionOf(company.id)).not.toBeNull();
  });
});

describe('cached dashboard answers', () => {
  let token: string;
  beforeAll(async () => {
    token = await signIn(ctx.app, 'ethan.coordinator');
  });

  const noticeTotal = async () =>
    (await post(token, 'dashboardList', { localTimeZone: ZONE })).body.response_data.list.myNoticeboard
      .total as number;

  it('serves the cached answer until a change commits, then the new data', async () => {
    const first = await noticeTotal();
    // Written with the triggers off (as a replica would): the data changes, the version does not,
    // so an answer that still shows the old total can only have come from the cache.
    await ctx.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL session_replication_role = replica');
      await tx.notice.create({
        data: { companyId: NORTHWIND, title: 'Unseen', content: 'x', startDate: new Date('2020-01-01') },
      });
    });
    expect(await noticeTotal()).toBe(first);

    // A normal write commits a new version: the next answer is loaded again and shows both notices.
    await ctx.db.notice.create({
      data: { companyId: NORTHWIND, title: 'Seen', content: 'y', startDate: new Date('2020-01-01') },
    });
    expect(await noticeTotal()).toBe(first + 2);
  });

  it('sends the same JSON from the cache as when it loads the answer', async () => {
    const loaded = await post(token, 'dashboardPieChart', { localTimeZone: ZONE });
    const cached = await post(token, 'dashboardPieChart', { localTimeZone: ZONE });
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(cached.text).toBe(loaded.text);
    expect(cached.body.response_data.form.total).toBeGreaterThan(0);
  });

  it('sends a cached answer compressed as the client accepts, compressing it once', async () => {
    const ask = (encoding?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/dashboardList',
        headers: {
          authtoken: token,
          'content-type': 'application/json',
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
        payload: { localTimeZone: ZONE },
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const brotli = await ask('gzip, deflate, br');
    expect(brotli.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect((await ask('br')).rawPayload.equals(brotli.rawPayload)).toBe(true);
    const gzip = await ask('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect((await ask('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('keeps answers apart by caller, input and organisation', async () => {
    const mia = await signIn(ctx.app, 'mia.employee');
    const southbank = await signIn(ctx.app, 'sam.southbank');
    const own = { barChartType: 'assignAction', selectedDay: 'month', localTimeZone: ZONE };
    const ethanBars = (await post(token, 'dashboardBarChart', own)).body.response_data;
    const miaBars = (await post(mia, 'dashboardBarChart', own)).body.response_data;
    expect(miaBars).not.toEqual(ethanBars);
    const week = (await post(token, 'dashboardBarChart', { ...own, selectedDay: 'week' })).body.response_data;
    expect(week.period.selectedDay).toBe('week');
    const overview = { ...own, barChartType: 'companyOverview' };
    const ethanOverview = (await post(token, 'dashboardBarChart', overview)).body.response_data;
    expect((await post(mia, 'dashboardBarChart', overview)).body.response_data).toEqual(ethanOverview);
    const southbankOverview = (await post(southbank, 'dashboardBarChart', overview)).body.response_data;
    expect(southbankOverview).not.toEqual(ethanOverview);
  });

  it('still refuses a caller the cache has an answer for once they must change their password', async () => {
    await post(token, 'dashboardList', { localTimeZone: ZONE });
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    await ctx.db.user.update({ where: { id: user.id }, data: { isForceUpdatePassword: true } });
    try {
      const res = await request(ctx.app.server)
        .post('/api/dashboardList')
        .set('authtoken', token)
        .send({ localTimeZone: ZONE });
      expect(res.status).toBe(403);
    } finally {
      await ctx.db.user.update({ where: { id: user.id }, data: { isForceUpdatePassword: false } });
    }
  });
});

describe('answerEncoding', () => {
  it('chooses brotli, else gzip, as the client accepts them', () => {
    expect(answerEncoding(undefined)).toBeNull();
    expect(answerEncoding('gzip, deflate, br')).toBe('br');
    expect(answerEncoding('gzip')).toBe('gzip');
    expect(answerEncoding('x-gzip')).toBe('gzip');
    expect(answerEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(answerEncoding('*')).toBe('br');
    expect(answerEncoding('*;q=0')).toBeNull();
    expect(answerEncoding('identity')).toBeNull();
    expect(answerEncoding('deflate')).toBeNull();
  });
});

describe('AnswerCache', () => {
  const versions = (initial: string | null) => {
    let version = initial;
    return { lookup: async () => version, set: (next: string | null) => (version = next) };
  };

  it('loads an answer once for simultaneous misses and again after the version changes', async () => {
    const v = versions('1');
    const cache = new AnswerCache(v.lookup, 1024 * 1024);
    const load = vi.fn(async () => 'body-1');
    const bodies = await Promise.all([1, 2, 3].map(() => cache.body('c', 'k', load)));
    expect(bodies).toEqual(['body-1', 'body-1', 'body-1']);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.body('c', 'k', load);
    expect(load).toHaveBeenCalledTimes(1);
    v.set('2');
    await cache.body('c', 'k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('encodes a cached answer once per encoding (UTF-8 too), and an answer it does not hold every time', async () => {
    const cache = new AnswerCache(versions('1').lookup, 1024 * 1024);
    const body = await cache.body('c', 'k', async () => JSON.stringify({ rows: 'x'.repeat(5000) }));
    const brotli = await cache.encoded('k', body, 'br');
    expect(await cache.encoded('k', body, 'br')).toBe(brotli);
    expect(brotliDecompressSync(brotli).toString()).toBe(body);
    const gzip = await cache.encoded('k', body, 'gzip');
    expect(await cache.encoded('k', body, 'gzip')).toBe(gzip);
    expect(gunzipSync(gzip).toString()).toBe(body);
    const utf8 = await cache.encoded('k', body, 'identity');
    expect(await cache.encoded('k', body, 'identity')).toBe(utf8);
    expect(utf8.toString()).toBe(body);
    const other = await cache.encoded('k', 'another body', 'br');
    expect(await cache.encoded('k', 'another body', 'br')).not.toBe(other);
  });

  it('keeps nothing without a version, when turned off, or when the load fails', async () => {
    const load = vi.fn(async () => 'body');
    const noVersion = new AnswerCache(versions(null).lookup, 1024 * 1024);
    await noVersion.body('c', 'k', load);
    await noVersion.body('c', 'k', load);
    const off = new AnswerCache(versions('1').lookup, 0);
    await off.body('c', 'k', load);
    await off.body('c', 'k', load);
    expect(load).toHaveBeenCalledTimes(4);

    const cache = new AnswerCache(versions('1').lookup, 1024 * 1024);
    await expect(cache.body('c', 'k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.body('c', 'k', load)).toBe('body');
  });

  it('stays within its memory limit, dropping the least recently used answers', async () => {
    const cache = new AnswerCache(versions('1').lookup, 10_000);
    const big = 'x'.repeat(2_000); // ~4 kB in memory
    const load = vi.fn(async () => big);
    for (const key of ['a', 'b', 'c']) await cache.body('c', key, load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.body('c', 'c', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.body('c', 'a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
