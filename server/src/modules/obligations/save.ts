import {
  nextReviewProblem,
  obligationMessages as say,
  type CallAccess,
  type TObligationSaveParsed,
  type TValidationError,
} from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { dateOf, dayOf } from '../../db/days';
import { badRequest } from '../../errors';
import type { Obligation, ObligationQuestionTask } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { organisationToday } from '../../plugins/organisationDay';
import { employeeNames, servedBy } from '../employees';
import { scheduleReview, workplaceNames } from '../registerParts';
import type { ReviewService } from '../reviews';
import { ACTS_THROUGH, findObligation } from './policy';

type Tx = Prisma.TransactionClient;

/**
 * Creates or changes an obligation with its open questions, in `tx`: the people, workplaces and
 * questions are checked first (nothing is saved when one is wrong), open questions left out are
 * removed, and the obligation's review is scheduled (or moved).
 */
export async function saveObligation(
  tx: Tx,
  reviews: ReviewService,
  auth: AuthContext,
  input: TObligationSaveParsed,
): Promise<{ _id: string }> {
  const companyId = auth.companyId;
  const before = input._id ? await findObligation(tx, companyId, input._id) : null;
  const existing = before
    ? await tx.obligationQuestionTask.findMany({ where: { companyId, obligationId: before.id } })
    : [];
  await checkObligation(tx, companyId, input, before, existing);
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
  const questions = await saveQuestions(tx, companyId, obligation.id, input, existing);
  await logSave(tx, auth, input, { before, after: obligation }, questions);
  await scheduleReview(reviews, tx, 'obligation', obligation);
  return { _id: obligation.id };
}

interface QuestionChanges {
  added: string[];
  changed: string[];
  removed: ObligationQuestionTask[];
}

/** The obligation's open questions as the save lists them: new ones added, changed ones changed. */
async function saveQuestions(
  tx: Tx,
  companyId: string,
  obligationId: string,
  input: TObligationSaveParsed,
  existing: ObligationQuestionTask[],
): Promise<QuestionChanges> {
  const kept = new Set(input.questions.flatMap((question) => (question._id ? [question._id] : [])));
  const removed = existing.filter((task) => !task.isComplete && !kept.has(task.id));
  if (removed.length > 0) {
    const ids = removed.map((task) => task.id);
    await tx.attachment.deleteMany({
      where: { companyId, ownerType: 'obligationTask', ownerId: { in: ids } },
    });
    await tx.obligationQuestionTask.deleteMany({ where: { companyId, id: { in: ids } } });
  }
  const changes: QuestionChanges = { added: [], changed: [], removed };
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
      changes.changed.push(question.reference);
    } else {
      await tx.obligationQuestionTask.create({ data: { companyId, obligationId, ...fields } });
      changes.added.push(question.reference);
    }
  }
  return changes;
}

/** The save in the obligation's history: its fields by name, and its questions' changes. */
async function logSave(
  tx: Tx,
  auth: AuthContext,
  input: TObligationSaveParsed,
  change: { before: Obligation | null; after: Obligation },
  questions: QuestionChanges,
): Promise<void> {
  const { before, after } = change;
  const companyId = auth.companyId;
  const names = await employeeNames(tx, companyId, [
    before?.ownerEmployeeId ?? null,
    before?.reviewerEmployeeId ?? null,
    before?.coReviewerEmployeeId ?? null,
    input.ownerId,
    input.reviewerId,
    input.coReviewerId,
    ...input.questions.map((question) => question.assigneeId),
  ]);
  const workplaces = await workplaceNames(tx, companyId, [
    ...(before?.workplaceIds ?? []),
    ...after.workplaceIds,
  ]);
  const snapshot = (row: Obligation | null) =>
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
  const log = { companyId, userId: auth.userId, entityType: 'obligation', entityId: after.id };
  await recordChange(tx, {
    ...log,
    action: before ? 'updated' : 'created',
    before: snapshot(before),
    after: snapshot(after),
  });
  const { added, changed, removed } = questions;
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
}

/** Every problem of a save at once, as field errors; nothing is written when there is one. */
async function checkObligation(
  tx: Tx,
  companyId: string,
  input: TObligationSaveParsed,
  before: { id: string; nextReviewDate: Date | null } | null,
  existing: { id: string; isComplete: boolean }[],
): Promise<void> {
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

  const reviewers: [string, string | null][] = [
    ['reviewerId', input.reviewerId],
    ['coReviewerId', input.coReviewerId],
  ];
  const assignees = input.questions.map((question, index): [string, string] => [
    `questions.${index}.assigneeId`,
    question.assigneeId,
  ]);
  const people: [string, string | null][] = [['ownerId', input.ownerId], ...reviewers, ...assignees];
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
  // Reviewers must be able to open the review and assignees to answer, as the pickers offer them.
  const canReview = await servedAmong(tx, companyId, ACTS_THROUGH.reviewer, reviewers, active);
  const canAnswer = await servedAmong(tx, companyId, ACTS_THROUGH.assignee, assignees, active);
  for (const [field, id] of reviewers)
    if (id && active.has(id) && !canReview.has(id))
      problems.push({ field, message: say.reviewerWithoutAccess });
  for (const [field, id] of assignees)
    if (active.has(id) && !canAnswer.has(id)) problems.push({ field, message: say.assigneeWithoutAccess });

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

/** Which of the fields' people (active employees of the organisation) `call` serves. */
async function servedAmong(
  tx: Tx,
  companyId: string,
  call: { access: CallAccess },
  fields: [string, string | null][],
  active: Set<string>,
): Promise<Set<string>> {
  const ids = [...new Set(fields.flatMap(([, id]) => (id && active.has(id) ? [id] : [])))];
  if (ids.length === 0) return new Set();
  const served = await tx.employee.findMany({
    where: { companyId, id: { in: ids }, ...servedBy(call) },
    select: { id: true },
  });
  return new Set(served.map((employee) => employee.id));
}
