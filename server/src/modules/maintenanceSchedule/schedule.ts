import type { Prisma } from '../../db/prisma';
import { day, sql, uuid, type Sql } from '../../db/sql';

/**
 * How an asset's planned maintenance follows the asset: the records a plan opens, and what a change
 * of category or a disposal does to them. Of the platform tier because both the Asset Register's
 * save and status changes (assets) and the organisation file's import (organisationFile) change
 * assets in their transactions; the plans and records themselves are assetMaintenance's
 * (docs/assets.md).
 */
type Tx = Prisma.TransactionClient;

/**
 * Inserts the open record of each active plan `p` for each asset `a` it is of (the asset, or one of
 * the category) and not disposed of, of `from` (plans joined to assets) matching `where`, due on
 * `due`; a plan and asset with an open record already keep theirs (the partial unique index). One
 * statement: a category plan fans out over every asset of the category, thousands at most.
 */
export function insertPlanRecords(tx: Tx, from: Sql, where: Sql, due: Sql): Promise<number> {
  return tx.$executeRaw(sql`INSERT INTO "MaintenanceRecord" (id, "companyId", "assetId", "planId", kind,
      title, instructions, "assigneeEmployeeId", "assigneeSupplierId", "dueDate")
    SELECT gen_random_uuid(), p."companyId", a.id, p.id, 'planned'::"MaintenanceKind", p.title, p.instructions,
      p."assigneeEmployeeId", p."assigneeSupplierId", ${due}
    FROM ${from} WHERE ${where} AND p."isActive" AND a.status <> 'disposed'
      AND (a.id = p."assetId" OR a."categoryId" = p."categoryId")
    ON CONFLICT ("planId", "assetId") WHERE status = 'open' AND "planId" IS NOT NULL DO NOTHING`);
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

/** What an asset was and is, as a save or an import changed it (before: null for a new one). */
export interface AssetChange {
  companyId: string;
  before: { categoryId: string | null; status: string } | null;
  after: { id: string; categoryId: string | null; status: string };
}

/**
 * An asset's maintenance follows its category and its disposal: disposed, its open records are
 * cancelled and its own plans stop; moved to another category, it leaves the old category's plans
 * and joins the new one's (due on their first day, or `today` when that has passed).
 */
export async function followAssetChange(tx: Tx, change: AssetChange, today: string): Promise<void> {
  const { companyId, before, after } = change;
  if (after.status === 'disposed') {
    if (before?.status !== 'disposed') await cancelAssetMaintenance(tx, companyId, after.id);
    return;
  }
  if (before?.categoryId === after.categoryId) return;
  if (before?.categoryId) await cancelCategoryMaintenance(tx, companyId, after.id, before.categoryId);
  if (after.categoryId) await scheduleAssetPlans(tx, companyId, after.id, today);
}
