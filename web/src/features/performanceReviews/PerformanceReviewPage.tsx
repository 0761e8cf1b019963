import {
  PERFORMANCE_REVIEWS_PATH,
  performanceReviewCancelCall,
  performanceReviewHistoryPath,
  performanceReviewMessages as say,
  type TPerformanceReviewDetails,
} from '@compass/shared';
import { Ban, ListChecks, PenLine } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EventHistory } from '../../components/ChangeLogPanel';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RecordPage } from '../../components/RecordPage';
import { StaleAlert } from '../../components/StaleAlert';
import { usePageTitle } from '../../shell/pageTitle';
import { Fact } from '../registerParts';
import { REVIEW_CHANGES, useReviewDetails, useStaleVersion } from './api';
import { ManagerAssessmentForm, SelfAssessmentForm } from './AssessmentForms';
import { AgreedActionsList, givenColumns, ObjectivesTable, ReviewText } from './ObjectivesTable';
import { isOpen, periodText, REVIEW_EVENT_LABELS, ReviewDue, ReviewStatusBadge, timeText } from './parts';
import { ratingText } from './RatingInput';
import { ChangeObjectivesDialog, SignOffDialog } from './ReviewDialogs';
import { ReviewStepper } from './ReviewStepper';
import { ReviewUnavailable, unavailableReason } from './ReviewUnavailable';

/**
 * /human-resource/employee/performance-review/:employee/:id (the dashboard's item, the mails'
 * link): one review as the caller may see it, and their part in it — the employee's
 * self-assessment, the reviewer's assessment, sign-off by both, HR's changes.
 */
export function PerformanceReviewPage() {
  const { id = '' } = useParams();
  const details = useReviewDetails(id);
  usePageTitle(details.data?.title ?? 'Performance review');
  const refused = unavailableReason(details.error);
  if (refused) return <ReviewUnavailable reason={refused} what="This review" />;
  return (
    <RecordPage
      query={details}
      back={
        details.data?.side === 'hr'
          ? { to: PERFORMANCE_REVIEWS_PATH, label: 'Performance Reviews' }
          : {
              to: performanceReviewHistoryPath(details.data?.employeeId ?? ''),
              label: details.data?.side === 'employee' ? 'My performance reviews' : 'Their reviews',
            }
      }
      title="Performance review"
      heading={(review) => review.title}
      intro={(review) => `${review.employeeName} · reviewed by ${review.reviewerName}`}
      label="Performance review"
    >
      {/* A new form state when the review changes (its version moves on). */}
      {(review) => <Review key={review.version} review={review} onReload={() => void details.refetch()} />}
    </RecordPage>
  );
}

type Open = 'objectives' | 'signOff' | 'cancel' | null;

function Review({ review, onReload }: { review: TPerformanceReviewDetails; onReload: () => void }) {
  const stale = useStaleVersion();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const cancel = useCall(performanceReviewCancelCall, { invalidate: REVIEW_CHANGES, onSuccess: close });
  const dialog = { review, onStale: stale.onError, onClose: close };
  return (
    <>
      <Summary review={review} onOpen={setOpen} />
      {stale.stale && (
        <StaleAlert onReload={onReload}>
          <strong>{say.stale}</strong> Your changes on this page that were not saved are lost when you reload.
        </StaleAlert>
      )}
      {review.canSelfAssess ? (
        <SelfAssessmentForm review={review} onStale={stale.onError} />
      ) : review.canManagerAssess ? (
        <ManagerAssessmentForm review={review} onStale={stale.onError} />
      ) : (
        <ReadOnlyReview review={review} />
      )}
      {(review.status === 'signOff' || review.status === 'completed') && (
        <Signatures review={review} onSign={() => setOpen('signOff')} />
      )}
      <Card flat title="History">
        <EventHistory events={review.history} labels={REVIEW_EVENT_LABELS} label="What happened" />
      </Card>
      {open === 'objectives' && <ChangeObjectivesDialog {...dialog} />}
      {open === 'signOff' && <SignOffDialog {...dialog} />}
      {open === 'cancel' && (
        <ConfirmDialog
          title="Cancel this review?"
          confirmLabel="Cancel review"
          danger
          pending={cancel.isPending}
          onClose={close}
          onConfirm={() =>
            cancel.mutate({ body: { _id: review._id, version: review.version } }, { onError: stale.onError })
          }
        >
          <p>
            {review.employeeName} and {review.reviewerName} can no longer change or sign it; it stays in the
            register as cancelled.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Whose review, by whom, for when, where it stands, and what the caller may change about it. */
function Summary({ review, onOpen }: { review: TPerformanceReviewDetails; onOpen: (open: Open) => void }) {
  const buttons = (review.canEditObjectives || review.canCancel) && (
    <div className="row wrap">
      {review.canEditObjectives && (
        <Button
          size="sm"
          icon={<ListChecks size={16} aria-hidden="true" />}
          onClick={() => onOpen('objectives')}
        >
          Change objectives
        </Button>
      )}
      {review.canCancel && (
        <Button
          size="sm"
          variant="danger"
          icon={<Ban size={16} aria-hidden="true" />}
          onClick={() => onOpen('cancel')}
        >
          Cancel review
        </Button>
      )}
    </div>
  );
  return (
    <Card title="Review" actions={buttons || undefined}>
      <div className="stack">
        {review.status === 'cancelled' ? (
          <p>
            <ReviewStatusBadge status="cancelled" />{' '}
            {review.cancelledAt && <span className="text-secondary">on {timeText(review.cancelledAt)}</span>}
          </p>
        ) : (
          <ReviewStepper status={review.status} />
        )}
        <dl className="facts review-facts">
          <Fact label="Employee">
            <Link to={performanceReviewHistoryPath(review.employeeId)}>{review.employeeName}</Link>
          </Fact>
          <Fact label="Reviewer">{review.reviewerName}</Fact>
          <Fact label="Period">{periodText(review)}</Fact>
          <Fact label="Due">
            <ReviewDue review={review} />
          </Fact>
          {review.shows.manager && review.overallRating && !review.canManagerAssess && (
            <Fact label="Overall rating">{ratingText(review.overallRating)}</Fact>
          )}
        </dl>
        {review.status === 'selfAssessment' && review.returnComment && (
          <p className="alert alert-info" role="status">
            Returned by {review.reviewerName}: “{review.returnComment}”
          </p>
        )}
        <StepNote review={review} />
      </div>
    </Card>
  );
}

/** Who the review waits for, when the caller has nothing to do in it now. */
function StepNote({ review }: { review: TPerformanceReviewDetails }) {
  if (review.canSelfAssess || review.canManagerAssess || review.canSignOff || !isOpen(review.status))
    return null;
  const note = {
    selfAssessment: `Waiting for ${review.employeeName}’s self-assessment.`,
    managerAssessment: `Waiting for ${review.reviewerName}’s assessment.`,
    signOff: 'Waiting for the other signature.',
  }[review.status as 'selfAssessment' | 'managerAssessment' | 'signOff'];
  return <p className="text-secondary">{note}</p>;
}

/** The review as it stands, for a caller who has nothing to write in it now. */
function ReadOnlyReview({ review }: { review: TPerformanceReviewDetails }) {
  const agreed = review.shows.manager && (review.status === 'signOff' || review.status === 'completed');
  return (
    <>
      <ObjectivesTable objectives={review.objectives} columns={givenColumns(review)} />
      {review.shows.self && (
        <Card title="Self-assessment">
          <ReviewText text={review.selfAssessment} none="Not written yet." />
        </Card>
      )}
      {review.shows.manager && (
        <Card title="Reviewer’s assessment">
          <ReviewText text={review.managerAssessment} none="Not written yet." />
        </Card>
      )}
      {agreed && (
        <Card title="Agreed actions" bare>
          <AgreedActionsList actions={review.agreedActions} />
        </Card>
      )}
    </>
  );
}

/** Both signatures, with their names, times and comments; Sign off for a side still to sign. */
function Signatures({ review, onSign }: { review: TPerformanceReviewDetails; onSign: () => void }) {
  const sides = [
    {
      role: 'Employee',
      name: review.employeeName,
      at: review.employeeSignedAt,
      comment: review.employeeComment,
    },
    {
      role: 'Reviewer',
      name: review.reviewerName,
      at: review.reviewerSignedAt,
      comment: review.reviewerComment,
    },
  ];
  return (
    <Card
      title="Sign-off"
      actions={
        review.canSignOff && (
          <Button
            variant="primary"
            size="sm"
            icon={<PenLine size={16} aria-hidden="true" />}
            onClick={onSign}
          >
            Sign off
          </Button>
        )
      }
    >
      <ul className="signature-list">
        {sides.map((side) => (
          <li key={side.role}>
            <strong>{side.name}</strong> <span className="text-secondary">({side.role.toLowerCase()})</span>:{' '}
            {side.at ? `signed ${timeText(side.at)}` : <span className="text-secondary">not signed yet</span>}
            {side.comment && <p className="objective-comment">“{side.comment}”</p>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
