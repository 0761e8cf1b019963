import {
  frequencyLabel,
  nextDueDay,
  OBLIGATION_COMPLIANCE_LABELS,
  OBLIGATION_TYPE_LABELS,
  nextReviewProblem,
  obligationCompliance,
  obligationMessages as say,
  personName,
  tallyQuestions,
  taskDueType,
  type FrequencyUnit,
  type ObligationCompliance,
  type ObligationType,
  type TObligationDetails,
  type TObligationOptions,
  type TObligationRow,
  type TObligationSaveParsed,
  type TReviewCompleted,
  type TReviewCompleteParsed,
  type TReviewDetails,
  type TValidationError,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZObligationFilters } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { cappedCount, type Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import { badRequest, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { csvOf } from '../../plugins/csv';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday, organisationToday } from '../../plugins/organisationDay';
import type { AttachmentService } from '../attachments';
import { employeeNames, findAccountHolders } from '../employees';
import type { ReviewService } from '../reviews';
import { dateOf, dayOf } from '../../db/days';

type Tx = Prisma.TransactionClient;
type Filters = z.output<typeof ZObligationFilters>;

/** The most rows one CSV export writes: the whole register of a large organisation. */
const EXPORT_LIMIT = 50_000;

/**
 * The Obligations register: obligations, the questions asked about them (answered by their
 * assignees from the dashboard's obligation action dialog), their files and their reviews (through
 * the shared ReviewService). Every read and write is scoped to the caller's organisation.
 */
export class ObligationService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
    private readonly reviews: ReviewService,
  ) {
    attachments.registerPolicy(
      'obligation',
      async (auth, ownerId) =>
        auth.accessKeys.has('obligation') &&
        (await db.obligation.count({ where: { id: ownerId, companyId: auth.companyId } })) > 0,
    );
  }

  // ---------- The register ----------

  async list(
    auth: AuthContext,
    request: Filters & { page: number; pageSize: number },
  ): Promise<{ rows: TObligationRow[]; total: number; totalCapped?: boolean }> {
    const today = callerToday(auth);
    const where = conditions(auth.companyId, request, today);
    const [rows, counted] = await Promise.all([
      this.reader.rows<ListRow>(
        page(where, request, sql`LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}`),
      ),
      cappedCount(this.reader, sql`SELECT 1 FROM "Obligation" o WHERE ${where}`, request),
    ]);
    return {
      rows: rows.map((row) => rowOf(row, today)),
      ...counted,
    };
  }

  /** The filtered register as CSV, in the list's order. */
  async exportCsv(auth: AuthContext, filters: Filters): Promise<string> {
    const today = callerToday(auth);
    const rows = await this.reader.rows<ListRow>(
      page(conditions(auth.companyId, filters, today), filters, sql`LIMIT ${EXPORT_LIMIT}`),
      { export: true },
    );
    return csvOf(
      EXPORT_COLUMNS,
      rows.map((row) => rowOf(row, today)),
    );
  }

  async options(auth: AuthContext): Promise<TObligationOptions> {
    const workplaces = await this.db.workplace.findMany({
      where: { companyId: auth.companyId, isActive: true },
      orderBy: { name: 'asc' },
      select: { id: true, name: true },
    });
    return { workplaces: workplaces.map((workplace) => ({ _id: workplace.id, name: workplace.name })) };
  }

  async people(auth: AuthContext, search: string | undefined) {
    const employees = await findAccountHolders(this.db, auth.companyId, search);
    return employees.map(({ id, name }) => ({ _id: id, name }));
  }

  // ---------- One obligation ----------

  async details(auth: AuthContext, id: string): Promise<TObligationDetails> {
    const obligation = await this.find(this.db, auth.companyId, id);
    const [tasks, attachments, reviewHistory, openReview, today] = await Promise.all([
      this.db.obligationQuestionTask.findMany({
        where: { companyId: auth.companyId, obligationId: id },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
      this.attachments.listFor(auth.companyId, 'obligation', id),
      this.reviews.history(auth.companyId, 'obligation', id),
      this.db.review.findFirst({
        where: { companyId: auth.companyId, itemType: 'obligation', itemId: id, completedAt: null },
      }),
      callerToday(auth),
    ]);
    const names = await this.names(auth.companyId, [
      obligation.ownerEmployeeId,
      obligation.reviewerEmployeeId,
      obligation.coReviewerEmployeeId,
      ...tasks.map((task) => task.assigneeEmployeeId),
    ]);
    const person = (employeeId: string | null) =>
      employeeId ? { _id: employeeId, name: names.get(employeeId) ?? 'Former employee' } : null;
    const questions = tasks.map((task) => {
      const dueDate = dayOf(task.dueDate)!;
      const assignee = person(task.assigneeEmployeeId);
      return {
        _id: task.id,
        reference: task.reference,
        instruction: task.instruction,
        assignee,
        dueDate,
        taskDueDateType: task.isComplete ? ('nodue' as const) : taskDueType(dueDate, today),
        response: task.response ?? '',
        isComplete: task.isComplete,
        // Only the assignee can answer a question (the dashboard's dialog is theirs alone).
        answeredBy: task.isComplete ? (assignee?.name ?? null) : null,
        completedOn: dayOf(task.completedOn),
      };
    });
    const me = auth.employeeId;
    const myReview =
      openReview && me
        ? openReview.reviewerEmployeeId === me
          ? ('review' as const)
          : openReview.coReviewerEmployeeId === me && !openReview.isCoReviewed
            ? ('coReview' as const)
            : null
        : null;
    return {
      _id: obligation.id,
      name: obligation.name,
      type: obligation.type,
      authority: obligation.authority,
      reference: obligation.reference,
      description: obligation.description,
      owner: person(obligation.ownerEmployeeId),
      workplaceIds: obligation.workplaceIds,
      reviewFrequency: obligation.reviewFrequency,
      reviewer: person(obligation.reviewerEmployeeId),
      coReviewer: person(obligation.coReviewerEmployeeId),
      nextReviewDate: dayOf(obligation.nextReviewDate),
      myReview,
      compliance: obligationCompliance(tallyQuestions(questions), today),
      questions,
      attachments,
      reviewHistory,
    };
  }

  /**
   * Creates or changes an obligation with its open questions, in one transaction: the people,
   * workplaces and questions are checked first (nothing is saved when one is wrong), open
   * questions left out are removed, and the obligation's review is scheduled (or moved).
   */
  async save(auth: AuthContext, input: TObligationSaveParsed): Promise<{ _id: string }> {
    const companyId = auth.companyId;
    return this.db.$transaction(async (tx) => {
      const before = input._id ? await this.find(tx, companyId, input._id) : null;
      const existing = before
        ? await tx.obligationQuestionTask.findMany({ where: { companyId, obligationId: before.id } })
        : [];
      await this.check(tx, companyId, input, before, existing);

      const data = {
        name: input.name,
        type: input.type,
        authority: input.authority,
        reference: input.reference,
        description: input.description,
        ownerEmployeeId: input.ownerId,
        workplaceIds: [...new Set(input.workplaceIds)],
        reviewFrequency: input.reviewFrequency,
        reviewerEmployeeId: input.reviewerId,
        coReviewerEmployeeId: input.coReviewerId,
        nextReviewDate: dateOf(input.nextReviewDate),
      };
      const obligation = before
        ? await tx.obligation.update({ where: { id: before.id }, data })
        : await tx.obligation.create({ data: { companyId, ...data } });

      const kept = new Set(input.questions.flatMap((question) => (question._id ? [question._id] : [])));
      const removed = existing.filter((task) => !task.isComplete && !kept.has(task.id));
      if (removed.length > 0) {
        const ids = removed.map((task) => task.id);
        await tx.attachment.deleteMany({
          where: { companyId, ownerType: 'obligationTask', ownerId: { in: ids } },
        });
        await tx.obligationQuestionTask.deleteMany({ where: { companyId, id: { in: ids } } });
      }
      const questionChanges: Record<string, unknown>[] = [];
      for (const question of input.questions) {
        const fields = {
          reference: question.reference,
          instruction: question.instruction,
          assigneeType: 'internal' as const,
          assigneeEmployeeId: question.assigneeId,
          assigneePersonnelId: null,
          dueDate: dateOf(question.dueDate),
        };
        if (question._id) {
          const was = existing.find((task) => task.id === question._id)!;
          const changed =
            was.reference !== question.reference ||
            was.instruction !== question.instruction ||
            was.assigneeEmployeeId !== question.assigneeId ||
            dayOf(was.dueDate) !== question.dueDate;
          if (!changed) continue;
          await tx.obligationQuestionTask.update({ where: { id: was.id }, data: fields });
          questionChanges.push({ changed: question.reference });
        } else {
          await tx.obligationQuestionTask.create({
            data: { companyId, obligationId: obligation.id, ...fields },
          });
          questionChanges.push({ added: question.reference });
        }
      }

      const names = await this.names(companyId, [
        before?.ownerEmployeeId ?? null,
        before?.reviewerEmployeeId ?? null,
        before?.coReviewerEmployeeId ?? null,
        input.ownerId,
        input.reviewerId,
        input.coReviewerId,
        ...input.questions.map((question) => question.assigneeId),
      ]);
      const workplaces = await this.workplaceNames(tx, companyId, [
        ...(before?.workplaceIds ?? []),
        ...obligation.workplaceIds,
      ]);
      const snapshot = (row: typeof obligation | null) =>
        row && {
          name: row.name,
          type: row.type,
          authority: row.authority,
          reference: row.reference,
          description: row.description,
          owner: row.ownerEmployeeId ? (names.get(row.ownerEmployeeId) ?? null) : null,
          workplaces: row.workplaceIds.map((workplaceId) => workplaces.get(workplaceId) ?? workplaceId),
          reviewFrequency: row.reviewFrequency,
          reviewer: row.reviewerEmployeeId ? (names.get(row.reviewerEmployeeId) ?? null) : null,
          coReviewer: row.coReviewerEmployeeId ? (names.get(row.coReviewerEmployeeId) ?? null) : null,
          nextReviewDate: dayOf(row.nextReviewDate),
        };
      const log = { companyId, userId: auth.userId, entityType: 'obligation', entityId: obligation.id };
      await recordChange(tx, {
        ...log,
        action: before ? 'updated' : 'created',
        before: snapshot(before),
        after: snapshot(obligation),
      });
      const added = questionChanges.flatMap((change) => (change.added ? [change.added] : []));
      const changed = questionChanges.flatMap((change) => (change.changed ? [change.changed] : []));
      if (added.length || changed.length || removed.length) {
        await recordChange(tx, {
          ...log,
          action: 'questions changed',
          before: null,
          after: {
            questionsAdded: added,
            questionsChanged: changed,
            questionsRemoved: removed.map((task) => task.reference),
          },
        });
      }
      await this.reviews.schedule(tx, {
        companyId,
        itemType: 'obligation',
        itemId: obligation.id,
        name: obligation.name,
        reviewerEmployeeId: input.reviewerId,
        coReviewerEmployeeId: input.coReviewerId,
        frequency: input.reviewFrequency,
        dueDate: input.nextReviewDate,
      });
      return { _id: obligation.id };
    });
  }

  /**
   * Deletes the obligation with its questions (answered ones too: each answer stays in the change
   * log under its question), the files of it and of its questions, and its open review. The
   * deletion is logged with what the obligation was.
   */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const companyId = auth.companyId;
    await this.db.$transaction(async (tx) => {
      const obligation = await this.find(tx, companyId, id);
      const questions = await tx.obligationQuestionTask.findMany({
        where: { companyId, obligationId: id },
        select: { id: true, reference: true },
      });
      await tx.attachment.deleteMany({
        where: {
          companyId,
          OR: [
            { ownerType: 'obligation', ownerId: id },
            { ownerType: 'obligationTask', ownerId: { in: questions.map((question) => question.id) } },
          ],
        },
      });
      await this.reviews.cancel(tx, companyId, 'obligation', id);
      await tx.obligation.delete({ where: { id } });
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'obligation',
        entityId: id,
        action: 'deleted',
        before: {
          name: obligation.name,
          type: obligation.type,
          authority: obligation.authority,
          reference: obligation.reference,
          questions: questions.map((question) => question.reference),
        },
        after: null,
      });
    });
  }

  async addFiles(auth: AuthContext, id: string, files: UploadedFile[]): Promise<void> {
    await this.find(this.db, auth.companyId, id);
    const owner = { companyId: auth.companyId, ownerType: 'obligation' as const, ownerId: id };
    await this.attachments.attach({ ...owner, uploadedById: auth.userId }, files, async (tx, stored) => {
      await this.find(tx, auth.companyId, id);
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'obligation',
        entityId: id,
        action: 'files added',
        before: null,
        after: { files: stored.map((file) => file.name) },
      });
    });
  }

  // ---------- Reviews ----------

  async openReview(auth: AuthContext, input: { itemId: string; actionType: 'review' | 'coReview' }) {
    await this.find(this.db, auth.companyId, input.itemId);
    return this.reviews.open(
      auth,
      'obligation',
      input.itemId,
      input.actionType,
    ) satisfies Promise<TReviewDetails>;
  }

  /**
   * Completes the caller's part of the obligation's review; the reviewer's completion moves the
   * obligation's next review date to the one the schedule takes (none when retired).
   */
  async completeReview(auth: AuthContext, input: TReviewCompleteParsed): Promise<TReviewCompleted> {
    await this.find(this.db, auth.companyId, input.itemId);
    return this.reviews.complete(auth, 'obligation', input, async (tx, review) => {
      if (input.actionType !== 'review') return;
      const next =
        input.outcome === 'retired' || !review.frequency
          ? null
          : nextDueDay(callerToday(auth), review.frequency);
      const before = await this.find(tx, auth.companyId, input.itemId);
      await tx.obligation.update({
        where: { id: before.id },
        data: { nextReviewDate: next ? dateOf(next) : null },
      });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'obligation',
        entityId: before.id,
        action: 'reviewed',
        before: { nextReviewDate: dayOf(before.nextReviewDate) },
        after: { nextReviewDate: next, outcome: input.outcome ?? null, comments: input.comments || null },
      });
    });
  }

  // ---------- Helpers ----------

  private async find(client: Tx | Db, companyId: string, id: string) {
    const obligation = await client.obligation.findFirst({ where: { id, companyId } });
    if (!obligation) throw notFound();
    return obligation;
  }

  /** Every problem of a save at once, as field errors; nothing is written when there is one. */
  private async check(
    tx: Tx,
    companyId: string,
    input: TObligationSaveParsed,
    before: { id: string; nextReviewDate: Date | null } | null,
    existing: { id: string; isComplete: boolean }[],
  ) {
    const problems: TValidationError[] = [];
    const today = await organisationToday(tx, companyId);
    // An obligation whose review is overdue keeps its date until someone changes it.
    if (!before || dayOf(before.nextReviewDate) !== input.nextReviewDate) {
      const problem = nextReviewProblem(input.nextReviewDate, today);
      if (problem) problems.push({ field: 'nextReviewDate', message: problem });
    }
    const taken = await tx.obligation.findFirst({
      where: {
        companyId,
        name: { equals: input.name, mode: 'insensitive' },
        ...(before && { id: { not: before.id } }),
      },
      select: { id: true },
    });
    if (taken) problems.push({ field: 'name', message: say.nameTaken });

    const people: [string, string | null][] = [
      ['ownerId', input.ownerId],
      ['reviewerId', input.reviewerId],
      ['coReviewerId', input.coReviewerId],
      ...input.questions.map((question, index): [string, string] => [
        `questions.${index}.assigneeId`,
        question.assigneeId,
      ]),
    ];
    const wanted = [...new Set(people.flatMap(([, id]) => (id ? [id] : [])))];
    const active = new Set(
      (
        await tx.employee.findMany({
          where: { companyId, isActive: true, id: { in: wanted } },
          select: { id: true },
        })
      ).map((employee) => employee.id),
    );
    for (const [field, id] of people)
      if (id && !active.has(id)) problems.push({ field, message: say.personUnknown });

    const workplaceIds = [...new Set(input.workplaceIds)];
    if (workplaceIds.length > 0) {
      const found = await tx.workplace.count({ where: { companyId, id: { in: workplaceIds } } });
      if (found !== workplaceIds.length)
        problems.push({ field: 'workplaceIds', message: say.workplaceUnknown });
    }

    const byId = new Map(existing.map((task) => [task.id, task]));
    input.questions.forEach((question, index) => {
      if (!question._id) return;
      const task = byId.get(question._id);
      if (!task) problems.push({ field: `questions.${index}`, message: say.questionUnknown });
      else if (task.isComplete) problems.push({ field: `questions.${index}`, message: say.questionAnswered });
    });
    if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  }

  private names(companyId: string, ids: (string | null)[]): Promise<Map<string, string>> {
    return employeeNames(this.db, companyId, ids);
  }

  private async workplaceNames(tx: Tx, companyId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.workplace.findMany({
      where: { companyId, id: { in: [...new Set(ids)] } },
      select: { id: true, name: true },
    });
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}

// ---------- The list's statement ----------

interface ListRow {
  id: string;
  name: string;
  type: ObligationType;
  authority: string;
  reference: string;
  reviewFrequency: FrequencyUnit | null;
  /** yyyy-MM-dd (the reader hands dates over as text). */
  nextReviewDate: string | null;
  owner: { firstName: string; lastName: string } | null;
  reviewer: { firstName: string; lastName: string } | null;
  workplaceNames: string[] | null;
  questions: number;
  open: number;
  firstOpenDue: string | null;
}

/**
 * The four statuses of obligationCompliance (shared) as conditions on an obligation `o`, on the
 * question counts its triggers keep (see the migration 20261125120000_obligations_register).
 */
function complianceCondition(status: ObligationCompliance, today: string): Sql {
  switch (status) {
    case 'notAssessed':
      return sql`o."questionCount" = 0`;
    case 'compliant':
      return sql`o."questionCount" > 0 AND o."openQuestionCount" = 0`;
    case 'overdue':
      return sql`o."firstOpenDue" < ${today}::date`;
    case 'inProgress':
      return sql`o."firstOpenDue" >= ${today}::date`;
  }
}

function conditions(companyId: string, filters: Filters, today: string): Sql {
  const where = [sql`o."companyId" = ${uuid(companyId)}`];
  if (filters.search) {
    const pattern = containing(filters.search);
    // The expression of the trigram index "Obligation_search_trgm_idx" (see the migration).
    where.push(sql`(o.name || ' ' || o.reference || ' ' || o.authority) ILIKE ${pattern}`);
  }
  if (filters.type) where.push(sql`o.type = ${filters.type}::"ObligationType"`);
  if (filters.ownerId) where.push(sql`o."ownerEmployeeId" = ${uuid(filters.ownerId)}`);
  // An obligation of no particular workplace applies to every one.
  if (filters.workplaceId)
    where.push(sql`(o."workplaceIds" = '{}' OR ${uuid(filters.workplaceId)} = ANY(o."workplaceIds"))`);
  if (filters.compliance) where.push(complianceCondition(filters.compliance, today));
  return join(where, ' AND ');
}

const COLUMNS = {
  id: sql`id`,
  name: sql`name`,
  type: sql`type`,
  nextReviewDate: sql`"nextReviewDate"`,
  createdAt: sql`"createdAt"`,
};

function order(filters: Filters, alias: Sql): Sql {
  const direction = filters.sortDirection === 'desc' ? sql`DESC` : sql`ASC`;
  const column = (name: keyof typeof COLUMNS) => sql`${alias}.${COLUMNS[name]}`;
  const byId = sql`${column('id')} ${direction}`;
  switch (filters.sort) {
    case 'nextReviewDate':
      // Obligations with no review scheduled come last either way.
      return sql`${column('nextReviewDate')} ${direction} NULLS LAST, ${byId}`;
    case 'name':
      return sql`${column('name')} ${direction}, ${byId}`;
    case 'type':
      return sql`${column('type')} ${direction}, ${column('name')} ${direction}, ${byId}`;
    case 'createdAt':
      return sql`${column('createdAt')} ${direction}, ${byId}`;
  }
}

/** The page (or the whole export) of matching obligations with their names and question counts. */
function page(where: Sql, filters: Filters, limit: Sql): Sql {
  const person = (
    column: Sql,
  ) => sql`(SELECT json_build_object('firstName', e."firstName", 'lastName', e."lastName")
      FROM "Employee" e WHERE e.id = page.${column} AND e."companyId" = page."companyId")`;
  return sql`SELECT page.id, page.name, page.type::text AS type, page.authority, page.reference,
      page."reviewFrequency"::text AS "reviewFrequency", page."nextReviewDate",
      ${person(sql`"ownerEmployeeId"`)} AS owner, ${person(sql`"reviewerEmployeeId"`)} AS reviewer,
      (SELECT array_agg(w.name ORDER BY w.name) FROM "Workplace" w
        WHERE w.id = ANY(page."workplaceIds") AND w."companyId" = page."companyId") AS "workplaceNames",
      page."questionCount" AS questions, page."openQuestionCount" AS open, page."firstOpenDue"
    FROM (SELECT o.* FROM "Obligation" o WHERE ${where} ORDER BY ${order(filters, sql`o`)} ${limit}) page
    ORDER BY ${order(filters, sql`page`)}`;
}

function rowOf(row: ListRow, today: string): TObligationRow {
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    authority: row.authority,
    reference: row.reference,
    owner: row.owner ? personName(row.owner) : null,
    workplaceNames: row.workplaceNames ?? [],
    reviewFrequency: row.reviewFrequency,
    reviewer: row.reviewer ? personName(row.reviewer) : null,
    nextReviewDate: row.nextReviewDate,
    taskDueDateType: taskDueType(row.nextReviewDate, today),
    compliance: obligationCompliance(
      { questions: row.questions, open: row.open, firstOpenDue: row.firstOpenDue },
      today,
    ),
    questions: row.questions,
    openQuestions: row.open,
  };
}

const EXPORT_COLUMNS = [
  { header: 'Name', value: (row: TObligationRow) => row.name },
  { header: 'Type', value: (row: TObligationRow) => OBLIGATION_TYPE_LABELS[row.type] },
  { header: 'Jurisdiction / authority', value: (row: TObligationRow) => row.authority },
  { header: 'Reference', value: (row: TObligationRow) => row.reference },
  { header: 'Owner', value: (row: TObligationRow) => row.owner },
  {
    header: 'Workplaces',
    value: (row: TObligationRow) => (row.workplaceNames.length ? row.workplaceNames.join('; ') : 'All'),
  },
  {
    header: 'Review frequency',
    value: (row: TObligationRow) => (row.reviewFrequency ? frequencyLabel(row.reviewFrequency) : ''),
  },
  { header: 'Reviewer', value: (row: TObligationRow) => row.reviewer },
  { header: 'Next review', value: (row: TObligationRow) => row.nextReviewDate },
  { header: 'Compliance', value: (row: TObligationRow) => OBLIGATION_COMPLIANCE_LABELS[row.compliance] },
  { header: 'Questions', value: (row: TObligationRow) => row.questions },
  { header: 'Open questions', value: (row: TObligationRow) => row.openQuestions },
];
