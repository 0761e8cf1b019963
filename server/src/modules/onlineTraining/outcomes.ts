import {
  trainingAssignmentMessages as say,
  type TTrainingCourseContent,
  type TTrainingAttemptResult,
  type TTrainingAttemptRow,
} from '@compass/shared';
import { LRUCache } from 'lru-cache';
import type { Db, Prisma } from '../../db/prisma';
import { conflict } from '../../errors';
import type {
  OnlineTrainingAssignment,
  TrainingAttempt,
  TrainingAttemptStatus,
} from '../../generated/prisma/client';
import type { Mailing } from './mails';
import { organisationToday } from '../../plugins/organisationDay';
import { assignRefresher } from './assignments';
import { logAssignment } from './making';
import { storedVersion } from './content';
import { meetInductionRequirements } from './inductions';
import { outcomeMessage, type AttemptOutcome } from './scoring';

/**
 * What an attempt's submit and its marking share: the version it is scored against, its row, and
 * what its outcome does to the assignment — to the reviewer, passed (with the refresher of a
 * repeating one), taken again while attempts are left, or failed.
 */

type Tx = Prisma.TransactionClient;

/**
 * Published versions' content as parsed, by organisation, course and number: a version never
 * changes once written, so it is read and parsed once per process (the largest course's 40 KB of
 * JSON through Prisma and the schema was most of a trainee call's time).
 */
const parsedVersions = new LRUCache<string, TTrainingCourseContent>({ max: 200 });

/**
 * The content of a published version (with its answer key: for scoring, and for the trainee's
 * course once stripped of it). Shared between calls: never changed by a caller.
 */
export async function versionContent(
  client: Db | Tx,
  version: Pick<TrainingAttempt, 'companyId' | 'courseId' | 'versionNumber'>,
): Promise<TTrainingCourseContent> {
  const key = `${version.companyId}/${version.courseId}/${version.versionNumber}`;
  const kept = parsedVersions.get(key);
  if (kept) return kept;
  const row = await client.trainingCourseVersion.findFirstOrThrow({
    where: { companyId: version.companyId, courseId: version.courseId, number: version.versionNumber },
    select: { content: true },
  });
  const content = storedVersion(row.content);
  parsedVersions.set(key, content);
  return content;
}

/** The columns of an attempt's row (attemptRow): never its answers and marks. */
export const ATTEMPT_ROW = {
  id: true,
  number: true,
  status: true,
  score: true,
  startedAt: true,
  submittedAt: true,
  durationSeconds: true,
} as const;

export const attemptRow = (
  attempt: Pick<TrainingAttempt, keyof typeof ATTEMPT_ROW>,
): TTrainingAttemptRow => ({
  _id: attempt.id,
  number: attempt.number,
  status: attempt.status,
  score: attempt.score,
  startedAt: attempt.startedAt.toISOString(),
  submittedAt: attempt.submittedAt?.toISOString() ?? null,
  durationSeconds: attempt.durationSeconds,
});

/** The assignment's new status (and score) after an attempt's outcome, `attemptsLeft` after it. */
export function assignmentAfter(outcome: AttemptOutcome, attemptsLeft: number) {
  if (outcome.status === 'awaitingReview') return { status: 'awaitingReview' as const };
  if (outcome.status === 'passed')
    return { status: 'passed' as const, score: outcome.score, passedAt: new Date() };
  return { status: attemptsLeft > 0 ? ('assigned' as const) : ('failed' as const), score: outcome.score };
}

/**
 * An attempt scored (submitted without short answers, or marked): the change log says passed or
 * failed; a passed repeating assignment gets its refresher, and a person's pass meets the
 * supplier requirements the course stands for (a site induction).
 */
export async function settled(
  tx: Tx,
  mailing: Mailing,
  who: { companyId: string; userId: string | null },
  assignment: OnlineTrainingAssignment,
  outcome: AttemptOutcome,
): Promise<void> {
  if (outcome.status === 'awaitingReview') return;
  await logAssignment(tx, who, assignment.id, outcome.status, null, {
    score: outcome.score,
    status: assignment.status,
  });
  if (assignment.status !== 'passed') return;
  await assignRefresher(tx, mailing, assignment, await organisationToday(tx, assignment.companyId));
  if (assignment.personnelId) {
    const course = await tx.trainingCourse.findFirstOrThrow({
      where: { id: assignment.courseId, companyId: assignment.companyId },
      select: { name: true },
    });
    await meetInductionRequirements(tx, assignment, course.name);
  }
}

export const resultOf = (
  outcome: AttemptOutcome,
  assignmentStatus: OnlineTrainingAssignment['status'],
  passMark: number,
  attemptsLeft: number,
): TTrainingAttemptResult => ({
  status: outcome.status,
  assignmentStatus,
  score: outcome.score,
  passMark,
  attemptsLeft,
  message: outcomeMessage(outcome, attemptsLeft),
});

/**
 * Writes an attempt's outcome (and `data`) if the attempt is still `from`, then moves its
 * assignment if it is still as `assignment.where` says: of two racing writes the second gets 409
 * (`refused` for the attempt, notOpen for the assignment), and its transaction is undone.
 */
export async function claimOutcome(
  tx: Tx,
  attempt: Pick<TrainingAttempt, 'id' | 'companyId'> & { from: TrainingAttemptStatus; refused: string },
  outcome: AttemptOutcome,
  data: Prisma.TrainingAttemptUpdateManyMutationInput,
  assignment: {
    where: Prisma.OnlineTrainingAssignmentWhereInput;
    data: Prisma.OnlineTrainingAssignmentUpdateManyMutationInput;
  },
): Promise<void> {
  const claimed = await tx.trainingAttempt.updateMany({
    where: { id: attempt.id, companyId: attempt.companyId, status: attempt.from },
    data: { ...data, status: outcome.status, points: outcome.points, score: outcome.score },
  });
  if (claimed.count !== 1) throw conflict(attempt.refused);
  const moved = await tx.onlineTrainingAssignment.updateMany({
    where: { ...assignment.where, companyId: attempt.companyId },
    data: assignment.data,
  });
  if (moved.count !== 1) throw conflict(say.notOpen);
}
