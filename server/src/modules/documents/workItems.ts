import {
  documentLibraryPath,
  documentMessages as say,
  type TDocumentApprovalOpen,
  type TDocumentReading,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import { timestampOf, type Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { findDocument, ownWorkItem } from './policy';
import { approvalView, logChange, publish, versionFile } from './shared';
import { dateOf, dayOf } from '../../db/days';
import { employeeNames } from '../employees';
import { emitWebhookEvent } from '../webhooks';

/**
 * The dashboard's document work items: reading and acknowledging the current version, approving
 * or rejecting a version, and the owner's answer to a rejection. The route names the employee
 * ({employeeId}); it must be the caller, whose item it is.
 */
export class DocumentWorkItems {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
  ) {}

  private async fileOf(versionId: string) {
    return this.db.attachment.findFirst({
      where: { ownerType: 'documentVersion', ownerId: versionId },
      select: { id: true, name: true, fileType: true, size: true },
    });
  }

  async openAcknowledgement(auth: AuthContext, id: string, employeeId: string): Promise<TDocumentReading> {
    ownWorkItem(auth, employeeId);
    const document = await findDocument(this.db, auth, id);
    if (!document.currentVersionId) throw badRequest(say.notPublished);
    const version = await this.db.documentVersion.findUniqueOrThrow({
      where: { id: document.currentVersionId },
    });
    const [mine, file, owner] = await Promise.all([
      this.db.documentAcknowledgement.findUnique({
        where: { versionId_employeeId: { versionId: version.id, employeeId } },
      }),
      this.fileOf(version.id),
      employeeNames(this.db, auth.companyId, [document.ownerEmployeeId]),
    ]);
    return {
      _id: document.id,
      name: document.name,
      description: document.description,
      ownerName: document.ownerEmployeeId ? (owner.get(document.ownerEmployeeId) ?? null) : null,
      version: {
        _id: version.id,
        number: version.number,
        note: version.note,
        publishedAt: version.publishedAt?.toISOString() ?? null,
        file: versionFile(file ?? undefined),
      },
      dueDate: dayOf(mine?.dueDate ?? null),
      acknowledgedAt: mine?.acknowledgedAt?.toISOString() ?? null,
    };
  }

  /**
   * Records that the caller read the current version. Anyone with access to the library may
   * acknowledge what they read; the audience's rows are the ones asked for.
   */
  async acknowledge(auth: AuthContext, id: string, employeeId: string): Promise<void> {
    ownWorkItem(auth, employeeId);
    await this.db.$transaction(async (tx) => {
      const document = await findDocument(tx, auth, id);
      if (!document.currentVersionId) throw badRequest(say.notPublished);
      const versionId = document.currentVersionId;
      const existing = await tx.documentAcknowledgement.findUnique({
        where: { versionId_employeeId: { versionId, employeeId } },
      });
      if (existing?.acknowledgedAt) throw conflict(say.alreadyAcknowledged);
      const now = new Date();
      if (existing) {
        await tx.documentAcknowledgement.update({
          where: { id: existing.id },
          data: { acknowledgedAt: now },
        });
      } else {
        await tx.documentAcknowledgement.create({
          data: {
            companyId: auth.companyId,
            documentId: id,
            versionId,
            employeeId,
            dueDate: dateOf(callerToday(auth)),
            acknowledgedAt: now,
          },
        });
      }
      const version = await tx.documentVersion.findUniqueOrThrow({ where: { id: versionId } });
      await logChange(tx, auth, id, 'acknowledged', null, { version: version.number });
    });
  }

  /** The caller's documents to read (or read), a page at a time, on the read pool. */
  async myAcknowledgements(
    auth: AuthContext,
    request: { page: number; pageSize: number; state: 'toRead' | 'read' },
  ) {
    if (!auth.employeeId) return { rows: [], total: 0 };
    const where = sql`a."companyId" = ${uuid(auth.companyId)} AND a."employeeId" = ${uuid(auth.employeeId)} AND ${
      request.state === 'toRead'
        ? sql`a."acknowledgedAt" IS NULL AND a."lapsedAt" IS NULL`
        : sql`a."acknowledgedAt" IS NOT NULL`
    }`;
    const order =
      request.state === 'toRead' ? sql`a."dueDate", a.id` : sql`a."acknowledgedAt" DESC, a.id DESC`;
    const [rows, counted] = await Promise.all([
      this.reader.rows<{
        id: string;
        documentId: string;
        name: string;
        versionNumber: number;
        dueDate: string;
        acknowledgedAt: string | null;
      }>(sql`SELECT a.id, a."documentId", d.name, v.number AS "versionNumber",
          to_char(a."dueDate", 'YYYY-MM-DD') AS "dueDate", a."acknowledgedAt"
        FROM "DocumentAcknowledgement" a
        JOIN "Document" d ON d.id = a."documentId" AND d."companyId" = a."companyId"
        JOIN "DocumentVersion" v ON v.id = a."versionId" AND v."companyId" = a."companyId"
        WHERE ${where} ORDER BY ${order}
        LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}`),
      this.reader.rows<{ total: number }>(
        sql`SELECT count(*)::int AS total FROM "DocumentAcknowledgement" a WHERE ${where}`,
      ),
    ]);
    return {
      total: counted[0]?.total ?? 0,
      rows: rows.map((row) => ({
        _id: row.id,
        documentId: row.documentId,
        name: row.name,
        versionNumber: row.versionNumber,
        dueDate: row.dueDate,
        acknowledgedAt: row.acknowledgedAt ? timestampOf(row.acknowledgedAt).toISOString() : null,
      })),
    };
  }

  /** The caller's approval of the document: the one still requested, else the one last decided. */
  private async myApproval(auth: AuthContext, documentId: string, employeeId: string) {
    const approval =
      (await this.db.documentApproval.findFirst({
        where: { companyId: auth.companyId, documentId, employeeId, status: 'requested' },
      })) ??
      (await this.db.documentApproval.findFirst({
        where: { companyId: auth.companyId, documentId, employeeId },
        orderBy: { decidedAt: { sort: 'desc', nulls: 'last' } },
      }));
    if (!approval) throw notFound(say.nothingToApprove);
    return approval;
  }

  async openApproval(auth: AuthContext, id: string, employeeId: string): Promise<TDocumentApprovalOpen> {
    ownWorkItem(auth, employeeId);
    const document = await findDocument(this.db, auth, id);
    const mine = await this.myApproval(auth, id, employeeId);
    const [version, approvals, file, current] = await Promise.all([
      this.db.documentVersion.findUniqueOrThrow({ where: { id: mine.versionId } }),
      this.db.documentApproval.findMany({ where: { versionId: mine.versionId } }),
      this.fileOf(mine.versionId),
      document.currentVersionId
        ? this.db.documentVersion.findUnique({ where: { id: document.currentVersionId } })
        : null,
    ]);
    const names = await employeeNames(this.db, auth.companyId, [
      document.ownerEmployeeId,
      ...approvals.map((approval) => approval.employeeId),
    ]);
    const approvalOf = (approval: (typeof approvals)[number]) => approvalView(approval, names);
    return {
      _id: document.id,
      name: document.name,
      ownerName: document.ownerEmployeeId ? (names.get(document.ownerEmployeeId) ?? null) : null,
      version: {
        _id: version.id,
        number: version.number,
        status: version.status,
        isCurrent: version.id === document.currentVersionId,
        note: version.note,
        uploadedBy: null,
        createdAt: version.createdAt.toISOString(),
        publishedAt: version.publishedAt?.toISOString() ?? null,
        file: versionFile(file ?? undefined),
        approvals: approvals.map(approvalOf),
        acknowledged: 0,
        toAcknowledge: 0,
      },
      currentVersion: current?.number ?? null,
      mine: approvalOf(mine),
    };
  }

  /**
   * Approves or rejects the version waiting for the caller. The last approval publishes it; a
   * rejection ends its other approvals and gives the owner a version to revise.
   */
  async decide(
    auth: AuthContext,
    input: { _id: string; employeeId: string; decision: 'approve' | 'reject'; comment?: string },
  ): Promise<{ published: boolean }> {
    const employeeId = ownWorkItem(auth, input.employeeId);
    const today = callerToday(auth);
    return this.db.$transaction(async (tx) => {
      const document = await findDocument(tx, auth, input._id);
      const mine = await tx.documentApproval.findFirst({
        where: { companyId: auth.companyId, documentId: document.id, employeeId, status: 'requested' },
      });
      if (!mine) throw notFound(say.nothingToApprove);
      const now = new Date();
      await tx.documentApproval.update({
        where: { id: mine.id },
        data: {
          status: input.decision === 'approve' ? 'approved' : 'rejected',
          comment: input.comment || null,
          decidedAt: now,
        },
      });
      const version = await tx.documentVersion.findUniqueOrThrow({ where: { id: mine.versionId } });
      await logChange(tx, auth, document.id, input.decision === 'approve' ? 'approved' : 'rejected', null, {
        version: version.number,
        comment: input.comment || null,
      });
      if (input.decision === 'reject') {
        await tx.documentApproval.updateMany({
          where: { versionId: version.id, status: 'requested' },
          data: { status: 'withdrawn' },
        });
        await tx.documentVersion.update({
          where: { id: version.id },
          data: { status: 'rejected', rejectedOn: dateOf(today) },
        });
        await tx.document.update({ where: { id: document.id }, data: { status: 'rejected' } });
        return { published: false };
      }
      const open = await tx.documentApproval.count({ where: { versionId: version.id, status: 'requested' } });
      if (open > 0) return { published: false };
      await publish(tx, auth, document, version, today);
      await emitWebhookEvent(tx, auth.companyId, 'document.approved', {
        documentId: document.id,
        name: document.name,
        version: version.number,
        path: documentLibraryPath(document.id),
      });
      return { published: true };
    });
  }

  /** The owner (or an editor) drops a rejected version: the current version stays as it is. */
  async withdraw(auth: AuthContext, id: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const document = await findDocument(tx, auth, id);
      const isOwner = !!auth.employeeId && document.ownerEmployeeId === auth.employeeId;
      if (!isOwner && !auth.accessKeys.has('documentEdit')) throw forbidden();
      const rejected = await tx.documentVersion.findFirst({
        where: { documentId: id, status: 'rejected', revisedAt: null },
      });
      if (!rejected) throw notFound(say.nothingToRevise);
      await tx.documentVersion.update({ where: { id: rejected.id }, data: { revisedAt: new Date() } });
      await tx.document.update({
        where: { id },
        data: { status: document.currentVersionId ? 'published' : 'rejected' },
      });
      await logChange(tx, auth, id, 'rejected version withdrawn', null, { version: rejected.number });
    });
  }
}
