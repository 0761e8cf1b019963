import type { AttachmentOwner } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import type { Tx } from './registers';

/** An item that keeps files: their owner, and the entity its change log is kept under. */
export interface FiledItem {
  ownerType: AttachmentOwner;
  entityType: string;
  id: string;
}

/**
 * Stores files for an owner of the item and records them with `also` (a check of the item, or
 * its own change, which it answers) in one transaction, logged in the item's history; the files
 * are removed again if it does not commit.
 */
export async function attachItemFiles(
  attachments: AttachmentService,
  auth: AuthContext,
  item: FiledItem,
  files: UploadedFile[],
  also: (tx: Tx) => Promise<Record<string, unknown> | void>,
  action = 'files added',
): Promise<void> {
  const owner = { companyId: auth.companyId, ownerType: item.ownerType, ownerId: item.id };
  await attachments.attach({ ...owner, uploadedById: auth.userId }, files, async (tx, stored) => {
    const changes = await also(tx);
    await recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType: item.entityType,
      entityId: item.id,
      action,
      before: null,
      after: { files: stored.map((file) => file.name), ...changes },
    });
  });
}
