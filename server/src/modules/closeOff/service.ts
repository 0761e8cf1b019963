import {
  DEFAULT_TIME_ZONE,
  messages,
  type TFormSubmissionClosed,
  type TFormSubmissionReopened,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, conflict, forbidden, notFound, openTasksBlockClose, staleVersion } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import type { FileStorage } from '../../plugins/storage';
import {
  displayDate,
  queueClosedNotifications,
  submissionWebhookData,
  type NotificationOptions,
} from './notifications';
import { emitWebhookEvent } from '../webhooks';
import type { FormType } from '../../generated/prisma/client';
import { closeWithPdf } from './closePdf';
import { loadPdfModel } from './pdfModel';
import { pdfFileName } from './pdfRender';
import { renderPdfIsolated } from './renderPool';

/** Points in the close where a test can make it fail, to show nothing is left half-done. */
export interface CloseOffHooks {
  /** Runs inside the close transaction after the PDF is written and recorded. */
  afterPdfStored?: (stored: { storageKey: string; attachmentId: string }) => Promise<void>;
}

/** What the close rules look at of a submission. */
export interface ClosableSubmission {
  formType: FormType;
  isDraft: boolean;
  isClosed: boolean;
  version: number;
  /** In order of position: the first closes and re-opens. */
  coordinators: { employeeId: string; position: number }[];
}

/**
 * Who may see, close and re-open a submission: the forms' own rule (submissions/policy.ts), handed
 * in so that close-off, which the forms' saving builds on, needs nothing else of them.
 */
export interface ClosePolicy {
  visible(auth: AuthContext, submissionId: string): Promise<ClosableSubmission | null>;
  isCoordinator(auth: AuthContext, submission: ClosableSubmission): boolean;
  closeRestricted(auth: AuthContext): Promise<boolean>;
}

/** Which close call is asking: the submission itself, or the assignment that names it. */
type CloseVia =
  | { kind: 'submission'; submissionId: string }
  | { kind: 'hrAssignment'; assignmentId: string }
  | { kind: 'supplierAssignment'; assignmentId: string }
  | { kind: 'supplierSubmission'; submissionId: string };

/** What an area does, in the close's transaction, with the HR assignments a close closed. */
export type HrAssignmentsClosed = (tx: Prisma.TransactionClient, assignmentIds: string[]) => Promise<void>;

export class CloseOffService {
  private hrAssignmentsClosed: HrAssignmentsClosed | null = null;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly mail: MailQueue,
    private readonly options: NotificationOptions,
    private readonly policy: ClosePolicy,
    private readonly hooks: CloseOffHooks = {},
  ) {}

  /** The HR forms area follows each close of its assignments (a repeating one's next is assigned). */
  onHrAssignmentsClosed(hook: HrAssignmentsClosed): void {
    this.hrAssignmentsClosed = hook;
  }

  // ---------- The PDF ----------

  /** The submission as a PDF, for a caller who may see it. */
  async pdf(
    auth: AuthContext,
    submissionId: string,
    localTimeZone: string | undefined,
  ): Promise<{ fileName: string; content: Buffer }> {
    if (!(await this.policy.visible(auth, submissionId))) throw notFound();
    const model = await loadPdfModel(
      this.db,
      this.storage,
      { companyId: auth.companyId, submissionId },
      { timeZone: timeZoneOf(localTimeZone), now: new Date() },
    );
    if (!model) throw notFound();
    return { fileName: pdfFileName(model), content: await renderPdfIsolated(model) };
  }

  // ---------- Close ----------

  /** Sign Off / Save and Close: any form type; its HR or supplier assignment closes with it. */
  closeSubmission(auth: AuthContext, submissionId: string, version?: number, localTimeZone?: string) {
    return this.close(auth, { kind: 'submission', submissionId }, version, localTimeZone);
  }

  /** HR assigned-form close-off, by the assignment. */
  closeHrAssignment(auth: AuthContext, assignmentId: string, localTimeZone?: string) {
    return this.close(auth, { kind: 'hrAssignment', assignmentId }, undefined, localTimeZone);
  }

  /** Supplier assigned-form close-off, by the supplier assignment. */
  closeSupplierAssignment(auth: AuthContext, assignmentId: string, localTimeZone?: string) {
    return this.close(auth, { kind: 'supplierAssignment', assignmentId }, undefined, localTimeZone);
  }

  /** Supplier close-off, by the supplier form submission. */
  closeSupplierSubmission(auth: AuthContext, submissionId: string, localTimeZone?: string) {
    return this.close(auth, { kind: 'supplierSubmission', submissionId }, undefined, localTimeZone);
  }

  private async submissionIdOf(auth: AuthContext, via: CloseVia): Promise<string> {
    switch (via.kind) {
      case 'submission':
      case 'supplierSubmission':
        return via.submissionId;
      case 'hrAssignment': {
        const assignment = await this.db.hrFormAssignment.findFirst({
          where: { id: via.assignmentId, companyId: auth.companyId },
          select: { submissionId: true },
        });
        if (!assignment) throw notFound();
        if (!assignment.submissionId) throw badRequest(messages.closeOff.notSubmitted);
        return assignment.submissionId;
      }
      case 'supplierAssignment': {
        const assignment = await this.db.supplierAssignment.findFirst({
          where: { id: via.assignmentId, companyId: auth.companyId },
          select: { submissionId: true },
        });
        if (!assignment) throw notFound();
        if (!assignment.submissionId) throw badRequest(messages.closeOff.notSubmitted);
        return assignment.submissionId;
      }
    }
  }

  /** The checks of 001 sections 4 and 6, in the order the screen reports them. */
  private async checkClosable(
    auth: AuthContext,
    submission: ClosableSubmission,
    via: CloseVia,
    version?: number,
  ) {
    if (via.kind === 'supplierSubmission' && submission.formType !== 'supplier')
      throw badRequest(messages.closeOff.notSupplierForm);
    if (!this.policy.isCoordinator(auth, submission)) throw forbidden(messages.submission.notCoordinator);
    if (await this.policy.closeRestricted(auth)) throw forbidden(messages.closeOff.closeRestricted);
    if (submission.isDraft) throw badRequest(messages.closeOff.draftCannotClose);
    if (submission.isClosed) throw conflict(messages.submission.closed);
    if (version !== undefined && version !== submission.version) throw staleVersion();
  }

  private async close(
    auth: AuthContext,
    via: CloseVia,
    version: number | undefined,
    localTimeZone: string | undefined,
  ): Promise<TFormSubmissionClosed> {
    const timeZone = timeZoneOf(localTimeZone);
    const submissionId = await this.submissionIdOf(auth, via);
    const submission = await this.policy.visible(auth, submissionId);
    if (!submission) throw notFound();
    await this.checkClosable(auth, submission, via, version);
    const ref = { companyId: auth.companyId, submissionId };
    if (await this.hasOpenActions(this.db, ref)) throw openTasksBlockClose();

    // The PDF shows the form as closed: render it from the state the close writes.
    const closedAt = new Date();
    const model = await loadPdfModel(this.db, this.storage, ref, { timeZone, now: closedAt });
    if (!model) throw notFound();
    const closedModel = { ...model, status: 'Closed' as const, closedOn: displayDate(closedAt, timeZone) };

    return closeWithPdf(this.db, this.storage, closedModel, async (tx, stored) => {
      // Only the state that was checked may be closed: a concurrent save or close makes this
      // update miss; an action added meanwhile is caught just below. Either refuses the close.
      const updated = await tx.formSubmission.updateMany({
        where: {
          id: submissionId,
          companyId: auth.companyId,
          isClosed: false,
          isDraft: false,
          version: submission.version,
        },
        data: { isClosed: true, closedAt, closedByUserId: auth.userId, version: { increment: 1 } },
      });
      if (updated.count !== 1) throw staleVersion();
      if (await this.hasOpenActions(tx, ref)) throw openTasksBlockClose();

      const pdf = await stored.attach({
        companyId: auth.companyId,
        ownerType: 'submission',
        ownerId: submissionId,
        uploadedById: auth.userId,
      });
      await this.hooks.afterPdfStored?.({ storageKey: stored.storageKey, attachmentId: pdf._id });

      const assignments = await this.closeAssignments(tx, auth, via, submissionId, closedAt);
      await logCloseChange(tx, auth, submissionId, submission.version, true, {
        pdfAttachmentId: pdf._id,
        via: via.kind,
        ...assignments,
      });
      await emitWebhookEvent(tx, auth.companyId, 'submission.closed', () => submissionWebhookData(tx, ref));
      const mailsQueued = await queueClosedNotifications(tx, this.mail, this.options, ref, {
        closedAt,
        timeZone,
        pdf: { filename: stored.fileName, storageKey: stored.storageKey },
      });
      return {
        _id: submissionId,
        isClose: 'yes' as const,
        closedAt: closedAt.toISOString(),
        version: submission.version + 1,
        pdf,
        mailsQueued,
      };
    });
  }

  private async hasOpenActions(
    db: Prisma.TransactionClient,
    ref: { companyId: string; submissionId: string },
  ) {
    return (
      (await db.action.count({
        where: { companyId: ref.companyId, submissionId: ref.submissionId, isComplete: false },
      })) > 0
    );
  }

  /**
   * Closes the HR and supplier assignments the submission belongs to. The assignment named by the
   * call must belong to this submission (it does, as the submission was found through it).
   */
  private async closeAssignments(
    tx: Prisma.TransactionClient,
    auth: AuthContext,
    via: CloseVia,
    submissionId: string,
    closedAt: Date,
  ) {
    const where = { companyId: auth.companyId, submissionId, status: { not: 'closed' as const } };
    const [hr, supplier] = await Promise.all([
      tx.hrFormAssignment.findMany({ where, select: { id: true } }),
      tx.supplierAssignment.findMany({ where, select: { id: true } }),
    ]);
    if (via.kind === 'hrAssignment' && !hr.some((row) => row.id === via.assignmentId))
      throw conflict(messages.submission.closed);
    if (via.kind === 'supplierAssignment' && !supplier.some((row) => row.id === via.assignmentId))
      throw conflict(messages.submission.closed);
    const data = { status: 'closed' as const, closedAt };
    if (hr.length) {
      const ids = hr.map((row) => row.id);
      await tx.hrFormAssignment.updateMany({ where: { id: { in: ids } }, data });
      await this.hrAssignmentsClosed?.(tx, ids);
    }
    if (supplier.length)
      await tx.supplierAssignment.updateMany({ where: { id: { in: supplier.map((row) => row.id) } }, data });
    return {
      hrAssignmentIds: hr.map((row) => row.id),
      supplierAssignmentIds: supplier.map((row) => row.id),
    };
  }

  // ---------- Re-Open ----------

  /**
   * Re-Open by the coordinator: the form becomes editable again; the close PDF stays as an
   * attachment (a record of that close), and its assignments go back to submitted.
   */
  async reopen(auth: AuthContext, submissionId: string, version?: number): Promise<TFormSubmissionReopened> {
    const submission = await this.policy.visible(auth, submissionId);
    if (!submission) throw notFound();
    if (!this.policy.isCoordinator(auth, submission)) throw forbidden(messages.submission.notCoordinator);
    if (!submission.isClosed) throw conflict(messages.closeOff.notClosed);
    if (version !== undefined && version !== submission.version) throw staleVersion();
    return this.db.$transaction(async (tx) => {
      const updated = await tx.formSubmission.updateMany({
        where: { id: submissionId, companyId: auth.companyId, isClosed: true, version: submission.version },
        data: { isClosed: false, closedAt: null, closedByUserId: null, version: { increment: 1 } },
      });
      if (updated.count !== 1) throw staleVersion();
      const where = { companyId: auth.companyId, submissionId, status: 'closed' as const };
      const data = { status: 'submitted' as const, closedAt: null };
      // An HR form withdrawn before it was submitted stays withdrawn.
      const hr = await tx.hrFormAssignment.updateMany({ where: { ...where, cancelledAt: null }, data });
      const supplier = await tx.supplierAssignment.updateMany({ where, data });
      await logCloseChange(tx, auth, submissionId, submission.version, false, {
        assignmentsReopened: hr.count + supplier.count,
      });
      return { _id: submissionId, isClose: 'no' as const, version: submission.version + 1 };
    });
  }
}

/**
 * The change log row of a close (`closed`) or Re-Open: isClosed flipped, the version moved on by
 * one, and the details the caller records.
 */
function logCloseChange(
  tx: Prisma.TransactionClient,
  auth: AuthContext,
  submissionId: string,
  version: number,
  closed: boolean,
  details: Prisma.InputJsonObject,
) {
  return tx.changeLog.create({
    data: {
      companyId: auth.companyId,
      entityType: 'formSubmission',
      entityId: submissionId,
      userId: auth.userId,
      action: closed ? 'closed' : 'reopened',
      changes: { isClosed: [!closed, closed], version: [version, version + 1], ...details },
    },
  });
}

/** The contract has checked the zone; UTC when none was sent. */
const timeZoneOf = (localTimeZone: string | undefined) => localTimeZone ?? DEFAULT_TIME_ZONE;
