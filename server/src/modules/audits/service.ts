import {
  auditMessages as say,
  auditScore,
  choiceIsOffered,
  displayDay,
  FIELD_REGISTRY,
  isAuditField,
  isAuditQuestion,
  messages,
  personName,
  taskDueType,
  type TAttachment,
  type TAuditDetails,
  type TAuditOptions,
  type TAuditRow,
  type TValidationError,
  type ZAuditCreate,
  type ZAuditFilters,
  type ZAuditFinding,
  type ZAuditReopen,
} from '@compass/shared';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday } from '../../plugins/organisationDay';
import type { AttachmentService } from '../attachments';
import { employeeNames } from '../employees';
import { auditFindingMail } from '../mail';
import { accountHolderOptions, activeAssignee, attachItemFiles, mailAssignee } from '../registerParts';
import { SANITIZE_OPTIONS, USABLE_TEMPLATE, type TemplateVersionShape } from '../submissions';
import type { SubmissionTemplates } from '../submissions';
import type { FileStorage } from '../../plugins/storage';
import { dateOf, dayOf } from '../../db/days';
import { closeAudit } from './close';
import { auditsCsv, listAudits } from './list';
import { auditFilePolicy, conductableAudit, mayConduct, mayReopen, visibleAudit } from './policy';
import { answersOf, type StoredAudit } from './record';

type Filters = z.output<typeof ZAuditFilters>;

export interface AuditOptions {
  publicUrl: string;
  productName: string;
}

/**
 * Audit Inspection: audits scheduled from audit templates, conducted by their auditor (answers
 * checked by the field registry, findings as AuditQuestionTask rows answered from the assignee's
 * dashboard), closed off with the close-off PDF, and repeated when they recur. Every read and write
 * is scoped to the caller's organisation.
 */
export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly storage: FileStorage,
    private readonly attachments: AttachmentService,
    private readonly templates: SubmissionTemplates,
    private readonly mail: MailQueue,
    private readonly mailOptions: AuditOptions,
  ) {
    attachments.registerPolicy('audit', auditFilePolicy(db));
  }

  // ---------- The lists ----------

  list(
    auth: AuthContext,
    scope: 'register' | 'mine',
    request: Filters & { page: number; pageSize: number },
  ): Promise<{ rows: TAuditRow[]; total: number; totalCapped?: boolean }> {
    return listAudits(this.reader, auth, scope, request);
  }

  exportCsv(auth: AuthContext, scope: 'register' | 'mine', filters: Filters): Promise<string> {
    return auditsCsv(this.reader, auth, scope, filters);
  }

  async options(auth: AuthContext): Promise<TAuditOptions> {
    const [templates, workplaces] = await Promise.all([
      this.db.formTemplate.findMany({
        where: { companyId: auth.companyId, formType: 'audit', ...USABLE_TEMPLATE },
        orderBy: { name: 'asc' },
        select: { id: true, name: true },
      }),
      this.db.workplace.findMany({
        where: { companyId: auth.companyId, isActive: true },
        orderBy: { name: 'asc' },
        select: {
          id: true,
          name: true,
          branches: { where: { isActive: true }, orderBy: { name: 'asc' }, select: { id: true, name: true } },
        },
      }),
    ]);
    const named = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
    return {
      templates: templates.map(named),
      workplaces: workplaces.map((row) => ({ ...named(row), branches: row.branches.map(named) })),
    };
  }

  people(auth: AuthContext, search: string | undefined) {
    return accountHolderOptions(this.db, auth.companyId, search);
  }

  // ---------- Create ----------

  async create(auth: AuthContext, input: z.output<typeof ZAuditCreate>): Promise<{ _id: string }> {
    const companyId = auth.companyId;
    return this.db.$transaction(async (tx) => {
      const problems: TValidationError[] = [];
      const [template, auditor, workplace, branch] = await Promise.all([
        tx.formTemplate.findFirst({
          where: { id: input.templateId, companyId, formType: 'audit', ...USABLE_TEMPLATE },
          include: { versions: true },
        }),
        tx.employee.count({ where: { id: input.auditorId, companyId, isActive: true } }),
        tx.workplace.count({ where: { id: input.workplaceId, companyId, isActive: true } }),
        input.branchId
          ? tx.branch.count({
              where: { id: input.branchId, companyId, workplaceId: input.workplaceId, isActive: true },
            })
          : 1,
      ]);
      const version = template?.versions.find((row) => row.version === template.currentVersion);
      if (!template || !version) problems.push({ field: 'templateId', message: say.templateUnknown });
      if (auditor === 0) problems.push({ field: 'auditorId', message: say.personUnknown });
      if (workplace === 0) problems.push({ field: 'workplaceId', message: say.workplaceUnknown });
      if (branch === 0) problems.push({ field: 'branchId', message: say.branchUnknown });
      if (problems.length > 0 || !template || !version) throw badRequest(problems[0]!.message, problems);
      const audit = await tx.audit.create({
        data: {
          companyId,
          name: template.name,
          templateId: template.id,
          templateVersionId: version.id,
          auditDate: dateOf(input.dueDate),
          ownerEmployeeId: input.auditorId,
          workplaceId: input.workplaceId,
          branchId: input.branchId,
          frequency: input.frequency,
          firstDueDate: input.frequency ? dateOf(input.dueDate) : null,
          createdByEmployeeId: auth.employeeId,
        },
      });
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'audit',
        entityId: audit.id,
        action: 'created',
        before: null,
        after: { ...input },
      });
      return { _id: audit.id };
    });
  }

  // ---------- One audit ----------

  async details(auth: AuthContext, id: string): Promise<TAuditDetails> {
    const audit = await visibleAudit(this.db, auth, id);
    if (!audit) throw notFound();
    const [shape, tasks, files, today, names] = await Promise.all([
      this.shapeOf(audit),
      this.db.auditQuestionTask.findMany({
        where: { companyId: auth.companyId, auditId: id },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
      this.attachments.listFor(auth.companyId, 'audit', id),
      callerToday(auth),
      this.placeNames(audit),
    ]);
    const people = await employeeNames(this.db, auth.companyId, [
      audit.ownerEmployeeId,
      ...tasks.map((task) => task.assigneeEmployeeId),
    ]);
    const pdf = files.find((file) => file._id === audit.pdfAttachmentId) ?? null;
    return {
      _id: audit.id,
      name: audit.name,
      templateName: names.template,
      status: audit.status,
      auditor: audit.ownerEmployeeId
        ? { _id: audit.ownerEmployeeId, name: people.get(audit.ownerEmployeeId) ?? 'Former employee' }
        : null,
      workplace: names.workplace,
      branch: names.branch,
      dueDate: dayOf(audit.auditDate),
      frequency: audit.frequency,
      occurrence: audit.occurrence,
      version: audit.version,
      canConduct: mayConduct(auth, audit),
      canReopen: audit.status === 'closed' && mayReopen(auth, audit),
      closedAt: audit.closedAt?.toISOString() ?? null,
      ...shape,
      answers: answersOf(audit),
      score: audit.score,
      tasks: tasks.map((task) => {
        const dueDate = dayOf(task.dueDate);
        return {
          _id: task.id,
          fieldId: task.fieldId,
          question: task.question,
          instruction: task.instruction,
          assignee: task.assigneeEmployeeId ? (people.get(task.assigneeEmployeeId) ?? null) : null,
          dueDate,
          taskDueDateType: task.isComplete ? ('nodue' as const) : taskDueType(dueDate, today),
          isComplete: task.isComplete,
          completedOn: task.completedOn ? dayOf(task.completedOn) : null,
          response: task.response ?? '',
        };
      }),
      attachments: files.filter((file) => file._id !== pdf?._id),
      pdf,
    };
  }

  /** Merges the answers sent into the stored ones, each checked as a submission's would be. */
  async save(
    auth: AuthContext,
    input: { _id: string; version: number; answers: { fieldId: string; value: unknown }[] },
  ): Promise<{ version: number; score: number | null }> {
    return this.db.$transaction(async (tx) => {
      const audit = await conductableAudit(tx, auth, input._id, input.version);
      const shape = await this.shapeOf(audit);
      const questions = new Map(
        shape.fieldList.filter((field) => isAuditQuestion(field.type)).map((field) => [field._id, field]),
      );
      const stored = answersOf(audit);
      const answers = { ...stored };
      const problems: TValidationError[] = [];
      for (const entry of input.answers) {
        const field = questions.get(entry.fieldId);
        if (!field) {
          problems.push({ field: entry.fieldId, message: say.questionUnknown });
          continue;
        }
        const parsed = FIELD_REGISTRY[field.type].valueSchema.safeParse(entry.value);
        if (!parsed.success || !choiceIsOffered(field, parsed.data, stored[field._id])) {
          problems.push({
            field: field._id,
            message: `${field.level}: ${parsed.success ? messages.submission.optionNotOffered : parsed.error.issues[0]!.message}`,
          });
          continue;
        }
        answers[field._id] =
          field.type === 'contentEditor'
            ? sanitizeHtml(parsed.data as string, SANITIZE_OPTIONS)
            : parsed.data;
      }
      if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
      const score = auditScore(shape.fieldList, answers).percent;
      await tx.audit.update({
        where: { id: audit.id },
        data: {
          answers: answers as Prisma.InputJsonObject,
          score,
          status: 'inProgress',
          version: { increment: 1 },
        },
      });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'audit',
        entityId: audit.id,
        action: 'updated',
        before: { answers: stored, score: audit.score },
        after: { answers, score },
      });
      return { version: audit.version + 1, score };
    });
  }

  /** A finding on a question: a task for an employee (their dashboard) and its mail. */
  async raiseFinding(auth: AuthContext, input: z.output<typeof ZAuditFinding>): Promise<{ _id: string }> {
    return this.db.$transaction(async (tx) => {
      const audit = await conductableAudit(tx, auth, input.auditId);
      const shape = await this.shapeOf(audit);
      const field = shape.fieldList.find((row) => row._id === input.fieldId && isAuditQuestion(row.type));
      if (!field) throw badRequest(say.questionUnknown, [{ field: 'fieldId', message: say.questionUnknown }]);
      const assignee = await activeAssignee(tx, auth.companyId, input.assigneeId);
      if (!assignee)
        throw badRequest(say.personUnknown, [{ field: 'assigneeId', message: say.personUnknown }]);
      const task = await tx.auditQuestionTask.create({
        data: {
          companyId: auth.companyId,
          auditId: audit.id,
          fieldId: field._id,
          question: field.level,
          instruction: input.instruction,
          assigneeType: 'internal',
          assigneeEmployeeId: input.assigneeId,
          dueDate: dateOf(input.dueDate),
          createdByUserId: auth.userId,
        },
      });
      // Raising a finding starts the audit, as saving an answer does.
      await tx.audit.update({ where: { id: audit.id }, data: { status: 'inProgress' } });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'audit',
        entityId: audit.id,
        action: 'finding raised',
        before: null,
        after: { question: field.level, instruction: input.instruction, due: input.dueDate },
      });
      await mailAssignee(this.mail, tx, auth.companyId, assignee, 'auditFinding', async () => {
        const auditor = await employeeNames(tx, auth.companyId, [audit.ownerEmployeeId]);
        return auditFindingMail({
          productName: this.mailOptions.productName,
          name: personName(assignee),
          auditName: audit.name,
          auditor: auditor.get(audit.ownerEmployeeId ?? '') ?? '',
          question: field.level,
          instruction: input.instruction,
          due: displayDay(input.dueDate),
          link: `${this.mailOptions.publicUrl.replace(/\/$/, '')}/dashboard`,
        });
      });
      return { _id: task.id };
    });
  }

  /** Close-off by the auditor (see closeAudit): the PDF stored, a recurring audit's next scheduled. */
  async close(
    auth: AuthContext,
    id: string,
    version: number,
  ): Promise<{ pdf: TAttachment; nextAuditId: string | null }> {
    const audit = await conductableAudit(this.db, auth, id, version);
    return closeAudit(this.db, this.storage, auth, audit, await this.shapeOf(audit));
  }

  async addFiles(auth: AuthContext, id: string, files: UploadedFile[]): Promise<void> {
    await conductableAudit(this.db, auth, id);
    const item = { ownerType: 'audit' as const, entityType: 'audit', id };
    await attachItemFiles(this.attachments, auth, item, files, async (tx) => {
      await conductableAudit(tx, auth, id);
    });
  }

  // ---------- Helpers ----------

  /**
   * Reopens a closed audit, for its auditor or a manager of audits: it is in progress again (on the
   * auditor's dashboard), to be conducted and closed off anew. The earlier close-off PDF stays
   * among its files; the reason is in the history. A recurring audit's next occurrence, scheduled
   * at the first close, is not scheduled again.
   */
  async reopen(auth: AuthContext, input: z.output<typeof ZAuditReopen>): Promise<void> {
    const audit = await visibleAudit(this.db, auth, input._id);
    if (!audit) throw notFound();
    if (!mayReopen(auth, audit)) throw forbidden(say.notReopener);
    if (audit.status !== 'closed') throw conflict(say.notClosed);
    if (audit.version !== input.version) throw staleVersion();
    await this.db.$transaction(async (tx) => {
      const updated = await tx.audit.updateMany({
        where: { id: audit.id, companyId: auth.companyId, version: audit.version, status: 'closed' },
        data: {
          status: 'inProgress',
          closedAt: null,
          closedByUserId: null,
          pdfAttachmentId: null,
          version: { increment: 1 },
        },
      });
      if (updated.count !== 1) throw staleVersion();
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'audit',
        entityId: audit.id,
        action: 'reopened',
        before: { status: 'closed', closedAt: audit.closedAt?.toISOString() ?? null },
        after: { status: 'inProgress', reason: input.reason },
      });
    });
  }

  /** The audit's questions and headings, in order (none for an audit without a template). */
  private async shapeOf(audit: StoredAudit): Promise<TemplateVersionShape> {
    if (!audit.templateVersionId) return { sections: [], fieldList: [] };
    const shape = await this.templates.versionShape(this.db, audit.companyId, audit.templateVersionId);
    return {
      sections: shape.sections.filter((section) => section.isDelete !== 'yes'),
      fieldList: shape.fieldList.filter((field) => field.isDelete !== 'yes' && isAuditField(field.type)),
    };
  }

  private async placeNames(audit: StoredAudit) {
    const [template, workplace, branch] = await Promise.all([
      audit.templateId
        ? this.db.formTemplate.findFirst({ where: { id: audit.templateId, companyId: audit.companyId } })
        : null,
      audit.workplaceId
        ? this.db.workplace.findFirst({ where: { id: audit.workplaceId, companyId: audit.companyId } })
        : null,
      audit.branchId
        ? this.db.branch.findFirst({ where: { id: audit.branchId, companyId: audit.companyId } })
        : null,
    ]);
    return {
      template: template?.name ?? null,
      workplace: workplace?.name ?? null,
      branch: branch?.name ?? null,
    };
  }
}
