import { personName, type TDocumentDetails, type TDocumentReaders } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { AttachmentService } from '../attachments';
import { employeeNames } from '../employees';
import type { ReviewService } from '../reviews';
import { dayOf } from '../../db/days';
import { canManage, findDocument, mayCompleteAction } from './policy';
import { approvalView, versionFile } from './shared';

/** A document's page: its fields, versions with their approvals and readers, files, actions, reviews. */
export async function documentDetails(
  db: Db,
  attachmentService: AttachmentService,
  reviews: ReviewService,
  auth: AuthContext,
  id: string,
): Promise<TDocumentDetails> {
  const document = await findDocument(db, auth, id);
  const [versions, approvals, counts, attachments, actions, folder, workplaces, roles] = await Promise.all([
    db.documentVersion.findMany({ where: { documentId: id }, orderBy: { number: 'desc' } }),
    db.documentApproval.findMany({ where: { companyId: auth.companyId, documentId: id } }),
    db.documentAcknowledgement.groupBy({
      by: ['versionId'],
      where: { companyId: auth.companyId, documentId: id },
      _count: { _all: true, acknowledgedAt: true },
    }),
    attachmentService.listFor(auth.companyId, 'document', id),
    db.documentAction.findMany({
      where: { companyId: auth.companyId, documentId: id },
      orderBy: { dueDate: 'asc' },
    }),
    document.folderId ? db.documentFolder.findUnique({ where: { id: document.folderId } }) : null,
    db.workplace.findMany({
      where: { companyId: auth.companyId, id: { in: document.audienceWorkplaceIds } },
      select: { id: true, name: true },
    }),
    db.role.findMany({
      where: { companyId: auth.companyId, id: { in: document.audienceRoleIds } },
      select: { id: true, name: true },
    }),
  ]);
  const files = await db.attachment.findMany({
    where: {
      companyId: auth.companyId,
      ownerType: 'documentVersion',
      ownerId: { in: versions.map((v) => v.id) },
    },
    select: { id: true, ownerId: true, name: true, fileType: true, size: true },
  });
  const people = await employeeNames(db, auth.companyId, [
    document.ownerEmployeeId,
    document.reviewerEmployeeId,
    document.coReviewerEmployeeId,
    ...document.audienceEmployeeIds,
    ...approvals.map((approval) => approval.employeeId),
    ...actions.map((action) => action.assigneeEmployeeId),
  ]);
  const uploaders = await db.user.findMany({
    where: {
      companyId: auth.companyId,
      id: { in: versions.map((v) => v.uploadedById).filter((u): u is string => !!u) },
    },
    select: { id: true, username: true, employee: { select: { firstName: true, lastName: true } } },
  });
  const uploaderName = new Map(
    uploaders.map((u) => [u.id, u.employee ? personName(u.employee) : u.username]),
  );
  const option = (employeeId: string | null) =>
    employeeId ? { _id: employeeId, name: people.get(employeeId) ?? 'Removed employee' } : null;
  const manage = canManage(auth, document);
  const fileOf = new Map(files.map((file) => [file.ownerId, file]));
  const countOf = new Map(counts.map((row) => [row.versionId, row._count]));
  return {
    _id: document.id,
    name: document.name,
    description: document.description,
    folder: folder ? { _id: folder.id, name: folder.name } : null,
    owner: option(document.ownerEmployeeId),
    reviewer: option(document.reviewerEmployeeId),
    coReviewer: option(document.coReviewerEmployeeId),
    reviewFrequency: document.reviewFrequency,
    nextReviewDate: dayOf(document.nextReviewDate),
    lastReviewDate: dayOf(document.lastReviewDate),
    audienceWorkplaces: workplaces.map((row) => ({ _id: row.id, name: row.name })),
    audienceRoles: roles.map((row) => ({ _id: row.id, name: row.name })),
    audienceEmployees: document.audienceEmployeeIds.map((employeeId) => option(employeeId)!),
    status: document.status,
    versions: versions.map((version) => ({
      _id: version.id,
      number: version.number,
      status: version.status,
      isCurrent: version.id === document.currentVersionId,
      note: version.note,
      uploadedBy: version.uploadedById ? (uploaderName.get(version.uploadedById) ?? null) : null,
      createdAt: version.createdAt.toISOString(),
      publishedAt: version.publishedAt?.toISOString() ?? null,
      file: versionFile(fileOf.get(version.id)),
      approvals: approvals
        .filter((approval) => approval.versionId === version.id)
        .map((approval) => approvalView(approval, people)),
      acknowledged: countOf.get(version.id)?.acknowledgedAt ?? 0,
      toAcknowledge: countOf.get(version.id)?._all ?? 0,
    })),
    attachments,
    actions: actions.map((action) => ({
      _id: action.id,
      instruction: action.instruction,
      assigneeId: action.assigneeEmployeeId,
      assigneeName: people.get(action.assigneeEmployeeId) ?? 'Removed employee',
      dueDate: dayOf(action.dueDate)!,
      completedOn: dayOf(action.completedOn),
      canComplete: !action.completedOn && mayCompleteAction(auth, document, action),
    })),
    reviews: await reviews.history(auth.companyId, 'document', document.id),
    canManage: manage,
  };
}

/** Who was asked to read a version, and who has (editors and the owner). */
export async function documentReaders(
  db: Db,
  auth: AuthContext,
  versionId: string,
): Promise<TDocumentReaders> {
  const version = await db.documentVersion.findFirst({
    where: { id: versionId, companyId: auth.companyId },
  });
  if (!version) throw notFound();
  const document = await findDocument(db, auth, version.documentId);
  if (!canManage(auth, document)) throw forbidden();
  const rows = await db.documentAcknowledgement.findMany({
    where: { versionId, companyId: auth.companyId },
  });
  const names = await employeeNames(
    db,
    auth.companyId,
    rows.map((row) => row.employeeId),
  );
  return {
    versionNumber: version.number,
    rows: rows
      .map((row) => ({
        employeeId: row.employeeId,
        name: names.get(row.employeeId) ?? 'Removed employee',
        dueDate: dayOf(row.dueDate)!,
        acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
        lapsed: !!row.lapsedAt && !row.acknowledgedAt,
      }))
      .sort(
        (a, b) => Number(!!a.acknowledgedAt) - Number(!!b.acknowledgedAt) || a.name.localeCompare(b.name),
      ),
  };
}
