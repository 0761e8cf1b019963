import {
  displayDay,
  TRAINING_ATTEMPT_STATUS_LABELS,
  trainingAssignmentMessages as say,
  type TTraineeCourse,
  type TTrainingAssignmentView,
  type TTrainingAttemptRow,
} from '@compass/shared';
import { Play } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { DataTable } from '../../components/DataTable';
import { PageHeader, type BackTo } from '../../components/PageHeader';
import { PreviewableFile } from '../../components/PreviewableFile';
import { RichTextEditor } from '../../fields/widgets/RichTextEditor';
import { useStartAttempt } from './api';
import { ATTEMPT_BADGES, durationText } from './attempts';
import { TestForm, type Submitted } from './TestForm';
import { CertificateButton, useTraineePaths } from './traineeLink';

// The take page's parts, in the shell (TakeCoursePage) and on the link's pages alike: the course to
// read, the attempts so far, the test, the result.

/** The course, the attempts so far and the test of an assigned training; `back` leads off the page. */
export function TakeCourse({ view, back }: { view: TTrainingAssignmentView; back: BackTo }) {
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const attemptNumber = view.inProgress?.number ?? Math.min(view.attemptsUsed + 1, view.attemptsAllowed);
  return (
    <div className="admin-page stack-lg training-take">
      <PageHeader
        back={back}
        title={view.courseName}
        introClassName="row wrap training-facts"
        intro={
          <>
            <span>Complete by {displayDay(view.completeBy)}</span>
            {view.canAttempt ? (
              <span>
                Attempt {attemptNumber} of {view.attemptsAllowed}
              </span>
            ) : (
              <span>
                {view.attemptsUsed} of {view.attemptsAllowed} attempts used
              </span>
            )}
            <span>Expected time {view.course.expectedMinutes} min</span>
            <span>Pass mark {view.course.passMark}%</span>
          </>
        }
      />
      <HrMessage message={view.message} />
      <CourseContent course={view.course} />
      {view.attempts.length > 0 && <AttemptsCard attempts={view.attempts} />}
      {submitted ? (
        <ResultPanel view={view} submitted={submitted} onAgain={() => setSubmitted(null)} />
      ) : (
        <TestPart view={view} onSubmitted={setSubmitted} />
      )}
    </div>
  );
}

/** The message HR wrote when assigning the training, if any. */
export function HrMessage({ message }: { message: string | null }) {
  return (
    message && (
      <div className="alert alert-info">
        <p className="pre-line">
          <strong>Message from HR:</strong> {message}
        </p>
      </div>
    )
  );
}

/** The introduction and the sections to read: their text, video and files. */
export function CourseContent({ course }: { course: TTraineeCourse }) {
  const id = useId();
  const paths = useTraineePaths();
  const fileOf = (fileId: string) => course.files.find((file) => file._id === fileId);
  return (
    <>
      {course.introduction && (
        <Card title="Introduction">
          <p className="pre-line">{course.introduction}</p>
        </Card>
      )}
      {course.sections.map((section, index) => (
        <Card key={section._id} title={`${index + 1}. ${section.title}`} bodyClassName="stack">
          {section.body && (
            <RichTextEditor
              id={`${id}-body-${index}`}
              labelledBy={`${id}-title-${index}`}
              value={section.body}
              onChange={() => {}}
              readOnly
            />
          )}
          <span id={`${id}-title-${index}`} hidden>
            {section.title}
          </span>
          {section.videoUrl && (
            <a href={section.videoUrl} target="_blank" rel="noreferrer noopener">
              Watch the video
            </a>
          )}
          {section.fileIds.length > 0 && (
            <ul className="training-files">
              {section.fileIds.map((fileId) => {
                const file = fileOf(fileId);
                return (
                  file && (
                    <li key={fileId} className="row">
                      <PreviewableFile
                        file={{ name: file.name, url: paths.file(file.path) }}
                        onDownload={() =>
                          void downloadFile(paths.file(file.path), file.name).catch(notifyError)
                        }
                      />
                    </li>
                  )
                );
              })}
            </ul>
          )}
        </Card>
      ))}
    </>
  );
}

/** The attempts so far, each with its result and a link to its answers once submitted. */
export function AttemptsCard({ attempts }: { attempts: readonly TTrainingAttemptRow[] }) {
  const paths = useTraineePaths();
  return (
    <Card title="Your attempts" bare>
      <DataTable columns={['Attempt', 'Status', 'Score', 'Submitted', 'Time taken']} actions>
        {attempts.map((attempt) => (
          <tr key={attempt._id}>
            <td>{attempt.number}</td>
            <td>
              <span className={`badge ${ATTEMPT_BADGES[attempt.status]}`}>
                {TRAINING_ATTEMPT_STATUS_LABELS[attempt.status]}
              </span>
            </td>
            <td>{attempt.score === null ? '—' : `${attempt.score}%`}</td>
            <td>{attempt.submittedAt ? displayDay(attempt.submittedAt) : '—'}</td>
            <td>{durationText(attempt.durationSeconds)}</td>
            <td className="row-actions">
              {attempt.submittedAt && (
                <Link to={paths.attempt(attempt._id)} aria-label={`View attempt ${attempt.number}`}>
                  View
                </Link>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}

/**
 * Why no attempt can be started: where the training stands, in the server's words, and the
 * certificate once it is passed.
 */
export function ClosedNote({ view }: { view: TTrainingAssignmentView }) {
  const note = {
    assigned: say.noAttemptsLeft,
    awaitingReview: say.submittedForReview,
    passed: view.score === null ? 'You passed this training.' : say.passed(view.score),
    failed: say.noAttemptsLeft,
    cancelled: say.notOpen,
  }[view.status];
  return (
    <>
      <p>{note}</p>
      {view.status === 'passed' && (
        <div className="row wrap">
          <CertificateButton assignmentId={view._id} courseName={view.courseName} />
        </div>
      )}
    </>
  );
}

/** The test: its questions while an attempt runs, else the button that starts one, else why not. */
function TestPart({
  view,
  onSubmitted,
}: {
  view: TTrainingAssignmentView;
  onSubmitted: (submitted: Submitted) => void;
}) {
  const start = useStartAttempt();
  if (view.canAttempt && view.inProgress)
    return (
      <TestForm
        key={view.inProgress._id}
        attempt={view.inProgress}
        questions={view.course.questions}
        onSubmitted={onSubmitted}
      />
    );
  if (view.canAttempt)
    return (
      <Card title="Test" bodyClassName="stack">
        <p>
          {view.course.questions.length} question{view.course.questions.length === 1 ? '' : 's'}; your time
          runs from the start. Answer every question, then submit your answers.
        </p>
        <div className="row wrap">
          <Button
            variant="primary"
            icon={<Play size={16} aria-hidden="true" />}
            loading={start.isPending}
            onClick={() => start.mutate(view._id)}
          >
            Start the test
          </Button>
        </div>
      </Card>
    );
  return (
    <Card title="Test" bodyClassName="stack">
      <ClosedNote view={view} />
    </Card>
  );
}

/** How a submitted attempt came out, and where to go next. */
function ResultPanel({
  view,
  submitted,
  onAgain,
}: {
  view: TTrainingAssignmentView;
  submitted: Submitted;
  onAgain: () => void;
}) {
  const { result, attemptId } = submitted;
  const paths = useTraineePaths();
  const home = paths.home(view._id);
  const again = result.assignmentStatus === 'assigned' && result.attemptsLeft > 0;
  return (
    <section className="card card-body stack training-result" role="status" aria-label="Your result">
      <h2 className="card-title">Your result</h2>
      <p className={`badge ${ATTEMPT_BADGES[result.status]}`}>
        {TRAINING_ATTEMPT_STATUS_LABELS[result.status]}
      </p>
      <p>{result.message}</p>
      <div className="row wrap">
        <Link className="btn btn-secondary" to={paths.attempt(attemptId)}>
          View your answers
        </Link>
        {result.assignmentStatus === 'passed' && (
          <CertificateButton assignmentId={view._id} courseName={view.courseName} />
        )}
        {again && (
          <Link
            className="btn btn-primary"
            to={paths.retest({
              courseId: view.courseId,
              employeeId: view.employeeId,
              assignmentId: view._id,
            })}
            onClick={onAgain}
          >
            Take the test again
          </Link>
        )}
        <Link className="btn btn-ghost" to={home.to}>
          {home.label}
        </Link>
      </div>
    </section>
  );
}
