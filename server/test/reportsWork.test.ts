import {
  ACTION_SOURCE_LABELS,
  ACTION_SOURCES,
  auditDetailsPath,
  localDateOf,
  REGISTER_SOURCES,
  ZReportFilters,
  type ActionSource,
  type TReportFilters,
} from '@compass/shared';
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
  const dayOf = (date: Date) => date.toISOString().slice(0, 10);

  /** One action of the Action Register as the report counts it. */
  interface Counted {
    source: ActionSource;
    assignee: string | null;
    complete: boolean;
    dueDate: string;
    assignedOn: Date;
    completedOn: Date | null;
  }

  /** The register's actions of every source (never HR), read table by table. */
  async function registerActions(): Promise<Counted[]> {
    const task = {
      assigneeEmployeeId: true,
      isComplete: true,
      dueDate: true,
      createdAt: true,
      completedOn: true,
    };
    const [actionRows, audits, obligations, documents] = await Promise.all([
      ctx.db.action.findMany({
        where: notHr(),
        select: {
          assigneeEmployeeId: true,
          isComplete: true,
          dueDate: true,
          assignedOn: true,
          completedOn: true,
          riskId: true,
          hazardousSubstanceId: true,
        },
      }),
      ctx.db.auditQuestionTask.findMany({ where: { companyId }, select: task }),
      ctx.db.obligationQuestionTask.findMany({ where: { companyId }, select: task }),
      ctx.db.documentAction.findMany({ where: { companyId } }),
    ]);
    const ofTask = (source: ActionSource) => (row: (typeof audits)[number]) => ({
      source,
      assignee: row.assigneeEmployeeId,
      complete: row.isComplete,
      dueDate: dayOf(row.dueDate),
      assignedOn: row.createdAt,
      completedOn: row.completedOn,
    });
    return [
      ...actionRows.map((row) => ({
        source: row.riskId ? 'risk' : row.hazardousSubstanceId ? 'hazardous' : ('form' as ActionSource),
        assignee: row.assigneeEmployeeId,
        complete: row.isComplete,
        dueDate: dayOf(row.dueDate),
        assignedOn: row.assignedOn,
        completedOn: row.completedOn,
      })),
      ...audits.map(ofTask('audit')),
      ...obligations.map(ofTask('obligation')),
      ...documents.map((row) => ({
        source: 'document' as const,
        assignee: row.assigneeEmployeeId,
        complete: row.completedOn !== null,
        dueDate: dayOf(row.dueDate),
        assignedOn: row.createdAt,
        completedOn: row.completedOn,
      })),
    ];
  }

  /** Open, overdue and completed of some actions: the report's first three columns. */
  const countsOf = (all: Counted[]) => {
    const counts = [0, 0, 0];
    for (const action of all) counts[action.complete ? 2 : action.dueDate < today ? 1 : 0]! += 1;
    return counts;
  };

  it('by assignee over all time: open, overdue and completed of every assignee as counted', async () => {
    const all = await registerActions();
    const expected = new Map<string, Counted[]>();
    for (const action of all)
      expected.set(action.assignee ?? 'none', [...(expected.get(action.assignee ?? 'none') ?? []), action]);
    const table = await actions.table(queryOf('actions', 'assignee'));
    const values = valuesOf(table);
    expect(table.rows.length).toBe(expected.size);
    for (const [key, theirs] of expected) expect(values[key]!.slice(0, 3)).toEqual(countsOf(theirs));
    expect(table.total.slice(0, 3)).toEqual(countsOf(all));
    expect(table.asOf).toBeInstanceOf(Date);
    // The register's words.
    expect(table.columns.map((column) => column.label)).toEqual([
      'Open',
      'Overdue',
      'Completed',
      'Avg days to close',
    ]);
    expect(table.rows.find((row) => row.key === 'none')?.label).toBe('External personnel');
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
    const inPeriod = (await registerActions()).filter((action) => {
      const day = localDateOf(action.assignedOn, timeZone);
      return day >= months.from! && day < months.until;
    });
    expect(preset.total.slice(0, 3)).toEqual(countsOf(inPeriod));
  });

  it("by source: every source of the Action Register's list, with its words, as counted", async () => {
    const all = await registerActions();
    const bySource = await actions.table(queryOf('actions', 'source'));
    const values = valuesOf(bySource);
    const present = ACTION_SOURCES.filter((source) => all.some((action) => action.source === source));
    // The demo has actions of audits and obligations as well as of forms and risks.
    expect(present).toEqual(expect.arrayContaining(['form', 'audit', 'obligation', 'risk']));
    expect(bySource.rows.map((row) => row.key).sort()).toEqual([...present].sort());
    for (const source of present) {
      expect(values[source]!.slice(0, 3)).toEqual(countsOf(all.filter((action) => action.source === source)));
      expect(bySource.rows.find((row) => row.key === source)!.label).toBe(ACTION_SOURCE_LABELS[source]);
    }
    const options = await actions.options!(queryOf('actions', 'source').viewer);
    expect(options.categories?.map((category) => category._id)).toEqual([...REGISTER_SOURCES.general]);
  });

  it('by age and month, and narrowed to a source and an assignee', async () => {
    const all = await registerActions();
    const byAge = await actions.table(queryOf('actions', 'age'));
    expect(byAge.rows.map((row) => row.label)).toEqual([
      '0–7 days',
      '8–30 days',
      '31–90 days',
      '91–365 days',
      'Over a year',
    ]);
    expect(byAge.total[0]! + byAge.total[1]!).toBe(all.filter((action) => !action.complete).length);
    expect(byAge.total[2]).toBe(0);

    const audited = await actions.table(queryOf('actions', 'month', { category: 'audit' }));
    expect(audited.total.slice(0, 3)).toEqual(countsOf(all.filter((action) => action.source === 'audit')));

    const personId = all.find((action) => action.source === 'audit' && action.assignee)!.assignee!;
    const theirs = await actions.table(queryOf('actions', 'source', { personId }));
    expect(theirs.total.slice(0, 3)).toEqual(countsOf(all.filter((action) => action.assignee === personId)));
    const nobody = await actions.table(queryOf('actions', 'assignee', { personId: NOWHERE }));
    expect(nobody.rows).toEqual([]);
  });

  it('never counts HR actions', async () => {
    const hr = await ctx.db.action.count({ where: { companyId, isHr: true } });
    const table = await actions.table(queryOf('actions', 'source'));
    const counted = table.total[0]! + table.total[1]! + table.total[2]!;
    expect(counted).toBe((await registerActions()).length);
    const [everyAction, audits, obligations, documents] = await Promise.all([
      ctx.db.action.count({ where: { companyId } }),
      ctx.db.auditQuestionTask.count({ where: { companyId } }),
      ctx.db.obligationQuestionTask.count({ where: { companyId } }),
      ctx.db.documentAction.count({ where: { companyId } }),
    ]);
    expect(counted).toBe(everyAction - hr + audits + obligations + documents);
  });

  it('counts an action completed before the day it was assigned as completed that day, never a negative time', async () => {
    const action = await ctx.db.action.findFirstOrThrow({ where: { ...notHr(), isComplete: true } });
    // Years before: counted as it is, the average would fall by days, not by a rounding.
    const before = new Date(action.assignedOn.getTime() - 4000 * 86_400_000);
    await ctx.db.action.update({ where: { id: action.id }, data: { completedOn: before } });
    await refreshRollups(ctx.db);
    const completed = (await registerActions()).filter((action) => action.complete && action.completedOn);
    const days = completed.map((action) =>
      Math.max(
        0,
        (Date.parse(dayOf(action.completedOn!)) - Date.parse(localDateOf(action.assignedOn, timeZone))) /
          86_400_000,
      ),
    );
    const table = await actions.table(queryOf('actions', 'source'));
    expect(table.total[3]).toBe(
      Math.round((days.reduce((sum, day) => sum + day, 0) / days.length) * 10) / 10,
    );
    for (const row of table.rows) expect(row.values[3] ?? 0).toBeGreaterThanOrEqual(0);
  });

  it('drills into the overdue of an assignee: the actions behind the figure, with their page', async () => {
    const query = queryOf('actions', 'assignee');
    const table = await actions.table(query);
    const row = table.rows.find((candidate) => candidate.values[1]! > 0)!;
    const records = await actions.records(query, { key: row.key, column: 'overdue', page: 1, pageSize: 25 });
    expect(records.total).toBe(row.values[1]);
    expect(records.items.every((item) => item.status === 'Overdue' && item.date! < today)).toBe(true);
    expect(records.items[0]!.path).toMatch(
      /^\/(form-submission\/Record|risk\/register|hazardous\/register|audit-inspection\/audit-details|obligation)\//,
    );
    const age = await actions.table(queryOf('actions', 'age'));
    for (const bucket of age.rows) {
      const aged = await actions.records(queryOf('actions', 'age'), {
        key: bucket.key,
        column: undefined,
        page: 1,
        pageSize: 5,
      });
      expect(aged.total).toBe(bucket.values[0]! + bucket.values[1]!);
    }
  });

  it("drills into every source's completed and the external personnel's: the pages the register opens", async () => {
    const bySource = queryOf('actions', 'source');
    const table = await actions.table(bySource);
    for (const row of table.rows) {
      const records = await actions.records(bySource, {
        key: row.key,
        column: 'closed',
        page: 1,
        pageSize: 25,
      });
      expect(records.total).toBe(row.values[2]);
      if (records.items.length === 0) continue;
      expect(records.items.every((item) => item.status === 'Completed')).toBe(true);
      expect(records.items.every((item) => item.detail.startsWith(`${row.label} · `))).toBe(true);
    }
    const audit = await actions.records(bySource, { key: 'audit', column: undefined, page: 1, pageSize: 1 });
    const [task] = await ctx.db.auditQuestionTask.findMany({ where: { id: audit.items[0]!._id } });
    expect(audit.items[0]!.path).toBe(auditDetailsPath(task!.auditId));

    const byAssignee = queryOf('actions', 'assignee');
    const external = (await actions.table(byAssignee)).rows.find((row) => row.key === 'none')!;
    const theirs = await actions.records(byAssignee, {
      key: 'none',
      column: undefined,
      page: 1,
      pageSize: 25,
    });
    expect(theirs.total).toBe(external.values[0]! + external.values[1]! + external.values[2]!);
    expect(theirs.items.every((item) => item.detail.endsWith(' · External personnel'))).toBe(true);
  });

  it('a column or key that names no state matches nothing, an object property included', async () => {
    const query = queryOf('actions', 'assignee');
    for (const column of ['toString', 'constructor', 'completed'])
      expect((await actions.records(query, { key: 'none', column, page: 1, pageSize: 5 })).total).toBe(0);
    const byStatus = queryOf('submissions', 'status');
    for (const key of ['toString', 'constructor'])
      expect(
        (await submissions.records(byStatus, { key, column: undefined, page: 1, pageSize: 5 })).total,
      ).toBe(0);
    expect(
      (await submissions.records(byStatus, { key: 'open', column: 'toString', page: 1, pageSize: 5 })).total,
    ).toBe(0);
  });
});
