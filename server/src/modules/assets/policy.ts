import type { Db, Prisma } from '../../db/prisma';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordVisible } from '../assetMaintenance';

/** The register's key: the contract's access asks it of every register call. */
export const holdsRegister = (auth: Pick<AuthContext, 'accessKeys'>) => auth.accessKeys.has('plant');

/** The organisation's asset; another organisation's is not found. */
export async function findAsset(client: Prisma.TransactionClient | Db, companyId: string, id: string) {
  const asset = await client.asset.findFirst({ where: { id, companyId } });
  if (!asset) throw notFound();
  return asset;
}

/**
 * Who may read the files of an asset (its photos and documents) and of its faults. An asset's: a
 * holder of the register's key, who also adds and removes them. A fault's photos, kept as
 * reported: whoever may open the corrective record it became (its record page shows them: the
 * register, the assignee, the assigned supplier's users).
 */
export async function assetFilesAllowed(
  db: Db,
  auth: AuthContext,
  owner: 'asset' | 'assetFault',
  id: string,
  mode: 'read' | 'write',
): Promise<boolean> {
  if (owner === 'assetFault') {
    if (mode !== 'read') return false;
    const fault = await db.assetFault.findFirst({
      where: { id, companyId: auth.companyId },
      select: { recordId: true },
    });
    return fault !== null && (await recordVisible(db, auth, fault.recordId));
  }
  if (!holdsRegister(auth)) return false;
  return (await db.asset.count({ where: { id, companyId: auth.companyId } })) > 0;
}
