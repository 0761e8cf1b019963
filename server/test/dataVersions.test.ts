import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { VERSIONED_MODELS } from '../src/db/prisma';
import { DATA_VERSION_CHANNEL, pgDataVersions, RememberedDataVersions } from '../src/db/versionedCache';
import { setupTestApp, signIn, someoneListens, type TestContext } from './helpers';

let ctx: TestContext;
/** Another process's connection: what it writes reaches an app only through the database. */
let other: pg.Client;
let pool: pg.Pool;
let companyId: string;
const log = { warn: () => undefined } as never;

beforeAll(async () => {
  ctx = await setupTestApp();
  other = new pg.Client({ connectionString: ctx.databaseUrl });
  await other.connect();
  pool = new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 });
  ({ companyId } = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } }));
});
afterAll(() => Promise.all([other.end(), pool.end()]));

/** Memory over the real lookup, counting the database reads. */
function counted() {
  const reads = { n: 0 };
  const read = pgDataVersions(pool);
  const versions = new RememberedDataVersions(
    async (company) => {
      reads.n += 1;
      return read(company);
    },
    { databaseUrl: ctx.databaseUrl, ttlSeconds: 30, log },
  );
  onTestFinished(() => versions.close());
  return { reads, versions };
}

const listening = (versions: RememberedDataVersions) =>
  expect.poll(() => versions.serving, { timeout: 5_000, interval: 10 }).toBe(true);

/** A change another process commits: a notice's title, which moves the organisation's version. */
const otherProcessChanges = () =>
  other.query(
    `UPDATE "Notice" SET title = title || '.' WHERE id = (
    SELECT id FROM "Notice" WHERE "companyId" = $1 ORDER BY id LIMIT 1)`,
    [companyId],
  );

describe('data versions from memory', () => {
  it('reads a version once while it listens; another process’s commit makes it read again', async () => {
    const { reads, versions } = counted();
    await listening(versions);
    const first = await versions.lookup(companyId);
    expect(await versions.lookup(companyId)).toBe(first);
    expect(reads.n).toBe(1);

    await otherProcessChanges();
    await expect.poll(() => versions.lookup(companyId), { timeout: 3_000, interval: 10 }).not.toBe(first);
    const second = await versions.lookup(companyId);
    const readsNow = reads.n;
    await versions.lookup(companyId);
    expect(reads.n).toBe(readsNow);
    expect(BigInt(second!)).toBeGreaterThan(BigInt(first!));

    // A rolled-back change notifies nobody, and moves nothing.
    await other.query('BEGIN');
    await other.query(`UPDATE "Notice" SET title = title WHERE "companyId" = $1`, [companyId]);
    await other.query('ROLLBACK');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await versions.lookup(companyId);
    expect(reads.n).toBe(readsNow);
  });

  it('reads the database for a second after this process writes, so the next request sees the write', async () => {
    const { reads, versions } = counted();
    await listening(versions);
    const before = await versions.lookup(companyId);
    const notice = await ctx.db.notice.findFirstOrThrow({ where: { companyId } });
    await ctx.db.notice.update({ where: { id: notice.id }, data: { title: `${notice.title}!` } });
    expect(versions.serving).toBe(false);
    const readsNow = reads.n;
    expect(await versions.lookup(companyId)).not.toBe(before);
    expect(reads.n).toBe(readsNow + 1);
    await listening(versions);
  });

  it('hears the writes of tables with the version trigger, and not those of others', async () => {
    const { rows } = await other.query<{ table: string }>(
      `SELECT DISTINCT event_object_table AS table FROM information_schema.triggers
       WHERE action_statement ILIKE '%dashboard_version%' ORDER BY 1`,
    );
    expect([...VERSIONED_MODELS].sort()).toEqual(rows.map((row) => row.table).sort());

    await signIn(ctx.app, 'olivia.admin');
    const { versions } = counted();
    await listening(versions);
    const session = await ctx.db.session.findFirstOrThrow({});
    await ctx.db.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date() } });
    expect(versions.serving).toBe(true);
  });

  it('serves from memory only while it listens, and does not keep a version read while told to forget', async () => {
    const { reads, versions } = counted();
    await listening(versions);
    // From an empty memory (the listener may have come up during an earlier lookup, which then kept
    // its version): a read under way while told to forget is not kept, so the next lookup reads too.
    versions.forget(companyId);
    const start = reads.n;
    const reading = versions.lookup(companyId);
    versions.forget(companyId);
    await reading;
    await versions.lookup(companyId);
    expect(reads.n).toBe(start + 2);

    await other.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
      [`LISTEN ${DATA_VERSION_CHANNEL}`],
    );
    await expect.poll(() => versions.serving, { timeout: 3_000, interval: 10 }).toBe(false);
    const before = reads.n;
    await versions.lookup(companyId);
    await versions.lookup(companyId);
    expect(reads.n).toBe(before + 2);
    await expect.poll(() => versions.serving, { timeout: 10_000, interval: 50 }).toBe(true);
  });

  it("a cached answer follows another process's change within moments", async () => {
    const token = await signIn(ctx.app, 'olivia.admin');
    const workplaces = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/workplaceList',
          headers: { authtoken: token },
          payload: {},
        })
      ).json().response_data.list as { _id: string; name: string }[];
    // Once the app listens, and a second past the earlier tests' writes, its versions come from memory.
    await someoneListens(other, DATA_VERSION_CHANNEL);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await workplaces();
    const [first] = await workplaces();
    const renamed = `${first!.name} (renamed)`;
    await other.query(`UPDATE "Workplace" SET name = $1 WHERE id = $2`, [renamed, first!._id]);
    try {
      await expect
        .poll(async () => (await workplaces()).find((row) => row._id === first!._id)?.name, {
          timeout: 3_000,
          interval: 10,
        })
        .toBe(renamed);
    } finally {
      await other.query(`UPDATE "Workplace" SET name = $1 WHERE id = $2`, [first!.name, first!._id]);
    }
  });
});
