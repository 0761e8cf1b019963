import {
  displayDay,
  occurrenceDay,
  personName,
  taskDueDateProblem,
  taskDueType,
  taskMessages as say,
  type TTaskDetails,
  type TTaskOptions,
  type TTaskRow,
  type TTaskSaveParsed,
  type TTaskSignOffParsed,
  type TValidationError,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZTaskListRequest } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { cappedCount, type Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { ScheduledTask } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange, recordSave } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import { callerToday } from '../../plugins/organisationDay';
import { employeeNames, findAccountHolders } from '../employees';
import { USABLE_TEMPLATE } from '../submissions';
import { dateOf, dayOf } from '../../db/days';
import { mayComplete, ownSubmissions } from './policy';
import { TaskReminders } from './reminders';

type Tx = Prisma.TransactionClient;
type ListRequest = z.output<typeof ZTaskListRequest>;

export interface TaskServiceOptions {
  publicUrl: string;
  productName: string;
  /** The clock: tests move it across month ends, leap days and daylight-saving changes. */
  now?: () => Date;
}

/**
 * Scheduled tasks and reminders (ScheduledTask rows of sectionType `reminder`): a schedule is a
 * series of occurrences, occurrence n due on occurrenceDay(anchor, frequency, n); signing one off
 * creates the next in the same transaction (docs/tasks.md). Their mails are reminders.ts.
 */
export class TaskService {
  private readonly now: () => Date;
  private readonly reminders: TaskReminders;

  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    mail: MailQueue,
    settings: TaskServiceOptions,
  ) {
    this.now = settings.now ?? (() => new Date());
    this.reminders = new TaskReminders(db, mail, settings);
  }

  // ---------- The list ----------

  async list(
    auth: AuthContext,
    request: ListRequest,
  ): Promise<{ rows: TTaskRow[]; total: number; totalCapped?: true }> {
    const today = callerToday(auth, this.now());
    const where = listConditions(auth.companyId, request, today);
    const direction = request.sortDirection === 'desc' ? sql`DESC` : sql`ASC`;
    const order = {
      dueDate: sql`t."dueDate" ${direction}, t.title`,
      title: sql`t.title ${direction}, t."dueDate"`,
      createdAt: sql`t."createdAt" ${direction}`,
    }[request.sort];
    const [rows, counted] = await Promise.all([
      this.reader.rows<ListRow>(sql`SELECT t.id, t.title, t.frequency::text AS frequency,
          t."dueDate"::text AS "dueDate", t."formTemplateId",
          -- The sign-off's day in the organisation's time zone (completedAt is UTC).
          ((t."completedAt" AT TIME ZONE 'UTC') AT TIME ZONE ${auth.timeZone})::date::text AS "completedOn",
          a."firstName" AS "assigneeFirst", a."lastName" AS "assigneeLast",
          o."firstName" AS "ownerFirst", o."lastName" AS "ownerLast", w.name AS workplace
        FROM (SELECT t.id FROM "ScheduledTask" t WHERE ${where} ORDER BY ${order}, t.id
          LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}) page
        -- The page is found first (for open reminders an index range, even 50 pages in), then only
        -- its rows are read and named.
        JOIN "ScheduledTask" t ON t.id = page.id
        LEFT JOIN "Employee" a ON a.id = t."assignForEmployeeId"
        LEFT JOIN "Employee" o ON o.id = t."taskOwnerEmployeeId"
        LEFT JOIN "Workplace" w ON w.id = t."workplaceId"
        ORDER BY ${order}, t.id`),
      cappedCount(this.reader, sql`SELECT 1 FROM "ScheduledTask" t WHERE ${where}`, request),
    ]);
    return {
      rows: rows.map((row) => ({
        _id: row.id,
        title: row.title,
        assignee:
          row.assigneeFirst !== null
            ? personName({ firstName: row.assigneeFirst, lastName: row.assigneeLast! })
            : null,
        owner:
          row.ownerFirst !== null
            ? personName({ firstName: row.ownerFirst, lastName: row.ownerLast! })
            : null,
        workplace: row.workplace,
        frequency: row.frequency as TTaskRow['frequency'],
        dueDate: row.dueDate,
        taskDueDateType: row.completedOn ? 'nodue' : taskDueType(row.dueDate, today),
        hasForm: row.formTemplateId !== null,
        completedOn: row.completedOn,
      })),
      ...counted,
    };
  }

  async options(auth: AuthContext): Promise<TTaskOptions> {
    const [workplaces, templates] = await Promise.all([
      this.db.workplace.findMany({
        where: { companyId: auth.companyId, isActive: true },
        orderBy: { name: 'asc' },
        select: { id: true, name: true },
      }),
      this.db.formTemplate.findMany({
        where: { companyId: auth.companyId, formType: 'form_submission', ...USABLE_TEMPLATE },
        orderBy: { name: 'asc' },
        select: { id: true, name: true },
      }),
    ]);
    const named = (rows: { id: string; name: string }[]) => rows.map(({ id, name }) => ({ _id: id, name }));
    return { workplaces: named(workplaces), templates: named(templates) };
  }

  async people(auth: AuthContext, search: string | undefined) {
    const employees = await findAccountHolders(this.db, auth.companyId, search);
    return employees.map(({ id, name }) => ({ _id: id, name }));
  }

  // ---------- One occurrence ----------

  async details(auth: AuthContext, id: string): Promise<TTaskDetails> {
    const task = await findTask(this.db, auth.companyId, id);
    const mayChooseForm = !task.completedAt && mayComplete(auth, task) && task.formTemplateId !== null;
    const [series, template, workplace] = await Promise.all([
      this.db.scheduledTask.findMany({
        where: { companyId: auth.companyId, seriesId: task.seriesId, sectionType: 'reminder' },
        orderBy: { occurrence: 'desc' },
      }),
      task.formTemplateId
        ? this.db.formTemplate.findFirst({
            where: { id: task.formTemplateId, companyId: auth.companyId },
            select: { id: true, name: true },
          })
        : null,
      task.workplaceId
        ? this.db.workplace.findFirst({
            where: { id: task.workplaceId, companyId: auth.companyId },
            select: { name: true },
          })
        : null,
    ]);
    const formIds = series.map((row) => row.formSubmissionId).filter((id): id is string => id !== null);
    const [recorded, formChoices, names] = await Promise.all([
      formIds.length > 0
        ? this.db.formSubmission.findMany({
            where: { companyId: auth.companyId, id: { in: formIds } },
            select: SUBMISSION_NAMED,
          })
        : [],
      // A submission that went with an earlier occurrence is not offered again.
      mayChooseForm
        ? this.db.formSubmission.findMany({
            where: { ...ownSubmissions(auth, task.formTemplateId!), id: { notIn: formIds } },
            orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
            take: TASK_FORM_CHOICES,
            select: SUBMISSION_NAMED,
          })
        : [],
      employeeNames(this.db, auth.companyId, [
        task.taskOwnerEmployeeId,
        task.assignForEmployeeId,
        ...series.map((row) => row.completedByEmployeeId),
      ]),
    ]);
    const forms = new Map(recorded.map((form) => [form.id, submissionNamed(form)]));
    const formOf = (id: string | null) => (id ? (forms.get(id) ?? null) : null);
    const person = (employeeId: string | null) =>
      employeeId ? { _id: employeeId, name: names.get(employeeId) ?? 'Former employee' } : null;
    const today = callerToday(auth, this.now());
    const instant = (at: Date | null) => (at ? at.toISOString() : null);
    const next = series.find((row) => row.occurrence === task.occurrence + 1);
    return {
      _id: task.id,
      title: task.title,
      detail: task.detail ?? '',
      owner: person(task.taskOwnerEmployeeId),
      assignee: person(task.assignForEmployeeId),
      workplaceId: task.workplaceId,
      workplace: workplace?.name ?? null,
      frequency: task.frequency,
      formTemplate: template ? { _id: template.id, name: template.name } : null,
      formSubmissionId: task.formSubmissionId,
      formSubmission: formOf(task.formSubmissionId),
      formChoices: formChoices.map(submissionNamed),
      anchorDate: dayOf(anchorOf(task)),
      occurrence: task.occurrence,
      dueDate: dayOf(task.dueDate),
      taskDueDateType: task.completedAt ? 'nodue' : taskDueType(dayOf(task.dueDate), today),
      nextDueDate: nextDueOf(task),
      completedAt: instant(task.completedAt),
      completedBy: task.completedByEmployeeId ? (person(task.completedByEmployeeId)?.name ?? null) : null,
      response: task.response ?? '',
      canSignOff: !task.completedAt && mayComplete(auth, task),
      next: next ? { _id: next.id, dueDate: dayOf(next.dueDate) } : null,
      history: series
        .filter((row) => row.occurrence < task.occurrence)
        .map((row) => ({
          _id: row.id,
          occurrence: row.occurrence,
          dueDate: dayOf(row.dueDate),
          completedBy: row.completedByEmployeeId ? (person(row.completedByEmployeeId)?.name ?? null) : null,
          completedAt: instant(row.completedAt),
          response: row.response ?? '',
          formSubmission: formOf(row.formSubmissionId),
        })),
    };
  }

  /**
   * Creates a schedule (its first occurrence) or changes an open occurrence. People, workplace and
   * form are checked first, so nothing is saved when one is wrong. A changed due day or frequency
   * starts a new schedule from the changed occurrence (docs/tasks.md).
   */
  async save(auth: AuthContext, input: TTaskSaveParsed): Promise<{ _id: string }> {
    const companyId = auth.companyId;
    return this.db.$transaction(async (tx) => {
      const before = input._id ? await findTask(tx, companyId, input._id) : null;
      if (before?.completedAt) throw conflict(say.completed);
      const rescheduled =
        !before || dayOf(before.dueDate) !== input.dueDate || before.frequency !== input.frequency;
      await this.check(tx, auth, input, rescheduled);
      const fields = {
        title: input.title,
        detail: input.detail || null,
        taskOwnerEmployeeId: input.ownerId,
        assignForEmployeeId: input.assigneeId,
        workplaceId: input.workplaceId,
        formTemplateId: input.formTemplateId,
        frequency: input.frequency,
        dueDate: dateOf(input.dueDate),
        ...(rescheduled && { anchorDate: dateOf(input.dueDate), occurrence: 0, reminderSentAt: null }),
      };
      const saved = before
        ? await tx.scheduledTask.update({
            where: { id: before.id },
            data: { ...fields, ...(rescheduled && { seriesId: crypto.randomUUID() }) },
          })
        : await tx.scheduledTask.create({ data: { ...fields, companyId, sectionType: 'reminder' } });
      await recordSave(
        tx,
        auth,
        { type: 'scheduledTask', id: saved.id },
        before ? snapshot(before) : null,
        snapshot(saved),
      );
      return { _id: saved.id };
    });
  }

  /**
   * Signs an open occurrence off and, for a recurring task, creates the next one in the same
   * transaction. The sign-off claims the row (completedAt still null), so of two concurrent
   * sign-offs one gets a 409, and the series' unique occurrence number allows one next only.
   */
  async signOff(
    auth: AuthContext,
    input: TTaskSignOffParsed,
  ): Promise<{ next: { _id: string; dueDate: string } | null }> {
    const companyId = auth.companyId;
    return this.db.$transaction(async (tx) => {
      const task = await findTask(tx, companyId, input._id);
      if (task.completedAt) throw conflict(say.completed);
      if (!mayComplete(auth, task)) throw forbidden(say.notYours);
      if (input.formSubmissionId) await checkFormChoice(tx, auth, task, input.formSubmissionId);
      const claimed = await tx.scheduledTask.updateMany({
        where: { id: task.id, companyId, completedAt: null },
        data: {
          completedAt: this.now(),
          completedByEmployeeId: auth.employeeId,
          response: input.response || null,
          ...(input.formSubmissionId && { formSubmissionId: input.formSubmissionId }),
        },
      });
      if (claimed.count !== 1) throw conflict(say.completed);
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'scheduledTask',
        entityId: task.id,
        action: 'completed',
        before: { completedAt: null },
        after: {
          completedAt: this.now().toISOString(),
          response: input.response,
          formSubmissionId: input.formSubmissionId,
        },
      });
      const nextDue = nextDueOf(task);
      if (!nextDue) return { next: null };
      const next = await tx.scheduledTask.create({
        data: {
          companyId,
          sectionType: 'reminder',
          title: task.title,
          detail: task.detail,
          formTemplateId: task.formTemplateId,
          taskOwnerEmployeeId: task.taskOwnerEmployeeId,
          assignForEmployeeId: task.assignForEmployeeId,
          workplaceId: task.workplaceId,
          branchId: task.branchId,
          frequency: task.frequency,
          seriesId: task.seriesId,
          anchorDate: anchorOf(task),
          occurrence: task.occurrence + 1,
          dueDate: dateOf(nextDue),
        },
      });
      return { next: { _id: next.id, dueDate: nextDue } };
    });
  }

  private async check(tx: Tx, auth: AuthContext, input: TTaskSaveParsed, rescheduled: boolean) {
    const companyId = auth.companyId;
    const problems: TValidationError[] = [];
    const people = [input.ownerId, input.assigneeId].filter((id): id is string => id !== null);
    const active = await tx.employee.findMany({
      where: { companyId, id: { in: people }, isActive: true, user: { isNot: null } },
      select: { id: true },
    });
    const found = new Set(active.map((employee) => employee.id));
    if (!found.has(input.ownerId)) problems.push({ field: 'ownerId', message: say.personUnknown });
    if (input.assigneeId && !found.has(input.assigneeId))
      problems.push({ field: 'assigneeId', message: say.personUnknown });
    if (
      input.workplaceId &&
      (await tx.workplace.count({ where: { companyId, id: input.workplaceId, isActive: true } })) === 0
    )
      problems.push({ field: 'workplaceId', message: say.workplaceUnknown });
    if (
      input.formTemplateId &&
      (await tx.formTemplate.count({
        where: { companyId, id: input.formTemplateId, formType: 'form_submission', ...USABLE_TEMPLATE },
      })) === 0
    )
      problems.push({ field: 'formTemplateId', message: say.templateUnknown });
    const dueProblem = rescheduled ? taskDueDateProblem(input.dueDate, callerToday(auth, this.now())) : null;
    if (dueProblem) problems.push({ field: 'dueDate', message: dueProblem });
    if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  }

  // ---------- The reminder job ----------

  /** The job queue's `task-reminders` job: the reminders, then the overdue digest. */
  sendAll(now = this.now()): Promise<{ reminders: number; digests: number }> {
    return this.reminders.sendAll(now);
  }
}

interface ListRow {
  id: string;
  title: string;
  frequency: string | null;
  dueDate: string;
  completedOn: string | null;
  formTemplateId: string | null;
  assigneeFirst: string | null;
  assigneeLast: string | null;
  ownerFirst: string | null;
  ownerLast: string | null;
  workplace: string | null;
}

function listConditions(companyId: string, request: ListRequest, today: string): Sql {
  const parts: Sql[] = [sql`t."companyId" = ${uuid(companyId)}`, sql`t."sectionType" = 'reminder'`];
  parts.push(
    request.status === 'completed' ? sql`t."completedAt" IS NOT NULL` : sql`t."completedAt" IS NULL`,
  );
  if (request.search) parts.push(sql`t.title ILIKE ${containing(request.search)}`);
  if (request.assigneeId)
    parts.push(sql`COALESCE(t."assignForEmployeeId", t."taskOwnerEmployeeId") = ${uuid(request.assigneeId)}`);
  if (request.overdue) parts.push(sql`t."completedAt" IS NULL AND t."dueDate" < ${today}::date`);
  if (request.dueFrom) parts.push(sql`t."dueDate" >= ${request.dueFrom}::date`);
  if (request.dueTo) parts.push(sql`t."dueDate" <= ${request.dueTo}::date`);
  return join(parts, ' AND ');
}

async function findTask(db: Db | Tx, companyId: string, id: string): Promise<ScheduledTask> {
  const task = await db.scheduledTask.findFirst({ where: { id, companyId, sectionType: 'reminder' } });
  if (!task) throw notFound();
  return task;
}

/** How many of the signer's submissions of the task's form the sign-off offers. */
const TASK_FORM_CHOICES = 10;

const SUBMISSION_NAMED = { id: true, number: true, formDate: true } as const;

/**
 * The form recorded with a sign-off is one of the details' formChoices: a submission of the task's
 * own form that the signer filled in, not gone with an earlier occurrence of the series.
 */
async function checkFormChoice(tx: Tx, auth: AuthContext, task: ScheduledTask, formSubmissionId: string) {
  const refuse = (message: string) => badRequest(message, [{ field: 'formSubmissionId', message }]);
  const own =
    task.formTemplateId !== null &&
    (await tx.formSubmission.count({
      where: { ...ownSubmissions(auth, task.formTemplateId), id: formSubmissionId },
    })) > 0;
  if (!own) throw refuse(say.formUnknown);
  const used = await tx.scheduledTask.count({
    where: { companyId: auth.companyId, seriesId: task.seriesId, formSubmissionId },
  });
  if (used > 0) throw refuse(say.formUsed);
}

/** A submission as the sign-off names it: "FS 12 · 03/02/2027" (a draft has no number yet). */
const submissionNamed = (form: { id: string; number: number | null; formDate: Date }) => ({
  _id: form.id,
  name: `${form.number === null ? 'Draft' : `FS ${form.number}`} · ${displayDay(dayOf(form.formDate))}`,
});

/** A row written before schedules had an anchor is its own first occurrence. */
const anchorOf = (task: ScheduledTask) => task.anchorDate ?? task.dueDate;

/** The due day of the occurrence after this one, counted from the schedule's anchor. */
function nextDueOf(task: ScheduledTask): string | null {
  return task.frequency ? occurrenceDay(dayOf(anchorOf(task)), task.frequency, task.occurrence + 1) : null;
}

const snapshot = (task: ScheduledTask) => ({
  title: task.title,
  detail: task.detail,
  taskOwnerEmployeeId: task.taskOwnerEmployeeId,
  assignForEmployeeId: task.assignForEmployeeId,
  workplaceId: task.workplaceId,
  formTemplateId: task.formTemplateId,
  frequency: task.frequency,
  dueDate: dayOf(task.dueDate),
});
