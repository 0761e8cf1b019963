import { auditMessages as say, mandatoryProblems, occurrenceDay, type TAttachment } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { dateOf, dayOf } from '../../db/days';
import { badRequest, conflict, staleVersion } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { FileStorage } from '../../plugins/storage';
import { pdfFileName, renderPdfIsolated } from '../closeOff';
import type { TemplateVersionShape } from '../submissions';
import { auditPdfModel } from './pdf';
import { answersOf, type StoredAudit, type Tx } from './record';

/**
 * Close-off of the audit the auditor conducts (`shape` its questions): mandatory questions
 * answered and no open finding (409, nothing changed), then the PDF is rendered, stored as the
 * audit's attachment, and a recurring audit's next occurrence is scheduled — all in one transaction.
 */
export async function closeAudit(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  audit: StoredAudit,
  shape: TemplateVersionShape,
): Promise<{ pdf: TAttachment; nextAuditId: string | null }> {
  const id = audit.id;
  const answers = answersOf(audit);
  const none = new Map<string, number>();
  const missing = mandatoryProblems(
    shape.fieldList,
    shape.sections,
    { values: new Map(Object.entries(answers)), tableRows: none, tasks: none, attachments: none },
    false,
  );
  if (missing.length > 0)
    throw badRequest(
      missing[0]!.message,
      missing.map((problem) => ({ field: problem.fieldId, message: problem.message })),
    );
  const openTasks = (tx: Tx | Db) =>
    tx.auditQuestionTask.count({ where: { companyId: auth.companyId, auditId: id, isComplete: false } });
  const refuseOpen = () => conflict(say.openTasks, 'open_tasks_block_close');
  if ((await openTasks(db)) > 0) throw refuseOpen();

  const closedAt = new Date();
  const model = await auditPdfModel(db, storage, auth.companyId, id, shape, closedAt);
  const content = await renderPdfIsolated(model);
  const fileName = pdfFileName(model);
  const storageKey = await storage.put(content, 'pdf');
  try {
    return await db.$transaction(
      async (tx) => {
        const updated = await tx.audit.updateMany({
          where: { id, companyId: auth.companyId, version: audit.version, status: { not: 'closed' } },
          data: { status: 'closed', closedAt, closedByUserId: auth.userId, version: { increment: 1 } },
        });
        if (updated.count !== 1) throw staleVersion();
        if ((await openTasks(tx)) > 0) throw refuseOpen();
        const attachment = await tx.attachment.create({
          data: {
            companyId: auth.companyId,
            ownerType: 'audit',
            ownerId: id,
            name: fileName,
            storageKey,
            mimeType: 'application/pdf',
            size: content.length,
            fileType: 'pdf',
            uploadedById: auth.userId,
          },
        });
        await tx.audit.update({ where: { id }, data: { pdfAttachmentId: attachment.id } });
        const next = await scheduleNext(tx, audit);
        await recordChange(tx, {
          companyId: auth.companyId,
          userId: auth.userId,
          entityType: 'audit',
          entityId: id,
          action: 'closed',
          before: { status: audit.status },
          after: { status: 'closed', pdfAttachmentId: attachment.id, nextAuditId: next },
        });
        return {
          pdf: {
            _id: attachment.id,
            name: attachment.name,
            path: `/api/files/${attachment.id}`,
            fileType: attachment.fileType,
            size: attachment.size,
          },
          nextAuditId: next,
        };
      },
      { timeout: 20_000 },
    );
  } catch (error) {
    await storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** A recurring audit's next occurrence: the same template version, auditor and place. */
async function scheduleNext(tx: Tx, audit: StoredAudit): Promise<string | null> {
  if (!audit.frequency || !audit.firstDueDate) return null;
  const occurrence = audit.occurrence + 1;
  // Closed before and reopened: the next occurrence was scheduled at the first close.
  const scheduled = await tx.audit.findFirst({
    where: {
      companyId: audit.companyId,
      name: audit.name,
      templateId: audit.templateId,
      frequency: audit.frequency,
      firstDueDate: audit.firstDueDate,
      occurrence,
    },
    select: { id: true },
  });
  if (scheduled) return scheduled.id;
  const next = await tx.audit.create({
    data: {
      companyId: audit.companyId,
      name: audit.name,
      templateId: audit.templateId,
      templateVersionId: audit.templateVersionId,
      auditDate: dateOf(occurrenceDay(dayOf(audit.firstDueDate), audit.frequency, occurrence)),
      ownerEmployeeId: audit.ownerEmployeeId,
      workplaceId: audit.workplaceId,
      branchId: audit.branchId,
      frequency: audit.frequency,
      firstDueDate: audit.firstDueDate,
      occurrence,
      createdByEmployeeId: audit.createdByEmployeeId,
    },
  });
  return next.id;
}
