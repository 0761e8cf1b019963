import {
  AUDIT_STATUS_LABELS,
  auditMessages as say,
  auditScore,
  choiceIsOffered,
  displayDay,
  FIELD_REGISTRY,
  frequencyLabel,
  isAuditField,
  isAuditQuestion,
  mandatoryProblems,
  messages,
  occurrenceDay,
  personName,
  taskDueType,
  type AuditStatus,
  type FrequencyUnit,
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
import { cappedCount, planFor, type Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { csvOf } from '../../plugins/csv';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday } from '../../plugins/organisationDay';
import type { AttachmentService } from '../attachments';
import { employeeNames, findAccountHolders } from '../employees';
import { auditFindingMail } from '../mail';
import { SANITIZE_OPTIONS, USABLE_TEMPLATE, type TemplateVersionShape } from '../submissions';
import type { SubmissionTemplates } from '../submissions';
import { auditPdfModel } from './pdf';
import { pdfFileName } from '../closeOff';
import { renderPdfIsolated } from '../closeOff';
import type { FileStorage } from '../../plugins/storage';
import { dateOf, dayOf } from '../../db/days';

type Tx = Prisma.TransactionClient;
type Filters = z.output<typeof ZAuditFilters>;
type StoredAudit = Prisma.AuditGetPayload<object>;

const EXPORT_LIMIT = 50_000;

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
    // Whoever may see the audit reads its files; only its auditor adds them, while it is open.
    attachments.registerPolicy('audit', async (auth, ownerId, mode) => {
      const audit = await this.visible(this.db, auth, ownerId);
      return (
        !!audit &&
        (mode === 'read' || (audit.ownerEmployeeId === auth.employeeId && audit.status !== 'closed'))
      );
    });
  }

  // ---------- The lists ----------

  async list(
    auth: AuthContext,
    scope: 'register' | 'mine',
    request: Filters & { page: number; pageSize: number },
  ): Promise<{ rows: TAuditRow[]; total: number; totalCapped?: boolean }> {
    const today = callerToday(auth);
    const where = conditions(auth, scope, request);
    // A search is planned for its words, as the risk register's: the trigram index finds the names.
    const plan = planFor(request.search);
    const [rows, counted] = await Promise.all([
      this.reader.rows<ListRow>(
        page(where, request, sql`LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}`),
        plan,
      ),
      cappedCount(this.reader, sql`SELECT 1 FROM "Audit" a WHERE ${where}`, request, plan),
    ]);
    return {
      rows: rows.map((row) => rowOf(row, today)),
      ...counted,
    };
  }

  async exportCsv(auth: AuthContext, scope: 'register' | 'mine', filters: Filters): Promise<string> {
    const today = callerToday(auth);
    const rows = await this.reader.rows<ListRow>(
      page(conditions(auth, scope, filters), filters, sql`LIMIT ${EXPORT_LIMIT}`),
      { export: true },
    );
    return csvOf(
      EXPORT_COLUMNS,
      rows.map((row) => rowOf(row, today)),
    );
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

  async people(auth: AuthContext, search: string | undefined) {
    const employees = await findAccountHolders(this.db, auth.companyId, search);
    return employees.map(({ id, name }) => ({ _id: id, name }));
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
    const audit = await this.visible(this.db, auth, id);
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
      canConduct: audit.status !== 'closed' && audit.ownerEmployeeId === auth.employeeId,
      canReopen: audit.status === 'closed' && this.mayReopen(auth, audit),
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
      const audit = await this.conductable(tx, auth, input._id, input.version);
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
      const audit = await this.conductable(tx, auth, input.auditId);
      const shape = await this.shapeOf(audit);
      const field = shape.fieldList.find((row) => row._id === input.fieldId && isAuditQuestion(row.type));
      if (!field) throw badRequest(say.questionUnknown, [{ field: 'fieldId', message: say.questionUnknown }]);
      const assignee = await tx.employee.findFirst({
        where: { id: input.assigneeId, companyId: auth.companyId, isActive: true },
        select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
      });
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
      if (assignee.email) {
        const auditor = await employeeNames(tx, auth.companyId, [audit.ownerEmployeeId]);
        await this.mail.enqueue(tx, {
          companyId: auth.companyId,
          to: assignee.email,
          userId: assignee.user?.id ?? null,
          category: 'auditFinding',
          content: auditFindingMail({
            productName: this.mailOptions.productName,
            name: personName(assignee),
            auditName: audit.name,
            auditor: auditor.get(audit.ownerEmployeeId ?? '') ?? '',
            question: field.level,
            instruction: input.instruction,
            due: displayDay(input.dueDate),
            link: `${this.mailOptions.publicUrl.replace(/\/$/, '')}/dashboard`,
          }),
        });
      }
      return { _id: task.id };
    });
  }

  /**
   * Close-off by the auditor: mandatory questions answered and no open finding (409, nothing
   * changed), then the PDF is rendered, stored as the audit's attachment, and a recurring audit's
   * next occurrence is scheduled — all in one transaction.
   */
  async close(
    auth: AuthContext,
    id: string,
    version: number,
  ): Promise<{ pdf: TAttachment; nextAuditId: string | null }> {
    const audit = await this.conductable(this.db, auth, id, version);
    const shape = await this.shapeOf(audit);
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
    if ((await openTasks(this.db)) > 0) throw refuseOpen();

    const closedAt = new Date();
    const model = await auditPdfModel(this.db, this.storage, auth.companyId, id, shape, closedAt);
    const content = await renderPdfIsolated(model);
    const fileName = pdfFileName(model);
    const storageKey = await this.storage.put(content, 'pdf');
    try {
      return await this.db.$transaction(
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
          const next = await this.scheduleNext(tx, audit);
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
      await this.storage.remove(storageKey).catch(() => undefined);
      throw error;
    }
  }

  async addFiles(auth: AuthContext, id: string, files: UploadedFile[]): Promise<void> {
    await this.conductable(this.db, auth, id);
    const owner = { companyId: auth.companyId, ownerType: 'audit' as const, ownerId: id };
    await this.attachments.attach({ ...owner, uploadedById: auth.userId }, files, async (tx, stored) => {
      await this.conductable(tx, auth, id);
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'audit',
        entityId: id,
        action: 'files added',
        before: null,
        after: { files: stored.map((file) => file.name) },
      });
    });
  }

  // ---------- Helpers ----------

  /**
   * The audit if the caller may see it: anyone with auditManageAudit sees the organisation's,
   * the auditor their own, and an assignee the audit of their finding (the dashboard links it).
   */
  private async visible(client: Tx | Db, auth: AuthContext, id: string): Promise<StoredAudit | null> {
    const audit = await client.audit.findFirst({ where: { id, companyId: auth.companyId } });
    if (!audit) return null;
    if (auth.accessKeys.has('auditManageAudit')) return audit;
    if (auth.employeeId && audit.ownerEmployeeId === auth.employeeId) return audit;
    const assigned = auth.employeeId
      ? await client.auditQuestionTask.count({
          where: { companyId: auth.companyId, auditId: id, assigneeEmployeeId: auth.employeeId },
        })
      : 0;
    return assigned > 0 ? audit : null;
  }

  /**
   * Reopens a closed audit, for its auditor or a manager of audits: it is in progress again (on the
   * auditor's dashboard), to be conducted and closed off anew. The earlier close-off PDF stays
   * among its files; the reason is in the history. A recurring audit's next occurrence, scheduled
   * at the first close, is not scheduled again.
   */
  async reopen(auth: AuthContext, input: z.output<typeof ZAuditReopen>): Promise<void> {
    const audit = await this.visible(this.db, auth, input._id);
    if (!audit) throw notFound();
    if (!this.mayReopen(auth, audit)) throw forbidden(say.notReopener);
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

  private mayReopen(auth: AuthContext, audit: StoredAudit): boolean {
    return (
      (!!auth.employeeId && audit.ownerEmployeeId === auth.employeeId) ||
      auth.accessKeys.has('auditManageAudit')
    );
  }

  /** The open audit the caller conducts: 404 unseen, 403 not its auditor, 409 closed or stale. */
  private async conductable(client: Tx | Db, auth: AuthContext, id: string, version?: number) {
    const audit = await this.visible(client, auth, id);
    if (!audit) throw notFound();
    if (!auth.employeeId || audit.ownerEmployeeId !== auth.employeeId) throw forbidden(say.notAuditor);
    if (audit.status === 'closed') throw conflict(say.closed);
    if (version !== undefined && version !== audit.version) throw staleVersion();
    return audit;
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

  /** A recurring audit's next occurrence: the same template version, auditor and place. */
  private async scheduleNext(tx: Tx, audit: StoredAudit): Promise<string | null> {
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
}

function answersOf(audit: StoredAudit): Record<string, unknown> {
  const answers = audit.answers;
  return answers && typeof answers === 'object' && !Array.isArray(answers) ? { ...answers } : {};
}

// ---------- The lists' statement ----------

interface ListRow {
  id: string;
  name: string;
  templateName: string | null;
  auditor: { firstName: string; lastName: string } | null;
  workplace: string | null;
  branch: string | null;
  dueDate: string;
  status: AuditStatus;
  frequency: FrequencyUnit | null;
  score: number | null;
  openTasks: number;
}

function conditions(auth: AuthContext, scope: 'register' | 'mine', filters: Filters): Sql {
  const where = [sql`a."companyId" = ${uuid(auth.companyId)}`];
  // An organisation account has no employee: its My Audit is empty.
  if (scope === 'mine')
    where.push(auth.employeeId ? sql`a."ownerEmployeeId" = ${uuid(auth.employeeId)}` : sql`false`);
  else if (filters.auditorId) where.push(sql`a."ownerEmployeeId" = ${uuid(filters.auditorId)}`);
  if (filters.search) where.push(sql`a.name ILIKE ${containing(filters.search)}`);
  if (filters.status) where.push(sql`a.status = ${filters.status}::"AuditStatus"`);
  if (filters.templateId) where.push(sql`a."templateId" = ${uuid(filters.templateId)}`);
  if (filters.workplaceId) where.push(sql`a."workplaceId" = ${uuid(filters.workplaceId)}`);
  if (filters.dueFrom) where.push(sql`a."auditDate" >= ${filters.dueFrom}::date`);
  if (filters.dueTo) where.push(sql`a."auditDate" <= ${filters.dueTo}::date`);
  return join(where, ' AND ');
}

function order(filters: Filters, alias: Sql): Sql {
  const direction = filters.sortDirection === 'desc' ? sql`DESC` : sql`ASC`;
  const column = (name: string) => sql`${alias}.${sql([`"${name}"`])}`;
  const byId = sql`${column('id')} ${direction}`;
  switch (filters.sort) {
    case 'dueDate':
      return sql`${column('auditDate')} ${direction}, ${byId}`;
    case 'name':
      return sql`${column('name')} ${direction}, ${byId}`;
    case 'status':
      return sql`${column('status')} ${direction}, ${column('auditDate')} ${direction}, ${byId}`;
    case 'createdAt':
      return sql`${column('createdAt')} ${direction}, ${byId}`;
  }
}

function page(where: Sql, filters: Filters, limit: Sql): Sql {
  return sql`SELECT page.id, page.name, t.name AS "templateName",
      (SELECT json_build_object('firstName', e."firstName", 'lastName', e."lastName")
        FROM "Employee" e WHERE e.id = page."ownerEmployeeId" AND e."companyId" = page."companyId") AS auditor,
      w.name AS workplace, b.name AS branch, to_char(page."auditDate", 'YYYY-MM-DD') AS "dueDate",
      page.status::text AS status, page.frequency::text AS frequency, page.score,
      (SELECT count(*)::int FROM "AuditQuestionTask" q
        WHERE q."auditId" = page.id AND q."companyId" = page."companyId" AND NOT q."isComplete") AS "openTasks"
    FROM (SELECT a.* FROM "Audit" a WHERE ${where} ORDER BY ${order(filters, sql`a`)} ${limit}) page
    LEFT JOIN "FormTemplate" t ON t.id = page."templateId" AND t."companyId" = page."companyId"
    LEFT JOIN "Workplace" w ON w.id = page."workplaceId" AND w."companyId" = page."companyId"
    LEFT JOIN "Branch" b ON b.id = page."branchId" AND b."companyId" = page."companyId"
    ORDER BY ${order(filters, sql`page`)}`;
}

function rowOf(row: ListRow, today: string): TAuditRow {
  return {
    _id: row.id,
    name: row.name,
    templateName: row.templateName,
    auditor: row.auditor ? personName(row.auditor) : null,
    workplace: row.workplace,
    branch: row.branch,
    dueDate: row.dueDate,
    taskDueDateType: row.status === 'closed' ? 'nodue' : taskDueType(row.dueDate, today),
    status: row.status,
    frequency: row.frequency,
    score: row.score,
    openTasks: row.openTasks,
  };
}

const EXPORT_COLUMNS = [
  { header: 'Audit', value: (row: TAuditRow) => row.name },
  { header: 'Template', value: (row: TAuditRow) => row.templateName },
  { header: 'Auditor', value: (row: TAuditRow) => row.auditor },
  { header: 'Workplace', value: (row: TAuditRow) => row.workplace },
  { header: 'Branch', value: (row: TAuditRow) => row.branch },
  { header: 'Due date', value: (row: TAuditRow) => row.dueDate },
  { header: 'Status', value: (row: TAuditRow) => AUDIT_STATUS_LABELS[row.status] },
  { header: 'Frequency', value: (row: TAuditRow) => (row.frequency ? frequencyLabel(row.frequency) : '') },
  { header: 'Score %', value: (row: TAuditRow) => row.score },
  { header: 'Open tasks', value: (row: TAuditRow) => row.openTasks },
];
