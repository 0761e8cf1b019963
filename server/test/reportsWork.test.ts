import { ZReportFilters, type TReportFilters } from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReader, type Reader } from '../src/db/reader';
import { organisationToday } from '../src/plugins/organisationDay';
import { reportMonths } from '../src/modules/reports/months';
import { refreshRollups } from '../src/modules/reports/rollups';
import type { ReportQuery, ReportSource } from '../src/modules/reports/source';
import { actionsSource } from '../src/modules/reports/sources/actions';
import { submissionsSource } from '../src/modules/reports/sources/submissions';
import { employeeOf, setupTestApp, type TestContext } from './helpers';

/**
 * The submissions and actions reports' sources, read straight (the service checks the viewer):
 * every figure compared with the demo organisation's rows counted with Prisma.
 */
let ctx: TestContext;
let reader: Reader;
let companyId: string;
let timeZone: string;
let today: string;
let submissions: ReportSource;
let actions: ReportSource;
const NOWHERE = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await setupTestApp();
  reader = createReader(ctx.databaseUrl, 2);
  companyId = (await employeeOf(ctx.db, 'mia.employee')).companyId;
  timeZone = (await ctx.db.company.findUniqueOrThrow({ where: { id: companyId } })).timeZone;
  today = await organisationToday(ctx.db, companyId);
  submissions = submissionsSource({ db: ctx.db, reader });
  actions = actionsSource({ db: ctx.db, reader });
  await refreshRollups(ctx.db);
});
afterAll(async () => {
  await reader.close();
});

function queryOf(report: 'submissions' | 'actions', by: string, given: TReportFilters = {}): ReportQuery {
  const filters = ZReportFilters.parse({ period: 'all', ...given });
  const viewer = { companyId, employeeId: null, accessKeys: new Set(), timeZone } as ReportQuery['viewer'];
  return { viewer, report, by, filters, months: reportMonths(filters, today), today };
}

const valuesOf = (table: { rows: { key: string; values: (number | null)[] }[] }) =>
  Object.fromEntries(table.rows.map((row) => [row.key, row.values]));

/** The forms a report counts: submitted, not HR. */
const countedSubmissions = () => ({ companyId, isDraft: false, formType: { not: 'hr' as const } });

describe('submissions', () => {
  it('by template: open and closed of every template as counted, all of them, largest first', async () => {
    const where = countedSubmissions();
    const groups = await ctx.db.formSubmission.groupBy({
      by: ['templateId', 'isClosed'],
      where,
      _count: true,
    });
    const table = await submissions.table(queryOf('submissions', 'template'));
    const values = valuesOf(table);
    expect(table.rows.length).toBe(new Set(groups.map((group) => group.templateId)).size);
    for (const group of groups) expect(values[group.templateId]![group.isClosed ? 1 : 0]).toBe(group._count);
    expect(table.rows.map((row) => row.values[0])).toEqual(
      [...table.rows.map((row) => row.values[0])].sort((a, b) => b! - a!),
    );
    const open = await ctx.db.formSubmission.count({ where: { ...where, isClosed: false } });
    const closed = await ctx.db.formSubmission.count({ where: { ...where, isClosed: true } });
    expect(table.total.slice(0, 2)).toEqual([open, closed]);
    expect(table.asOf).toBeInstanceOf(Date);
    expect(table.columns.map((column) => column.label)).toEqual(['Open', 'Closed', 'Avg days to close']);
    // The average over every closed form, not a sum of the templates' averages.
    const timed = await ctx.db.formSubmission.findMany({
      where: { ...where, isClosed: true, closedAt: { not: null } },
      select: { createdAt: true, closedAt: true },
    });
    const days = timed.reduce(
      (sum, s) => sum + (s.closedAt!.getTime() - s.createdAt.getTime()) / 86_400_000,
      0,
    );
    expect(table.total[2]).toBe(timed.length ? Math.round((days / timed.length) * 10) / 10 : null);
  });

  it('by status and month in the last 12 months: the forms of those form dates', async () => {
    const query = queryOf('submissions', 'month', { period: 'last12Months' });
    const formDate = {
      gte: new Date(`${query.months!.from}T00:00:00Z`),
      lt: new Date(`${query.months!.until}T00:00:00Z`),
    };
    const where = { ...countedSubmissions(), formDate };
    const [open, closed] = await Promise.all([
      ctx.db.formSubmission.count({ where: { ...where, isClosed: false } }),
      ctx.db.formSubmission.count({ where: { ...where, isClosed: true } }),
    ]);
    const byMonth = await submissions.table(query);
    expect(byMonth.rows.map((row) => row.key)).toHaveLength(12);
    expect(byMonth.rows[11]!.key).toBe(today.slice(0, 7));
    expect(byMonth.total.slice(0, 2)).toEqual([open, closed]);
    const byStatus = await submissions.table(queryOf('submissions', 'status', { period: 'last12Months' }));
    expect(byStatus.rows.map((row) => [row.key, row.label, row.values.slice(0, 2)])).toEqual([
      ['open', 'Open', [open, 0]],
      ['closed', 'Closed', [0, closed]],
    ]);
  });

  it('narrowed to a workplace (the fine rollup) and to a recorder (read live)', async () => {
    const busiest = await ctx.db.formSubmission.groupBy({
      by: ['workplaceId'],
      where: { ...countedSubmissions(), workplaceId: { not: null } },
      _count: true,
      orderBy: { _count: { workplaceId: 'desc' } },
      take: 1,
    });
    const workplaceId = busiest[0]!.workplaceId!;
    const atWorkplace = await submissions.table(queryOf('submissions', 'template', { workplaceId }));
    const counted = await ctx.db.formSubmission.count({ where: { ...countedSubmissions(), workplaceId } });
    expect(atWorkplace.total[0]! + atWorkplace.total[1]!).toBe(counted);
    const byWorkplace = await submissions.table(queryOf('submissions', 'workplace', { workplaceId }));
    expect(byWorkplace.rows.map((row) => row.key)).toEqual([workplaceId]);

    const recorder = await ctx.db.formSubmission.findFirstOrThrow({
      where: { ...countedSubmissions(), recordedByEmployeeId: { not: null } },
    });
    const personId = recorder.recordedByEmployeeId!;
    const live = await submissions.table(queryOf('submissions', 'workplace', { personId }));
    const theirs = await ctx.db.formSubmission.count({
      where: { ...countedSubmissions(), recordedByEmployeeId: personId },
    });
    expect(live.total[0]! + live.total[1]!).toBe(theirs);
    expect(live.asOf).toBeNull();
    expect(live.rows.find((row) => row.key === 'none')?.label ?? 'No workplace').toBe('No workplace');
  });

  it("another organisation's ids match nothing", async () => {
    const table = await submissions.table(queryOf('submissions', 'template', { workplaceId: NOWHERE }));
    expect(table.rows).toEqual([]);
    expect(table.total).toEqual([0, 0, null]);
  });

  it('drills into a cell: the forms behind it, newest first, with the Records page', async () => {
    const query = queryOf('submissions', 'template');
    const table = await submissions.table(query);
    const row = table.rows.find((candidate) => candidate.values[1]! > 0)!;
    const records = await submissions.records(query, {
      key: row.key,
      column: 'closed',
      page: 1,
      pageSize: 25,
    });
    expect(records.total).toBe(row.values[1]);
    expect(records.items.length).toBe(Math.min(25, row.values[1]!));
    expect(records.items.every((item) => item.status === 'Closed')).toBe(true);
    expect(records.items[0]!.path).toBe(`/form-submission/Record/${records.items[0]!._id}`);
    const dates = records.items.map((item) => item.date!);
    expect(dates).toEqual([...dates].sort().reverse());
    const none = await submissions.records(query, {
      key: 'not-a-key',
      column: undefined,
      page: 1,
      pageSize: 25,
    });
    expect(none.total).toBe(0);
  });
});

describe('actions', () => {
  const notHr = () => ({ companyId, isHr: false });

  it('by assignee over all time: open, overdue and closed of every assignee as counted', async () => {
    const all = await ctx.db.action.findMany({
      where: notHr(),
      select: { assigneeEmployeeId: true, isComplete: true, dueDate: true },
    });
    const expected = new Map<string, number[]>();
    for (const action of all) {
      const key = action.assigneeEmployeeId ?? 'none';
      const counts = expected.get(key) ?? [0, 0, 0];
      const due = action.dueDate.toISOString().slice(0, 10);
      counts[action.isComplete ? 2 : due < today ? 1 : 0]! += 1;
      expected.set(key, counts);
    }
    const table = await actions.table(queryOf('actions', 'assignee'));
    const values = valuesOf(table);
    expect(table.rows.length).toBe(expected.size);
    for (const [key, counts] of expected) expect(values[key]!.slice(0, 3)).toEqual(counts);
    expect(table.total.slice(0, 3)).toEqual(
      [0, 1, 2].map((index) => [...expected.values()].reduce((sum, counts) => sum + counts[index]!, 0)),
    );
    expect(table.asOf).toBeInstanceOf(Date);
  });

  it('by assignee in a preset period equals the cells of that period', async () => {
    const preset = await actions.table(queryOf('actions', 'assignee', { period: 'last12Months' }));
    const custom = await actions.table(
      queryOf('actions', 'assignee', {
        period: 'custom',
        fromMonth: reportMonths({ period: 'last12Months' }, today).fromMonth!,
        toMonth: today.slice(0, 7),
      }),
    );
    expect(custom.rows).toEqual(preset.rows);
    const months = reportMonths({ period: 'last12Months' }, today);
    const assignedOn = {
      gte: new Date(`${months.from}T00:00:00Z`),
      lt: new Date(`${months.until}T00:00:00Z`),
    };
    const counted = await ctx.db.action.count({ where: { ...notHr(), assignedOn } });
    // UTC organisation in the demo: its months are UTC months.
    if (timeZone === 'UTC') expect(preset.total[0]! + preset.total[1]! + preset.total[2]!).toBe(counted);
  });

  it('by source, age and month, and narrowed to a source and an assignee', async () => {
    const bySource = await actions.table(queryOf('actions', 'source'));
    const forms = await ctx.db.action.count({ where: { ...notHr(), submissionId: { not: null } } });
    const form = bySource.rows.find((row) => row.key === 'form')!;
    expect(form.label).toBe('Form');
    expect(form.values[0]! + form.values[1]! + form.values[2]!).toBe(forms);

    const byAge = await actions.table(queryOf('actions', 'age'));
    expect(byAge.rows.map((row) => row.label)).toEqual([
      '0–7 days',
      '8–30 days',
      '31–90 days',
      '91–365 days',
      'Over a year',
    ]);
    const open = await ctx.db.action.count({ where: { ...notHr(), isComplete: false } });
    expect(byAge.total[0]! + byAge.total[1]!).toBe(open);
    expect(byAge.total[2]).toBe(0);

    const risky = await actions.table(queryOf('actions', 'month', { category: 'risk' }));
    const risks = await ctx.db.action.count({ where: { ...notHr(), riskId: { not: null } } });
    expect(risky.total[0]! + risky.total[1]! + risky.total[2]!).toBe(risks);

    const someone = await ctx.db.action.findFirstOrThrow({
      where: { ...notHr(), assigneeEmployeeId: { not: null } },
    });
    const personId = someone.assigneeEmployeeId!;
    const theirs = await actions.table(queryOf('actions', 'source', { personId }));
    const counted = await ctx.db.action.count({ where: { ...notHr(), assigneeEmployeeId: personId } });
    expect(theirs.total[0]! + theirs.total[1]! + theirs.total[2]!).toBe(counted);
    const nobody = await actions.table(queryOf('actions', 'assignee', { personId: NOWHERE }));
    expect(nobody.rows).toEqual([]);
  });

  it('never counts HR actions', async () => {
    const hr = await ctx.db.action.count({ where: { companyId, isHr: true } });
    const everything = await ctx.db.action.count({ where: { companyId } });
    const table = await actions.table(queryOf('actions', 'source'));
    expect(table.total[0]! + table.total[1]! + table.total[2]!).toBe(everything - hr);
  });

  it('drills into the overdue of an assignee: the actions behind the figure, with their page', async () => {
    const query = queryOf('actions', 'assignee');
    const table = await actions.table(query);
    const row = table.rows.find((candidate) => candidate.values[1]! > 0)!;
    const records = await actions.records(query, { key: row.key, column: 'overdue', page: 1, pageSize: 25 });
    expect(records.total).toBe(row.values[1]);
    expect(records.items.every((item) => item.status === 'Overdue' && item.date! < today)).toBe(true);
    expect(records.items[0]!.path).toMatch(
      /^\/(form-submission\/Record|risk\/register|hazardous\/register)\//,
    );
    const age = await actions.table(queryOf('actions', 'age'));
    const bucket = age.rows.find((candidate) => candidate.values[0]! + candidate.values[1]! > 0)!;
    const aged = await actions.records(queryOf('actions', 'age'), {
      key: bucket.key,
      column: undefined,
      page: 1,
      pageSize: 5,
    });
    expect(aged.total).toBe(bucket.values[0]! + bucket.values[1]!);
  });
});
