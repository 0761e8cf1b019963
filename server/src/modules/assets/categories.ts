import { assetMessages as say } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { badRequest, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordDelete, recordSave } from '../../plugins/changeLog';
import { isUniqueViolation } from '../../db/errors';

const nameTaken = () =>
  badRequest(say.categoryNameTaken, [{ field: 'name', message: say.categoryNameTaken }]);

/** Creates or renames a category; names are unique in the organisation whatever their case. */
export async function saveCategory(
  db: Db,
  auth: AuthContext,
  input: { _id?: string | undefined; name: string },
) {
  const companyId = auth.companyId;
  try {
    return await db.$transaction(async (tx) => {
      const before = input._id
        ? await tx.assetCategory.findFirst({ where: { id: input._id, companyId } })
        : null;
      if (input._id && !before) throw notFound();
      const same = await tx.assetCategory.count({
        where: {
          companyId,
          name: { equals: input.name, mode: 'insensitive' },
          ...(before && { id: { not: before.id } }),
        },
      });
      if (same > 0) throw nameTaken();
      const after = before
        ? await tx.assetCategory.update({ where: { id: before.id }, data: { name: input.name } })
        : await tx.assetCategory.create({ data: { companyId, name: input.name } });
      await recordSave(tx, auth, { type: 'assetCategory', id: after.id }, before && { name: before.name }, {
        name: after.name,
      });
      return { _id: after.id };
    });
  } catch (error) {
    // Two racing saves of the same name: the unique key refuses the second.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes a category no asset and no maintenance plan uses. */
export async function deleteCategory(db: Db, auth: AuthContext, id: string): Promise<void> {
  const companyId = auth.companyId;
  await db.$transaction(async (tx) => {
    const category = await tx.assetCategory.findFirst({ where: { id, companyId } });
    if (!category) throw notFound();
    const [assets, plans] = await Promise.all([
      tx.asset.count({ where: { companyId, categoryId: id } }),
      tx.maintenancePlan.count({ where: { companyId, categoryId: id } }),
    ]);
    if (assets + plans > 0) throw badRequest(say.categoryInUse);
    await tx.assetCategory.delete({ where: { id } });
    await recordDelete(tx, auth, { type: 'assetCategory', id }, { name: category.name });
  });
}
