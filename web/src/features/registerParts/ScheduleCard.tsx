import { displayDay, frequencyLabel, taskDueType } from '@compass/shared';
import { Link } from 'react-router';
import { usePermissions } from '../../api/auth';
import { DueMarker } from '../../components/DueMarker';
import type { ItemParts } from './api';
import { Fact } from './item';
import { browserToday } from '../../lib/timeZone';
import { Card } from '../../components/Card';

/** The path of the caller's part of the item's open review, if they have one. */
export function reviewLinkOf(
  base: 'risk' | 'hazardous',
  itemId: string,
  review: ItemParts['openReview'],
  employeeId: string | null | undefined,
): string | null {
  if (!review || !employeeId) return null;
  const flag = review.isCoReviewed ? 'yes' : 'no';
  if (review.reviewerId === employeeId) return `/${base}/register-review/${itemId}/review/${flag}`;
  if (review.coReviewerId === employeeId && !review.isCoReviewed)
    return `/${base}/register-review/${itemId}/coReview/${flag}`;
  return null;
}

/** Owner, workplace and the review schedule of an item, with the caller's review if any. */
export function ScheduleCard({
  base,
  itemId,
  item,
}: {
  base: 'risk' | 'hazardous';
  itemId: string;
  item: ItemParts;
}) {
  const permissions = usePermissions();
  const reviewLink = reviewLinkOf(base, itemId, item.openReview, permissions.data?.employeeId);
  const today = browserToday();
  return (
    <Card title="Owner and review" bodyClassName="stack">
      <dl className="facts">
        <Fact label="Owner">{item.owner?.name ?? '—'}</Fact>
        <Fact label="Workplace">{item.workplace?.name ?? '—'}</Fact>
        <Fact label="Review frequency">
          {item.reviewFrequency ? frequencyLabel(item.reviewFrequency) : '—'}
        </Fact>
        <Fact label="Reviewer">{item.reviewer?.name ?? '—'}</Fact>
        <Fact label="Co-reviewer">{item.coReviewer?.name ?? 'None'}</Fact>
        <Fact label="Next review">
          {item.nextReviewDate ? (
            <>
              {displayDay(item.nextReviewDate)} <DueMarker type={taskDueType(item.nextReviewDate, today)} />
            </>
          ) : (
            'Not scheduled'
          )}
        </Fact>
      </dl>
      {item.openReview && (
        <p className="row wrap">
          <span className="badge badge-warning">{item.openReview.badge}</span>
          {reviewLink && (
            <Link className="btn btn-primary btn-sm" to={reviewLink}>
              Open my review
            </Link>
          )}
        </p>
      )}
    </Card>
  );
}
