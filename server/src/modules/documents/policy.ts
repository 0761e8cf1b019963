import { documentMessages as say } from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Document } from '../../generated/prisma/client';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { OwnerPolicy } from '../attachments';
import type { Tx } from './shared';

/** The caller's organisation's document; another organisation's is not found. */
export async function findDocument(client: Tx | Db, auth: AuthContext, id: string): Promise<Document> {
  const document = await client.document.findFirst({ where: { id, companyId: auth.companyId } });
  if (!document) throw notFound();
  return document;
}

/** Editors (documentEdit) manage every document; the owner manages their own. */
export function canManage(auth: AuthContext, document: Pick<Document, 'ownerEmployeeId'>): boolean {
  return (
    auth.accessKeys.has('documentEdit') || (!!auth.employeeId && document.ownerEmployeeId === auth.employeeId)
  );
}

/** A document's action is completed by whoever manages the document, or by its assignee. */
export function mayCompleteAction(
  auth: AuthContext,
  document: Pick<Document, 'ownerEmployeeId'>,
  action: { assigneeEmployeeId: string },
): boolean {
  return canManage(auth, document) || action.assigneeEmployeeId === auth.employeeId;
}

/** A work item (reading, approving) is the employee's the route names, who must be the caller. */
export function ownWorkItem(auth: AuthContext, employeeId: string): string {
  if (!auth.employeeId || auth.employeeId !== employeeId) throw forbidden(say.notYours);
  return employeeId;
}

/** Who may read and change the files of documents (supporting files): readers read, managers change. */
export const documentFilePolicy =
  (db: Db): OwnerPolicy =>
  async (auth, ownerId, mode) => {
    if (!auth.accessKeys.has('document')) return false;
    const document = await db.document.findFirst({ where: { id: ownerId, companyId: auth.companyId } });
    return !!document && (mode === 'read' || canManage(auth, document));
  };

/** A version's file is read by the library's readers; no one changes it. */
export const versionFilePolicy =
  (db: Db): OwnerPolicy =>
  async (auth, ownerId, mode) =>
    mode === 'read' &&
    auth.accessKeys.has('document') &&
    (await db.documentVersion.count({ where: { id: ownerId, companyId: auth.companyId } })) > 0;
