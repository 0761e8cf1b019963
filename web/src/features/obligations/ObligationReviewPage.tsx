import { obligationReviewCalls } from '@compass/shared';
import { ReviewPage } from '../reviews';
import { obligationKeys } from './api';

/** /obligation/review/:id/:x (x = review or coReview), opened from the dashboard's Scheduled Reviews. */
export function ObligationReviewPage() {
  return (
    <ReviewPage
      title="Obligation review"
      calls={obligationReviewCalls}
      back={{ to: '/obligation/register', label: 'Obligations' }}
      itemPath={(id) => `/obligation/edit/${id}`}
      queryKey={obligationKeys.all}
    />
  );
}
