import {
  coursePoints,
  trainingAssignmentMessages as say,
  type TTrainingAssignmentView,
  type TTrainingAttemptResult,
  type TTrainingAttemptRow,
  type TTrainingAttemptSubmit,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { badRequest, conflict, notFound } from '../../errors';
import type { AttachmentService } from '../attachments';
import { LinkError } from '../links';
import { assignmentRead } from './assignmentReads';
import { isUniqueViolation } from '../../db/errors';
import { logAssignment } from './making';
import { traineeCourse } from './content';
import { mailAboutTraining, type Mailing } from './mails';
import {
  assignmentAfter,
  ATTEMPT_ROW,
  attemptRow,
  claimOutcome,
  resultOf,
  settled,
  versionContent,
} from './outcomes';
import {
  actorOf,
  checkTraineeLink,
  companyOf,
  linkedAssignment,
  traineesAssignment,
  type TraineeCaller,
} from './policy';
import { answerProblems, attemptOutcome, keptAnswers } from './scoring';

/**
 * Taking a course: the assignment's page (the course without its answer key, the attempts so
 * far), starting an attempt on the published version, submitting its answers — scored here, on
 * the server, against the version it started on.
 */

/** One assignment as its page shows it, to its trainee (or its link), its reviewer or HR. */
export async function openAssignment(
  db: Db,
  reader: Reader,
  attachments: AttachmentService,
  caller: TraineeCaller,
  id: string,
): Promise<TTrainingAssignmentView> {
  const { row, message, currentVersion, side } = await assignmentRead(reader, caller, id, 'read');
  const companyId = companyOf(caller);
  const { courseId } = row;
  const [attempts, files] = await Promise.all([
    // The rows' columns only: an attempt's answers and marks are the largest course's tens of KB.
    db.trainingAttempt.findMany({
      where: { companyId, assignmentId: id },
      orderBy: { number: 'asc' },
      select: { ...ATTEMPT_ROW, versionNumber: true },
    }),
    attachments.listFor(companyId, 'trainingCourse', courseId),
  ]);
  const inProgress = attempts.find((attempt) => attempt.status === 'inProgress') ?? null;
  const versionNumber = inProgress?.versionNumber ?? currentVersion;
  const content = await versionContent(db, { companyId, courseId, versionNumber });
  const attemptsLeft = row.attemptsUsed < row.attemptsAllowed;
  return {
    ...row,
    message,
    side,
    course: traineeCourse(versionNumber, content, files),
    attempts: attempts.filter((attempt) => attempt !== inProgress).map(attemptRow),
    inProgress: inProgress && attemptRow(inProgress),
    canAttempt: side === 'employee' && row.status === 'assigned' && (inProgress !== null || attemptsLeft),
  };
}

/** Its trainee starts an attempt on the published version, or carries on the one in progress. */
export async function startAttempt(
  db: Db,
  caller: TraineeCaller,
  assignmentId: string,
): Promise<TTrainingAttemptRow> {
  const assignment = await traineesAssignment(db, caller, assignmentId);
  if (assignment.status !== 'assigned') throw conflict(say.notOpen);
  const { companyId, courseId } = assignment;
  const running = () =>
    db.trainingAttempt.findFirst({ where: { companyId, assignmentId, status: 'inProgress' } });
  const carriedOn = await running();
  if (carriedOn) return attemptRow(carriedOn);
  if (assignment.completedTestAttempt >= assignment.noTestAttempt) throw conflict(say.noAttemptsLeft);
  const course = await db.trainingCourse.findFirstOrThrow({
    where: { id: courseId, companyId },
    select: { currentVersion: true },
  });
  const at = { companyId, courseId, versionNumber: course.currentVersion };
  try {
    const started = await db.trainingAttempt.create({
      data: {
        ...at,
        assignmentId,
        number: assignment.completedTestAttempt + 1,
        maxPoints: coursePoints(await versionContent(db, at)),
        reviewerEmployeeId: assignment.reviewerEmployeeId,
      },
    });
    return attemptRow(started);
  } catch (error) {
    // Two starts at once: one attempt in progress per assignment; the later start carries it on.
    if (!isUniqueViolation(error)) throw error;
    const other = await running();
    if (!other) throw conflict(say.attemptNotOpen);
    return attemptRow(other);
  }
}

/**
 * Its employee submits an attempt's answers, every question answered: scored, then passed, failed
 * (taken again while attempts are left) or, with short answers, to the reviewer, who is mailed.
 * Both the attempt and the assignment are claimed on their status: of two submits one counts.
 */
export async function submitAttempt(
  db: Db,
  mailing: Mailing,
  caller: TraineeCaller,
  input: TTrainingAttemptSubmit,
): Promise<TTrainingAttemptResult> {
  checkTraineeLink(caller, null, 'update');
  const attempt = await db.trainingAttempt.findFirst({
    where: { id: input._id, companyId: companyOf(caller), assignmentId: linkedAssignment(caller) },
  });
  if (!attempt) throw caller.kind === 'link' ? new LinkError('wrongResource', 403) : notFound();
  const assignment = await traineesAssignment(db, caller, attempt.assignmentId);
  if (attempt.status !== 'inProgress') throw conflict(say.attemptNotOpen);
  const content = await versionContent(db, attempt);
  const problems = answerProblems(content.questions, input.answers);
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  const answers = keptAnswers(content.questions, input.answers);
  const outcome = attemptOutcome(content.questions, answers, {}, content.passMark);
  const used = assignment.completedTestAttempt + 1;
  const attemptsLeft = Math.max(0, assignment.noTestAttempt - used);
  const next = assignmentAfter(outcome, attemptsLeft);
  const submittedAt = new Date();
  return db.$transaction(async (tx) => {
    await claimOutcome(
      tx,
      { ...attempt, from: 'inProgress', refused: say.attemptNotOpen },
      outcome,
      {
        answers,
        submittedAt,
        durationSeconds: Math.round((submittedAt.getTime() - attempt.startedAt.getTime()) / 1000),
      },
      {
        where: {
          id: assignment.id,
          status: 'assigned',
          completedTestAttempt: assignment.completedTestAttempt,
        },
        data: { ...next, completedTestAttempt: used, lastAttemptId: attempt.id },
      },
    );
    await logAssignment(tx, actorOf(caller), assignment.id, 'attemptSubmitted', null, {
      attempt: attempt.number,
      status: outcome.status,
      score: outcome.score,
    });
    const after = { ...assignment, ...next, completedTestAttempt: used, lastAttemptId: attempt.id };
    await settled(tx, mailing, actorOf(caller), after, outcome);
    if (outcome.status === 'awaitingReview')
      await mailAboutTraining(tx, mailing.mail, mailing.publicUrl, after, {
        kind: 'toReview',
        attemptId: attempt.id,
      });
    return resultOf(outcome, next.status, content.passMark, attemptsLeft);
  });
}
