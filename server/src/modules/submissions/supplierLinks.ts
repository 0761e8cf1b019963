import {
  DEFAULT_TIME_ZONE,
  formNumberLabel,
  messages,
  personName,
  SUPPLIER_SUBMIT_REFUSED_CODE,
  type TFormSubmission,
  type TFormSubmissionSaveRequest,
  type TLinkOperation,
  type TRelatedLists,
  type TRelatedSearchKind,
  type TSupplierFormSubmitRequest,
  type TSupplierFormSubmitted,
  type TSupplierLinkContext,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { MailQueue } from '../../plugins/mail';
import type { FileStorage } from '../../plugins/storage';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import type { LinkOrSessionCaller, LinkScope } from '../../plugins/callers';
import { checkScope, LinkError } from '../links';
import { supplierSubmissionCopyMail } from '../mail';
import type { PickLists } from './pickLists';
import type { SubmissionService } from './service';
import { assignmentsOfCaller, isOpen, OPEN_ASSIGNMENT } from './openAssignments';
import type { SubmissionActor, SubmissionOptions } from './shapes';
import type { SubmissionTemplates } from './templates';

/**
 * The supplier screens opened from an e-mailed link (001 sections 2.1 and 2.3): View Form
 * Submission (a read link) and Update Form Submission (read + update). A link names either the
 * submission itself or a supplier assignment whose submission it is; it acts as the supplier (and
 * personnel member) it was issued to, may change supplier-type forms only, and every query is
 * filtered by the link's organisation. See docs/links.md.
 */

/** A refused supplier form submit: response_code 202, shown as an error, nothing changed. */
const refused = (message: string) => new AppError(SUPPLIER_SUBMIT_REFUSED_CODE, message);

export const linkFilePath = (attachmentId: string) => `/api/formSubmissionLinkFile/${attachmentId}`;

export class SupplierLinkService {
  constructor(
    private readonly db: Db,
    private readonly submissions: SubmissionService,
    private readonly templates: SubmissionTemplates,
    private readonly pickLists: PickLists,
    private readonly attachments: AttachmentService,
    private readonly storage: FileStorage,
    private readonly mail: MailQueue,
    private readonly options: SubmissionOptions,
  ) {}

  /** The link acts as the supplier and personnel member it was issued to; never as a user. */
  private actorOf(link: LinkScope): SubmissionActor {
    return {
      companyId: link.companyId,
      userId: null,
      employeeId: null,
      personnelId: link.personnelId,
      supplierId: link.supplierId,
    };
  }

  /** The supplier assignment a link names (null for a submission link). */
  private async assignmentOf(link: LinkScope) {
    if (link.resourceType !== 'supplierAssignment') return null;
    return this.db.supplierAssignment.findFirst({
      where: { id: link.resourceId, companyId: link.companyId },
    });
  }

  /**
   * The submission the link opens: a submission link's own, or its supplier assignment's. Any
   * other resource (an action, a clock-in) opens no submission.
   */
  private async linkedSubmissionId(link: LinkScope): Promise<string> {
    if (link.resourceType === 'submission') return link.resourceId;
    const assignment = await this.assignmentOf(link);
    if (!assignment?.submissionId) throw new LinkError('wrongResource', 403);
    return assignment.submissionId;
  }

  /**
   * Checks the link against the submission the request asks for, before anything of it is read:
   * the resource first (403 another item), then the operation (403 not allowed).
   */
  private async checkSubmission(link: LinkScope, submissionId: string, operation: TLinkOperation) {
    if (link.resourceType === 'submission') {
      checkScope(link, 'submission', submissionId, operation);
      return;
    }
    if (link.resourceType !== 'supplierAssignment') throw new LinkError('wrongResource', 403);
    if ((await this.linkedSubmissionId(link)) !== submissionId) throw new LinkError('wrongResource', 403);
    checkScope(link, 'supplierAssignment', link.resourceId, operation);
  }

  /** A link changes supplier-type forms only (001 section 6). */
  private async requireSupplierForm(link: LinkScope, submissionId: string) {
    const submission = await this.db.formSubmission.findFirst({
      where: { id: submissionId, companyId: link.companyId },
      select: { formType: true },
    });
    if (!submission) throw notFound();
    if (submission.formType !== 'supplier') throw forbidden(messages.supplierForm.onlySupplierForms);
  }

  /** What the link grants, the organisation and the supplier: the page header and its rules. */
  async context(link: LinkScope, submissionId: string): Promise<TSupplierLinkContext> {
    await this.checkSubmission(link, submissionId, 'read');
    const companyId = link.companyId;
    const [company, submission, linkAssignment] = await Promise.all([
      this.db.company.findUniqueOrThrow({
        where: { id: companyId },
        select: { name: true, homeSiteUrl: true },
      }),
      this.db.formSubmission.findFirst({
        where: { id: submissionId, companyId },
        select: { supplierId: true },
      }),
      this.assignmentOf(link),
    ]);
    if (!submission) throw notFound();
    const supplierId = link.supplierId ?? submission.supplierId;
    const [supplier, assignment] = await Promise.all([
      supplierId
        ? this.db.supplierCompany.findFirst({
            where: { id: supplierId, companyId },
            select: { name: true, logoKey: true },
          })
        : null,
      linkAssignment ??
        this.db.supplierAssignment.findFirst({
          where: { companyId, submissionId, ...(supplierId ? { supplierId } : {}) },
          orderBy: { createdAt: 'desc' },
        }),
    ]);
    return {
      companyId,
      companyName: company.name,
      homeSiteUrl: company.homeSiteUrl,
      supplierId: supplier ? supplierId : null,
      supplierName: supplier?.name ?? '',
      supplierLogo: supplier?.logoKey ? '/api/supplierLinkLogo' : null,
      supplierAssignmentId: assignment?.id ?? null,
      supplierAssignmentStatus: assignment?.status ?? null,
      operations: link.operations,
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  /** The logo of the link's supplier company, from storage (404 when it has none). */
  async logo(link: LinkScope) {
    const submissionId = await this.linkedSubmissionId(link);
    await this.checkSubmission(link, submissionId, 'read');
    const submission = await this.db.formSubmission.findFirst({
      where: { id: submissionId, companyId: link.companyId },
      select: { supplierId: true },
    });
    const supplierId = link.supplierId ?? submission?.supplierId;
    const supplier = supplierId
      ? await this.db.supplierCompany.findFirst({
          where: { id: supplierId, companyId: link.companyId },
          select: { logoKey: true },
        })
      : null;
    if (!supplier?.logoKey) throw notFound('File not found.');
    const extension = supplier.logoKey.split('.').pop()?.toLowerCase() ?? '';
    return { fileName: `logo.${extension}`, stream: this.storage.read(supplier.logoKey) };
  }

  /**
   * Submission details for the link (View and Update). A read-only link, or a form that is not a
   * supplier form, is never editable; file paths point at the link's file route.
   */
  async details(
    link: LinkScope,
    submissionId: string,
    timeZone = DEFAULT_TIME_ZONE,
  ): Promise<TFormSubmission> {
    await this.checkSubmission(link, submissionId, 'read');
    const details = await this.submissions.detailsOf(this.actorOf(link), submissionId, timeZone);
    const relink = <T extends { _id: string; path: string }>(file: T): T => ({
      ...file,
      path: linkFilePath(file._id),
    });
    const shown: TFormSubmission = {
      ...details,
      attachment: details.attachment.map(relink),
      taskData: details.taskData.map((task) => ({ ...task, attachment: task.attachment.map(relink) })),
    };
    if (!link.operations.includes('update')) return { ...shown, canEdit: 'no', editBlockedMessage: '' };
    if (details.formType !== 'supplier')
      return { ...shown, canEdit: 'no', editBlockedMessage: messages.supplierForm.onlySupplierForms };
    return shown;
  }

  /** The pick lists as the linked submission names them (PickLists.forLink). */
  async relatedLists(link: LinkScope): Promise<TRelatedLists> {
    const submissionId = await this.linkedSubmissionId(link);
    await this.checkSubmission(link, submissionId, 'read');
    return this.pickLists.forLink(link.companyId, link.supplierId, submissionId);
  }

  /** A search of a long pick list, within what the linked submission may show. */
  async searchOptions(link: LinkScope, kind: TRelatedSearchKind, search: string, page: number) {
    const submissionId = await this.linkedSubmissionId(link);
    await this.checkSubmission(link, submissionId, 'read');
    return this.pickLists.searchForLink(link.companyId, link.supplierId, submissionId, kind, search, page);
  }

  /** The branches of a workplace of the link's organisation. */
  async branches(link: LinkScope, workplaceId: string) {
    const submissionId = await this.linkedSubmissionId(link);
    await this.checkSubmission(link, submissionId, 'read');
    return this.templates.branches({ companyId: link.companyId }, workplaceId);
  }

  /** Save Draft / Submit / Save of the Update screen: an existing supplier form, never a new one. */
  async save(link: LinkScope, input: TFormSubmissionSaveRequest) {
    if (!input._id) throw new LinkError('wrongResource', 403);
    await this.checkSubmission(link, input._id, 'update');
    await this.requireSupplierForm(link, input._id);
    return this.submissions.save(this.actorOf(link), input);
  }

  async uploadFiles(link: LinkScope, submissionId: string, fieldId: string, files: UploadedFile[]) {
    await this.checkSubmission(link, submissionId, 'update');
    await this.requireSupplierForm(link, submissionId);
    return this.submissions.uploadFiles(this.actorOf(link), submissionId, fieldId, files);
  }

  /** Deletes a file of the linked submission while the link holder may edit it. */
  async deleteFile(link: LinkScope, submissionId: string, fileId: string): Promise<void> {
    await this.checkSubmission(link, submissionId, 'update');
    await this.requireSupplierForm(link, submissionId);
    const block = await this.submissions.editBlockOf(this.actorOf(link), submissionId);
    if (block) throw forbidden(block);
    await this.attachments.removeOwned(
      { companyId: link.companyId, ownerType: 'submission', ownerId: submissionId },
      fileId,
      null,
    );
  }

  /** A file of the linked submission or of one of its actions; anything else is 404. */
  async openFile(link: LinkScope, attachmentId: string) {
    const submissionId = await this.linkedSubmissionId(link);
    await this.checkSubmission(link, submissionId, 'read');
    const companyId = link.companyId;
    const attachment = await this.db.attachment.findFirst({
      where: { id: attachmentId, companyId },
      select: { ownerType: true, ownerId: true },
    });
    const ownedBySubmission = attachment?.ownerType === 'submission' && attachment.ownerId === submissionId;
    const ownedByItsAction =
      attachment?.ownerType === 'action' &&
      (await this.db.action.count({ where: { id: attachment.ownerId, companyId, submissionId } })) > 0;
    if (!attachment || !(ownedBySubmission || ownedByItsAction)) throw notFound('File not found.');
    return this.attachments.openOwned(
      { companyId, ownerType: attachment.ownerType, ownerId: attachment.ownerId },
      attachmentId,
    );
  }

  // ---------- Supplier form submit ----------

  /**
   * Supplier form submit (001 section 7): the supplier assignment becomes `submitted` with its
   * submitted form, and the organisation's reviewer and coordinator are told in the same
   * transaction (the copy e-mail for supplier submissions). When it cannot be done now, the
   * answer is response_code 202 with the reason and nothing changes: the form is still a draft,
   * or the assignment was already submitted (or reviewed, or closed).
   */
  async submit(
    caller: LinkOrSessionCaller,
    request: TSupplierFormSubmitRequest,
  ): Promise<TSupplierFormSubmitted> {
    const companyId = caller.kind === 'link' ? caller.link.companyId : caller.auth.companyId;
    if (caller.kind === 'link') {
      const { link } = caller;
      if (link.resourceType === 'supplierAssignment')
        checkScope(link, 'supplierAssignment', request._id, 'update');
      else checkScope(link, 'submission', request.formSumissionId, 'update');
    }
    // Signed in: only an assignment the caller may fill in (openAssignments.ts), as it opens them.
    const theirs = caller.kind === 'link' ? {} : assignmentsOfCaller(caller.auth, { onBehalf: true });
    const assignment =
      theirs &&
      (await this.db.supplierAssignment.findFirst({
        where: { id: request._id, companyId, supplierId: request.supplierId, ...theirs },
      }));
    if (!assignment) throw notFound();
    if (caller.kind === 'link') {
      const { link } = caller;
      // A link issued to one supplier never acts for another; a submission link needs an
      // assignment that already names its submission.
      if (link.supplierId && link.supplierId !== assignment.supplierId)
        throw new LinkError('wrongResource', 403);
      if (link.resourceType === 'submission' && assignment.submissionId !== request.formSumissionId)
        throw new LinkError('wrongResource', 403);
    }

    const submission = await this.db.formSubmission.findFirst({
      where: { id: request.formSumissionId, companyId },
      select: {
        id: true,
        formType: true,
        templateId: true,
        supplierId: true,
        isDraft: true,
        number: true,
        formDescription: true,
        template: { select: { name: true } },
        coordinators: { where: { position: 0 }, select: { employeeId: true } },
      },
    });
    if (!submission) throw notFound();
    if (submission.formType !== 'supplier') throw badRequest(messages.closeOff.notSupplierForm);
    const belongs =
      submission.templateId === assignment.formTemplateId &&
      submission.supplierId === assignment.supplierId &&
      (assignment.submissionId === null || assignment.submissionId === submission.id);
    if (!belongs) throw badRequest(messages.supplierForm.notThisAssignment);
    if (submission.isDraft) throw refused(messages.supplierForm.stillDraft);
    if (!isOpen(assignment)) throw refused(messages.supplierForm.alreadySubmitted);

    return this.db.$transaction(async (tx) => {
      // Only an assignment still open is submitted: a concurrent submit finds none.
      const updated = await tx.supplierAssignment.updateMany({
        where: { id: assignment.id, companyId, ...OPEN_ASSIGNMENT },
        data: { status: 'submitted', submissionId: submission.id },
      });
      if (updated.count !== 1) throw refused(messages.supplierForm.alreadySubmitted);
      await tx.changeLog.create({
        data: {
          companyId,
          entityType: 'supplierAssignment',
          entityId: assignment.id,
          userId: caller.kind === 'link' ? null : caller.auth.userId,
          action: 'submitted',
          changes: {
            status: [OPEN_ASSIGNMENT.status, 'submitted'],
            submissionId: [assignment.submissionId, submission.id],
            ...(caller.kind === 'link' ? { linkTokenId: caller.link.linkTokenId } : {}),
          },
        },
      });
      const mailsQueued = await this.queueCopyMail(tx, companyId, assignment, submission);
      return {
        _id: assignment.id,
        formSumissionId: submission.id,
        status: 'submitted' as const,
        mailsQueued,
      };
    });
  }

  /**
   * The copy e-mail for supplier submissions: to the assignment's reviewer and the form's
   * coordinator (once each, active with an address). Recipients and facts come from the stored
   * rows, never from the request.
   */
  private async queueCopyMail(
    tx: Prisma.TransactionClient,
    companyId: string,
    assignment: { reviewerEmployeeId: string | null; supplierId: string; personnelId: string | null },
    submission: {
      id: string;
      number: number | null;
      formDescription: string;
      template: { name: string };
      coordinators: { employeeId: string }[];
    },
  ): Promise<number> {
    const coordinatorId = submission.coordinators[0]?.employeeId ?? null;
    const ids = [assignment.reviewerEmployeeId, coordinatorId].filter((id): id is string => id !== null);
    const [employees, supplier, personnel] = await Promise.all([
      tx.employee.findMany({
        where: { companyId, id: { in: ids }, isActive: true },
        select: {
          id: true,
          firstName: true,
          lastName: true,
          email: true,
          user: { select: { id: true } },
        },
      }),
      tx.supplierCompany.findFirst({
        where: { id: assignment.supplierId, companyId },
        select: { name: true },
      }),
      assignment.personnelId
        ? tx.personnel.findFirst({
            where: { id: assignment.personnelId, companyId },
            select: { firstName: true, lastName: true },
          })
        : null,
    ]);
    const coordinator = employees.find((row) => row.id === coordinatorId);
    const base = this.options.publicUrl.replace(/\/$/, '');
    const seen = new Set<string>();
    let queued = 0;
    for (const id of ids) {
      const recipient = employees.find((row) => row.id === id);
      const email = recipient?.email?.toLowerCase();
      if (!recipient?.email || !email || seen.has(email)) continue;
      seen.add(email);
      const result = await this.mail.enqueue(tx, {
        companyId,
        to: recipient.email,
        userId: recipient.user?.id ?? null,
        category: 'supplierSubmissionCopy',
        content: supplierSubmissionCopyMail({
          productName: this.options.productName,
          name: personName(recipient),
          templateName: submission.template.name,
          formNumber: formNumberLabel(submission.number),
          formDescription: submission.formDescription,
          coordinator: personName(coordinator),
          link: `${base}/form-submission/record/${companyId}/${submission.id}`,
          supplierName: supplier?.name ?? '',
          submittedBy: personName(personnel) || supplier?.name || '',
          reviewer: id === assignment.reviewerEmployeeId,
        }),
      });
      if (result.queued) queued += 1;
    }
    return queued;
  }
}
