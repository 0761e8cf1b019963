import {
  displayDay,
  ONLINE_TRAINING_ADMIN_PATH,
  TRAINING_ATTEMPT_STATUS_LABELS,
  trainingAttemptReviewPath,
  type TTrainingAttemptQuestion,
  type TTrainingAttemptView,
} from '@compass/shared';
import { FileWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { describeError } from '../../api/errors';
import { RecordPage } from '../../components/RecordPage';
import { HomeLink, StatePanel } from '../../components/StatePanel';
import { usePageTitle } from '../../shell/pageTitle';
import { useAttempt } from './api';
import { ANSWER_RESULTS, ATTEMPT_BADGES, durationText, pointsText, TRUE_FALSE } from './attempts';
import { CertificateButton, useTraineePaths } from './traineeLink';

/** Where a training's pages lead back to: the trainee and the reviewer to the dashboard, HR to the course. */
export function trainingBack(
  training: Pick<TTrainingAttemptView, 'side' | 'courseId' | 'courseName'> | undefined,
) {
  return training?.side === 'hr'
    ? { to: `${ONLINE_TRAINING_ADMIN_PATH}/${training.courseId}`, label: training.courseName }
    : { to: '/dashboard', label: 'Dashboard' };
}

/** "Forklift refresher — attempt 2". */
export const attemptHeading = (attempt: TTrainingAttemptView) =>
  `${attempt.courseName} — attempt ${attempt.number}`;

/**
 * How the attempt came out, its reviewer's comment, and the ways on: a re-test, the certificate of a
 * passed training, the marking (not offered on the marking page itself: `marking`).
 */
export function AttemptSummary({
  attempt,
  marking = false,
}: {
  attempt: TTrainingAttemptView;
  marking?: boolean;
}) {
  const marks = attempt.canMark && !marking;
  const passed = attempt.assignmentStatus === 'passed';
  const paths = useTraineePaths();
  return (
    <section className="card card-body stack" aria-label="Result">
      <p className="row wrap training-facts">
        <span className={`badge ${ATTEMPT_BADGES[attempt.status]}`}>
          {TRAINING_ATTEMPT_STATUS_LABELS[attempt.status]}
        </span>
        <span>{attempt.score === null ? 'Awaiting review' : `Score ${attempt.score}%`}</span>
        <span>Pass mark {attempt.passMark}%</span>
        <span>Time taken {durationText(attempt.durationSeconds)}</span>
        {attempt.submittedAt && <span>Submitted {displayDay(attempt.submittedAt)}</span>}
      </p>
      <p className="text-secondary">
        {attempt.employeeName} · attempt {attempt.number} of {attempt.attemptsAllowed}
        {attempt.points !== null && ` · ${attempt.points} of ${pointsText(attempt.maxPoints)}`}
        {attempt.reviewerName && ` · reviewer ${attempt.reviewerName}`}
      </p>
      {attempt.reviewComment && (
        <p className="pre-line">
          <strong>Comment from the reviewer:</strong> {attempt.reviewComment}
        </p>
      )}
      {(attempt.canRetest || marks || passed) && (
        <div className="row wrap">
          {attempt.canRetest && (
            <Link className="btn btn-primary" to={paths.retest(attempt)}>
              Take the test again
            </Link>
          )}
          {passed && (
            <CertificateButton assignmentId={attempt.assignmentId} courseName={attempt.courseName} />
          )}
          {marks && (
            <Link className="btn btn-primary" to={trainingAttemptReviewPath(attempt._id)}>
              Mark this attempt
            </Link>
          )}
        </div>
      )}
    </section>
  );
}

/** What the trainee answered to a question: the choices with theirs marked, or their text. */
function GivenAnswer({ question }: { question: TTrainingAttemptQuestion }) {
  const { answer } = question;
  if (question.kind === 'shortAnswer')
    return (
      <div className="stack">
        <p className="field-label">Your answer</p>
        <p className="pre-line training-written">{typeof answer === 'string' && answer ? answer : '—'}</p>
      </div>
    );
  const choices =
    question.kind === 'trueFalse'
      ? TRUE_FALSE.map((choice) => ({
          key: choice.label,
          text: choice.label,
          chosen: answer === choice.value,
        }))
      : question.options.map((option) => ({
          key: option._id,
          text: option.text,
          chosen: Array.isArray(answer) && answer.includes(option._id),
        }));
  return (
    <ul className="training-choices">
      {choices.map((choice) => (
        <li key={choice.key} className={choice.chosen ? 'is-chosen' : undefined}>
          {choice.text} {choice.chosen && <span className="badge badge-primary">Your answer</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every question of a submitted attempt with the answer given, how it came out and its points;
 * `mark` adds the reviewer's controls under a short answer (the review page).
 */
export function AttemptQuestions({
  questions,
  mark,
}: {
  questions: readonly TTrainingAttemptQuestion[];
  mark?: (question: TTrainingAttemptQuestion, number: number) => ReactNode;
}) {
  return (
    <section className="card card-body stack" aria-label="Answers">
      <h2 className="card-title">Answers</h2>
      <ol className="stack-lg training-answers">
        {questions.map((question, index) => {
          const result = ANSWER_RESULTS[question.result];
          return (
            <li key={question._id} className="training-question">
              <section className="stack" aria-label={`Question ${index + 1}`}>
                <div className="row-between training-question-head">
                  <h3 className="training-question-text">{question.text}</h3>
                  <p className="row wrap">
                    <span className={`badge ${result.badge}`}>{result.label}</span>
                    <span className="text-sm">
                      {question.pointsAwarded === null
                        ? pointsText(question.points)
                        : `${question.pointsAwarded} of ${pointsText(question.points)}`}
                    </span>
                  </p>
                </div>
                <GivenAnswer question={question} />
                {question.modelAnswer && (
                  <div className="stack training-guidance">
                    <p className="field-label">Guidance</p>
                    <p className="pre-line">{question.modelAnswer}</p>
                  </div>
                )}
                {question.kind === 'shortAnswer' && mark?.(question, index + 1)}
              </section>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * The page of one submitted attempt (:id, an attempt's or an assignment's): its heading and way
 * back, then `children` once loaded; an attempt that cannot be opened (not the caller's, not
 * found) says the server's reason.
 */
export function AttemptPage({
  pageTitle,
  children,
}: {
  /** The browser tab's title, from the attempt's heading. */
  pageTitle: (heading: string) => string;
  children: (attempt: TTrainingAttemptView) => ReactNode;
}) {
  const { id = '' } = useParams();
  const attempt = useAttempt(id);
  usePageTitle(pageTitle(attempt.data ? attemptHeading(attempt.data) : 'Training attempt'));
  if (attempt.isError)
    return (
      <StatePanel
        icon={FileWarning}
        tone="warning"
        role="alert"
        title="This attempt cannot be opened"
        message={describeError(attempt.error).message}
        actions={<HomeLink />}
      />
    );
  return (
    <RecordPage
      query={attempt}
      back={trainingBack(attempt.data)}
      title="Training attempt"
      heading={attemptHeading}
      label="Training attempt"
    >
      {children}
    </RecordPage>
  );
}
