import { personName, trainingAssignmentMessages as say } from '@compass/shared';
import { dateOf } from '../../db/days';
import { isUniqueViolation } from '../../db/errors';
import type { Db, Prisma } from '../../db/prisma';
import type { TrainingAssignmentStatus } from '../../generated/prisma/client';
import { recordChange, type Snapshot } from '../../plugins/changeLog';
import { organisationToday } from '../../plugins/organisationDay';
import { checkField, repeatColumns, type Repeat } from '../employees';
import { mailAboutTraining, type Mailing } from './mails';

/**
 * Making assignments, whoever asks: HR's assign (employees, a position, a workplace, supplier
 * personnel), a refresher, a position's standing rule when someone joins it, External Parties'
 * requirement of a site induction. The terms are checked once; each assignment is logged and its
 * trainee mailed in the caller's transaction.
 */

type Tx = Prisma.TransactionClient;

/** The statuses of an assignment not yet done with: one of them per course and trainee. */
export const OPEN_STATUSES: TrainingAssignmentStatus[] = ['assigned', 'awaitingReview', 'failed'];

/**
 * Runs an assign in a transaction of its own. Two assigns racing past the open check meet the open
 * assignment's unique index, which keeps one: `namesRaced` makes the check again, naming who was
 * assigned meanwhile.
 */
export async function assignRacing<T>(
  db: Db,
  assign: (tx: Tx) => Promise<T>,
  namesRaced: () => Promise<unknown>,
): Promise<T> {
  try {
    return await db.$transaction(assign);
  } catch (error) {
    if (isUniqueViolation(error)) await namesRaced();
    throw error;
  }
}

/** Writes a change of one of online training's records to the change log, as `entityType`. */
export const trainingChangeLog =
  (entityType: 'trainingAssignment' | 'trainingCourse' | 'trainingPositionRule') =>
  (
    tx: Tx,
    who: { companyId: string; userId: string | null },
    id: string,
    action: string,
    before: Snapshot | null,
    after: Snapshot | null,
  ) =>
    recordChange(tx, {
      companyId: who.companyId,
      userId: who.userId,
      entityType,
      entityId: id,
      action,
      before,
      after,
    });

/** Writes a change of an assignment to the change log. */
export const logAssignment = trainingChangeLog('trainingAssignment');

/** The course's published version, if the course is in use and published; else null. */
export async function publishedVersion(client: Db | Tx, companyId: string, courseId: string) {
  const course = await client.trainingCourse.findFirst({
    where: { id: courseId, companyId, isActive: true, currentVersion: { gt: 0 } },
    select: { id: true, name: true, currentVersion: true },
  });
  if (!course) return null;
  const version = await client.trainingCourseVersion.findUniqueOrThrow({
    where: { courseId_number: { courseId: course.id, number: course.currentVersion } },
    select: { expectedMinutes: true, attemptsAllowed: true },
  });
  return { course, version };
}

export type Person = { id: string; firstName: string; lastName: string };
export type Published = NonNullable<Awaited<ReturnType<typeof publishedVersion>>>;
type Trainee = { employeeId: string } | { personnelId: string };

/** What a new assignment is made of besides its trainee. */
export interface AssignTerms {
  companyId: string;
  createdById: string | null;
  published: Published;
  reviewerEmployeeId: string | null;
  completeBy: string;
  message: string | null;
  repeat: Repeat | null;
  positionRuleId?: string | null;
}

/** Makes one assignment, writes it to the change log (`logged`) and mails its trainee. */
export async function makeAssignment(
  tx: Tx,
  mailing: Mailing,
  terms: AssignTerms,
  trainee: Trainee,
  logged: Snapshot,
): Promise<{ id: string; mailed: boolean }> {
  const { published } = terms;
  const assignment = await tx.onlineTrainingAssignment.create({
    data: {
      companyId: terms.companyId,
      courseId: published.course.id,
      ...trainee,
      reviewerEmployeeId: terms.reviewerEmployeeId,
      positionRuleId: terms.positionRuleId ?? null,
      completeBy: dateOf(terms.completeBy),
      expectationDuration: published.version.expectedMinutes,
      noTestAttempt: published.version.attemptsAllowed,
      message: terms.message || null,
      createdById: terms.createdById,
      ...repeatColumns(terms.repeat),
    },
  });
  await logAssignment(
    tx,
    { companyId: terms.companyId, userId: terms.createdById },
    assignment.id,
    'assigned',
    null,
    logged,
  );
  const mailed = await mailAboutTraining(tx, mailing.mail, mailing.publicUrl, assignment, {
    kind: 'assigned',
  });
  return { id: assignment.id, mailed };
}

/**
 * The terms of an assign request, checked: the published course, the reviewer (an active employee
 * who signs in) and a complete-by day not past; with the reviewer and today.
 */
export async function checkedTerms(
  client: Db | Tx,
  who: { companyId: string; createdById: string | null },
  input: {
    courseId: string;
    reviewerEmployeeId: string;
    completeBy: string;
    message?: string | null;
    repeat?: Repeat | null;
  },
) {
  const { companyId } = who;
  const [published, reviewer, today] = await Promise.all([
    publishedVersion(client, companyId, input.courseId),
    client.employee.findFirst({
      where: { id: input.reviewerEmployeeId, companyId, isActive: true, user: { isNot: null } },
      select: { id: true, firstName: true, lastName: true },
    }),
    organisationToday(client, companyId),
  ]);
  checkField(published !== null, 'courseId', say.courseUnknown);
  checkField(reviewer !== null, 'reviewerEmployeeId', say.reviewerUnknown);
  checkField(input.completeBy >= today, 'completeBy', say.completeByInPast);
  const terms: AssignTerms = {
    ...who,
    published: published!,
    reviewerEmployeeId: reviewer!.id,
    completeBy: input.completeBy,
    message: input.message ?? null,
    repeat: input.repeat ?? null,
  };
  return { terms, reviewer: reviewer!, today };
}

/** Who of `ids` (employees or persons) has the course open: assigned, awaiting review or failed. */
export async function openAmong(
  client: Db | Tx,
  companyId: string,
  courseId: string,
  trainee: 'employeeId' | 'personnelId',
  ids: string[],
): Promise<Set<string>> {
  const open = await client.onlineTrainingAssignment.findMany({
    where: { companyId, courseId, [trainee]: { in: ids }, status: { in: OPEN_STATUSES } },
    select: { employeeId: true, personnelId: true },
  });
  return new Set(open.map((row) => row[trainee]!));
}

/** Refuses (400 on `field`) people chosen by name who have the course open. */
export function refuseOpen(open: Set<string>, people: Person[], field: string): void {
  const names = people.filter((person) => open.has(person.id)).map(personName);
  checkField(names.length === 0, field, say.alreadyAssigned(names.join(', ')));
}

/**
 * Assigns the terms to each of `people` (employees or supplier personnel), each logged and mailed:
 * the assignments' ids and how many mails were queued.
 */
export async function assignEach(
  tx: Tx,
  mailing: Mailing,
  terms: AssignTerms,
  trainee: 'employeeId' | 'personnelId',
  people: Person[],
  reviewer: Person,
): Promise<{ ids: string[]; mailsQueued: number }> {
  const made = [];
  for (const person of people)
    made.push(
      await makeAssignment(tx, mailing, terms, { [trainee]: person.id } as Trainee, {
        course: terms.published.course.name,
        [trainee === 'employeeId' ? 'employee' : 'personnel']: personName(person),
        reviewer: personName(reviewer),
        completeBy: terms.completeBy,
        repeat: terms.repeat,
      }),
    );
  return { ids: made.map((one) => one.id), mailsQueued: made.filter((one) => one.mailed).length };
}
