import {
  displayDay,
  TRAINING_ASSIGNMENT_STATUS_LABELS,
  trainingLinkPaths,
  type TTrainingAssignmentView,
} from '@compass/shared';
import { Play, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { ASSIGNMENT_BADGES } from './attempts';
import { linkPage, LinkQuery, useLinkAssignment } from './linkFrame';
import { AttemptsCard, ClosedNote, HrMessage } from './takeParts';
import { useTraineeLink } from './traineeLink';

/**
 * /online-training/employee/form-attempt/:assignmentId (the mail's link): where the training stands
 * — whose it is, by when, the message from HR, the attempts so far — and the next step: start the
 * course, take a re-test, wait for the review, or download the certificate.
 */
export const TrainingStatusPage = linkPage(function TrainingStatus() {
  return (
    <LinkQuery query={useLinkAssignment()} what="training">
      {(view) => (
        <>
          <PageHeader
            title={view.courseName}
            introClassName="row wrap training-facts"
            intro={
              <>
                <span>Assigned to {view.employeeName}</span>
                <span>Complete by {displayDay(view.completeBy)}</span>
                <span className={`badge ${ASSIGNMENT_BADGES[view.status]}`}>
                  {TRAINING_ASSIGNMENT_STATUS_LABELS[view.status]}
                </span>
              </>
            }
          />
          <HrMessage message={view.message} />
          <NextStep view={view} />
          {view.attempts.length > 0 ? (
            <AttemptsCard attempts={view.attempts} />
          ) : (
            <Card title="Your attempts">
              <p className="text-secondary">You have not taken the test yet.</p>
            </Card>
          )}
        </>
      )}
    </LinkQuery>
  );
});

/** What the trainee does next: the course the first time, a re-test after, else where it stands. */
function NextStep({ view }: { view: TTrainingAssignmentView }) {
  const token = useTraineeLink()?.authtoken ?? undefined;
  const first = view.attemptsUsed === 0;
  return (
    <Card title="Next step" bodyClassName="stack">
      {view.canAttempt ? (
        <>
          <p>
            {view.attemptsUsed} of {view.attemptsAllowed} attempts used · pass mark {view.course.passMark}% ·
            expected time {view.course.expectedMinutes} min
          </p>
          <div className="row wrap">
            <Link
              className="btn btn-primary"
              to={first ? trainingLinkPaths.take(view._id, token) : trainingLinkPaths.retest(view._id, token)}
            >
              {first ? <Play size={16} aria-hidden="true" /> : <RotateCcw size={16} aria-hidden="true" />}
              {first ? 'Start the course' : 'Take a re-test'}
            </Link>
          </div>
        </>
      ) : (
        <ClosedNote view={view} />
      )}
    </Card>
  );
}
