import {
  DEFAULT_TIME_ZONE,
  fieldConfig,
  fieldFileLimitProblem,
  formatedNumber,
  headerGivenByOrganisation,
  localDateOf,
  messages,
  personName,
  taskDueType,
  type TFormSubmission,
  type TFormSubmissionSaveRequest,
  type TFormSubmissionSaveResult,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { sql, storedTimestamp, uuid } from '../../db/sql';
import type { FormType } from '../../generated/prisma/client';
import { badRequest, forbidden, notFound, staleVersion } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import { queueSubmittedNotifications } from '../closeOff';
import { assignmentsOfCaller, OPEN_ASSIGNMENT, reviewerPlace } from './openAssignments';
import {
  type SubmissionOptions,
  type SubmissionActor,
  WIRE_FORM_TYPE,
  day,
  yes,
  wireAttachment,
  sameJson,
  readStoredSubmission,
  type StoredSubmission,
  type GuestSave,
  type Change,
  SAVE_TRANSACTION,
  recorderName,
} from './shapes';
import { logChanges } from './records';
import { SubmissionTasks } from './tasks';
import { type SubmissionTemplates } from './templates';
import { checkInput, checkSelections, hasBranches } from './validation';
import { type SubmissionPolicy } from './policy';
import { dateOf } from '../../db/days';

export class SubmissionService {
  private readonly tasks: SubmissionTasks;

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

  // ---------- Who may change a submission ----------

  private isRecorder(auth: SubmissionActor, submission: StoredSubmission): boolean {
    return (
      (auth.employeeId !== null && submission.recordedByEmployeeId === auth.employeeId) ||
      (auth.personnelId !== null && submission.recordedByPersonnelId === auth.personnelId) ||
      (auth.userId !== null && submission.createdByUserId === auth.userId) ||
      this.isCompanyDraft(auth, submission)
    );
  }

  /**
   * A supplier form assigned to a company (not to one person) is started for the company: its
   * draft is the company account's (or its link's) to fill in, never its personnel's.
   */
  private isCompanyDraft(auth: SubmissionActor, submission: StoredSubmission): boolean {
    return (
      submission.formType === 'supplier' &&
      auth.supplierId !== null &&
      auth.personnelId === null &&
      auth.employeeId === null &&
      submission.supplierId === auth.supplierId &&
      submission.recordedByEmployeeId === null &&
      submission.recordedByPersonnelId === null
    );
  }

  /** null when the caller may edit, else the banner of spec 001 section 2.2 saying why not. */
  private editBlock(auth: SubmissionActor, submission: StoredSubmission): string | null {
    if (submission.isClosed) return messages.submission.closed;
    if (submission.isDraft) return this.isRecorder(auth, submission) ? null : messages.submission.notRecorder;
    if (auth.employeeId && submission.coordinators[0]?.employeeId === auth.employeeId) return null;
    if (submission.formType === 'supplier' && auth.supplierId && submission.supplierId === auth.supplierId)
      return null;
    return messages.submission.notCoordinator;
  }

  /**
   * What someone outside the organisation (a supplier user, personnel, a supplier link) may save:
   * supplier forms only, a new one only of a form it is asked to fill in; the organisation's
   * coordinators, workplace and branch (the stored ones, or a new form's assignment's) and its own
   * actions stay as they are; new or changed actions go to the supplier's own personnel. The header
   * may leave the organisation's coordinators and place out but not name others; the input is
   * returned with them.
   */
  private async checkExternalSave(
    auth: SubmissionActor,
    input: TFormSubmissionSaveRequest,
    template: { formType: FormType } | null,
    stored: StoredSubmission | null,
  ): Promise<TFormSubmissionSaveRequest> {
    if ((stored?.formType ?? template?.formType) !== 'supplier')
      throw forbidden(messages.submission.supplierFormsOnly);
    const given = stored
      ? {
          coordinators: stored.coordinators.map((row) => row.employeeId),
          workplaceId: stored.workplaceId,
          branchId: stored.branchId,
        }
      : await this.assignedHeader(auth, input.formTemplateId);
    const sentCoordinators = input.submissionUserId.map((row) => row.userId);
    if (sentCoordinators.length > 0 && !sameJson(given.coordinators, sentCoordinators))
      throw forbidden(messages.submission.coordinatorKept);
    const sentPlace = [input.workplace || null, input.branch || null];
    if (sentPlace.some(Boolean) && !sameJson([given.workplaceId, given.branchId], sentPlace))
      throw forbidden(messages.submission.placeKept);
    const organisationActions = stored ? await this.organisationActionIds(auth, stored) : new Set<string>();
    if (stored) {
      const sentTasks = new Map(input.taskData.flatMap((task) => (task._id ? [[task._id, task]] : [])));
      for (const action of stored.actions.filter((row) => organisationActions.has(row.id))) {
        const kept = sentTasks.get(action.id);
        const unchanged =
          kept !== undefined &&
          kept.investigator === (action.assigneeEmployeeId ?? action.assigneePersonnelId) &&
          kept.actionType === action.actionType &&
          kept.instruction.trim() === action.instruction &&
          kept.due === day(action.dueDate);
        if (!unchanged && !action.isComplete) throw forbidden(messages.submission.actionsOfOrganisationKept);
      }
    }
    const theirs = input.taskData.filter((task) => !(task._id && organisationActions.has(task._id)));
    if (theirs.length > 0) {
      const assignees = [...new Set(theirs.map((task) => task.investigator))];
      const ownPersonnel = auth.supplierId
        ? await this.db.personnel.count({
            where: { companyId: auth.companyId, supplierId: auth.supplierId, id: { in: assignees } },
          })
        : 0;
      if (theirs.some((task) => task.actionType !== 'external') || ownPersonnel !== assignees.length)
        throw forbidden(messages.submission.assigneeOutsideCompany);
    }
    return {
      ...input,
      submissionUserId: given.coordinators.map((userId) => ({ userId })),
      workplace: given.workplaceId ?? '',
      branch: given.branchId ?? '',
    };
  }

  /**
   * A new supplier form started by its supplier takes the header of the caller's open assignment of
   * that form (one whose form is not started yet first, as only such an assignment can take it, then
   * the one due first): its reviewer coordinates, at the reviewer's place.
   */
  private async assignedHeader(auth: SubmissionActor, formTemplateId: string) {
    const theirs = assignmentsOfCaller(auth);
    const assignment =
      theirs &&
      (await this.db.supplierAssignment.findFirst({
        where: { ...theirs, ...OPEN_ASSIGNMENT, formTemplateId },
        orderBy: [{ submissionId: { sort: 'asc', nulls: 'first' } }, { dueDate: 'asc' }, { id: 'asc' }],
        select: { reviewerEmployeeId: true },
      }));
    // Else saving a draft, then reading it, would show a template it may not read (templates.ts).
    if (!assignment) throw notFound(messages.submission.templateInactive);
    const reviewer = assignment.reviewerEmployeeId;
    return {
      coordinators: reviewer ? [reviewer] : [],
      ...(await reviewerPlace(this.db, auth.companyId, reviewer)),
    };
  }

  /** The actions of a stored form that the organisation raised (or assigned to its employees). */
  private async organisationActionIds(auth: SubmissionActor, stored: StoredSubmission): Promise<Set<string>> {
    const creators = [...new Set(stored.actions.flatMap((action) => action.createdByUserId ?? []))];
    const ofSupplier = new Set(
      auth.supplierId
        ? (
            await this.db.user.findMany({
              where: { id: { in: creators }, supplierId: auth.supplierId },
              select: { id: true },
            })
          ).map((row) => row.id)
        : [],
    );
    return new Set(
      stored.actions
        .filter(
          (action) =>
            action.assigneeEmployeeId !== null ||
            action.createdByUserId === null ||
            !ofSupplier.has(action.createdByUserId),
        )
        .map((action) => action.id),
    );
  }

  private async load(auth: SubmissionActor, submissionId: string) {
    const submission = await readStoredSubmission(this.reader, auth.companyId, submissionId);
    if (!submission) throw notFound();
    return submission;
  }

  // ---------- Details ----------

  /** Why this caller may not edit the submission now (the banner), or null when it may. */
  async editBlockOf(auth: SubmissionActor, submissionId: string): Promise<string | null> {
    return this.editBlock(auth, await this.load(auth, submissionId));
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
    const names = (people: NamedBySubmission['employees']) =>
      new Map(Object.entries(people).map(([id, person]) => [id, personName(person)]));
    const employeeName = names(submission.employees);
    const personnelName = names(submission.personnel);
    const files = submission.files;
    const today = localDateOf(new Date(), timeZone);
    const block = this.editBlock(auth, submission);
    return {
      _id: submission.id,
      formTemplateId: submission.templateId,
      formTemplateName: submission.template.name,
      formatedNumber: formatedNumber(submission.isDraft ? null : submission.number),
      number: submission.number,
      formDescription: submission.formDescription,
      formDate: day(submission.formDate),
      workplace: submission.workplaceId,
      workplaceName: submission.workplaceName ?? '',
      branch: submission.branchId,
      branchName: submission.branchName ?? '',
      formType: WIRE_FORM_TYPE[submission.formType],
      isDraft: yes(submission.isDraft),
      isClose: yes(submission.isClosed),
      status: submission.isClosed ? 'Closed' : submission.isDraft ? 'Draft' : 'Open',
      submissionUserId: submission.coordinators.map((row) => ({
        userId: row.employeeId,
        name: employeeName.get(row.employeeId) ?? '',
      })),
      recordedBy: [
        {
          employeeId: submission.recordedByEmployeeId,
          personnelId: submission.recordedByPersonnelId,
          name: recorderName(submission, employeeName, personnelName),
        },
      ],
      formValue: submission.values.map((row) => ({ relatedFormId: row.fieldId, value: row.value })),
      attachment: files.filter((row) => row.ownerType === 'submission').map(wireAttachment),
      taskData: submission.actions.map((action) => ({
        _id: action.id,
        id: action.taskNumber,
        relatedFormId: action.fieldId,
        instruction: action.instruction,
        actionType: action.actionType,
        investigator: action.assigneeEmployeeId ?? action.assigneePersonnelId,
        investigatorName: action.assigneeEmployeeId
          ? (employeeName.get(action.assigneeEmployeeId) ?? '')
          : (personnelName.get(action.assigneePersonnelId ?? '') ?? ''),
        due: day(action.dueDate),
        assignedOn: localDateOf(action.assignedOn, timeZone),
        completedOn: action.completedOn ? day(action.completedOn) : null,
        complete: action.isComplete,
        response: action.response,
        taskDueDateType: action.isComplete ? 'nodue' : taskDueType(day(action.dueDate), today),
        attachment: files
          .filter((row) => row.ownerType === 'action' && row.ownerId === action.id)
          .map(wireAttachment),
        version: action.version,
      })),
      tableData: submission.tableRows.map((row) => ({
        relatedFormId: row.fieldId,
        rowIndex: row.rowIndex,
        cells: row.cells as Record<string, string>,
      })),
      version: submission.version,
      templateVersionId: submission.templateVersionId,
      ...shape,
      formBranchType: submission.template.formBranchType,
      canEdit: yes(block === null),
      editBlockedMessage: block ?? '',
      createdAt: submission.createdAt.toISOString(),
      updatedAt: submission.updatedAt.toISOString(),
    };
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
      const block = this.editBlock(auth, stored);
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
    if (!guest && !auth.employeeId) input = await this.checkExternalSave(auth, input, template, stored);
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
      let submissionId: string;
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
      let newVersion: number;
      const changes: Change[] = [];
      if (stored) {
        // By hand, as the change log is: Prisma's updateMany took 0.2-0.3 ms of CPU, this 0.1.
        const updated = await tx.$executeRaw(sql`UPDATE "FormSubmission" SET
            "formDescription" = ${header.formDescription}, "formDate" = ${input.formDate}::date,
            "workplaceId" = ${header.workplaceId}::uuid, "branchId" = ${header.branchId}::uuid,
            "isDraft" = ${isDraft}, number = ${number}::int, version = version + 1,
            "updatedAt" = ${storedTimestamp(new Date())}
          WHERE id = ${uuid(stored.id)} AND "companyId" = ${uuid(companyId)} AND version = ${input.version}::int
            AND NOT "isClosed"`);
        if (updated === 0) throw staleVersion();
        submissionId = stored.id;
        newVersion = stored.version + 1;
        for (const key of ['formDescription', 'workplaceId', 'branchId', 'isDraft', 'number'] as const) {
          if (!sameJson(stored[key], header[key]))
            changes.push({ field: key, from: stored[key], to: header[key] });
        }
        if (day(stored.formDate) !== input.formDate)
          changes.push({ field: 'formDate', from: day(stored.formDate), to: input.formDate });
      } else {
        const formType = template!.formType;
        const created = await tx.formSubmission.create({
          data: {
            companyId,
            templateId: template!.id,
            templateVersionId: version.id,
            formType,
            createdByUserId: auth.userId,
            recordedByEmployeeId: formType === 'qr' ? null : auth.employeeId,
            recordedByPersonnelId: formType === 'qr' ? null : auth.personnelId,
            supplierId: auth.supplierId,
            ...header,
          },
        });
        submissionId = created.id;
        newVersion = created.version;
      }

      // Coordinators, position 0 first.
      const coordinatorIds = input.submissionUserId.map((row) => row.userId);
      const storedCoordinators = stored?.coordinators.map((row) => row.employeeId) ?? [];
      if (!sameJson(storedCoordinators, coordinatorIds)) {
        await tx.submissionCoordinator.deleteMany({ where: { companyId, submissionId } });
        await tx.submissionCoordinator.createMany({
          data: [...new Set(coordinatorIds)].map((employeeId, position) => ({
            companyId,
            submissionId,
            employeeId,
            position,
          })),
        });
        changes.push({ field: 'submissionUserId', from: storedCoordinators, to: coordinatorIds });
      }

      // Values: the answers of the shown sections replace the stored ones.
      const fieldLabel = new Map(shape.fieldList.map((field) => [field._id, field.level]));
      const storedValues = new Map(stored?.values.map((row) => [row.fieldId, row.value]) ?? []);
      for (const [fieldId, value] of values) {
        if (!sameJson(storedValues.get(fieldId), value))
          changes.push({
            field: fieldLabel.get(fieldId) ?? fieldId,
            from: storedValues.get(fieldId) ?? null,
            to: value,
          });
      }
      // Only what changed is written: a save usually changes an answer or two of many.
      const removed = [...storedValues.keys()].filter((fieldId) => !values.has(fieldId));
      if (removed.length > 0)
        await tx.submissionValue.deleteMany({ where: { companyId, submissionId, fieldId: { in: removed } } });
      const changed = [...values].filter(([fieldId, value]) => !sameJson(storedValues.get(fieldId), value));
      if (changed.length > 0)
        await tx.$executeRaw`INSERT INTO "SubmissionValue" (id, "companyId", "submissionId", "fieldId", value)
          SELECT gen_random_uuid(), ${companyId}::uuid, ${submissionId}::uuid, answer."fieldId", answer.value::jsonb
          FROM unnest(${changed.map(([fieldId]) => fieldId)}::uuid[],
            ${changed.map(([, value]) => JSON.stringify(value))}::text[]) AS answer("fieldId", value)
          ON CONFLICT ("companyId", "submissionId", "fieldId") DO UPDATE SET value = EXCLUDED.value`;

      const storedRows = stored?.tableRows.map((row) => ({ fieldId: row.fieldId, cells: row.cells })) ?? [];
      const newRows = tableRows.map((row) => ({ fieldId: row.relatedFormId, cells: row.cells }));
      if (!sameJson(storedRows, newRows)) {
        await tx.submissionTableRow.deleteMany({ where: { companyId, submissionId } });
        const counters = new Map<string, number>();
        await tx.submissionTableRow.createMany({
          data: tableRows.map((row) => {
            const rowIndex = counters.get(row.relatedFormId) ?? 0;
            counters.set(row.relatedFormId, rowIndex + 1);
            return { companyId, submissionId, fieldId: row.relatedFormId, rowIndex, cells: row.cells };
          }),
        });
        for (const fieldId of new Set([...storedRows, ...newRows].map((row) => row.fieldId))) {
          changes.push({
            field: fieldLabel.get(fieldId) ?? fieldId,
            from: storedRows.filter((row) => row.fieldId === fieldId).map((row) => row.cells),
            to: newRows.filter((row) => row.fieldId === fieldId).map((row) => row.cells),
          });
        }
      }

      const action = stored ? (submitting ? 'submitted' : 'updated') : isDraft ? 'created' : 'submitted';
      if (!stored || changes.length > 0)
        await logChanges(tx, auth, 'formSubmission', submissionId, submissionId, action, changes);

      let mailsQueued = await this.tasks.save(tx, auth, submissionId, tasks, stored);
      if (submitting) {
        mailsQueued += await queueSubmittedNotifications(tx, this.mail, this.options, {
          companyId,
          submissionId,
        });
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
      formatedNumber: formatedNumber(isDraft ? null : result.number),
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
    const block = this.editBlock(auth, submission);
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

/**
 * What a submission's details name, as more columns of the statement that reads it (`f`): its
 * people, places and files. One round trip, where a second statement for the names took half of
 * the details' time in PostgreSQL (docs/performance.md).
 */
const NAMED_BY_SUBMISSION = sql`,
  (SELECT coalesce(json_object_agg(e.id, json_build_object('firstName', e."firstName", 'lastName', e."lastName")), '{}')
    FROM "Employee" e WHERE e."companyId" = f."companyId" AND e.id IN (
      SELECT c."employeeId" FROM "SubmissionCoordinator" c WHERE c."companyId" = f."companyId" AND c."submissionId" = f.id
      UNION SELECT a."assigneeEmployeeId" FROM "Action" a WHERE a."companyId" = f."companyId" AND a."submissionId" = f.id
      UNION SELECT f."recordedByEmployeeId")) AS employees,
  (SELECT coalesce(json_object_agg(p.id, json_build_object('firstName', p."firstName", 'lastName', p."lastName")), '{}')
    FROM "Personnel" p WHERE p."companyId" = f."companyId" AND p.id IN (
      SELECT a."assigneePersonnelId" FROM "Action" a WHERE a."companyId" = f."companyId" AND a."submissionId" = f.id
      UNION SELECT f."recordedByPersonnelId")) AS personnel,
  (SELECT w.name FROM "Workplace" w WHERE w."companyId" = f."companyId" AND w.id = f."workplaceId") AS "workplaceName",
  (SELECT b.name FROM "Branch" b WHERE b."companyId" = f."companyId" AND b.id = f."branchId") AS "branchName",
  (SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'fileType', a."fileType",
      'size', a.size, 'fieldId', a."fieldId", 'ownerType', a."ownerType", 'ownerId', a."ownerId")
      ORDER BY a."createdAt", a.id), '[]')
    FROM "Attachment" a WHERE a."companyId" = f."companyId" AND (
      (a."ownerType" = 'submission' AND a."ownerId" = f.id)
      OR (a."ownerType" = 'action' AND a."ownerId" IN (
        SELECT x.id FROM "Action" x WHERE x."companyId" = f."companyId" AND x."submissionId" = f.id)))) AS files`;

/** What a submission's details name, read with it (NAMED_BY_SUBMISSION). */
interface NamedBySubmission {
  employees: Record<string, { firstName: string; lastName: string }>;
  personnel: Record<string, { firstName: string; lastName: string }>;
  workplaceName: string | null;
  branchName: string | null;
  files: {
    id: string;
    name: string;
    fileType: string | null;
    size: number;
    fieldId: string | null;
    ownerType: string;
    ownerId: string;
  }[];
}
