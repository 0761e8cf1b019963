import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReader, type Reader } from '../src/db/reader';
import { refreshRollups, rollupStamp, rollupVersion } from '../src/modules/reports/rollups';
import { REPORT_ROLLUPS_JOB, startJobs } from '../src/plugins/jobs';
import { employeeOf, setupTestApp, type TestContext } from './helpers';

/**
 * The report rollups (materialised views `report_*`): their refresh (once per moment across
 * processes, every view stamped), their stamp, and the five-minute job that runs it.
 */
let ctx: TestContext;
let reader: Reader;
const MINE = [
  'report_action_assignee_periods',
  'report_action_assignees',
  'report_action_cells',
  'report_action_months',
  'report_submission_cells',
  'report_submission_templates',
  'report_submission_workplaces',
];

beforeAll(async () => {
  ctx = await setupTestApp();
  reader = createReader(ctx.databaseUrl, 2);
});
afterAll(async () => {
  await reader.close();
});

const closedCount = async (companyId: string) => {
  const [row] = await ctx.db.$queryRaw<{ closed: number }[]>`
    SELECT coalesce(sum(closed), 0)::int AS closed FROM report_submission_templates WHERE "companyId" = ${companyId}::uuid`;
  return row!.closed;
};

describe('refreshRollups', () => {
  it('fills every report_ view the first time, each after the views it reads, and stamps them', async () => {
    expect(await rollupStamp(reader, MINE)).toBeNull();
    const before = new Date();
    const refreshed = await refreshRollups(ctx.db);
    expect(refreshed).toEqual(expect.arrayContaining(MINE));
    // The coarse views are built from the cells: refreshed after them.
    expect(refreshed.indexOf('report_submission_cells')).toBeLessThan(
      refreshed.indexOf('report_submission_templates'),
    );
    expect(refreshed.indexOf('report_action_cells')).toBeLessThan(
      refreshed.indexOf('report_action_assignee_periods'),
    );
    const stamps = await ctx.db.$queryRaw<{ name: string; refreshedAt: Date }[]>`
      SELECT name, "refreshedAt" FROM "ReportRollup" WHERE name LIKE 'report\\_%'`;
    expect(stamps.map((stamp) => stamp.name)).toEqual(expect.arrayContaining(refreshed));
    const asOf = await rollupStamp(reader, MINE);
    expect(asOf!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(asOf!.getTime()).toBe(
      Math.min(...stamps.filter((s) => MINE.includes(s.name)).map((s) => s.refreshedAt.getTime())),
    );
    // Through Prisma as through the Reader; a name never refreshed has no figures yet.
    expect(await rollupStamp(ctx.db, MINE)).toEqual(asOf);
    expect(await rollupStamp(reader, [...MINE, 'report_never_made'])).toBeNull();
  });

  it('brings the figures up to date concurrently, the next stamp later', async () => {
    await refreshRollups(ctx.db);
    const mia = await employeeOf(ctx.db, 'mia.employee');
    const closed = await closedCount(mia.companyId);
    const first = await rollupStamp(reader, ['report_submission_templates']);
    const open = await ctx.db.formSubmission.findFirstOrThrow({
      where: { companyId: mia.companyId, isDraft: false, isClosed: false, formType: { not: 'hr' } },
    });
    await ctx.db.formSubmission.update({
      where: { id: open.id },
      data: { isClosed: true, closedAt: new Date() },
    });
    try {
      expect(await closedCount(mia.companyId)).toBe(closed);
      await refreshRollups(ctx.db);
      expect(await closedCount(mia.companyId)).toBe(closed + 1);
      const second = await rollupStamp(reader, ['report_submission_templates']);
      expect(second!.getTime()).toBeGreaterThan(first!.getTime());
    } finally {
      await ctx.db.formSubmission.update({
        where: { id: open.id },
        data: { isClosed: false, closedAt: null },
      });
    }
  });

  it('skips a view another process is refreshing (holds its lock) and refreshes the others', async () => {
    const held = 'report_submission_templates';
    const other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SELECT pg_advisory_xact_lock(hashtext('report-rollup:' || $1::text))`, [held]);
      const before = await rollupStamp(reader, [held]);
      const refreshed = await refreshRollups(ctx.db);
      expect(refreshed).not.toContain(held);
      expect(refreshed).toEqual(expect.arrayContaining(MINE.filter((name) => name !== held)));
      expect(await rollupStamp(reader, [held])).toEqual(before);
      await other.query('COMMIT');
      expect(await refreshRollups(ctx.db)).toEqual(expect.arrayContaining(MINE));
    } finally {
      await other.end();
    }
  });

  it('skips the views refreshed within the window given; a refresh of any view changes the version', async () => {
    await refreshRollups(ctx.db);
    const recent = await rollupStamp(reader, MINE);
    const skipped = await refreshRollups(ctx.db, { skipWithinMs: 60_000 });
    expect(skipped.filter((name) => MINE.includes(name))).toEqual([]);
    expect(await rollupStamp(reader, MINE)).toEqual(recent);
    // One view keeps failing (another process holds it), an older one is due: the figures' version
    // moves with the refreshed one while their asOf stays the failing one's stamp.
    const [failing, due] = ['report_submission_cells', 'report_action_months'];
    await ctx.db.$executeRaw`
      UPDATE "ReportRollup" SET "refreshedAt" = "refreshedAt" - interval '10 minutes' WHERE name = ${failing}`;
    await ctx.db.$executeRaw`
      UPDATE "ReportRollup" SET "refreshedAt" = "refreshedAt" - interval '2 minutes' WHERE name = ${due}`;
    const asOf = await rollupStamp(reader, MINE);
    const version = await rollupVersion(reader, MINE);
    const other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SELECT pg_advisory_xact_lock(hashtext('report-rollup:' || $1::text))`, [failing]);
      expect(await refreshRollups(ctx.db, { skipWithinMs: 60_000 })).toEqual([due]);
    } finally {
      await other.end();
    }
    expect(await rollupStamp(reader, MINE)).toEqual(asOf);
    expect(await rollupVersion(reader, MINE)).not.toEqual(version);
    expect(await rollupVersion(reader, [...MINE, 'report_never_made'])).toBeNull();
  });
});

describe('the five-minute job', () => {
  it('is scheduled every five minutes and runs the work given', async () => {
    let runs = 0;
    const jobs = await startJobs(
      ctx.databaseUrl,
      {
        taskReminders: async () => undefined,
        hourlyReminders: async () => undefined,
        reportRollups: async () => (runs += 1),
      },
      ctx.app.log,
    );
    const sender = new PgBoss({ connectionString: ctx.databaseUrl, max: 1 });
    await sender.start();
    try {
      const schedules = await sender.getSchedules();
      expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([
        REPORT_ROLLUPS_JOB,
        '*/5 * * * *',
      ]);
      await sender.send(REPORT_ROLLUPS_JOB, {});
      await expect.poll(() => runs, { timeout: 15_000, interval: 200 }).toBe(1);
      // The app's own five-minute work refreshes the rollups not refreshed within the minute.
      await ctx.db.$executeRaw`
        UPDATE "ReportRollup" SET "refreshedAt" = "refreshedAt" - interval '2 minutes' WHERE name LIKE 'report\\_%'`;
      const aged = await rollupStamp(reader, MINE);
      await ctx.app.runEveryFiveMinutes();
      expect((await rollupStamp(reader, MINE))!.getTime()).toBeGreaterThan(aged!.getTime() + 60_000);
    } finally {
      await sender.stop({ graceful: false, wait: true });
      await jobs.stop();
    }
  }, 30_000);
});
