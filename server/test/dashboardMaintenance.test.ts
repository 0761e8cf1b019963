import {
  addDays,
  localDateOf,
  type TDashboardListResponse,
  type TDashboardSupplierListResponse,
  type TMaintenanceItem,
} from '@compass/shared';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, employeeOf, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * The dashboards' Maintenance sections (docs/assets.md): an employee's own open maintenance, a
 * supplier company's in its portal for its account and its people; listed means it opens.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
let ids: { mia: string; acme: string; compressor: string; northwind: string };
let today: string;
const ZONE = 'UTC';
const USERS = [
  'olivia.admin',
  'mia.employee',
  'ethan.coordinator',
  'acme.supplier',
  'liam.personnel',
] as const;

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, USERS);
  await setRoleKeys(ctx.db, 'mia.employee', { plant: false });
  await setRoleKeys(ctx.db, 'olivia.admin', { plant: true });
  const mia = await employeeOf(ctx.db, 'mia.employee');
  ids = {
    mia: mia.id,
    northwind: mia.companyId,
    acme: (
      await ctx.db.supplierCompany.findFirstOrThrow({
        where: { companyId: mia.companyId, name: 'Acme Contracting' },
      })
    ).id,
    compressor: (
      await ctx.db.asset.findFirstOrThrow({
        where: { companyId: mia.companyId, name: 'Air Compressor AC-3' },
      })
    ).id,
  };
  today = localDateOf(new Date(), ZONE);
});

const employeeSection = async (as: string) =>
  ((await data(as, 'dashboardList', { localTimeZone: ZONE })) as TDashboardListResponse).list
    .scheduledMaintenance;
const portalSection = async (as: string) =>
  ((await data(as, 'dashboardSupplierList', { localTimeZone: ZONE })) as TDashboardSupplierListResponse)
    .scheduledMaintenance;
const openIds = async (where: object) =>
  (
    await ctx.db.maintenanceRecord.findMany({
      where: { companyId: ids.northwind, status: 'open', ...where },
      select: { id: true },
    })
  )
    .map((row) => row.id)
    .sort();
const idsOf = (items: TMaintenanceItem[]) => items.map((item) => item._id).sort();

/** Every item opens for the caller with maintenanceDetails, as the record's page opens it. */
async function expectAllOpen(as: string, items: TMaintenanceItem[]) {
  for (const item of items) {
    const response = await call(as, 'maintenanceDetails', { _id: item._id });
    expect(response.statusCode, `${as} ${item._id}`).toBe(200);
    expect(response.json().response_data).toMatchObject({
      title: item.title,
      dueDate: item.dueDate,
      status: 'open',
    });
  }
}

describe('the Maintenance sections list exactly what the record’s page opens', () => {
  it('an employee: their own open records, by due day, with the asset and the badge', async () => {
    const section = await employeeSection('mia.employee');
    expect(section.total).toBeGreaterThan(0);
    expect(idsOf(section.list)).toEqual(await openIds({ assigneeEmployeeId: ids.mia }));
    expect(section.list.map((item) => item.dueDate)).toEqual(
      [...section.list.map((item) => item.dueDate)].sort(),
    );
    const overdue = section.list.find((item) => item.assetName === 'Forklift FL-02');
    expect(overdue).toMatchObject({
      kind: 'planned',
      taskDueDateType: 'overdue',
      badge: 'Pending Completion',
    });
    expect(overdue!.assetNumber).toBeTruthy();
    await expectAllOpen('mia.employee', section.list);
    // The supplier dashboard does not repeat them.
    expect((await portalSection('mia.employee')).total).toBe(0);
  });

  it('the register lists only its own there, not the organisation’s (the register page has those)', async () => {
    const section = await employeeSection('olivia.admin');
    const olivia = await employeeOf(ctx.db, 'olivia.admin');
    expect(idsOf(section.list)).toEqual(await openIds({ assigneeEmployeeId: olivia.id }));
  });

  it('a supplier company’s account and its personnel: the company’s open records', async () => {
    const expected = await openIds({ assigneeSupplierId: ids.acme });
    expect(expected.length).toBeGreaterThan(0);
    for (const as of ['acme.supplier', 'liam.personnel']) {
      const section = await portalSection(as);
      expect(idsOf(section.list), as).toEqual(expected);
      expect(section.total).toBe(expected.length);
      await expectAllOpen(as, section.list);
    }
  });

  it('follows completion and reassignment at once (the dashboard cache follows the records)', async () => {
    const before = await employeeSection('mia.employee');
    const [first] = before.list;
    await data('mia.employee', 'maintenanceComplete', { _id: first!._id, completedOn: today });
    const after = await employeeSection('mia.employee');
    expect(after.list.some((item) => item._id === first!._id)).toBe(false);
    // A new plan's record for Mia, then handed to Acme: it moves from her dashboard to the portal.
    const plan = await data('olivia.admin', 'maintenancePlanSave', {
      assetId: ids.compressor,
      title: `Belt check ${randomUUID().slice(0, 6)}`,
      frequency: 'months',
      assignee: { kind: 'employee', _id: ids.mia },
      firstDueDate: addDays(today, 1),
    });
    const record = await ctx.db.maintenanceRecord.findFirstOrThrow({
      where: { planId: plan._id, status: 'open' },
    });
    expect((await employeeSection('mia.employee')).list.map((item) => item._id)).toContain(record.id);
    await data('olivia.admin', 'maintenanceReassign', {
      _id: record.id,
      assignee: { kind: 'supplier', _id: ids.acme },
      dueDate: addDays(today, 2),
    });
    expect((await employeeSection('mia.employee')).list.map((item) => item._id)).not.toContain(record.id);
    const portal = await portalSection('liam.personnel');
    expect(portal.list.find((item) => item._id === record.id)).toMatchObject({
      dueDate: addDays(today, 2),
      taskDueDateType: 'nodue',
    });
  });

  it('the pies do not count maintenance (their definitions are the specification’s)', async () => {
    const pie = await data('mia.employee', 'dashboardPieChart', { localTimeZone: ZONE });
    const plan = await data('olivia.admin', 'maintenancePlanSave', {
      assetId: ids.compressor,
      title: `Pie check ${randomUUID().slice(0, 6)}`,
      frequency: 'months',
      assignee: { kind: 'employee', _id: ids.mia },
      firstDueDate: today,
    });
    expect(plan._id).toBeTruthy();
    expect(await data('mia.employee', 'dashboardPieChart', { localTimeZone: ZONE })).toEqual(pie);
  });
});
