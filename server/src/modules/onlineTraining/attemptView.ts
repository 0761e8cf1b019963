import { trainingAssignmentMessages as say, type TTrainingAttemptView } from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { conflict, notFound } from '../../errors';
import type { TrainingAttempt } from '../../generated/prisma/client';
import { LinkError } from '../links';
import { assignmentRead } from './assignmentReads';
import { attemptRow, versionContent } from './outcomes';
import {
  assignmentForCaller,
  checkTraineeLink,
  companyOf,
  linkedAssignment,
  type TraineeCaller,
} from './policy';
import { attemptQuestions, storedAnswers, storedMarks } from './scoring';

/**
 * A submitted attempt as its trainee, its reviewer or HR sees it: every question with the answer
 * given, how it came out and the points, never the answer key; the reviewer and HR also see a
 * short answer's model answer (the guidance they mark by).
 */

/**
 * The attempt `id` names: an attempt, or an assignment's latest submitted one; a link's only of
 * its own assignment.
 */
async function attemptNamed(db: Db, caller: TraineeCaller, id: string): Promise<TrainingAttempt> {
  checkTraineeLink(caller, null, 'read');
  const companyId = companyOf(caller);
  const assignmentId = linkedAssignment(caller);
  const attempt = await db.trainingAttempt.findFirst({ where: { id, companyId, assignmentId } });
  if (attempt) return attempt;
  if (assignmentId !== undefined && id !== assignmentId) throw new LinkError('wrongResource', 403);
  const assignment = await db.onlineTrainingAssignment.findFirst({
    where: { id, companyId },
    select: { lastAttemptId: true },
  });
  if (!assignment) throw notFound();
  if (!assignment.lastAttemptId) {
    await assignmentForCaller(db, caller, id, 'read');
    throw conflict(say.attemptNotSubmitted);
  }
  return db.trainingAttempt.findFirstOrThrow({ where: { id: assignment.lastAttemptId, companyId } });
}

export async function attemptDetails(
  db: Db,
  reader: Reader,
  caller: TraineeCaller,
  id: string,
): Promise<TTrainingAttemptView> {
  const attempt = await attemptNamed(db, caller, id);
  const [{ row, side }, content] = await Promise.all([
    assignmentRead(reader, caller, attempt.assignmentId, 'read'),
    versionContent(db, attempt),
  ]);
  if (attempt.status === 'inProgress') throw conflict(say.attemptNotSubmitted);
  const isReviewer = side === 'reviewer';
  return {
    ...attemptRow(attempt),
    assignmentId: row._id,
    courseId: row.courseId,
    courseName: row.courseName,
    versionNumber: attempt.versionNumber,
    employeeId: row.employeeId,
    personnelId: row.personnelId,
    employeeName: row.employeeName,
    reviewerName: row.reviewerName,
    reviewComment: attempt.reviewComment,
    reviewedAt: attempt.reviewedAt?.toISOString() ?? null,
    points: attempt.points,
    maxPoints: attempt.maxPoints,
    passMark: content.passMark,
    attemptsUsed: row.attemptsUsed,
    attemptsAllowed: row.attemptsAllowed,
    assignmentStatus: row.status,
    side,
    canMark: isReviewer && attempt.status === 'awaitingReview' && row.status === 'awaitingReview',
    canRetest: side === 'employee' && row.status === 'assigned' && row.attemptsUsed < row.attemptsAllowed,
    questions: attemptQuestions(
      content.questions,
      storedAnswers(attempt.answers),
      storedMarks(attempt.marks),
      side !== 'employee',
    ),
  };
}
