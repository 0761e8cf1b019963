import {
  displayDay,
  PERFORMANCE_REVIEW_STATUS_LABELS,
  type PerformanceReviewStatus,
  type TPerformanceReviewRow,
} from '@compass/shared';
import { DueMarker } from '../../components/DueMarker';

const STATUS_BADGES: Record<PerformanceReviewStatus, string> = {
  selfAssessment: 'badge-warning',
  managerAssessment: 'badge-primary',
  signOff: 'badge-primary',
  completed: 'badge-success',
  cancelled: 'badge-neutral',
};

/** Where a review stands, as a badge. */
export function ReviewStatusBadge({ status }: { status: PerformanceReviewStatus }) {
  return <span className={`badge ${STATUS_BADGES[status]}`}>{PERFORMANCE_REVIEW_STATUS_LABELS[status]}</span>;
}

/** "01/01/2026 – 31/12/2026". */
export const periodText = (review: Pick<TPerformanceReviewRow, 'periodStart' | 'periodEnd'>) =>
  `${displayDay(review.periodStart)} – ${displayDay(review.periodEnd)}`;

/** A review still waits for someone (self-assessment to sign-off). */
export const isOpen = (status: PerformanceReviewStatus) => status !== 'completed' && status !== 'cancelled';

/** The due day, marked overdue or due today while the review is open. */
export function ReviewDue({
  review,
}: {
  review: Pick<TPerformanceReviewRow, 'dueDate' | 'taskDueDateType' | 'status'>;
}) {
  return (
    <>
      {displayDay(review.dueDate)} {isOpen(review.status) && <DueMarker type={review.taskDueDateType} />}
    </>
  );
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** An ISO timestamp as the reader's day and time. */
export const timeText = (at: string) => when.format(new Date(at));

/** The steps of a review's history, in words. */
export const REVIEW_EVENT_LABELS: Record<string, string> = {
  started: 'Started',
  objectivesChanged: 'Objectives changed',
  selfSubmitted: 'Self-assessment submitted',
  managerSubmitted: 'Assessment submitted for sign-off',
  returned: 'Returned to the employee',
  signed: 'Signed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
