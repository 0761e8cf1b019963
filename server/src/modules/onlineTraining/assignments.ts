import {
  occurrenceDay,
  personName,
  trainingAssignmentMessages as say,
  type TTrainingAssign,
  type TTrainingAssignOptions,
} from '@compass/shared';
import { dateOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { conflict, notFound } from '../../errors';
import type { OnlineTrainingAssignment, TrainingAssignmentStatus } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange, type Snapshot } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import { organisationToday } from '../../plugins/organisationDay';
import { assignees, checkField } from '../employees';
import { isUniqueViolation } from './courses';
import { mailAboutTraining } from './mails';

/**
 * HR's writes on assignments: assigning a published course (to employees, a position or a
 * workplace), allowing a failed one another attempt, withdrawing one; and the refresher a pass of
 * a repeating one brings. Each write claims its row with a conditional UPDATE on its status.
 */

type Tx = Prisma.TransactionClient;
type Mailing = { mail: MailQueue; publicUrl: string };

/** The statuses of an assignment not yet done with: one of them per course and employee. */
export const OPEN_STATUSES: TrainingAssignmentStatus[] = ['assigned', 'awaitingReview', 'failed'];

/** Writes a change of an assignment to the change log (entity `trainingAssignment`). */
export const logAssignment = (
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
    entityType: 'trainingAssignment',
    entityId: id,
    action,
    before,
    after,
  });

/** The course's published version, if the course is in use and published; else null. */
async function publishedVersion(client: Db | Tx, companyId: string, courseId: string) {
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

/** The assign dialog's pick lists: published courses in use (with their figures), positions, workplaces. */
export async function assignOptions(
  reader: Reader,
  db: Db,
  auth: AuthContext,
): Promise<TTrainingAssignOptions> {
  const companyId = auth.companyId;
  const named = { select: { id: true, name: true }, orderBy: { name: 'asc' } } as const;
  const [courses, positions, workplaces] = await Promise.all([
    reader.rows<{
      id: string;
      name: string;
      expectedMinutes: number;
      attemptsAllowed: number;
      hasShortAnswers: boolean;
    }>(sql`SELECT c.id, c.name, v."expectedMinutes", v."attemptsAllowed",
        EXISTS (SELECT 1 FROM jsonb_array_elements(v.content->'questions') q
          WHERE q->>'kind' = 'shortAnswer') AS "hasShortAnswers"
      FROM "TrainingCourse" c
      JOIN "TrainingCourseVersion" v ON v."courseId" = c.id AND v.number = c."currentVersion"
      WHERE c."companyId" = ${uuid(companyId)} AND c."isActive" AND c."currentVersion" > 0
      ORDER BY c.name, c.id`),
    db.position.findMany({ where: { companyId }, ...named }),
    db.workplace.findMany({ where: { companyId, isActive: true }, ...named }),
  ]);
  const refs = (rows: { id: string; name: string }[]) => rows.map((row) => ({ _id: row.id, name: row.name }));
  return {
    courses: courses.map(({ id, ...course }) => ({ _id: id, ...course })),
    positions: refs(positions),
    workplaces: refs(workplaces),
  };
}

type Person = { id: string; firstName: string; lastName: string };

/**
 * The people to assign: someone with the course open (assigned, awaiting review or failed) is
 * refused when chosen by name, left out of a position or a workplace.
 */
async function withoutOpen(db: Db, companyId: string, input: TTrainingAssign, people: Person[]) {
  const open = await db.onlineTrainingAssignment.findMany({
    where: {
      companyId,
      courseId: input.courseId,
      employeeId: { in: people.map((person) => person.id) },
      status: { in: OPEN_STATUSES },
    },
    select: { employeeId: true },
  });
  const assigned = new Set(open.map((row) => row.employeeId));
  const already = people.filter((person) => assigned.has(person.id));
  if (input.employeeIds?.length) {
    const names = already.map(personName).join(', ');
    checkField(already.length === 0, 'employeeIds', say.alreadyAssigned(names));
    return people;
  }
  const left = people.filter((person) => !assigned.has(person.id));
  checkField(left.length > 0, input.positionId ? 'positionId' : 'workplaceId', say.nobodyToAssign);
  return left;
}

/** Assigns a published course to employees (HR has been checked); each is mailed. */
export async function assignCourse(
  db: Db,
  { mail, publicUrl }: Mailing,
  auth: AuthContext,
  input: TTrainingAssign,
): Promise<{ count: number; ids: string[]; mailsQueued: number }> {
  const companyId = auth.companyId;
  const [published, reviewer, today] = await Promise.all([
    publishedVersion(db, companyId, input.courseId),
    db.employee.findFirst({
      where: { id: input.reviewerEmployeeId, companyId, isActive: true, user: { isNot: null } },
      select: { id: true, firstName: true, lastName: true },
    }),
    organisationToday(db, companyId),
  ]);
  checkField(published !== null, 'courseId', say.courseUnknown);
  checkField(reviewer !== null, 'reviewerEmployeeId', say.reviewerUnknown);
  checkField(input.completeBy >= today, 'completeBy', say.completeByInPast);
  const people = await withoutOpen(db, companyId, input, await assignees(db, companyId, input, say));
  const { course, version } = published!;
  const create = (tx: Tx) => async (person: Person) => {
    const assignment = await tx.onlineTrainingAssignment.create({
      data: {
        companyId,
        courseId: course.id,
        employeeId: person.id,
        reviewerEmployeeId: reviewer!.id,
        completeBy: dateOf(input.completeBy),
        expectationDuration: version.expectedMinutes,
        noTestAttempt: version.attemptsAllowed,
        message: input.message || null,
        createdById: auth.userId,
        frequency: input.repeat?.frequency ?? null,
        repeatInterval: input.repeat ? (input.repeat.interval ?? 1) : null,
      },
    });
    await logAssignment(tx, auth, assignment.id, 'assigned', null, {
      course: course.name,
      employee: personName(person),
      reviewer: personName(reviewer),
      completeBy: input.completeBy,
      repeat: input.repeat ?? null,
    });
    const mailed = await mailAboutTraining(tx, mail, publicUrl, assignment, { kind: 'assigned' });
    return { id: assignment.id, mailed };
  };
  try {
    return await db.$transaction(async (tx) => {
      const made = [];
      for (const person of people) made.push(await create(tx)(person));
      return {
        count: made.length,
        ids: made.map((one) => one.id),
        mailsQueued: made.filter((one) => one.mailed).length,
      };
    });
  } catch (error) {
    // Two assigns racing past the check: the open assignment's unique index keeps one, and the
    // check, made again, names who was assigned meanwhile.
    if (isUniqueViolation(error))
      await withoutOpen(db, companyId, { ...input, employeeIds: people.map((person) => person.id) }, people);
    throw error;
  }
}

/**
 * The refresher of a passed repeating assignment: the same course for the same employee and
 * reviewer, due interval × frequency after the pass day, mailed. None when the course is out of
 * use or the employee has left: the repeats stop there.
 */
export async function assignRefresher(
  tx: Tx,
  { mail, publicUrl }: Mailing,
  passed: OnlineTrainingAssignment,
  passDay: string,
): Promise<void> {
  if (!passed.frequency) return;
  const { companyId } = passed;
  const [published, employee] = await Promise.all([
    publishedVersion(tx, companyId, passed.courseId),
    tx.employee.findFirst({
      where: { id: passed.employeeId, companyId, isActive: true },
      select: { id: true },
    }),
  ]);
  if (!published || !employee) return;
  const completeBy = occurrenceDay(passDay, passed.frequency, passed.repeatInterval ?? 1);
  const next = await tx.onlineTrainingAssignment.create({
    data: {
      companyId,
      courseId: passed.courseId,
      employeeId: passed.employeeId,
      reviewerEmployeeId: passed.reviewerEmployeeId,
      completeBy: dateOf(completeBy),
      expectationDuration: published.version.expectedMinutes,
      noTestAttempt: published.version.attemptsAllowed,
      message: passed.message,
      createdById: passed.createdById,
      frequency: passed.frequency,
      repeatInterval: passed.repeatInterval,
    },
  });
  await logAssignment(tx, { companyId, userId: null }, next.id, 'assigned', null, {
    repeatOf: passed.id,
    completeBy,
  });
  await mailAboutTraining(tx, mail, publicUrl, next, { kind: 'assigned' });
}

/** The assignment of the caller's organisation after a claim found it in another status. */
async function refuseClaim(db: Db | Tx, auth: AuthContext, id: string, message: string): Promise<never> {
  const found = await db.onlineTrainingAssignment.findFirst({
    where: { id, companyId: auth.companyId },
    select: { id: true },
  });
  throw found ? conflict(message) : notFound();
}

/** HR gives a failed assignment one more attempt: it is the employee's to take again. */
export function allowAttempt(db: Db, auth: AuthContext, id: string): Promise<{ attemptsAllowed: number }> {
  return db.$transaction(async (tx) => {
    const claimed = await tx.onlineTrainingAssignment.updateMany({
      where: { id, companyId: auth.companyId, status: 'failed' },
      data: { status: 'assigned', noTestAttempt: { increment: 1 } },
    });
    if (claimed.count !== 1) return refuseClaim(tx, auth, id, say.notFailed);
    const { noTestAttempt } = await tx.onlineTrainingAssignment.findUniqueOrThrow({
      where: { id },
      select: { noTestAttempt: true },
    });
    await logAssignment(
      tx,
      auth,
      id,
      'attemptAllowed',
      { status: 'failed', attemptsAllowed: noTestAttempt - 1 },
      { status: 'assigned', attemptsAllowed: noTestAttempt },
    );
    return { attemptsAllowed: noTestAttempt };
  });
}

/** HR withdraws an assignment not yet passed; no refresher follows it. */
export function cancelAssignment(db: Db, auth: AuthContext, id: string): Promise<void> {
  return db.$transaction(async (tx) => {
    const before = await tx.onlineTrainingAssignment.findFirst({
      where: { id, companyId: auth.companyId },
      select: { status: true },
    });
    const claimed = await tx.onlineTrainingAssignment.updateMany({
      where: { id, companyId: auth.companyId, status: { in: OPEN_STATUSES } },
      data: { status: 'cancelled', cancelledAt: new Date() },
    });
    if (claimed.count !== 1) return refuseClaim(tx, auth, id, say.notCancellable);
    await logAssignment(tx, auth, id, 'withdrawn', { status: before?.status }, { status: 'cancelled' });
  });
}
