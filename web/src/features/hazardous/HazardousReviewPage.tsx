import { hazardousPath, hazardousReviewCalls, HAZARDOUS_REGISTER_PATH } from '@compass/shared';
import { ReviewPage } from '../reviews';
import { hazardousKeys } from './api';

/** /hazardous/register-review/:id/:x/:flag (the dashboard's Scheduled Reviews): a substance's review. */
export function HazardousReviewPage() {
  return (
    <ReviewPage
      title="Hazardous substance review"
      calls={hazardousReviewCalls}
      back={{ to: HAZARDOUS_REGISTER_PATH, label: 'Hazardous Substances' }}
      itemPath={hazardousPath}
      queryKey={hazardousKeys.all}
    />
  );
}
