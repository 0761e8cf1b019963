import {
  DEFAULT_TIME_ZONE,
  fieldConfig,
  fieldFileLimitProblem,
  formattedNumber,
  headerGivenByOrganisation,
  messages,
  type TFormSubmission,
  type TFormSubmissionSaveRequest,
  type TFormSubmissionSaveResult,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { badRequest, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { FormType } from '../../generated/prisma/client';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import { queueSubmittedNotifications, submissionWebhookData } from '../closeOff';
import { emitWebhookEvent } from '../webhooks';
import {
  type SubmissionOptions,
  type SubmissionActor,
  wireAttachment,
  readStoredSubmission,
  type StoredSubmission,
  type GuestSave,
  type Change,
  SAVE_TRANSACTION,
} from './shapes';
import { logChanges } from './records';
import { createSubmission, updateHeader, writeCoordinators, writeTableRows, writeValues } from './saveWrites';
import { SubmissionTasks } from './tasks';
import { type SubmissionTemplates } from './templates';
import { checkInput, checkSelections, hasBranches } from './validation';
import { editBlock, type SubmissionPolicy } from './policy';
import { checkExternalSave } from './externalSave';
import { NAMED_BY_SUBMISSION, wireDetails, type NamedBySubmission } from './details';
import { dateOf } from '../../db/days';

/**
 * What an area does, in the save's transaction, when a form of its type is first submitted (HR
 * forms: the assignment is submitted and its reviewer told). The mails it queued.
 */
export type SubmittedHook = (
  tx: Prisma.TransactionClient,
  ref: { companyId: string; submissionId: string },
) => Promise<number>;

export class SubmissionService {
  private readonly tasks: SubmissionTasks;
  private readonly submittedHooks = new Map<FormType, SubmittedHook>();

  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
    private readonly mail: MailQueue,
    private readonly options: SubmissionOptions,
    private readonly policy: SubmissionPolicy,
    private readonly templates: SubmissionTemplates,
  ) {
    this.tasks = new SubmissionTasks(mail, options);
  }

  /** The area of `formType` follows each first submit of its forms. */
  onSubmitted(formType: FormType, hook: SubmittedHook): void {
    this.submittedHooks.set(formType, hook);
  }

  // ---------- Who may change a submission ----------

  private async load(auth: SubmissionActor, submissionId: string) {
    const submission = await readStoredSubmission(this.reader, auth.companyId, submissionId);
    if (!submission) throw notFound();
    return submission;
  }

  // ---------- Details ----------

  /** Why this caller may not edit the submission now (the banner), or null when it may. */
  async editBlockOf(auth: SubmissionActor, submissionId: string): Promise<string | null> {
    return editBlock(auth, await this.load(auth, submissionId));
  }

  async details(
    auth: AuthContext,
    submissionId: string,
    timeZone = DEFAULT_TIME_ZONE,
  ): Promise<TFormSubmission> {
    // Read once: the rule looks at the submission the details are made of.
    const submission = await this.loadNamed(auth, submissionId);
    if (!this.policy.mayView(auth, submission)) throw notFound();
    return this.detailsFrom(auth, submission, timeZone);
  }

  /** The details for a caller whose access was checked (a signed-in viewer, or a supplier link). */
  async detailsOf(
    auth: SubmissionActor,
    submissionId: string,
    timeZone = DEFAULT_TIME_ZONE,
  ): Promise<TFormSubmission> {
    return this.detailsFrom(auth, await this.loadNamed(auth, submissionId), timeZone);
  }

  /** The submission with everything its details name, in the one statement that reads it. */
  private async loadNamed(auth: SubmissionActor, submissionId: string) {
    const submission = await readStoredSubmission<NamedBySubmission>(
      this.reader,
      auth.companyId,
      submissionId,
      NAMED_BY_SUBMISSION,
    );
    if (!submission) throw notFound();
    return submission;
  }

  private async detailsFrom(
    auth: SubmissionActor,
    submission: StoredSubmission & NamedBySubmission,
    timeZone: string,
  ): Promise<TFormSubmission> {
    const shape = await this.templates.versionShape(this.db, auth.companyId, submission.templateVersionId);
    return wireDetails(submission, shape, editBlock(auth, submission), timeZone);
  }

  // ---------- Save ----------

  /**
   * Create or edit a submission in one transaction: header, coordinators, values, table rows,
   * actions, the FS number on first submit, the change log and the mails it causes.
   */
  async save(
    auth: SubmissionActor,
    sent: TFormSubmissionSaveRequest,
    guest?: GuestSave,
  ): Promise<TFormSubmissionSaveResult & { message: string }> {
    let input = sent;
    const companyId = auth.companyId;
    const isDraft = input.isDraft === 'yes';
    // Its files' fields, read alongside: a file field's files are its answer (checkInput).
    const [stored, fileFields] = input._id
      ? await Promise.all([
          this.load(auth, input._id),
          this.reader.rows<{ fieldId: string }>(sql`SELECT "fieldId" FROM "Attachment"
            WHERE "companyId" = ${uuid(companyId)} AND "ownerType" = 'submission'
              AND "ownerId" = ${uuid(input._id)} AND "fieldId" IS NOT NULL`),
        ])
      : [null, []];
    if (stored) {
      const block = editBlock(auth, stored);
      if (block) throw forbidden(block);
      // Without it the concurrency check would match any version.
      if (input.version === undefined) throw badRequest(messages.submission.versionRequired);
      if (stored.templateId !== input.formTemplateId) throw badRequest(messages.submission.unknownField);
      if (!stored.isDraft && isDraft) throw badRequest(messages.submission.cannotReturnToDraft);
    } else if (!guest && !auth.employeeId && !auth.personnelId && !auth.supplierId) {
      throw forbidden(messages.submission.notAllowedToRecord);
    }
    const { template, version } = stored
      ? { template: null, version: { id: stored.templateVersionId } }
      : await this.templates.currentVersion(companyId, input.formTemplateId);
    if (template && !template.isActive) throw notFound(messages.submission.templateInactive);
    if (!guest && !auth.employeeId) input = await checkExternalSave(this.db, auth, input, template, stored);
    const formType = stored?.formType ?? template!.formType;
    const [templateShape, workplaceHasBranches] = await Promise.all([
      this.templates.versionShape(this.db, companyId, version.id),
      hasBranches(this.db, companyId, input),
    ]);
    const shape = guest ? guest.restrict(templateShape) : templateShape;

    const { values, tableRows, tasks } = checkInput(
      input,
      shape,
      isDraft,
      stored,
      fileFields.map((row) => row.fieldId),
      {
        workplaceHasBranches,
        givenByOrganisation: headerGivenByOrganisation(formType, auth.employeeId !== null),
      },
    );
    await checkSelections(this.db, companyId, input, values, shape, stored);

    const result = await this.db.$transaction(async (tx) => {
      let number = stored?.number ?? null;
      const submitting = !isDraft && (stored ? stored.isDraft : true);
      if (submitting && number === null) number = await this.nextNumber(tx, companyId);
      const header = {
        formDescription: input.formDescription.trim(),
        formDate: dateOf(input.formDate),
        workplaceId: input.workplace || null,
        branchId: input.branch || null,
        isDraft,
        number,
      };
      let submissionId: string;
      let newVersion: number;
      const changes: Change[] = [];
      if (stored) {
        changes.push(...(await updateHeader(tx, companyId, stored, header, input)));
        submissionId = stored.id;
        newVersion = stored.version + 1;
      } else {
        const created = await createSubmission(tx, auth, template!, version.id, header);
        submissionId = created.id;
        newVersion = created.version;
      }

      const ref = { companyId, submissionId };
      const fieldLabel = new Map(shape.fieldList.map((field) => [field._id, field.level]));
      changes.push(
        ...(await writeCoordinators(
          tx,
          ref,
          stored,
          input.submissionUserId.map((row) => row.userId),
        )),
        ...(await writeValues(tx, ref, stored, values, fieldLabel)),
        ...(await writeTableRows(tx, ref, stored, tableRows, fieldLabel)),
      );

      const action = stored ? (submitting ? 'submitted' : 'updated') : isDraft ? 'created' : 'submitted';
      if (!stored || changes.length > 0)
        await logChanges(tx, auth, 'formSubmission', submissionId, submissionId, action, changes);

      let mailsQueued = await this.tasks.save(tx, auth, submissionId, tasks, stored);
      if (submitting) {
        mailsQueued += await queueSubmittedNotifications(tx, this.mail, this.options, {
          companyId,
          submissionId,
        });
        mailsQueued += (await this.submittedHooks.get(formType)?.(tx, ref)) ?? 0;
        await emitWebhookEvent(tx, companyId, 'submission.submitted', () => submissionWebhookData(tx, ref));
      }
      return { _id: submissionId, number, version: newVersion, mailsQueued };
    }, SAVE_TRANSACTION);
    const message = isDraft
      ? messages.submission.draftSaved
      : stored && !stored.isDraft
        ? messages.submission.updated
        : messages.submission.submitted;
    return {
      _id: result._id,
      formatedNumber: formattedNumber(isDraft ? null : result.number),
      isDraft: input.isDraft,
      version: result.version,
      mailsQueued: result.mailsQueued,
      message,
    };
  }

  private async nextNumber(tx: Prisma.TransactionClient, companyId: string): Promise<number> {
    // One numbering per organisation: concurrent first submits wait for each other.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`form-number:${companyId}`}))`;
    const last = await tx.formSubmission.aggregate({ where: { companyId }, _max: { number: true } });
    return Math.max(last._max.number ?? 1000, 1000) + 1;
  }

  // ---------- Files ----------

  /** Adds files to a file field of a submission the caller may edit; one transaction. */
  async uploadFiles(auth: SubmissionActor, submissionId: string, fieldId: string, files: UploadedFile[]) {
    const submission = await this.load(auth, submissionId);
    const block = editBlock(auth, submission);
    if (block) throw forbidden(block);
    const field = await this.db.templateField.findFirst({
      where: {
        id: fieldId,
        companyId: auth.companyId,
        templateVersionId: submission.templateVersionId,
        type: 'file',
      },
    });
    if (!field) throw badRequest(messages.submission.fileFieldRequired);
    if (files.length === 0) throw badRequest(messages.submission.fileFieldRequired);

    const stored = await this.attachments.store(files);
    try {
      const version = await this.db.$transaction(async (tx) => {
        const updated = await tx.formSubmission.update({
          where: { id: submission.id },
          data: { version: { increment: 1 } },
        });
        // Counted after the update has locked the submission, so two uploads at once cannot both fit.
        const held = await tx.attachment.count({
          where: { companyId: auth.companyId, ownerType: 'submission', ownerId: submission.id, fieldId },
        });
        const limit = fieldConfig('file', field).optionVal?.maxFiles;
        const overLimit = fieldFileLimitProblem(limit, held + stored.length);
        if (overLimit) throw badRequest(overLimit);
        await this.attachments.record(
          tx,
          {
            companyId: auth.companyId,
            ownerType: 'submission',
            ownerId: submission.id,
            fieldId,
            uploadedById: auth.userId,
          },
          stored,
        );
        await logChanges(tx, auth, 'formSubmission', submission.id, submission.id, 'updated', [
          { field: field.label, from: null, to: stored.map((file) => file.name) },
        ]);
        return updated.version;
      });
      const rows = await this.db.attachment.findMany({
        where: { companyId: auth.companyId, ownerType: 'submission', ownerId: submission.id },
        orderBy: { createdAt: 'asc' },
      });
      return {
        attachment: rows.map(wireAttachment),
        version,
      };
    } catch (error) {
      await this.attachments.discard(stored);
      throw error;
    }
  }
}
