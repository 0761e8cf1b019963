import { assetMessages as say, type TAssetSaveParsed } from '@compass/shared';
import type { Asset } from '../../generated/prisma/client';
import type { Prisma } from '../../db/prisma';
import { dateOf, dayOf } from '../../db/days';
import { badRequest } from '../../errors';
import { recordSave } from '../../plugins/changeLog';
import { followAssetChange } from '../maintenanceSchedule';
import { assetNumberLock, nextAssetNumber } from '../organisationFile';
import { findAsset } from './policy';

type Tx = Prisma.TransactionClient;
/** Who saves: the signed-in user, or nobody (the organisation file). */
export interface SavedBy {
  companyId: string;
  userId: string | null;
}

const invalid = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** A unique index's refusal: the number was taken between the check and the write. */

/** An asset as its change log shows it. */
function snapshot(asset: Asset) {
  return {
    number: asset.number,
    name: asset.name,
    categoryId: asset.categoryId,
    make: asset.make,
    model: asset.model,
    serialNumber: asset.serialNumber,
    workplaceId: asset.workplaceId,
    branchId: asset.branchId,
    location: asset.location,
    ownerEmployeeId: asset.ownerEmployeeId,
    supplierId: asset.supplierId,
    purchaseDate: dayOf(asset.purchaseDate),
    purchaseCost: asset.purchaseCost?.toFixed(2) ?? null,
    notes: asset.notes,
  };
}

/**
 * The references of a save are the organisation's: a category, a workplace with the branch of it,
 * an active employee as owner and an active supplier company. An owner or supplier the asset keeps
 * unchanged is not asked again (they may have left since).
 */
async function checkReferences(tx: Tx, companyId: string, input: TAssetSaveParsed, before: Asset | null) {
  const count = (found: Promise<number>) => found.then((n) => n > 0);
  const [category, workplace, branch, owner, supplier] = await Promise.all([
    input.categoryId ? count(tx.assetCategory.count({ where: { companyId, id: input.categoryId } })) : true,
    input.workplaceId ? count(tx.workplace.count({ where: { companyId, id: input.workplaceId } })) : true,
    input.branchId
      ? count(
          tx.branch.count({
            where: { companyId, id: input.branchId, workplaceId: input.workplaceId ?? undefined },
          }),
        ).then((found) => found && input.workplaceId !== null)
      : true,
    input.ownerId && input.ownerId !== before?.ownerEmployeeId
      ? count(tx.employee.count({ where: { companyId, id: input.ownerId, isActive: true } }))
      : true,
    input.supplierId && input.supplierId !== before?.supplierId
      ? count(tx.supplierCompany.count({ where: { companyId, id: input.supplierId, isActive: true } }))
      : true,
  ]);
  if (!category) throw invalid('categoryId', say.categoryUnknown);
  if (!workplace) throw invalid('workplaceId', say.workplaceUnknown);
  if (!branch) throw invalid('branchId', say.branchUnknown);
  if (!owner) throw invalid('ownerId', say.personUnknown);
  if (!supplier) throw invalid('supplierId', say.supplierUnknown);
}

/**
 * Creates or changes an asset in the caller's transaction: checks, the number (the next free one
 * when empty), the change log, and its category's maintenance (the old category's open records
 * cancelled, the new one's plans scheduled). A unique violation of a racing save is the caller's
 * to turn into numberTaken (the transaction is lost by then).
 */
export async function saveAsset(
  tx: Tx,
  by: SavedBy,
  input: TAssetSaveParsed,
  today: string,
): Promise<{ id: string; created: boolean }> {
  const { companyId } = by;
  const before = input._id ? await findAsset(tx, companyId, input._id) : null;
  if (before?.status === 'disposed') throw badRequest(say.disposed);
  await checkReferences(tx, companyId, input, before);
  if (input.purchaseDate && input.purchaseDate > today) throw invalid('purchaseDate', say.purchaseInFuture);
  let number = input.number;
  if (!number) {
    await assetNumberLock(tx, companyId);
    number = before?.number ?? (await nextAssetNumber(tx, companyId));
  }
  const taken = await tx.asset.count({
    where: {
      companyId,
      number: { equals: number, mode: 'insensitive' },
      ...(before && { id: { not: before.id } }),
    },
  });
  if (taken > 0) throw invalid('number', say.numberTaken);
  const data = {
    number,
    name: input.name,
    categoryId: input.categoryId,
    make: input.make,
    model: input.model,
    serialNumber: input.serialNumber,
    workplaceId: input.workplaceId,
    branchId: input.branchId,
    location: input.location,
    ownerEmployeeId: input.ownerId,
    supplierId: input.supplierId,
    purchaseDate: input.purchaseDate ? dateOf(input.purchaseDate) : null,
    purchaseCost: input.purchaseCost === null ? null : input.purchaseCost.toFixed(2),
    notes: input.notes,
  };
  const after = before
    ? await tx.asset.update({ where: { id: before.id }, data })
    : await tx.asset.create({ data: { ...data, companyId } });
  await recordSave(tx, by, { type: 'asset', id: after.id }, before && snapshot(before), snapshot(after));
  await followAssetChange(tx, { companyId, before, after }, today);
  return { id: after.id, created: !before };
}
