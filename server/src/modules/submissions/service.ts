import {
  DEFAULT_TIME_ZONE,
  FIELD_REGISTRY,
  choiceIsOffered,
  fieldsFor,
  formatedNumber,
  headerProblem,
  isFieldType,
  localDateOf,
  mandatoryProblems,
  messages,
  taskDueType,
  taskProblem,
  type FieldType,
  type TChangeLogEntry,
  type TFormSubmission,
  type TFormSubmissionList,
  type TFormSubmissionSaveRequest,
  type TFormSubmissionSaveResult,
  type TFormTemplateDetail,
  type TRelatedLists,
  type TSubmissionAttachment,
  type TTemplateField,
  type TTemplateSection,
  type TValidationError,
} from '@compass/shared';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { ZFormSubmissionListRequest } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import type { FormType } from '../../generated/prisma/client';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import { hasRecordsAccess } from './policy';
import type { AttachmentService } from '../attachments/service';
import { formNumberLabel, queueSubmittedNotifications, wireDateToDisplay } from '../closeOff/notifications';
import { issueActionLink } from '../links/service';
import { submissionTaskMail } from '../mail/templates';

export interface SubmissionOptions {
  publicUrl: string;
  productName: string;
}

/** Who may see a submission (CloseOffService.visible): the same rule for details, PDF and files. */
export type VisibleCheck = (auth: AuthContext, submissionId: string) => Promise<{ id: string } | null>;

/**
 * Who reads or changes a submission: a signed-in user, or the holder of a supplier link
 * (supplierLinks.ts), who acts as its supplier and personnel member and is no user (userId null).
 */
export type SubmissionActor = Pick<AuthContext, 'companyId' | 'employeeId' | 'personnelId' | 'supplierId'> & {
  userId: string | null;
};

/** Ids named inside stored answers (reference fields keep them in their JSON values). */
export const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

const WIRE_FORM_TYPE: Record<FormType, TFormSubmission['formType']> = {
  form_submission: 'form-submission',
  supplier: 'supplier',
  hr: 'hr',
  qr: 'qr',
};

/**
 * The field types whose value names records of the organisation; new picks must be active
 * (spec 001 section 5). Submissions have no active flag: they only have to be the organisation's.
 */
const RECORD_FIELDS = ['employee', 'asset', 'risk', 'supplier', 'submission'] as const satisfies FieldType[];
type RecordKind = (typeof RECORD_FIELDS)[number] | 'personnel';

/** contentEditor HTML keeps formatting and images, never scripts or event handlers. */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'u', 's'],
  allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, img: ['src', 'alt', 'width', 'height'] },
  allowedSchemesByTag: { img: ['https', 'data'] },
};

const day = (date: Date) => date.toISOString().slice(0, 10);
const fullName = (person: { firstName: string; lastName: string } | null | undefined) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : '';
const yes = (flag: boolean) => (flag ? 'yes' : 'no');
/** An attachment row as the screens read it: downloaded by id, never by a stored path. */
const wireAttachment = (row: {
  id: string;
  name: string;
  fileType: string | null;
  size: number;
  fieldId: string | null;
}): TSubmissionAttachment => ({
  _id: row.id,
  name: row.name,
  path: `/api/files/${row.id}`,
  fileType: row.fileType,
  size: row.size,
  relatedFormId: row.fieldId,
});
/** No answer, however it is stored: a draft keeps '' or [] where a later save may send null. */
const blank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
/** The same stored value; two kinds of "no answer" are the same (no history entry "— → —"). */
const sameJson = (a: unknown, b: unknown) =>
  (blank(a) && blank(b)) || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const submissionInclude = {
  template: { select: { name: true, formBranchType: true } },
  coordinators: { orderBy: { position: 'asc' } },
  values: true,
  tableRows: { orderBy: [{ fieldId: 'asc' }, { rowIndex: 'asc' }] },
  actions: { orderBy: { taskNumber: 'asc' } },
} as const satisfies Prisma.FormSubmissionInclude;

type StoredSubmission = Prisma.FormSubmissionGetPayload<{ include: typeof submissionInclude }>;

interface TemplateVersionShape {
  sections: TTemplateSection[];
  fieldList: TTemplateField[];
}

/**
 * A new form from a guest of a template's QR poster (modules/qrSubmissions): no user records it,
 * and only the part of the template the guest was shown (`restrict`) is checked and kept.
 */
export interface GuestSave {
  restrict: (shape: TemplateVersionShape) => TemplateVersionShape;
}

interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * The largest save (MAX_TASKS_PER_SAVE actions, each with its change log and mail) takes about 2 s
 * on this project's 2-core machine; Prisma's default of 5 s left no room on a busy one.
 */
const SAVE_TRANSACTION = { timeout: 30_000, maxWait: 10_000 };

export class SubmissionService {
  constructor(
    private readonly db: Db,
    private readonly attachments: AttachmentService,
    private readonly mail: MailQueue,
    private readonly options: SubmissionOptions,
    private readonly visible: VisibleCheck,
  ) {}

  // ---------- Reference data ----------

  /**
   * The pick lists of the caller's organisation. Its own people get them whole (the risk register
   * only with the `risk` key); a supplier user or personnel sees only what its own supplier forms
   * name (see externalRelatedLists).
   */
  async relatedListsFor(auth: AuthContext): Promise<TRelatedLists> {
    if (auth.userType === 'employee') {
      const lists = await this.relatedLists(auth);
      // The risk register is for roles with its key: without it, risk fields offer nothing.
      if (auth.accessKeys.has('risk')) return lists;
      return { ...lists, listRisk: { allRiskList: [], masterRiskList: [] } };
    }
    const own = auth.supplierId
      ? await this.db.formSubmission.findMany({
          where: { companyId: auth.companyId, formType: 'supplier', supplierId: auth.supplierId },
          select: { id: true },
        })
      : [];
    const reviewers = auth.supplierId
      ? await this.db.supplierAssignment.findMany({
          where: {
            companyId: auth.companyId,
            supplierId: auth.supplierId,
            reviewerEmployeeId: { not: null },
          },
          select: { reviewerEmployeeId: true },
        })
      : [];
    return this.externalRelatedLists(
      auth.companyId,
      auth.supplierId,
      own.map((row) => row.id),
      reviewers.map((row) => row.reviewerEmployeeId!),
    );
  }

  /**
   * What someone outside the organisation (a supplier user, personnel, a link holder) may see of
   * its pick lists: supplier templates only; people, risks, suppliers and other submissions only
   * where the given submissions name them (their coordinators, actions and answers), besides the
   * supplier's own personnel. Workplaces and assets stay whole: the form's header and asset
   * fields pick from them. `contacts` are employees the organisation put in touch with the supplier
   * (its assignments' reviewers), whom a new supplier form may name as coordinator.
   */
  async externalRelatedLists(
    companyId: string,
    supplierId: string | null,
    submissionIds: string[],
    contacts: string[] = [],
  ): Promise<TRelatedLists> {
    const [lists, values, coordinators, actions] = await Promise.all([
      this.relatedLists({ companyId }),
      this.db.submissionValue.findMany({
        where: { companyId, submissionId: { in: submissionIds } },
        select: { value: true },
      }),
      this.db.submissionCoordinator.findMany({
        where: { companyId, submissionId: { in: submissionIds } },
        select: { employeeId: true },
      }),
      this.db.action.findMany({
        where: { companyId, submissionId: { in: submissionIds } },
        select: { assigneeEmployeeId: true, assigneePersonnelId: true },
      }),
    ]);
    const named = new Set<string>([
      ...contacts,
      ...(JSON.stringify(values.map((row) => row.value)).match(UUID_PATTERN) ?? []),
      ...coordinators.map((row) => row.employeeId),
      ...actions.flatMap((row) =>
        [row.assigneeEmployeeId, row.assigneePersonnelId].filter((id) => id !== null),
      ),
    ]);
    const ownPersonnel = supplierId
      ? new Set(
          (await this.db.personnel.findMany({ where: { companyId, supplierId }, select: { id: true } })).map(
            (row) => row.id,
          ),
        )
      : new Set<string>();
    const referenced = await this.db.formSubmission.findMany({
      where: { companyId, isDraft: false, id: { in: [...named] } },
      select: { id: true, number: true, formDescription: true, template: { select: { name: true } } },
    });
    const isNamed = (row: { _id: string }) => named.has(row._id);
    const isPersonnelShown = (row: { _id: string }) => named.has(row._id) || ownPersonnel.has(row._id);
    const isSupplierShown = (row: { _id: string }) => named.has(row._id) || row._id === supplierId;
    return {
      ...lists,
      formTemplate: lists.formTemplate.filter((template) => template.formType === WIRE_FORM_TYPE.supplier),
      listRisk: {
        allRiskList: lists.listRisk.allRiskList.filter(isNamed),
        masterRiskList: lists.listRisk.masterRiskList.filter(isNamed),
      },
      listSupplier: lists.listSupplier.filter(isSupplierShown),
      activeSupplierList: lists.activeSupplierList.filter(isSupplierShown),
      listEmployee: lists.listEmployee.filter(isNamed),
      activeEmployeeList: lists.activeEmployeeList.filter(isNamed),
      activePersonnelList: lists.activePersonnelList.filter(isPersonnelShown),
      allPersonnelList: lists.allPersonnelList.filter(isPersonnelShown),
      submissionList: referenced.map((row) => ({
        _id: row.id,
        name: `${formatedNumber(row.number)} ${row.template.name}: ${row.formDescription}`,
      })),
    };
  }

  /** The organisation's pick lists, whole: for its own people. */
  async relatedLists(auth: Pick<AuthContext, 'companyId'>): Promise<TRelatedLists> {
    const companyId = auth.companyId;
    const byName = { orderBy: { name: 'asc' as const } };
    const byPerson = { orderBy: [{ firstName: 'asc' as const }, { lastName: 'asc' as const }] };
    const [templates, assets, risks, suppliers, employees, personnel, workplaces, submissions] =
      await Promise.all([
        this.db.formTemplate.findMany({ where: { companyId, isActive: true }, ...byName }),
        this.db.asset.findMany({ where: { companyId }, ...byName }),
        this.db.risk.findMany({ where: { companyId }, ...byName }),
        this.db.supplierCompany.findMany({ where: { companyId }, ...byName }),
        this.db.employee.findMany({ where: { companyId }, ...byPerson }),
        this.db.personnel.findMany({ where: { companyId }, ...byPerson }),
        this.db.workplace.findMany({ where: { companyId, isActive: true }, ...byName }),
        this.db.formSubmission.findMany({
          where: { companyId, isDraft: false },
          orderBy: { number: 'desc' },
          take: 500,
          select: { id: true, number: true, formDescription: true, template: { select: { name: true } } },
        }),
      ]);
    const record = (row: { id: string; name: string; isActive: boolean }) => ({
      _id: row.id,
      name: row.name,
      isActive: row.isActive,
    });
    const person = (row: { id: string; firstName: string; lastName: string; isActive: boolean }) => ({
      _id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      isActive: row.isActive,
    });
    const risk = (row: (typeof risks)[number]) => ({ ...record(row), colour: row.colour });
    const listRisk = risks.map(risk);
    return {
      formTemplate: templates.map((row) => ({
        _id: row.id,
        name: row.name,
        formType: WIRE_FORM_TYPE[row.formType],
      })),
      listPlan: assets.map(record),
      activePlantList: assets.filter((row) => row.isActive).map(record),
      listRisk: { allRiskList: listRisk, masterRiskList: listRisk.filter((_, i) => risks[i]!.isMaster) },
      listSupplier: suppliers.map(record),
      activeSupplierList: suppliers.filter((row) => row.isActive).map(record),
      listEmployee: employees.map(person),
      activeEmployeeList: employees.filter((row) => row.isActive).map(person),
      activePersonnelList: personnel.filter((row) => row.isActive).map(person),
      allPersonnelList: personnel.map(person),
      workplace: workplaces.map((row) => ({ _id: row.id, name: row.name })),
      submissionList: submissions.map((row) => ({
        _id: row.id,
        name: `${formatedNumber(row.number)} ${row.template.name}: ${row.formDescription}`,
      })),
    };
  }

  async templateList(auth: AuthContext, formType?: TFormSubmission['formType']) {
    const wanted = formType
      ? (Object.keys(WIRE_FORM_TYPE) as FormType[]).find((key) => WIRE_FORM_TYPE[key] === formType)
      : undefined;
    const rows = await this.db.formTemplate.findMany({
      where: { companyId: auth.companyId, isActive: true, formType: wanted },
      orderBy: { name: 'asc' },
    });
    return rows.map((row) => ({ _id: row.id, name: row.name, formType: WIRE_FORM_TYPE[row.formType] }));
  }

  async branches(auth: Pick<AuthContext, 'companyId'>, workplaceId: string) {
    const rows = await this.db.branch.findMany({
      where: { companyId: auth.companyId, workplaceId, isActive: true },
      orderBy: { name: 'asc' },
    });
    return rows.map((row) => ({ _id: row.id, name: row.name }));
  }

  /** The sections and fields of one template version, in order, as the wire shows them. */
  private async versionShape(
    db: Db | Prisma.TransactionClient,
    companyId: string,
    templateVersionId: string,
  ): Promise<TemplateVersionShape> {
    const [sections, fields] = await Promise.all([
      db.templateSection.findMany({ where: { companyId, templateVersionId }, orderBy: { orderNo: 'asc' } }),
      db.templateField.findMany({ where: { companyId, templateVersionId }, orderBy: { orderNo: 'asc' } }),
    ]);
    return {
      sections: sections.map((section) => ({
        _id: section.id,
        level: section.label,
        secMandatoryType: section.secMandatoryType,
        orderNo: section.orderNo,
        isDelete: yes(section.isDeleted),
      })),
      fieldList: fields
        .filter((field) => isFieldType(field.type))
        .map((field) => ({
          _id: field.id,
          type: field.type as FieldType,
          level: field.label,
          section: field.sectionId,
          orderNo: field.orderNo,
          colSize: field.colSize ?? FIELD_REGISTRY[field.type as FieldType].colSize,
          isMandatory: yes(field.isMandatory),
          isDelete: yes(field.isDeleted),
          optionVal: field.optionVal ?? null,
          itemList: (field.itemList as TTemplateField['itemList']) ?? null,
          webLink: field.webLink,
          contentEditor: field.contentEditor,
          placeholder: field.placeholder,
          mandatoryComment: field.mandatoryComment,
        })),
    };
  }

  private async currentVersion(db: Db | Prisma.TransactionClient, companyId: string, templateId: string) {
    const template = await db.formTemplate.findFirst({
      where: { id: templateId, companyId },
      include: { versions: true },
    });
    const version = template?.versions.find((row) => row.version === template.currentVersion);
    if (!template || !version) throw notFound(messages.submission.templateInactive);
    return { template, version };
  }

  async templateDetail(
    auth: Pick<AuthContext, 'companyId'>,
    templateId: string,
  ): Promise<TFormTemplateDetail> {
    const { template, version } = await this.currentVersion(this.db, auth.companyId, templateId);
    if (!template.isActive) throw notFound(messages.submission.templateInactive);
    return {
      _id: template.id,
      name: template.name,
      formType: WIRE_FORM_TYPE[template.formType],
      formBranchType: template.formBranchType,
      emailNotification: template.emailNotification.map((value) => ({ value })),
      coordinate: template.coordinatorEmployeeId,
      templateVersionId: version.id,
      version: version.version,
      ...(await this.versionShape(this.db, auth.companyId, version.id)),
    };
  }

  // ---------- Who may change a submission ----------

  private isRecorder(auth: SubmissionActor, submission: StoredSubmission): boolean {
    return (
      (auth.employeeId !== null && submission.recordedByEmployeeId === auth.employeeId) ||
      (auth.personnelId !== null && submission.recordedByPersonnelId === auth.personnelId) ||
      (auth.userId !== null && submission.createdByUserId === auth.userId)
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
   * supplier forms only; the organisation's coordinators and its own actions stay as they are; new
   * or changed actions go to the supplier's own personnel.
   */
  private async checkExternalSave(
    auth: SubmissionActor,
    input: TFormSubmissionSaveRequest,
    template: { formType: FormType } | null,
    stored: StoredSubmission | null,
  ) {
    if ((stored?.formType ?? template?.formType) !== 'supplier')
      throw forbidden(messages.submission.supplierFormsOnly);
    const organisationActions = stored ? await this.organisationActionIds(auth, stored) : new Set<string>();
    if (stored) {
      const coordinators = stored.coordinators.map((row) => row.employeeId);
      const sent = input.submissionUserId.map((row) => row.userId);
      if (!sameJson(coordinators, sent)) throw forbidden(messages.submission.coordinatorKept);
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
    if (theirs.length === 0) return;
    const assignees = [...new Set(theirs.map((task) => task.investigator))];
    const ownPersonnel = auth.supplierId
      ? await this.db.personnel.count({
          where: { companyId: auth.companyId, supplierId: auth.supplierId, id: { in: assignees } },
        })
      : 0;
    if (theirs.some((task) => task.actionType !== 'external') || ownPersonnel !== assignees.length)
      throw forbidden(messages.submission.assigneeOutsideCompany);
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

  private async load(db: Db | Prisma.TransactionClient, auth: SubmissionActor, submissionId: string) {
    const submission = await db.formSubmission.findFirst({
      where: { id: submissionId, companyId: auth.companyId },
      include: submissionInclude,
    });
    if (!submission) throw notFound();
    return submission;
  }

  // ---------- Details ----------

  /** Why this caller may not edit the submission now (the banner), or null when it may. */
  async editBlockOf(auth: SubmissionActor, submissionId: string): Promise<string | null> {
    return this.editBlock(auth, await this.load(this.db, auth, submissionId));
  }

  async details(
    auth: AuthContext,
    submissionId: string,
    timeZone = DEFAULT_TIME_ZONE,
  ): Promise<TFormSubmission> {
    if (!(await this.visible(auth, submissionId))) throw notFound();
    return this.detailsOf(auth, submissionId, timeZone);
  }

  /** The details for a caller whose access was checked (a signed-in viewer, or a supplier link). */
  async detailsOf(
    auth: SubmissionActor,
    submissionId: string,
    timeZone = DEFAULT_TIME_ZONE,
  ): Promise<TFormSubmission> {
    const submission = await this.load(this.db, auth, submissionId);
    const companyId = auth.companyId;
    const employeeIds = [
      ...submission.coordinators.map((row) => row.employeeId),
      ...submission.actions.flatMap((row) => (row.assigneeEmployeeId ? [row.assigneeEmployeeId] : [])),
      ...(submission.recordedByEmployeeId ? [submission.recordedByEmployeeId] : []),
    ];
    const personnelIds = [
      ...submission.actions.flatMap((row) => (row.assigneePersonnelId ? [row.assigneePersonnelId] : [])),
      ...(submission.recordedByPersonnelId ? [submission.recordedByPersonnelId] : []),
    ];
    const [shape, employees, personnel, workplace, branch, files] = await Promise.all([
      this.versionShape(this.db, companyId, submission.templateVersionId),
      this.db.employee.findMany({ where: { companyId, id: { in: employeeIds } } }),
      this.db.personnel.findMany({ where: { companyId, id: { in: personnelIds } } }),
      submission.workplaceId
        ? this.db.workplace.findFirst({ where: { companyId, id: submission.workplaceId } })
        : null,
      submission.branchId
        ? this.db.branch.findFirst({ where: { companyId, id: submission.branchId } })
        : null,
      this.db.attachment.findMany({
        where: {
          companyId,
          OR: [
            { ownerType: 'submission', ownerId: submission.id },
            { ownerType: 'action', ownerId: { in: submission.actions.map((row) => row.id) } },
          ],
        },
        orderBy: { createdAt: 'asc' },
      }),
    ]);
    const employeeName = new Map(employees.map((row) => [row.id, fullName(row)]));
    const personnelName = new Map(personnel.map((row) => [row.id, fullName(row)]));
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
      workplaceName: workplace?.name ?? '',
      branch: submission.branchId,
      branchName: branch?.name ?? '',
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
          name: this.recorderName(submission, employeeName, personnelName),
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

  /** 'Guest User' for qr forms, the personnel for supplier forms, else the recording employee. */
  private recorderName(
    submission: Pick<StoredSubmission, 'formType' | 'recordedByEmployeeId' | 'recordedByPersonnelId'>,
    employeeName: Map<string, string>,
    personnelName: Map<string, string>,
  ): string {
    if (submission.formType === 'qr') return messages.submission.guestUser;
    if (submission.recordedByPersonnelId) return personnelName.get(submission.recordedByPersonnelId) ?? '';
    if (submission.recordedByEmployeeId) return employeeName.get(submission.recordedByEmployeeId) ?? '';
    return messages.submission.guestUser;
  }

  // ---------- Save ----------

  /**
   * Create or edit a submission in one transaction: header, coordinators, values, table rows,
   * actions, the FS number on first submit, the change log and the mails it causes.
   */
  async save(
    auth: SubmissionActor,
    input: TFormSubmissionSaveRequest,
    guest?: GuestSave,
  ): Promise<TFormSubmissionSaveResult & { message: string }> {
    const companyId = auth.companyId;
    const isDraft = input.isDraft === 'yes';
    const stored = input._id ? await this.load(this.db, auth, input._id) : null;
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
      : await this.currentVersion(this.db, companyId, input.formTemplateId);
    if (template && !template.isActive) throw notFound(messages.submission.templateInactive);
    if (!guest && !auth.employeeId) await this.checkExternalSave(auth, input, template, stored);
    const templateShape = await this.versionShape(this.db, companyId, version.id);
    const shape = guest ? guest.restrict(templateShape) : templateShape;

    const fileFields = stored
      ? (
          await this.db.attachment.findMany({
            where: { companyId, ownerType: 'submission', ownerId: stored.id, fieldId: { not: null } },
            select: { fieldId: true },
          })
        ).map((row) => row.fieldId!)
      : [];
    const { values, tableRows, tasks } = this.checkInput(input, shape, isDraft, stored, fileFields);
    await this.checkSelections(companyId, input, values, shape, stored);

    const result = await this.db.$transaction(async (tx) => {
      let submissionId: string;
      let number = stored?.number ?? null;
      const submitting = !isDraft && (stored ? stored.isDraft : true);
      if (submitting && number === null) number = await this.nextNumber(tx, companyId);
      const header = {
        formDescription: input.formDescription.trim(),
        formDate: new Date(`${input.formDate}T00:00:00.000Z`),
        workplaceId: input.workplace || null,
        branchId: input.branch || null,
        isDraft,
        number,
      };
      let newVersion: number;
      const changes: Change[] = [];
      if (stored) {
        const updated = await tx.formSubmission.updateMany({
          where: { id: stored.id, companyId, version: input.version, isClosed: false },
          data: { ...header, version: { increment: 1 } },
        });
        if (updated.count === 0) throw staleVersion();
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
      await tx.submissionValue.deleteMany({ where: { companyId, submissionId } });
      await tx.submissionValue.createMany({
        data: [...values].map(([fieldId, value]) => ({
          companyId,
          submissionId,
          fieldId,
          value: value as Prisma.InputJsonValue,
        })),
      });

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
        await this.log(tx, auth, 'formSubmission', submissionId, submissionId, action, changes);

      let mailsQueued = await this.saveTasks(tx, auth, submissionId, tasks, stored);
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

  /** The shared rules (the browser runs the same ones): the first problem is the message. */
  private checkInput(
    input: TFormSubmissionSaveRequest,
    shape: TemplateVersionShape,
    isDraft: boolean,
    stored: StoredSubmission | null,
    fileFields: string[],
  ) {
    const fail = (problems: TValidationError[]) => {
      throw badRequest(problems[0]!.message, problems);
    };
    const header = headerProblem(input);
    if (header) fail([{ field: 'header', message: header }]);

    const shown = fieldsFor(shape.fieldList, shape.sections, isDraft);
    const shownById = new Map(shown.map((field) => [field._id, field]));
    const known = new Set(shape.fieldList.map((field) => field._id));
    const values = new Map<string, unknown>();
    const storedValues = new Map(stored?.values.map((row) => [row.fieldId, row.value]) ?? []);
    const problems: TValidationError[] = [];
    for (const entry of input.formValue) {
      const field = shownById.get(entry.relatedFormId);
      if (!known.has(entry.relatedFormId)) {
        problems.push({ field: entry.relatedFormId, message: messages.submission.unknownField });
        continue;
      }
      // Values of sections a draft leaves out (investigation) are not kept.
      if (!field || FIELD_REGISTRY[field.type].storage !== 'value') continue;
      const parsed = FIELD_REGISTRY[field.type].valueSchema.safeParse(entry.value);
      if (!parsed.success) {
        problems.push({
          field: entry.relatedFormId,
          message: `${field.level}: ${parsed.error.issues[0]!.message}`,
        });
        continue;
      }
      // A request that bypasses the browser may name options the template never offered.
      if (!choiceIsOffered(field, parsed.data, storedValues.get(field._id))) {
        problems.push({
          field: entry.relatedFormId,
          message: `${field.level}: ${messages.submission.optionNotOffered}`,
        });
        continue;
      }
      values.set(
        field._id,
        field.type === 'contentEditor' ? sanitizeHtml(parsed.data as string, SANITIZE_OPTIONS) : parsed.data,
      );
    }
    for (const entry of [...input.taskData, ...input.tableData]) {
      const field = shownById.get(entry.relatedFormId);
      const expected = 'cells' in entry ? 'table' : 'task';
      if (field?.type !== expected)
        problems.push({ field: entry.relatedFormId, message: messages.submission.unknownField });
    }
    if (problems.length > 0) fail(problems);

    const count = (ids: string[]) => {
      const counts = new Map<string, number>();
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      return counts;
    };
    // Completed tasks stay even when the list leaves them out.
    const keptTasks = [
      ...input.taskData.map((task) => task.relatedFormId),
      ...(stored?.actions ?? [])
        .filter((action) => action.isComplete && !input.taskData.some((task) => task._id === action.id))
        .flatMap((action) => (action.fieldId ? [action.fieldId] : [])),
    ];
    const mandatory = mandatoryProblems(
      shape.fieldList,
      shape.sections,
      {
        values,
        tableRows: count(input.tableData.map((row) => row.relatedFormId)),
        tasks: count(keptTasks),
        attachments: count(fileFields),
      },
      isDraft,
    );
    if (mandatory.length > 0)
      fail(mandatory.map((problem) => ({ field: problem.fieldId, message: problem.message })));

    const taskProblems = input.taskData.flatMap((task, index) => {
      const problem = taskProblem(task);
      return problem ? [{ field: `taskData.${index}`, message: problem }] : [];
    });
    if (taskProblems.length > 0) fail(taskProblems);
    return { values, tableRows: input.tableData, tasks: input.taskData };
  }

  /**
   * New selections must be active records of the organisation; a record already stored in the
   * same place may stay even when it has since been made inactive.
   */
  private async checkSelections(
    companyId: string,
    input: TFormSubmissionSaveRequest,
    values: Map<string, unknown>,
    shape: TemplateVersionShape,
    stored: StoredSubmission | null,
  ) {
    const wanted: Record<RecordKind, Set<string>> = {
      employee: new Set(),
      asset: new Set(),
      risk: new Set(),
      supplier: new Set(),
      submission: new Set(),
      personnel: new Set(),
    };
    const had: Record<RecordKind, Set<string>> = {
      employee: new Set(stored?.coordinators.map((row) => row.employeeId)),
      asset: new Set(),
      risk: new Set(),
      supplier: new Set(),
      submission: new Set(),
      personnel: new Set(),
    };
    const typeOf = new Map(shape.fieldList.map((field) => [field._id, field.type]));
    const collect = (target: Record<RecordKind, Set<string>>, fieldId: string, value: unknown) => {
      const type = typeOf.get(fieldId);
      if (!type || !(RECORD_FIELDS as readonly string[]).includes(type) || !Array.isArray(value)) return;
      for (const id of value) target[type as RecordKind].add(String(id));
    };
    for (const [fieldId, value] of values) collect(wanted, fieldId, value);
    for (const row of stored?.values ?? []) collect(had, row.fieldId, row.value);
    for (const row of input.submissionUserId) wanted.employee.add(row.userId);
    for (const task of input.taskData)
      wanted[task.actionType === 'internal' ? 'employee' : 'personnel'].add(task.investigator);
    for (const action of stored?.actions ?? []) {
      if (action.assigneeEmployeeId) had.employee.add(action.assigneeEmployeeId);
      if (action.assigneePersonnelId) had.personnel.add(action.assigneePersonnelId);
    }
    const fresh = (kind: RecordKind) => [...wanted[kind]].filter((id) => !had[kind].has(id));
    const active = { companyId, isActive: true };
    const counts = await Promise.all([
      this.db.employee.count({ where: { ...active, id: { in: fresh('employee') } } }),
      this.db.asset.count({ where: { ...active, id: { in: fresh('asset') } } }),
      this.db.risk.count({ where: { ...active, id: { in: fresh('risk') } } }),
      this.db.supplierCompany.count({ where: { ...active, id: { in: fresh('supplier') } } }),
      this.db.formSubmission.count({ where: { companyId, id: { in: fresh('submission') } } }),
      this.db.personnel.count({ where: { ...active, id: { in: fresh('personnel') } } }),
    ]);
    const expected = (['employee', 'asset', 'risk', 'supplier', 'submission', 'personnel'] as const).map(
      (kind) => fresh(kind).length,
    );
    if (counts.some((found, index) => found !== expected[index]))
      throw badRequest(messages.submission.inactiveSelection);

    // The workplace and branch: the organisation's, active unless already stored, and matching.
    if (input.workplace && input.workplace !== stored?.workplaceId) {
      const workplace = await this.db.workplace.count({ where: { ...active, id: input.workplace } });
      if (workplace === 0) throw badRequest(messages.submission.inactiveSelection);
    }
    if (input.branch) {
      const branch = await this.db.branch.findFirst({ where: { companyId, id: input.branch } });
      if (!branch || (!branch.isActive && branch.id !== stored?.branchId))
        throw badRequest(messages.submission.inactiveSelection);
      if (input.workplace && branch.workplaceId !== input.workplace)
        throw badRequest(messages.submission.branchOfWorkplace);
    }
  }

  private async nextNumber(tx: Prisma.TransactionClient, companyId: string): Promise<number> {
    // One numbering per organisation: concurrent first submits wait for each other.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`form-number:${companyId}`}))`;
    const last = await tx.formSubmission.aggregate({ where: { companyId }, _max: { number: true } });
    return Math.max(last._max.number ?? 1000, 1000) + 1;
  }

  /** A ChangeLog row in the style of the other features: { attribute: [from, to] }. */
  private async log(
    tx: Prisma.TransactionClient,
    auth: SubmissionActor,
    entityType: 'formSubmission' | 'action',
    entityId: string,
    submissionId: string,
    action: string,
    changes: Change[],
  ) {
    const entries = Object.fromEntries(changes.map((change) => [change.field, [change.from, change.to]]));
    await tx.changeLog.create({
      data: {
        companyId: auth.companyId,
        entityType,
        entityId,
        userId: auth.userId,
        action,
        // An action's row names its submission, so its history survives the action's deletion.
        changes: (entityType === 'action' ? { ...entries, submissionId } : entries) as Prisma.InputJsonValue,
      },
    });
  }

  /** Creates, edits and deletes the actions; one task mail per new or reassigned action. */
  private async saveTasks(
    tx: Prisma.TransactionClient,
    auth: SubmissionActor,
    submissionId: string,
    tasks: TFormSubmissionSaveRequest['taskData'],
    stored: StoredSubmission | null,
  ): Promise<number> {
    const companyId = auth.companyId;
    const existing = new Map(stored?.actions.map((action) => [action.id, action]) ?? []);
    const sent = new Set(tasks.flatMap((task) => (task._id ? [task._id] : [])));
    const toMail: { actionId: string; reassigned: boolean }[] = [];

    for (const action of existing.values()) {
      if (sent.has(action.id) || action.isComplete) continue;
      await tx.action.delete({ where: { id: action.id } });
      await this.log(tx, auth, 'action', action.id, submissionId, 'deleted', [
        { field: 'instruction', from: action.instruction, to: null },
      ]);
    }

    let taskNumber = Math.max(0, ...(stored?.actions.map((action) => action.taskNumber) ?? []));
    for (const task of tasks) {
      const assignee = {
        assigneeEmployeeId: task.actionType === 'internal' ? task.investigator : null,
        assigneePersonnelId: task.actionType === 'external' ? task.investigator : null,
      };
      const fields = {
        instruction: task.instruction.trim(),
        actionType: task.actionType,
        ...assignee,
        dueDate: new Date(`${task.due}T00:00:00.000Z`),
      };
      if (!task._id) {
        taskNumber += 1;
        const created = await tx.action.create({
          data: {
            companyId,
            submissionId,
            fieldId: task.relatedFormId,
            taskNumber,
            createdByUserId: auth.userId,
            ...fields,
          },
        });
        await this.log(tx, auth, 'action', created.id, submissionId, 'created', [
          { field: 'instruction', from: null, to: fields.instruction },
          { field: 'actionType', from: null, to: fields.actionType },
          { field: 'investigator', from: null, to: task.investigator },
          { field: 'due', from: null, to: task.due },
        ]);
        toMail.push({ actionId: created.id, reassigned: false });
        continue;
      }
      const action = existing.get(task._id);
      if (!action) throw badRequest(messages.action.notFound);
      const before = {
        instruction: action.instruction,
        actionType: action.actionType,
        investigator: action.assigneeEmployeeId ?? action.assigneePersonnelId,
        due: day(action.dueDate),
      };
      const after = {
        instruction: fields.instruction,
        actionType: task.actionType,
        investigator: task.investigator,
        due: task.due,
      };
      const changes = (Object.keys(before) as (keyof typeof before)[])
        .filter((key) => before[key] !== after[key])
        .map((key) => ({ field: key, from: before[key], to: after[key] }));
      if (changes.length === 0) continue;
      if (action.isComplete) throw conflict(messages.action.alreadyComplete);
      const updated = await tx.action.updateMany({
        where: { id: action.id, companyId, version: action.version, isComplete: false },
        data: { ...fields, version: { increment: 1 } },
      });
      if (updated.count === 0) throw staleVersion();
      await this.log(tx, auth, 'action', action.id, submissionId, 'updated', changes);
      if (before.investigator !== after.investigator || before.actionType !== after.actionType)
        toMail.push({ actionId: action.id, reassigned: true });
    }

    let queued = 0;
    for (const item of toMail) queued += await this.queueTaskMail(tx, auth, item.actionId, item.reassigned);
    return queued;
  }

  /** The task mail to the action's assignee; external personnel get a link to the task page. */
  private async queueTaskMail(
    tx: Prisma.TransactionClient,
    auth: SubmissionActor,
    actionId: string,
    reassigned: boolean,
  ): Promise<number> {
    const action = await tx.action.findFirstOrThrow({
      where: { id: actionId, companyId: auth.companyId },
      include: {
        submission: {
          select: {
            number: true,
            isDraft: true,
            formDescription: true,
            template: { select: { name: true } },
            coordinators: { where: { position: 0 }, select: { employeeId: true } },
          },
        },
      },
    });
    const recipient = action.assigneeEmployeeId
      ? await tx.employee.findFirst({
          where: { id: action.assigneeEmployeeId, companyId: auth.companyId },
          select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
        })
      : await tx.personnel.findFirst({
          where: { id: action.assigneePersonnelId ?? '', companyId: auth.companyId },
          select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
        });
    if (!recipient?.email) return 0;
    const coordinatorId = action.submission.coordinators[0]?.employeeId;
    const coordinator = coordinatorId
      ? await tx.employee.findFirst({ where: { id: coordinatorId, companyId: auth.companyId } })
      : null;
    const base = this.options.publicUrl.replace(/\/$/, '');
    const link = await issueActionLink(tx, action, auth.userId);
    const result = await this.mail.enqueue(tx, {
      companyId: auth.companyId,
      to: recipient.email,
      userId: recipient.user?.id ?? null,
      category: 'submissionTask',
      optional: false,
      content: submissionTaskMail({
        productName: this.options.productName,
        name: fullName(recipient),
        templateName: action.submission.template.name,
        formNumber: formNumberLabel(action.submission.isDraft ? null : action.submission.number),
        formDescription: action.submission.formDescription,
        coordinator: fullName(coordinator),
        link: link ? `${base}${link.path}` : `${base}/dashboard`,
        instruction: action.instruction,
        due: wireDateToDisplay(day(action.dueDate)),
        reassigned,
      }),
    });
    return result.queued ? 1 : 0;
  }

  // ---------- Files ----------

  /** Adds files to a file field of a submission the caller may edit; one transaction. */
  async uploadFiles(auth: SubmissionActor, submissionId: string, fieldId: string, files: UploadedFile[]) {
    const submission = await this.load(this.db, auth, submissionId);
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
        await this.log(tx, auth, 'formSubmission', submission.id, submission.id, 'updated', [
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

  // ---------- List and history ----------

  async list(
    auth: AuthContext,
    request: z.output<typeof ZFormSubmissionListRequest>,
  ): Promise<TFormSubmissionList> {
    const companyId = auth.companyId;
    const mine: Prisma.FormSubmissionWhereInput = {
      OR: [
        { createdByUserId: auth.userId },
        ...(auth.employeeId
          ? [
              { recordedByEmployeeId: auth.employeeId },
              { coordinators: { some: { employeeId: auth.employeeId } } },
            ]
          : []),
        ...(auth.personnelId ? [{ recordedByPersonnelId: auth.personnelId }] : []),
      ],
    };
    if (request.scope === 'all' && !hasRecordsAccess(auth)) throw forbidden();
    // Performance reviews (HR forms) of others only for a role with hrEmployeePrivateInfo.
    const hrOfOthers: Prisma.FormSubmissionWhereInput = auth.accessKeys.has('hrEmployeePrivateInfo')
      ? {}
      : { OR: [{ NOT: { formType: 'hr' } }, mine] };
    const status: Record<string, Prisma.FormSubmissionWhereInput> = {
      Draft: { isDraft: true },
      Open: { isDraft: false, isClosed: false },
      Closed: { isClosed: true },
    };
    const where: Prisma.FormSubmissionWhereInput = {
      companyId,
      AND: [
        request.scope === 'my' ? mine : hrOfOthers,
        request.status ? status[request.status]! : {},
        request.formTemplateId ? { templateId: request.formTemplateId } : {},
        request.workplace ? { workplaceId: request.workplace } : {},
        request.fromDate ? { formDate: { gte: new Date(`${request.fromDate}T00:00:00.000Z`) } } : {},
        request.toDate ? { formDate: { lte: new Date(`${request.toDate}T00:00:00.000Z`) } } : {},
        request.search ? { formDescription: { contains: request.search, mode: 'insensitive' } } : {},
      ],
    };
    const [total, rows] = await Promise.all([
      this.db.formSubmission.count({ where }),
      this.db.formSubmission.findMany({
        where,
        orderBy: [
          // Drafts have no number: they sort last either way.
          request.sort === 'number'
            ? { number: { sort: request.sortDirection, nulls: 'last' } }
            : { [request.sort]: request.sortDirection },
          { id: 'asc' },
        ],
        skip: (request.page - 1) * request.pageSize,
        take: request.pageSize,
        include: {
          template: { select: { name: true } },
          coordinators: { where: { position: 0 }, select: { employeeId: true } },
        },
      }),
    ]);
    const employeeIds = rows.flatMap((row) => [
      ...row.coordinators.map((c) => c.employeeId),
      ...(row.recordedByEmployeeId ? [row.recordedByEmployeeId] : []),
    ]);
    const personnelIds = rows.flatMap((row) =>
      row.recordedByPersonnelId ? [row.recordedByPersonnelId] : [],
    );
    const placeIds = rows.flatMap((row) =>
      [row.workplaceId, row.branchId].filter((id): id is string => !!id),
    );
    const [employees, personnel, workplaces, branches] = await Promise.all([
      this.db.employee.findMany({ where: { companyId, id: { in: employeeIds } } }),
      this.db.personnel.findMany({ where: { companyId, id: { in: personnelIds } } }),
      this.db.workplace.findMany({ where: { companyId, id: { in: placeIds } } }),
      this.db.branch.findMany({ where: { companyId, id: { in: placeIds } } }),
    ]);
    const employeeName = new Map(employees.map((row) => [row.id, fullName(row)]));
    const personnelName = new Map(personnel.map((row) => [row.id, fullName(row)]));
    const placeName = new Map([...workplaces, ...branches].map((row) => [row.id, row.name]));
    return {
      rows: rows.map((row) => ({
        _id: row.id,
        formatedNumber: formatedNumber(row.isDraft ? null : row.number),
        formTemplateId: row.templateId,
        formTemplateName: row.template.name,
        formDescription: row.formDescription,
        formDate: day(row.formDate),
        workplaceName: placeName.get(row.workplaceId ?? '') ?? '',
        branchName: placeName.get(row.branchId ?? '') ?? '',
        status: row.isClosed ? 'Closed' : row.isDraft ? 'Draft' : 'Open',
        coordinator: employeeName.get(row.coordinators[0]?.employeeId ?? '') ?? '',
        recordedBy: this.recorderName(row, employeeName, personnelName),
        formType: WIRE_FORM_TYPE[row.formType],
      })),
      total,
      page: request.page,
      pageSize: request.pageSize,
    };
  }

  async history(auth: AuthContext, submissionId: string): Promise<TChangeLogEntry[]> {
    if (!(await this.visible(auth, submissionId))) throw notFound();
    const companyId = auth.companyId;
    const actionIds = (
      await this.db.action.findMany({ where: { companyId, submissionId }, select: { id: true } })
    ).map((row) => row.id);
    const rows = await this.db.changeLog.findMany({
      where: {
        companyId,
        OR: [
          { entityType: 'formSubmission', entityId: submissionId },
          { entityType: 'action', entityId: { in: actionIds } },
          { entityType: 'action', changes: { path: ['submissionId'], equals: submissionId } },
        ],
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const users = await this.db.user.findMany({
      where: { companyId, id: { in: rows.flatMap((row) => (row.userId ? [row.userId] : [])) } },
      include: {
        employee: { select: { firstName: true, lastName: true } },
        personnel: { select: { firstName: true, lastName: true } },
      },
    });
    const who = new Map(
      users.map((user) => [user.id, fullName(user.employee ?? user.personnel) || user.username]),
    );
    return rows.map((row) => ({
      _id: row.id,
      entityType: row.entityType === 'action' ? 'action' : 'submission',
      entityId: row.entityId,
      action: row.action,
      who: (row.userId && who.get(row.userId)) || messages.submission.guestUser,
      when: row.createdAt.toISOString(),
      changes: Object.entries((row.changes ?? {}) as Record<string, unknown>)
        .filter(([field]) => field !== 'submissionId')
        .map(([field, value]) =>
          Array.isArray(value) && value.length === 2
            ? { field, from: value[0] ?? null, to: value[1] ?? null }
            : { field, from: null, to: value ?? null },
        )
        // Rows written before empty answers compared equal (and a completion without files).
        .filter((change) => !(blank(change.from) && blank(change.to))),
    }));
  }
}
