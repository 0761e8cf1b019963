import {
  addDays,
  localDateOf,
  RECORDS_COUNT_CAP,
  type TMaintenanceList,
  type TMaintenanceRow,
} from '@compass/shared';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateOf, dayOf } from '../src/db/days';
import { openCorrectiveRecord } from '../src/modules/assetMaintenance';
import {
  cancelAssetMaintenance,
  cancelCategoryMaintenance,
  scheduleAssetPlans,
} from '../src/modules/maintenanceSchedule';
import { apiCalls, employeeOf, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/** The Maintenance Register (list, filters, export) and the writes the asset register makes through the module. */
let ctx: TestContext;
let tokens: Record<string, string>;
let northwind: string;
let mia: string;
let today: string;
const REGISTER = 'olivia.admin';

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, ['olivia.admin', 'mia.employee']);
  await setRoleKeys(ctx.db, 'olivia.admin', { plant: true });
  const employee = await employeeOf(ctx.db, 'mia.employee');
  northwind = employee.companyId;
  mia = employee.id;
  const company = await ctx.db.company.findUniqueOrThrow({ where: { id: northwind } });
  today = localDateOf(new Date(), company.timeZone);
});

const list = async (body: object = {}) =>
  (await data(REGISTER, 'maintenanceList', { pageSize: 100, ...body })) as TMaintenanceList;
const asset = (name: string) => ctx.db.asset.findFirstOrThrow({ where: { companyId: northwind, name } });
const unique = () => randomUUID().slice(0, 8);

describe('the Maintenance Register', () => {
  it('lists open work oldest due first, done work newest completion first, each with its asset and assignee', async () => {
    const open = (await list()).rows;
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((row) => row.status === 'open')).toBe(true);
    expect(open.map((row) => row.dueDate)).toEqual(open.map((row) => row.dueDate).sort());
    const fault = open.find((row) => row.kind === 'corrective');
    expect(fault).toMatchObject({ assignee: null, frequency: null, taskDueDateType: 'overdue' });
    const done = (await list({ status: 'done' })).rows;
    const days = done.map((row) => row.completedOn!);
    expect(days).toEqual([...days].sort().reverse());
    const compressor = done.find((row) => row.asset.name === 'Air Compressor AC-3');
    expect(compressor).toMatchObject({
      frequency: 'quarterly',
      assignee: { kind: 'supplier', name: 'Acme Contracting' },
    });
    expect(compressor!.cost).toMatch(/^\d+\.\d\d$/);
  });

  it('filters by search, due, kind, asset, category, workplace, assignee and unassigned', async () => {
    const rows = (body: object) => list(body).then((answer) => answer.rows);
    const fl02 = await asset('Forklift FL-02');
    const overdue = await rows({ due: 'overdue' });
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.every((row) => row.dueDate < today && row.taskDueDateType === 'overdue')).toBe(true);
    expect((await rows({ due: 'nodue' })).every((row) => row.dueDate > today)).toBe(true);
    expect((await rows({ kind: 'corrective' })).every((row) => row.kind === 'corrective')).toBe(true);
    const unassigned = await rows({ unassigned: 'yes' });
    expect(unassigned.length).toBeGreaterThan(0);
    expect(unassigned.every((row) => row.assignee === null)).toBe(true);
    const byNumber = await rows({ search: fl02.number.toLowerCase(), status: 'all' });
    expect(byNumber.length).toBeGreaterThan(0);
    expect(byNumber.every((row) => row.asset._id === fl02.id)).toBe(true);
    expect(
      (await rows({ search: 'pre-start', status: 'all' })).every(
        (row) => row.title === 'Pre-start inspection',
      ),
    ).toBe(true);
    expect((await rows({ assetId: fl02.id, status: 'all' })).every((row) => row.asset._id === fl02.id)).toBe(
      true,
    );
    const forklifts = await rows({ categoryId: fl02.categoryId!, status: 'all' });
    expect(new Set(forklifts.map((row) => row.asset.name))).toEqual(
      new Set(['Forklift FL-01', 'Forklift FL-02']),
    );
    expect(
      (await rows({ workplaceId: fl02.workplaceId!, status: 'all' })).some(
        (row) => row.asset._id === fl02.id,
      ),
    ).toBe(true);
    const mine = await rows({ assigneeEmployeeId: mia, status: 'all' });
    expect(mine.every((row) => row.assignee?._id === mia)).toBe(true);
    const page = await list({ status: 'all', pageSize: 2, page: 2 });
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBeLessThanOrEqual(RECORDS_COUNT_CAP);
  });

  it('exports the filtered register as CSV with the list’s columns', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/maintenanceExport?format=csv&status=done',
      headers: { authtoken: tokens[REGISTER]! },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['x-export-truncated']).toBe('no');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Asset number,Asset,Workplace,Maintenance,Kind,Frequency,Done by,Due,Status,Completed on,Cost',
    );
    expect(lines.length - 1).toBe((await list({ status: 'done' })).total);
  });

  it('refuses bad input with 400 and callers without the plant key with 403', async () => {
    expect((await call(REGISTER, 'maintenanceList', { status: 'late' })).statusCode).toBe(400);
    expect((await call(REGISTER, 'maintenanceList', { assetId: 'nope' })).statusCode).toBe(400);
    await setRoleKeys(ctx.db, 'mia.employee', { plant: false });
    expect((await call('mia.employee', 'maintenanceList', {})).statusCode).toBe(403);
  });
});

describe('what the asset register does through the module', () => {
  it('an asset joining a category gets the category’s plans; leaving it cancels them; disposal cancels all and stops its own plans', async () => {
    const category = await ctx.db.assetCategory.create({
      data: { companyId: northwind, name: `Hoists ${unique()}` },
    });
    const plan = await data(REGISTER, 'maintenancePlanSave', {
      categoryId: category.id,
      title: 'Hoist inspection',
      frequency: 'halfYear',
      assignee: { kind: 'employee', _id: mia },
      firstDueDate: addDays(today, 5),
    });
    const hoist = await ctx.db.asset.create({
      data: { companyId: northwind, number: `H-${unique()}`, name: 'Chain hoist', categoryId: category.id },
    });
    const own = await data(REGISTER, 'maintenancePlanSave', {
      assetId: hoist.id,
      title: 'Load test',
      frequency: 'years',
      assignee: { kind: 'employee', _id: mia },
      firstDueDate: today,
    });
    await ctx.db.$transaction((tx) => scheduleAssetPlans(tx, northwind, hoist.id, today));
    // Twice is once: the asset already has the plan's open record.
    await ctx.db.$transaction((tx) => scheduleAssetPlans(tx, northwind, hoist.id, today));
    const open = () =>
      ctx.db.maintenanceRecord.findMany({
        where: { assetId: hoist.id, status: 'open' },
        orderBy: { title: 'asc' },
      });
    expect((await open()).map((record) => [record.title, dayOf(record.dueDate)])).toEqual([
      ['Hoist inspection', addDays(today, 5)],
      ['Load test', today],
    ]);
    expect(
      dayOf((await ctx.db.asset.findUniqueOrThrow({ where: { id: hoist.id } })).nextMaintenanceDue),
    ).toBe(today);

    await ctx.db.$transaction((tx) => cancelCategoryMaintenance(tx, northwind, hoist.id, category.id));
    expect((await open()).map((record) => record.title)).toEqual(['Load test']);
    expect(
      await ctx.db.maintenanceRecord.count({
        where: { planId: plan._id, assetId: hoist.id, status: 'cancelled' },
      }),
    ).toBe(1);

    await ctx.db.$transaction((tx) => cancelAssetMaintenance(tx, northwind, hoist.id));
    expect(await open()).toEqual([]);
    expect((await ctx.db.maintenancePlan.findUniqueOrThrow({ where: { id: own._id } })).isActive).toBe(false);
    // The category's plan goes on for the other assets.
    expect((await ctx.db.maintenancePlan.findUniqueOrThrow({ where: { id: plan._id } })).isActive).toBe(true);
  });

  it('a category plan fans out over thousands of assets in one statement', async () => {
    const category = await ctx.db.assetCategory.create({
      data: { companyId: northwind, name: `Pallets ${unique()}` },
    });
    const prefix = unique();
    await ctx.db.asset.createMany({
      data: Array.from({ length: 3000 }, (_, index) => ({
        companyId: northwind,
        number: `P-${prefix}-${index}`,
        name: `Pallet jack ${index}`,
        categoryId: category.id,
      })),
    });
    const started = Date.now();
    const plan = await data(REGISTER, 'maintenancePlanSave', {
      categoryId: category.id,
      title: 'Pallet jack check',
      frequency: 'quarterly',
      assignee: { kind: 'employee', _id: mia },
      firstDueDate: today,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await ctx.db.maintenanceRecord.count({ where: { planId: plan._id, status: 'open' } })).toBe(3000);
    const listed = await data(REGISTER, 'maintenancePlanList', { categoryId: category.id });
    expect(listed.rows[0]).toMatchObject({ openRecords: 3000, nextDue: today });
  });

  it('a plan whose first day has passed gives a newly joined asset a record due today', async () => {
    const category = await ctx.db.assetCategory.create({
      data: { companyId: northwind, name: `Ramps ${unique()}` },
    });
    const plan = await ctx.db.maintenancePlan.create({
      data: {
        companyId: northwind,
        categoryId: category.id,
        title: 'Ramp check',
        frequency: 'months',
        assigneeEmployeeId: mia,
        firstDueDate: dateOf(addDays(today, -40)),
      },
    });
    const ramp = await ctx.db.asset.create({
      data: { companyId: northwind, number: `R-${unique()}`, name: 'Ramp', categoryId: category.id },
    });
    await ctx.db.$transaction((tx) => scheduleAssetPlans(tx, northwind, ramp.id, today));
    const [record] = await ctx.db.maintenanceRecord.findMany({ where: { planId: plan.id } });
    expect(dayOf(record!.dueDate)).toBe(today);
  });

  it('a fault’s corrective record is open, unplanned, and on the register; done, it leaves the asset’s status alone', async () => {
    const lift = await asset('Scissor Lift SL-07');
    const id = await ctx.db.$transaction((tx) =>
      openCorrectiveRecord(tx, {
        companyId: northwind,
        assetId: lift.id,
        title: 'Fault: guard rail loose',
        instructions: 'Guard rail loose',
        assigneeEmployeeId: mia,
        dueDate: today,
      }),
    );
    const rows = (await list({ kind: 'corrective' })).rows as TMaintenanceRow[];
    expect(rows.find((row) => row._id === id)).toMatchObject({
      kind: 'corrective',
      assignee: { kind: 'employee', _id: mia },
    });
    await data(REGISTER, 'maintenanceComplete', { _id: id, completedOn: today });
    expect((await ctx.db.asset.findUniqueOrThrow({ where: { id: lift.id } })).status).toBe(lift.status);
    const details = await data(REGISTER, 'maintenanceDetails', { _id: id });
    expect(details).toMatchObject({ status: 'done', fault: null, planId: null, frequency: null });
  });

  it('the seeded fault’s record shows its fault', async () => {
    const fault = await ctx.db.assetFault.findFirstOrThrow({ where: { companyId: northwind } });
    const details = await data(REGISTER, 'maintenanceDetails', { _id: fault.recordId });
    expect(details.fault).toMatchObject({
      description: fault.description,
      tookOutOfService: fault.tookOutOfService,
    });
    expect(details.fault.reportedBy).not.toBe('');
    expect(details.canReassign).toBe(true);
  });
});
