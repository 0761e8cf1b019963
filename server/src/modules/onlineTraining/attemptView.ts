import { trainingAssignmentMessages as say, type TTrainingAttemptView } from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { conflict, notFound } from '../../errors';
import type { TrainingAttempt } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { assignmentRow } from './assignmentReads';
import { attemptRow, versionContent } from './outcomes';
import { assignmentForCaller } from './policy';
import { attemptQuestions, storedAnswers, storedMarks } from './scoring';

/**
 * A submitted attempt as its trainee, its reviewer or HR sees it: every question with the answer
 * given, how it came out and the points, never the answer key; the reviewer and HR also see a
 * short answer's model answer (the guidance they mark by).
 */

/** The attempt `id` names: an attempt, or an assignment's latest submitted one. */
async function attemptNamed(db: Db, auth: AuthContext, id: string): Promise<TrainingAttempt> {
  const companyId = auth.companyId;
  const attempt = await db.trainingAttempt.findFirst({ where: { id, companyId } });
  if (attempt) return attempt;
  const assignment = await db.onlineTrainingAssignment.findFirst({
    where: { id, companyId },
    select: { lastAttemptId: true },
  });
  if (!assignment) throw notFound();
  if (!assignment.lastAttemptId) {
    await assignmentForCaller(db, auth, id);
    throw conflict(say.attemptNotSubmitted);
  }
  return db.trainingAttempt.findFirstOrThrow({ where: { id: assignment.lastAttemptId, companyId } });
}

export async function attemptDetails(
  db: Db,
  reader: Reader,
  auth: AuthContext,
  id: string,
): Promise<TTrainingAttemptView> {
  const attempt = await attemptNamed(db, auth, id);
  const { assignment, side } = await assignmentForCaller(db, auth, attempt.assignmentId);
  if (attempt.status === 'inProgress') throw conflict(say.attemptNotSubmitted);
  const [row, content] = await Promise.all([
    assignmentRow(reader, auth, assignment.id),
    versionContent(db, attempt),
  ]);
  const isReviewer = assignment.reviewerEmployeeId === auth.employeeId;
  return {
    ...attemptRow(attempt),
    assignmentId: assignment.id,
    courseId: assignment.courseId,
    courseName: row.courseName,
    versionNumber: attempt.versionNumber,
    employeeId: assignment.employeeId,
    employeeName: row.employeeName,
    reviewerName: row.reviewerName,
    reviewComment: attempt.reviewComment,
    reviewedAt: attempt.reviewedAt?.toISOString() ?? null,
    points: attempt.points,
    maxPoints: attempt.maxPoints,
    passMark: content.passMark,
    attemptsUsed: assignment.completedTestAttempt,
    attemptsAllowed: assignment.noTestAttempt,
    assignmentStatus: assignment.status,
    side,
    canMark: isReviewer && attempt.status === 'awaitingReview' && assignment.status === 'awaitingReview',
    canRetest:
      side === 'employee' &&
      assignment.status === 'assigned' &&
      assignment.completedTestAttempt < assignment.noTestAttempt,
    questions: attemptQuestions(
      content.questions,
      storedAnswers(attempt.answers),
      storedMarks(attempt.marks),
      side !== 'employee',
    ),
  };
}
