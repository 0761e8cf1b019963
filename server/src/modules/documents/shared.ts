/** What the library and the work items both need: a version's file, publishing, the log. */
import { addDays, type TAttachment } from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import type { Document, DocumentApproval, DocumentVersion } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { dateOf } from '../../db/days';

export type Tx = Prisma.TransactionClient;

/** Readers and approvers have a week from the day a version is published or sent for approval. */
export const DAYS_TO_ACT = 7;

/** A version's file (an attachment of owner documentVersion) as the wire shows it. */
export function versionFile(
  file: { id: string; name: string; fileType: string | null; size: number } | undefined,
): TAttachment | null {
  return file
    ? {
        _id: file.id,
        name: file.name,
        path: `/api/files/${file.id}`,
        fileType: file.fileType,
        size: file.size,
      }
    : null;
}

/** An approval as the wire shows it, its approver named from `names`. */
export function approvalView(approval: DocumentApproval, names: Map<string, string>) {
  return {
    _id: approval.id,
    employeeId: approval.employeeId,
    name: names.get(approval.employeeId) ?? 'Removed employee',
    status: approval.status,
    comment: approval.comment,
    decidedAt: approval.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Publishes a version: it becomes the one readers see, acknowledgements still open on older versions
 * lapse, and every active account holder of the audience (its workplaces, roles and people) gets an
 * acknowledgement to do within a week.
 */
export async function publish(
  tx: Tx,
  auth: AuthContext,
  document: Document,
  version: DocumentVersion,
  today: string,
): Promise<void> {
  const now = new Date();
  await tx.documentVersion.update({
    where: { id: version.id },
    data: { status: 'published', publishedAt: now },
  });
  await tx.document.update({
    where: { id: document.id },
    data: { currentVersionId: version.id, status: 'published' },
  });
  await tx.documentAcknowledgement.updateMany({
    where: {
      companyId: document.companyId,
      documentId: document.id,
      versionId: { not: version.id },
      acknowledgedAt: null,
      lapsedAt: null,
    },
    data: { lapsedAt: now },
  });
  const audience = [
    ...(document.audienceEmployeeIds.length ? [{ id: { in: document.audienceEmployeeIds } }] : []),
    ...(document.audienceWorkplaceIds.length ? [{ workplaceId: { in: document.audienceWorkplaceIds } }] : []),
    ...(document.audienceRoleIds.length ? [{ roleId: { in: document.audienceRoleIds } }] : []),
  ];
  const readers = audience.length
    ? await tx.employee.findMany({
        where: { companyId: document.companyId, isActive: true, user: { isNot: null }, OR: audience },
        select: { id: true },
      })
    : [];
  await tx.documentAcknowledgement.createMany({
    data: readers.map((reader) => ({
      companyId: document.companyId,
      documentId: document.id,
      versionId: version.id,
      employeeId: reader.id,
      dueDate: dateOf(addDays(today, DAYS_TO_ACT)),
    })),
    skipDuplicates: true,
  });
  await logChange(tx, auth, document.id, 'published', null, {
    version: version.number,
    readersAsked: readers.length,
  });
}

export async function logChange(
  tx: Tx,
  auth: AuthContext,
  documentId: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  await recordChange(tx, {
    companyId: auth.companyId,
    userId: auth.userId,
    entityType: 'document',
    entityId: documentId,
    action,
    before,
    after,
  });
}
