import {
  maintenanceMessages as say,
  maintenanceCompleteCall,
  type TMaintenanceReassign,
} from '@compass/shared';
import { dateOf } from '../../db/days';
import type { Prisma } from '../../db/prisma';
import { day, sql, uuid, type Sql } from '../../db/sql';
import { badRequest } from '../../errors';
import { servedBy } from '../employees';

/** The transaction client of the writes here (the assets module calls them inside its own). */
export type Tx = Prisma.TransactionClient;

type AssigneeInput = NonNullable<TMaintenanceReassign['assignee']>;
export interface AssigneeColumns {
  assigneeEmployeeId: string | null;
  assigneeSupplierId: string | null;
}

/**
 * Who does maintenance, checked: an active employee whose account may complete it (signs in), or an
 * active supplier company of the organisation; null leaves it unassigned.
 */
export async function assigneeColumns(
  tx: Tx,
  companyId: string,
  assignee: AssigneeInput | null,
): Promise<AssigneeColumns> {
  if (!assignee) return { assigneeEmployeeId: null, assigneeSupplierId: null };
  if (assignee.kind === 'employee') {
    const found = await tx.employee.count({
      where: { companyId, id: assignee._id, isActive: true, ...servedBy(maintenanceCompleteCall) },
    });
    if (!found) throw badRequest(say.employeeUnknown);
    return { assigneeEmployeeId: assignee._id, assigneeSupplierId: null };
  }
  const found = await tx.supplierCompany.count({ where: { companyId, id: assignee._id, isActive: true } });
  if (!found) throw badRequest(say.supplierUnknown);
  return { assigneeEmployeeId: null, assigneeSupplierId: assignee._id };
}

/**
 * Inserts the open record of each active plan `p` for each asset `a` it is of (the asset, or one of
 * the category) and not disposed of, of `from` (plans joined to assets) matching `where`, due on `due`; a plan and asset with an open record already keep theirs (the partial unique index).
 * One statement: a category plan fans out over every asset of the category, thousands at most.
 */
function insertPlanRecords(tx: Tx, from: Sql, where: Sql, due: Sql): Promise<number> {
  return tx.$executeRaw(sql`INSERT INTO "MaintenanceRecord" (id, "companyId", "assetId", "planId", kind,
      title, instructions, "assigneeEmployeeId", "assigneeSupplierId", "dueDate")
    SELECT gen_random_uuid(), p."companyId", a.id, p.id, 'planned'::"MaintenanceKind", p.title, p.instructions,
      p."assigneeEmployeeId", p."assigneeSupplierId", ${due}
    FROM ${from} WHERE ${where} AND p."isActive" AND a.status <> 'disposed'
      AND (a.id = p."assetId" OR a."categoryId" = p."categoryId")
    ON CONFLICT ("planId", "assetId") WHERE status = 'open' AND "planId" IS NOT NULL DO NOTHING`);
}

/** A new plan's first records: of its asset, or of every asset of its category not disposed of. */
export function openFirstRecords(tx: Tx, planId: string): Promise<number> {
  return insertPlanRecords(
    tx,
    sql`"MaintenancePlan" p JOIN "Asset" a ON a."companyId" = p."companyId"`,
    sql`p.id = ${uuid(planId)}`,
    sql`p."firstDueDate"`,
  );
}

/** The next record of a plan's done one, due `nextDue`, unless the plan stopped or the asset was disposed of. */
export async function openNextRecord(
  tx: Tx,
  planId: string,
  assetId: string,
  nextDue: string,
): Promise<boolean> {
  const inserted = await insertPlanRecords(
    tx,
    sql`"MaintenancePlan" p JOIN "Asset" a ON a."companyId" = p."companyId"`,
    sql`p.id = ${uuid(planId)} AND a.id = ${uuid(assetId)}`,
    day(nextDue),
  );
  return inserted > 0;
}

/**
 * Gives the asset an open record for every active plan of its category it has none open for, due on
 * the plan's first day, or today when that has passed (an asset joining a category later).
 */
export async function scheduleAssetPlans(
  tx: Tx,
  companyId: string,
  assetId: string,
  today: string,
): Promise<void> {
  await insertPlanRecords(
    tx,
    sql`"Asset" a JOIN "MaintenancePlan" p ON p."companyId" = a."companyId" AND p."categoryId" = a."categoryId"`,
    sql`a.id = ${uuid(assetId)} AND a."companyId" = ${uuid(companyId)}`,
    sql`greatest(p."firstDueDate", ${day(today)})`,
  );
}

/** Cancels open records (the asset's columns follow by trigger). */
function cancelOpen(tx: Tx, where: Prisma.MaintenanceRecordWhereInput) {
  return tx.maintenanceRecord.updateMany({
    where: { ...where, status: 'open' },
    data: { status: 'cancelled' },
  });
}

/** The asset leaves a category: its open records of that category's plans are cancelled. */
export async function cancelCategoryMaintenance(
  tx: Tx,
  companyId: string,
  assetId: string,
  categoryId: string,
): Promise<void> {
  await cancelOpen(tx, { companyId, assetId, plan: { is: { companyId, categoryId } } });
}

/** Disposal: every open record of the asset is cancelled and its own plans stop. */
export async function cancelAssetMaintenance(tx: Tx, companyId: string, assetId: string): Promise<void> {
  await cancelOpen(tx, { companyId, assetId });
  await tx.maintenancePlan.updateMany({
    where: { companyId, assetId, isActive: true },
    data: { isActive: false },
  });
}

/** A fault's corrective record (assets' fault report): open, due on the given day; returns its id. */
export async function openCorrectiveRecord(
  tx: Tx,
  input: {
    companyId: string;
    assetId: string;
    title: string;
    instructions: string;
    assigneeEmployeeId: string | null;
    dueDate: string;
  },
): Promise<string> {
  const record = await tx.maintenanceRecord.create({
    data: {
      companyId: input.companyId,
      assetId: input.assetId,
      kind: 'corrective',
      title: input.title,
      instructions: input.instructions,
      assigneeEmployeeId: input.assigneeEmployeeId,
      dueDate: dateOf(input.dueDate),
    },
    select: { id: true },
  });
  return record.id;
}
