import {
  REQUIREMENT_STATES,
  ZReportFilters,
  addDays,
  startOfLocalDay,
  timesheetPath,
  trainingStanding,
  type ReportId,
  type TReportFilters,
  type TSupplierCompliance,
} from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReader, type Reader } from '../src/db/reader';
import { dayOf } from '../src/db/days';
import { organisationToday } from '../src/plugins/organisationDay';
import { reportMonths } from '../src/modules/reports/months';
import { refreshRollups } from '../src/modules/reports/rollups';
import type { ReportQuery, ReportSource } from '../src/modules/reports/source';
import { competenciesSource } from '../src/modules/reports/sources/competencies';
import { maintenanceSource } from '../src/modules/reports/sources/maintenance';
import { supplierComplianceSource } from '../src/modules/reports/sources/supplierCompliance';
import { supplierFormsSource } from '../src/modules/reports/sources/supplierForms';
import { timesheetHoursSource } from '../src/modules/reports/sources/timesheetHours';
import { trainingSource } from '../src/modules/reports/sources/training';
import { apiCalls, employeeOf, setupTestApp, signIn, type TestContext } from './helpers';

/**
 * The people, suppliers and assets reports' sources, read straight (the service checks the
 * viewer): figures compared with the demo organisation's rows counted here, and with rows made
 * for the test (clock-ins of June 2023, before any the seed has).
 */
let ctx: TestContext;
let reader: Reader;
let companyId: string;
let timeZone: string;
let today: string;
let token: string;
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const deps = () => ({ db: ctx.db, reader });

beforeAll(async () => {
  ctx = await setupTestApp();
  reader = createReader(ctx.databaseUrl, 2);
  companyId = (await employeeOf(ctx.db, 'mia.employee')).companyId;
  timeZone = (await ctx.db.company.findUniqueOrThrow({ where: { id: companyId } })).timeZone;
  today = await organisationToday(ctx.db, companyId);
  token = await signIn(ctx.app, 'olivia.admin');
});
const { data } = apiCalls(
  () => ctx,
  () => ({ 'olivia.admin': token }),
);
afterAll(async () => {
  await reader.close();
});

function queryOf(report: ReportId, by: string, given: TReportFilters = {}): ReportQuery {
  const filters = ZReportFilters.parse({ period: 'all', ...given });
  const viewer = { companyId, employeeId: null, accessKeys: new Set(), timeZone } as ReportQuery['viewer'];
  const periodic = report !== 'supplierCompliance' && report !== 'competencies';
  return { viewer, report, by, filters, months: periodic ? reportMonths(filters, today) : null, today };
}

const valuesOf = (table: { rows: { key: string; values: (number | null)[] }[] }) =>
  Object.fromEntries(table.rows.map((row) => [row.key, row.values]));

const drillAll = (source: ReportSource, query: ReportQuery, key: string, column?: string) =>
  source.records(query, { key, column, page: 1, pageSize: 100 });

describe('supplier compliance', () => {
  it("counts each company's requirements that stand as its company page does, with the compliance %", async () => {
    const supplier = await ctx.db.supplierCompany.findFirstOrThrow({ where: { companyId } });
    const type = await ctx.db.requirementType.create({
      data: { companyId, name: 'Report test insurance', appliesTo: 'company', expires: false },
    });
    const request = (status: 'rejected' | 'approved' | 'pending', createdAt: string, personnelId?: string) =>
      ctx.db.supplierRequirement.create({
        data: {
          companyId,
          supplierId: supplier.id,
          personnelId,
          requirementTypeId: type.id,
          status,
          dueDate: new Date(`${today}T00:00:00Z`),
          createdAt: new Date(createdAt),
        },
      });
    // The rejected request is superseded by the newer approved one; a person who left is not counted.
    await request('rejected', '2024-01-01T00:00:00Z');
    await request('approved', '2025-01-01T00:00:00Z');
    const leaver = await ctx.db.personnel.create({
      data: { companyId, supplierId: supplier.id, firstName: 'Left', lastName: 'Early', isActive: false },
    });
    await request('pending', '2025-01-01T00:00:00Z', leaver.id);
    const source = supplierComplianceSource(deps());
    const byType = valuesOf(await source.table(queryOf('supplierCompliance', 'requirementType')));
    expect(byType[type.id]).toEqual([1, 0, 0, 0, 0, 0, 100]);
    const table = await source.table(queryOf('supplierCompliance', 'company'));
    expect(table.columns.map((column) => column.label)).toEqual([
      'Valid',
      'Expiring soon',
      'Expired',
      'Awaiting review',
      'To provide',
      'Rejected',
      'Compliance %',
    ]);
    // Every company's figures are its page's counts.
    const order = ['valid', 'expiringSoon', 'expired', 'awaitingReview', 'toProvide', 'rejected'] as const;
    expect(REQUIREMENT_STATES.length).toBe(order.length);
    let compliant = 0;
    let all = 0;
    for (const row of table.rows) {
      const page: TSupplierCompliance = await data('olivia.admin', 'supplierCompliance', {
        supplierId: row.key,
      });
      const counts = order.map((state) => page.counts[state]);
      const sum = counts.reduce((total, count) => total + count, 0);
      compliant += counts[0]! + counts[1]!;
      all += sum;
      expect(row.values).toEqual([...counts, Math.round(((counts[0]! + counts[1]!) / sum) * 1000) / 10]);
    }
    expect(table.rows.length).toBeGreaterThan(1);
    expect(table.total[6]).toBe(Math.round((compliant / all) * 1000) / 10);
    // The records behind a cell: as many as the cell says, each with the reviewer's page.
    const row = table.rows[0]!;
    const records = await drillAll(source, queryOf('supplierCompliance', 'company'), row.key, 'valid');
    expect(records.total).toBe(row.values[0]);
    for (const item of records.items)
      expect(item.path).toMatch(
        new RegExp(
          `^/external-parties/(company-document-review/${row.key}|personnel-document-review/[^/]+)/${item._id}$`,
        ),
      );
  });

  it("matches nothing for another organisation's company or a category that is no type", async () => {
    const source = supplierComplianceSource(deps());
    expect(
      (await source.table(queryOf('supplierCompliance', 'company', { companyId: NOWHERE }))).rows,
    ).toEqual([]);
    expect(
      (await source.table(queryOf('supplierCompliance', 'requirementType', { category: 'x' }))).rows,
    ).toEqual([]);
  });
});

describe('forms assigned to suppliers', () => {
  it("counts the Form Register's states and the overdue by template, and every month of the period", async () => {
    const assignments = await ctx.db.supplierAssignment.findMany({ where: { companyId } });
    const expected: Record<string, number[]> = {};
    const order = ['assigned', 'overdue', 'submitted', 'reviewed', 'closed'];
    for (const a of assignments) {
      const counts = (expected[a.formTemplateId] ??= [0, 0, 0, 0, 0]);
      counts[order.indexOf(a.status === 'assigned' && dayOf(a.dueDate) < today ? 'overdue' : a.status)]! += 1;
    }
    const source = supplierFormsSource(deps());
    const table = await source.table(queryOf('supplierForms', 'template'));
    expect(table.columns.map((column) => column.label)).toEqual([
      'With the supplier',
      'Overdue',
      'Submitted for review',
      'Reviewed',
      'Accepted and closed',
    ]);
    expect(valuesOf(table)).toEqual(expected);
    const months = await source.table(queryOf('supplierForms', 'month', { period: 'last12Months' }));
    expect(months.rows).toHaveLength(12);
    expect(months.rows[11]!.key).toBe(today.slice(0, 7));
    const options = await source.options(queryOf('supplierForms', 'month').viewer);
    expect(options.companies!.length).toBe(await ctx.db.supplierCompany.count({ where: { companyId } }));
  });
});

describe('training compliance', () => {
  it("counts each active employee's latest assignment of each course in the training matrix's standings", async () => {
    const mia = await employeeOf(ctx.db, 'mia.employee');
    const ethan = await employeeOf(ctx.db, 'ethan.coordinator');
    const leaver = await ctx.db.employee.findFirstOrThrow({
      where: { companyId, isActive: true, id: { notIn: [mia.id, ethan.id] } },
    });
    const course = await ctx.db.trainingCourse.create({ data: { companyId, name: 'Report test course' } });
    const assign = (employeeId: string, status: 'passed' | 'assigned' | 'failed', createdAt: string) =>
      ctx.db.onlineTrainingAssignment.create({
        data: {
          companyId,
          courseId: course.id,
          employeeId,
          status,
          completeBy: new Date(`${addDays(today, -5)}T00:00:00Z`),
          expectationDuration: 30,
          createdAt: new Date(createdAt),
        },
      });
    // Mia passed it, then let the refresher lapse: expired. Ethan used every attempt: not passed.
    await assign(mia.id, 'passed', '2024-01-01T00:00:00Z');
    await assign(mia.id, 'assigned', '2025-01-01T00:00:00Z');
    await assign(ethan.id, 'failed', '2025-01-01T00:00:00Z');
    // Someone who left is not counted.
    await assign(leaver.id, 'assigned', '2025-01-01T00:00:00Z');
    await ctx.db.employee.update({ where: { id: leaver.id }, data: { isActive: false } });

    const query = queryOf('training', 'course');
    const source = trainingSource(deps());
    const table = await source.table(query);
    expect(table.columns.map((column) => column.label)).toEqual([
      'Done',
      'Due',
      'Overdue',
      'Expired',
      'Not passed',
      'Compliance %',
    ]);
    const values = valuesOf(table);
    expect(values[course.id]).toEqual([0, 0, 0, 1, 1, 0]);

    // Every course as the matrix stands it: the latest assignment of each active employee.
    const assignments = await ctx.db.onlineTrainingAssignment.findMany({
      where: { companyId, employeeId: { not: null }, status: { not: 'cancelled' } },
      include: { course: false },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const active = new Set(
      (await ctx.db.employee.findMany({ where: { companyId, isActive: true } })).map((e) => e.id),
    );
    const latest = new Map<
      string,
      { courseId: string; status: string; completeBy: string; passedBefore: boolean }
    >();
    for (const a of assignments) {
      const pair = `${a.employeeId}|${a.courseId}`;
      const passed = a.status === 'passed';
      const known = latest.get(pair);
      if (known) known.passedBefore ||= passed;
      else
        latest.set(pair, {
          courseId: a.courseId,
          status: a.status,
          completeBy: dayOf(a.completeBy),
          passedBefore: passed,
        });
    }
    const standings = ['done', 'due', 'overdue', 'expired', 'failed'];
    const expected: Record<string, number[]> = {};
    for (const [pair, l] of latest) {
      // "All time" ends with the current month: an assignment to complete later is in no period yet.
      if (!active.has(pair.split('|')[0]!) || l.completeBy >= query.months!.until) continue;
      (expected[l.courseId] ??= [0, 0, 0, 0, 0])[standings.indexOf(trainingStanding(l, today))]! += 1;
    }
    expect(Object.keys(values).sort()).toEqual(Object.keys(expected).sort());
    for (const [courseId, counts] of Object.entries(expected))
      expect(values[courseId]).toEqual([
        ...counts,
        Math.round((counts[0]! / counts.reduce((sum, count) => sum + count, 0)) * 1000) / 10,
      ]);
    const records = await drillAll(source, query, course.id, 'expired');
    expect(records).toMatchObject({ total: 1, items: [{ title: 'Report test course', status: 'Expired' }] });
    expect((await drillAll(source, query, course.id)).total).toBe(2);
  });
});

describe('competencies', () => {
  it('counts the latest records held, expiring within 30 days and expired, by competency', async () => {
    const employee = await employeeOf(ctx.db, 'mia.employee');
    const competency = await ctx.db.competency.create({
      data: { companyId, name: 'Report test licence', kind: 'licence', expires: true, validForMonths: 12 },
    });
    const made = (expiresOn: string, isLatest: boolean) =>
      ctx.db.competencyRecord.create({
        data: {
          companyId,
          employeeId: employee.id,
          competencyId: competency.id,
          achievedOn: new Date(`${addDays(today, -300)}T00:00:00Z`),
          expiresOn: new Date(`${expiresOn}T00:00:00Z`),
          isLatest,
        },
      });
    await made(addDays(today, -10), false);
    await made(addDays(today, 20), true);
    const source = competenciesSource(deps());
    const table = await source.table(queryOf('competencies', 'competency'));
    const values = valuesOf(table);
    // Only the latest record counts; 20 days ahead (within COMPETENCY_EXPIRING_DAYS) is expiring.
    expect(values[competency.id]).toEqual([0, 1, 0]);
    expect(table.columns.map((column) => column.label)).toEqual(['Held', 'Expiring', 'Expired']);
    const person = valuesOf(await source.table(queryOf('competencies', 'person', { personId: employee.id })));
    const latest = await ctx.db.competencyRecord.count({
      where: { companyId, employeeId: employee.id, isLatest: true },
    });
    expect(person[employee.id]!.reduce<number>((sum, count) => sum + (count ?? 0), 0)).toBe(latest);
    const records = await drillAll(source, queryOf('competencies', 'competency'), competency.id, 'expiring');
    expect(records.items).toMatchObject([{ title: 'Report test licence', status: 'Expiring' }]);
  });
});

describe('asset maintenance (rollup)', () => {
  it('counts done on time, late, open and overdue with the cost by category, as the records say', async () => {
    await refreshRollups(ctx.db);
    const query = queryOf('maintenance', 'category');
    const records = await ctx.db.maintenanceRecord.findMany({
      where: {
        companyId,
        status: { not: 'cancelled' },
        dueDate: { lt: new Date(`${query.months!.until}T00:00:00Z`) },
      },
      include: { asset: true },
    });
    expect(records.length).toBeGreaterThan(0);
    const expected: Record<string, number[]> = {};
    for (const m of records) {
      const values = (expected[m.asset.categoryId ?? 'none'] ??= [0, 0, 0, 0, 0]);
      const due = dayOf(m.dueDate);
      const done = m.status === 'done';
      values[done ? (m.completedOn && dayOf(m.completedOn) <= due ? 0 : 1) : due < today ? 3 : 2]! += 1;
      values[4] = Math.round((values[4]! + Number(m.cost ?? 0)) * 100) / 100;
    }
    const source = maintenanceSource(deps());
    const table = await source.table(query);
    expect(table.asOf).not.toBeNull();
    expect(valuesOf(table)).toEqual(expected);
    const [key, values] = Object.entries(expected)[0]!;
    const onTime = await drillAll(source, query, key, 'onTime');
    expect(onTime.total).toBe(values[0]);
    for (const item of onTime.items) expect(item.path).toBe(`/asset/maintenance/${item._id}`);
  });
});

describe('timesheet hours (rollup)', () => {
  const at = (day: string, hours: number, minutes = 0) =>
    new Date(startOfLocalDay(day, timeZone).getTime() + (hours * 60 + minutes) * 60_000);

  it('sums closed entries by week of the period, the approved weeks and the people, and lists who worked', async () => {
    const mia = await employeeOf(ctx.db, 'mia.employee');
    const ethan = await employeeOf(ctx.db, 'ethan.coordinator');
    const approver = await ctx.db.user.findFirstOrThrow({ where: { employeeId: ethan.id } });
    const clocked = (employeeId: string, signInAt: Date, signOutAt: Date | null) =>
      ctx.db.timesheetRecord.create({
        data: { companyId, employeeId, workplaceId: mia.workplaceId, fullName: 'x', signInAt, signOutAt },
      });
    // June 2023: Thursday 1st is in the week of Monday 29 May, part of it in May (not counted).
    await clocked(mia.id, at('2023-05-31', 8), at('2023-05-31', 12));
    await clocked(mia.id, at('2023-06-01', 8), at('2023-06-01', 16, 30));
    await clocked(mia.id, at('2023-06-05', 9), at('2023-06-05', 10, 20));
    await clocked(mia.id, at('2023-06-06', 9), null);
    await clocked(ethan.id, at('2023-06-06', 7), at('2023-06-06', 15, 10));
    await ctx.db.timesheetApproval.create({
      data: {
        companyId,
        employeeId: mia.id,
        weekStart: new Date('2023-06-05T00:00:00Z'),
        dayHours: [1.33, 0, 0, 0, 0, 0, 0],
        totalHours: 1.33,
        approvedById: approver.id,
      },
    });
    await refreshRollups(ctx.db);
    const source = timesheetHoursSource(deps());
    const june = { period: 'custom', fromMonth: '2023-06', toMonth: '2023-06' } as const;
    const weeks = await source.table(queryOf('timesheetHours', 'week', june));
    expect(weeks.chart).toBe('line');
    expect(weeks.rows.map((row) => row.key)).toEqual([
      '2023-05-29',
      '2023-06-05',
      '2023-06-12',
      '2023-06-19',
      '2023-06-26',
    ]);
    expect(weeks.rows[0]).toEqual({ key: '2023-05-29', label: 'Week of 29 May 2023', values: [8.5, 0, 1] });
    expect(weeks.rows[1]!.values).toEqual([9.5, 1.33, 2]);
    expect(weeks.total).toEqual([18, 1.33, 2]);
    const byPerson = valuesOf(await source.table(queryOf('timesheetHours', 'person', june)));
    expect(byPerson).toEqual({ [mia.id]: [9.83, 1.33, 1], [ethan.id]: [8.17, 0, 1] });
    const workers = await drillAll(source, queryOf('timesheetHours', 'week', june), '2023-06-05');
    expect(workers.items.map((item) => [item.title, item.path])).toEqual([
      ['Ethan Clarke', timesheetPath(ethan.id, '2023-06-05')],
      ['Mia Torres', timesheetPath(mia.id, '2023-06-05')],
    ]);
    const miasWeeks = await drillAll(source, queryOf('timesheetHours', 'person', june), mia.id);
    expect(miasWeeks.items.map((item) => [item.date, item.status])).toEqual([
      ['2023-06-05', 'Approved'],
      ['2023-05-29', 'Not approved'],
    ]);
    // A week key that is no day, or no Monday, lists nothing (no 400).
    for (const key of ['2023-02-31', '2023-06-06'])
      expect(await drillAll(source, queryOf('timesheetHours', 'week', june), key)).toMatchObject({
        total: 0,
        items: [],
      });
    const elsewhere = await source.table(
      queryOf('timesheetHours', 'person', { ...june, workplaceId: NOWHERE }),
    );
    expect(elsewhere.rows).toEqual([]);
  });
});
