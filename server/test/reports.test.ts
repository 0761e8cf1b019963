import { localDateOf, REPORT_PAGE_SIZE, reportMessages as say, type AccessKey } from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReader, type Reader } from '../src/db/reader';
import { refreshRollups, ReportService } from '../src/modules/reports';
import { reportMonths } from '../src/modules/reports/months';
import type { ReportViewer } from '../src/modules/reports/source';
import { apiCalls, employeeOf, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * Reports & Charts (issue 46): who runs which report, the checks of a run (grouping, filters,
 * period), the figures against counts made here, paging, and that one organisation's records never
 * count in another's figures. Olivia (Administrator) runs every report; Mia's role has reportChart
 * and the Records keys but not actionRegister nor hazardous; Sam is Southbank's administrator.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
let northwind: string;
let southbank: string;
/** The demo organisations' today, and the first day after "All time". */
let until: string;
let reader: Reader;
/** A uuid no organisation has. */
const NOWHERE = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, [
    'olivia.admin',
    'ethan.coordinator',
    'mia.employee',
    'sam.southbank',
    'liam.personnel',
    'acme.supplier',
  ]);
  northwind = (await employeeOf(ctx.db, 'olivia.admin')).companyId;
  southbank = (await employeeOf(ctx.db, 'sam.southbank')).companyId;
  const { timeZone } = await ctx.db.company.findUniqueOrThrow({ where: { id: northwind } });
  until = reportMonths({ period: 'all' }, localDateOf(new Date(), timeZone)).until;
  reader = createReader(ctx.databaseUrl, 2);
  afterAll(async () => reader.close());
  await refreshRollups(ctx.db);
});

const get = (as: string, path: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/${path}`, headers: { authtoken: tokens[as]! } });

/** Submitted forms (no drafts, no HR forms) of an organisation up to the end of this month, counted by Prisma. */
const submitted = (companyId: string, more: object = {}) =>
  ctx.db.formSubmission.count({
    where: {
      companyId,
      isDraft: false,
      formType: { not: 'hr' },
      formDate: { lt: new Date(`${until}T00:00:00Z`) },
      ...more,
    },
  });

/** A signed-in employee as the service sees them (the keys of their role). */
async function viewerOf(username: string): Promise<ReportViewer> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { username }, include: { employee: true } });
  const role = await ctx.db.role.findUniqueOrThrow({ where: { id: user.employee!.roleId! } });
  const keys = Object.entries(role.access as Record<string, boolean>).flatMap(([key, on]) =>
    on ? [key] : [],
  );
  return {
    companyId: user.companyId,
    employeeId: user.employeeId,
    timeZone: (await ctx.db.company.findUniqueOrThrow({ where: { id: user.companyId } })).timeZone,
    accessKeys: new Set(keys as AccessKey[]),
  };
}

describe('who runs a report', () => {
  it('refuses an employee without reportChart at the gate', async () => {
    await setRoleKeys(ctx.db, 'ethan.coordinator', { reportChart: false });
    try {
      const response = await call('ethan.coordinator', 'reportData', { report: 'submissions' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe('access_key_missing');
    } finally {
      await setRoleKeys(ctx.db, 'ethan.coordinator', { reportChart: true });
    }
  });

  it('refuses a report of an area whose key the role lacks: data, records, options and export', async () => {
    const answers = [
      await call('mia.employee', 'reportData', { report: 'actions' }),
      await call('mia.employee', 'reportRecords', { report: 'hazardous', key: 'none' }),
      await get('mia.employee', 'reportOptions?report=actions'),
      await get('mia.employee', 'reportExport?report=hazardous&format=csv'),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(403);
      expect(response.json().response_message).toBe(say.noAccess);
    }
    // The same role runs the reports of the areas it holds.
    expect((await call('mia.employee', 'reportData', { report: 'submissions' })).statusCode).toBe(200);
  });

  it('refuses suppliers and personnel', async () => {
    for (const as of ['acme.supplier', 'liam.personnel']) {
      const response = await call(as, 'reportData', { report: 'submissions' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe('caller_not_served');
    }
  });
});

describe('the checks of a run', () => {
  it.each([
    ['an unknown report', { report: 'payroll' }, 'There is no such report.'],
    ['an unknown grouping', { report: 'submissions', by: 'assignee' }, say.unknownGrouping],
    [
      'a filter the report does not take',
      { report: 'actions', filters: { workplaceId: NOWHERE } },
      say.filterNotUsed,
    ],
    [
      'months on a report without a period',
      { report: 'hazardous', filters: { period: 'custom', fromMonth: '2026-01', toMonth: '2026-02' } },
      say.filterNotUsed,
    ],
    [
      'a custom period without its months',
      { report: 'submissions', filters: { period: 'custom', fromMonth: '2026-01' } },
      say.customPeriod,
    ],
    [
      'a reversed custom period',
      { report: 'submissions', filters: { period: 'custom', fromMonth: '2026-05', toMonth: '2026-03' } },
      say.periodReversed,
    ],
    [
      'a month that is no month',
      { report: 'submissions', filters: { period: 'custom', fromMonth: '2026-13', toMonth: '2027-01' } },
      say.monthInvalid,
    ],
    [
      'a custom period longer than 20 years',
      { report: 'submissions', filters: { period: 'custom', fromMonth: '2000-01', toMonth: '2026-11' } },
      say.periodTooLong,
    ],
    [
      'a custom period before 1900',
      { report: 'submissions', filters: { period: 'custom', fromMonth: '1899-12', toMonth: '1900-02' } },
      say.periodTooLong,
    ],
  ])('refuses %s with 400', async (_case, body, message) => {
    const response = await call('olivia.admin', 'reportData', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().response_message).toBe(message);
  });

  it('checks an export like a request (its months come in the query string)', async () => {
    const response = await get(
      'olivia.admin',
      'reportExport?report=submissions&period=custom&fromMonth=2026-01',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().response_message).toBe(say.customPeriod);
    const unknown = await get('olivia.admin', 'reportExport?report=submissions&by=assignee');
    expect(unknown.json().response_message).toBe(say.unknownGrouping);
  });
});

describe('the figures', () => {
  it('counts open and closed forms per template as the records say, and defaults to the first grouping', async () => {
    const report = await data('olivia.admin', 'reportData', {
      report: 'submissions',
      filters: { period: 'all' },
    });
    expect(report).toMatchObject({ report: 'submissions', by: 'template', chart: 'stackedBar', page: 1 });
    expect(report.columns.map((column: { label: string }) => column.label)).toEqual([
      'Open',
      'Closed',
      'Avg days to close',
    ]);
    expect(report.period).toMatchObject({ from: null, label: 'All time' });
    expect(report.asOf).not.toBeNull();
    const templates = await ctx.db.formTemplate.findMany({ where: { companyId: northwind } });
    let rows = 0;
    for (const template of templates) {
      const open = await submitted(northwind, { templateId: template.id, isClosed: false });
      const closed = await ctx.db.formSubmission.findMany({
        where: {
          companyId: northwind,
          templateId: template.id,
          isDraft: false,
          formType: { not: 'hr' },
          isClosed: true,
          formDate: { lt: new Date(`${until}T00:00:00Z`) },
        },
        select: { createdAt: true, closedAt: true },
      });
      if (open + closed.length === 0) continue;
      rows += 1;
      const timed = closed.flatMap(({ createdAt, closedAt }) =>
        closedAt ? [(closedAt.getTime() - createdAt.getTime()) / 86_400_000] : [],
      );
      const average =
        timed.length === 0
          ? null
          : Math.round((timed.reduce((sum, days) => sum + days, 0) / timed.length) * 10) / 10;
      const row = report.rows.find((candidate: { key: string }) => candidate.key === template.id);
      expect(row).toMatchObject({ label: template.name, values: [open, closed.length, average] });
    }
    expect(report.rowCount).toBe(rows);
    expect(report.total.slice(0, 2)).toEqual([
      await submitted(northwind, { isClosed: false }),
      await submitted(northwind, { isClosed: true }),
    ]);
    // Largest first by the first charted column.
    const opens = report.rows.map((row: { values: number[] }) => row.values[0]);
    expect(opens).toEqual([...opens].sort((a, b) => b - a));
  });

  it('lists the records behind a cell, with the page that opens them', async () => {
    const report = await data('olivia.admin', 'reportData', {
      report: 'submissions',
      filters: { period: 'all' },
    });
    const row = report.rows.find((candidate: { values: number[] }) => (candidate.values[1] ?? 0) > 0);
    const records = await data('olivia.admin', 'reportRecords', {
      report: 'submissions',
      filters: { period: 'all' },
      key: row.key,
      column: 'closed',
    });
    expect(records.total).toBe(row.values[1]);
    expect(records.items[0].path).toBe(`/form-submission/Record/${records.items[0]._id}`);
    expect(records.items.every((item: { status: string }) => item.status === 'Closed')).toBe(true);
  });

  it('counts a live report (hazardous substances by workplace) as the register holds them', async () => {
    const report = await data('olivia.admin', 'reportData', { report: 'hazardous', by: 'workplace' });
    expect(report).toMatchObject({ by: 'workplace', period: null, asOf: null });
    const held = await ctx.db.hazardousSubstance.groupBy({
      by: ['workplaceId'],
      where: { companyId: northwind, isActive: true },
      _count: true,
    });
    expect(report.rowCount).toBe(held.length);
    for (const group of held) {
      const row = report.rows.find(
        (candidate: { key: string }) => candidate.key === (group.workplaceId ?? 'none'),
      );
      expect(row?.values[0]).toBe(group._count);
    }
    expect(report.total[0]).toBe(held.reduce((sum, group) => sum + group._count, 0));
  });

  it('pages the groups by 100: every month of a custom period is a row, zero or not', async () => {
    const filters = { period: 'custom', fromMonth: '2010-04', toMonth: '2026-11' };
    const first = await data('olivia.admin', 'reportData', { report: 'submissions', by: 'month', filters });
    const last = await data('olivia.admin', 'reportData', {
      report: 'submissions',
      by: 'month',
      filters,
      page: 2,
    });
    expect(first).toMatchObject({ rowCount: 200, pageSize: REPORT_PAGE_SIZE, page: 1 });
    expect(first.rows).toHaveLength(100);
    expect(first.rows[0]).toMatchObject({ key: '2010-04', label: 'Apr 2010', values: [0, 0, null] });
    expect(last.rows).toHaveLength(100);
    expect(last.rows.at(-1)).toMatchObject({ key: '2026-11', label: 'Nov 2026' });
    expect(first.period).toEqual({ from: '2010-04', to: '2026-11', label: 'Apr 2010 – Nov 2026' });
  });

  it('keeps a table read from rollups until they are refreshed; a live table is read every time', async () => {
    const service = new ReportService({ db: ctx.db, reader });
    const statements = vi.spyOn(reader, 'rows');
    const viewer = await viewerOf('olivia.admin');
    const run = { report: 'submissions', by: 'workplace', filters: { period: 'all' }, page: 1 } as const;
    const first = await service.data(viewer, run);
    const read = statements.mock.calls.length;
    statements.mockClear();
    expect(await service.data(viewer, run)).toEqual(first);
    // Only the rollups' stamp is read again.
    expect(statements.mock.calls.length).toBe(1);
    expect(read).toBeGreaterThan(1);
    await service.data(viewer, { ...run, report: 'hazardous', filters: { period: 'all' } });
    statements.mockClear();
    await service.data(viewer, { ...run, report: 'hazardous', filters: { period: 'all' } });
    expect(statements.mock.calls.length).toBeGreaterThan(0);
    statements.mockRestore();
  });

  it('keeps a live table under the data version, and reads it again after a write', async () => {
    let version = 'v1';
    const service = new ReportService({ db: ctx.db, reader }, { dataVersions: async () => version });
    const statements = vi.spyOn(reader, 'rows');
    const viewer = await viewerOf('olivia.admin');
    const run = { report: 'hazardous', by: 'workplace', filters: { period: 'all' }, page: 1 } as const;
    const first = await service.data(viewer, run);
    statements.mockClear();
    expect(await service.data(viewer, run)).toEqual(first);
    expect(statements).not.toHaveBeenCalled();
    version = 'v2';
    await service.data(viewer, run);
    expect(statements).toHaveBeenCalled();
    statements.mockRestore();
  });

  it('follows a refresh of the rollups, not before', async () => {
    const filters = { period: 'all' };
    const before = await data('olivia.admin', 'reportData', { report: 'submissions', by: 'status', filters });
    const open = await ctx.db.formSubmission.findFirstOrThrow({
      where: {
        companyId: northwind,
        isDraft: false,
        formType: { not: 'hr' },
        isClosed: false,
        formDate: { lt: new Date(`${until}T00:00:00Z`) },
      },
    });
    await ctx.db.formSubmission.update({
      where: { id: open.id },
      data: { isClosed: true, closedAt: new Date() },
    });
    const kept = await data('olivia.admin', 'reportData', { report: 'submissions', by: 'status', filters });
    expect(kept.total).toEqual(before.total);
    await refreshRollups(ctx.db);
    const after = await data('olivia.admin', 'reportData', { report: 'submissions', by: 'status', filters });
    expect(after.total.slice(0, 2)).toEqual([before.total[0] - 1, before.total[1] + 1]);
  });

  it('answers 503 while a rollup of the report has not been filled yet, then the figures', async () => {
    const run = { report: 'submissions', by: 'workplace', filters: { period: 'all' } };
    // A view whose first refresh has not committed has no stamp.
    await ctx.db.$executeRaw`DELETE FROM "ReportRollup" WHERE name LIKE 'report\\_submission\\_%'`;
    try {
      const response = await call('olivia.admin', 'reportData', run);
      expect(response.statusCode).toBe(503);
      expect(response.json().response_message).toBe(say.preparing);
    } finally {
      await refreshRollups(ctx.db);
    }
    expect((await call('olivia.admin', 'reportData', run)).statusCode).toBe(200);
  });
});

describe('another organisation', () => {
  it("counts only the caller's organisation, and another's ids match nothing", async () => {
    const own = await data('sam.southbank', 'reportData', {
      report: 'submissions',
      filters: { period: 'all' },
    });
    expect(own.total.slice(0, 2)).toEqual([
      await submitted(southbank, { isClosed: false }),
      await submitted(southbank, { isClosed: true }),
    ]);
    const theirs = await ctx.db.formSubmission.findFirstOrThrow({
      where: { companyId: northwind, isDraft: false, formType: { not: 'hr' } },
    });
    const filtered = await data('sam.southbank', 'reportData', {
      report: 'submissions',
      filters: { period: 'all', templateId: theirs.templateId },
    });
    expect(filtered.rows).toEqual([]);
    expect(filtered.total.slice(0, 2)).toEqual([0, 0]);
    const records = await data('sam.southbank', 'reportRecords', {
      report: 'submissions',
      filters: { period: 'all' },
      key: theirs.templateId,
    });
    expect(records).toMatchObject({ items: [], total: 0 });
    const options = await get('sam.southbank', 'reportOptions?report=submissions');
    const names = options.json().response_data.templates.map((option: { _id: string }) => option._id);
    expect(names).not.toContain(theirs.templateId);
  });

  it("names the person of a reloaded address, only of the caller's organisation", async () => {
    const olivia = await employeeOf(ctx.db, 'olivia.admin');
    const named = await get('olivia.admin', `reportOptions?report=actions&personId=${olivia.id}`);
    expect(named.json().response_data.person).toEqual({
      _id: olivia.id,
      name: `${olivia.firstName} ${olivia.lastName}`,
    });
    const theirs = await get('sam.southbank', `reportOptions?report=actions&personId=${olivia.id}`);
    expect(theirs.json().response_data.person).toBeNull();
    const bad = await get('olivia.admin', 'reportOptions?report=actions&personId=x');
    expect(bad.statusCode).toBe(400);
  });

  it("offers only the organisation's roles to share with, by name", async () => {
    const roles = (await get('olivia.admin', 'reportRoles')).json().response_data.rows;
    expect(roles.map((role: { name: string }) => role.name)).toEqual([
      'Administrator',
      'Coordinator',
      'Restricted Employee',
    ]);
    const theirs = (await get('sam.southbank', 'reportRoles')).json().response_data.rows;
    expect(theirs.map((role: { _id: string }) => role._id)).not.toContain(roles[0]._id);
  });
});

describe('a whole table for a file', () => {
  it('exports the report as a download with every group and the total', async () => {
    const report = await data('olivia.admin', 'reportData', {
      report: 'submissions',
      filters: { period: 'all' },
    });
    const response = await get('olivia.admin', 'reportExport?report=submissions&period=all&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="form-submissions-by-template-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(response.headers['x-export-truncated']).toBe('no');
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Template,Open,Closed,Avg days to close');
    expect(lines).toHaveLength(report.rowCount + 2);
    expect(lines.at(-1)).toMatch(new RegExp(`^Total,${report.total[0]},${report.total[1]},`));
  });

  it('names the filters set, in the screen’s order, and an unknown id as such', async () => {
    const service = new ReportService({ db: ctx.db, reader });
    const viewer = await viewerOf('olivia.admin');
    const riverside = await ctx.db.workplace.findFirstOrThrow({
      where: { companyId: northwind, name: 'Riverside Depot' },
    });
    const template = await ctx.db.formTemplate.findFirstOrThrow({
      where: { companyId: northwind, formType: { not: 'hr' } },
    });
    const { table, meta } = await service.fullTable(viewer, {
      report: 'submissions',
      by: 'workplace',
      filters: { period: 'lastYear', workplaceId: riverside.id, templateId: template.id, personId: NOWHERE },
    });
    expect(meta).toMatchObject({
      organisation: (await ctx.db.company.findUniqueOrThrow({ where: { id: northwind } })).name,
      title: 'Form submissions',
      groupingLabel: 'Workplace',
      filtersText: ['Workplace: Riverside Depot', `Template: ${template.name}`, 'Recorded by: Unknown'],
      timeZone: viewer.timeZone,
    });
    expect(meta.periodLabel).toMatch(/^Last year \(Jan \d{4} – Dec \d{4}\)$/);
    expect(table.rows).toEqual([]);
  });
});
