import {
  occurrenceDay,
  trainingAssignmentMessages as say,
  type TTrainingAssign,
  type TTrainingAssignOptions,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { conflict, notFound } from '../../errors';
import type { OnlineTrainingAssignment } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { assignees, checkField, storedRepeat } from '../employees';
import type { Mailing } from './mails';
import {
  assignEach,
  assignRacing,
  checkedTerms,
  logAssignment,
  makeAssignment,
  openAmong,
  OPEN_STATUSES,
  publishedVersion,
  refuseOpen,
  type AssignTerms,
  type Person,
} from './making';
import { standPositionRule } from './positionRules';

/**
 * HR's writes on assignments: assigning a published course to employees (chosen, a position or a
 * workplace), allowing a failed one another attempt, withdrawing one; and the refresher a pass of
 * a repeating one brings. Each write claims its row with a conditional UPDATE on its status.
 */

type Tx = Prisma.TransactionClient;

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

/**
 * The people to assign: someone with the course open is refused when chosen by name, left out of
 * a position or a workplace.
 */
async function withoutOpen(db: Db, companyId: string, input: TTrainingAssign, people: Person[]) {
  const ids = people.map((person) => person.id);
  const open = await openAmong(db, companyId, input.courseId, 'employeeId', ids);
  if (input.employeeIds?.length) {
    refuseOpen(open, people, 'employeeIds');
    return people;
  }
  const left = people.filter((person) => !open.has(person.id));
  checkField(left.length > 0, input.positionId ? 'positionId' : 'workplaceId', say.nobodyToAssign);
  return left;
}

/**
 * Assigns a published course to employees (HR has been checked): chosen, a position (with its
 * standing rule unless `followPosition` is off) or a workplace; each is mailed.
 */
export async function assignCourse(
  db: Db,
  mailing: Mailing,
  auth: AuthContext,
  input: TTrainingAssign,
): Promise<{ count: number; ids: string[]; mailsQueued: number }> {
  const companyId = auth.companyId;
  const who = { companyId, createdById: auth.userId };
  const { terms, reviewer, today } = await checkedTerms(db, who, input);
  const people = await withoutOpen(db, companyId, input, await assignees(db, companyId, input, say));
  return assignRacing(
    db,
    async (tx) => {
      if (input.positionId && input.followPosition)
        terms.positionRuleId = await standPositionRule(tx, auth, terms, input.positionId, today);
      const assigned = await assignEach(tx, mailing, terms, 'employeeId', people, reviewer);
      return { count: assigned.ids.length, ...assigned };
    },
    () => withoutOpen(db, companyId, { ...input, employeeIds: people.map((person) => person.id) }, people),
  );
}

/**
 * The refresher of a passed repeating assignment: the same course for the same trainee and
 * reviewer, due interval × frequency after the pass day, mailed (a person by a new link). None
 * when the course is out of use or the trainee has left: the repeats stop there.
 */
export async function assignRefresher(
  tx: Tx,
  mailing: Mailing,
  passed: OnlineTrainingAssignment,
  passDay: string,
): Promise<void> {
  if (!passed.frequency) return;
  const { companyId } = passed;
  const active = { companyId, isActive: true };
  const [published, stays] = await Promise.all([
    publishedVersion(tx, companyId, passed.courseId),
    passed.personnelId
      ? tx.personnel.count({ where: { id: passed.personnelId, ...active } })
      : tx.employee.count({ where: { id: passed.employeeId!, ...active } }),
  ]);
  if (!published || stays === 0) return;
  const completeBy = occurrenceDay(passDay, passed.frequency, passed.repeatInterval ?? 1);
  const trainee = passed.personnelId
    ? { personnelId: passed.personnelId }
    : { employeeId: passed.employeeId! };
  const terms: AssignTerms = {
    companyId,
    createdById: passed.createdById,
    published,
    reviewerEmployeeId: passed.reviewerEmployeeId,
    completeBy,
    message: passed.message,
    repeat: storedRepeat(passed),
    positionRuleId: passed.positionRuleId,
  };
  await makeAssignment(tx, mailing, terms, trainee, { repeatOf: passed.id, completeBy });
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
      // Open again: its reminder may come again before the complete-by day.
      data: { status: 'assigned', noTestAttempt: { increment: 1 }, reminderSentAt: null },
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

/** HR withdraws an assignment not yet passed, its links revoked; no refresher follows it. */
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
    await tx.linkToken.updateMany({
      where: {
        companyId: auth.companyId,
        resourceType: 'trainingAssignment',
        resourceId: id,
        revokedAt: null,
      },
      data: { revokedAt: new Date() },
    });
    await logAssignment(tx, auth, id, 'withdrawn', { status: before?.status }, { status: 'cancelled' });
  });
}
