import {
  trainingAssignmentMessages as say,
  type TTrainingAttemptMark,
  type TTrainingQuestion,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { logAssignment } from './making';
import { mailAboutTraining } from './mails';
import type { Mailing } from './mails';
import { assignmentAfter, claimOutcome, resultOf, settled, versionContent } from './outcomes';
import { reviewersAssignment } from './policy';
import { attemptOutcome, outcomeMessage, storedAnswers, type Marks } from './scoring';

/**
 * The reviewer marks an attempt's short answers (each from 0 to its points), which passes or fails
 * it; the employee is mailed the result. The attempt is claimed on its status: a second marking
 * gets 409.
 */

/** The marks of every short answer, or the validation errors on `marks.<questionId>`. */
function marksOf(questions: TTrainingQuestion[], given: TTrainingAttemptMark['marks']): Marks {
  const marks: Marks = {};
  const problems: { field: string; message: string }[] = [];
  for (const question of questions.filter((one) => one.kind === 'shortAnswer')) {
    const field = `marks.${question._id}`;
    const mark = given.find((one) => one.questionId === question._id);
    if (!mark) problems.push({ field, message: say.markRequired });
    else if (mark.points > question.points) problems.push({ field, message: say.markRange(question.points) });
    else marks[question._id] = mark.points;
  }
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  return marks;
}

export async function markAttempt(db: Db, mailing: Mailing, auth: AuthContext, input: TTrainingAttemptMark) {
  const attempt = await db.trainingAttempt.findFirst({ where: { id: input._id, companyId: auth.companyId } });
  if (!attempt) throw notFound();
  const assignment = await reviewersAssignment(db, auth, attempt.assignmentId);
  if (attempt.status !== 'awaitingReview') throw conflict(say.notAwaitingReview);
  const content = await versionContent(db, attempt);
  const marks = marksOf(content.questions, input.marks);
  const outcome = attemptOutcome(content.questions, storedAnswers(attempt.answers), marks, content.passMark);
  const attemptsLeft = Math.max(0, assignment.noTestAttempt - assignment.completedTestAttempt);
  const next = assignmentAfter(outcome, attemptsLeft);
  const comment = input.comment || null;
  return db.$transaction(async (tx) => {
    await claimOutcome(
      tx,
      { ...attempt, from: 'awaitingReview', refused: say.notAwaitingReview },
      outcome,
      { marks, reviewComment: comment, reviewedAt: new Date(), reviewerEmployeeId: auth.employeeId },
      { where: { id: assignment.id, status: 'awaitingReview', lastAttemptId: attempt.id }, data: next },
    );
    await logAssignment(tx, auth, assignment.id, 'marked', null, {
      attempt: attempt.number,
      points: outcome.points,
      score: outcome.score,
      comment,
    });
    await mailAboutTraining(tx, mailing.mail, mailing.publicUrl, assignment, {
      kind: 'reviewed',
      attemptId: attempt.id,
      result: outcomeMessage(outcome, attemptsLeft),
      comment,
    });
    const after = { ...assignment, ...next };
    await settled(tx, mailing, auth, after, outcome);
    return resultOf(outcome, next.status, content.passMark, attemptsLeft);
  });
}
