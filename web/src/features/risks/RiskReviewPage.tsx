import {
  riskDetailsCall,
  riskPath,
  riskReviewCalls,
  RISK_REGISTER_PATH,
  type TRating,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { callApi } from '../../api/client';
import { RatingBadge, RatingPicker, sidesOf } from '../../components/RiskRating';
import { ReviewPage } from '../reviews';
import { riskKeys } from './api';

/**
 * /risk/register-review/:id/:x/:flag (the dashboard's Scheduled Reviews): the review of a risk. The
 * reviewer may re-rate it after controls; the new rating is saved with the review.
 */
export function RiskReviewPage() {
  const { id = '' } = useParams();
  const details = useQuery({
    queryKey: [...riskKeys.all, 'details', id],
    queryFn: () => callApi(riskDetailsCall, { body: { _id: id } }),
    retry: false,
    meta: { silent: true },
  });
  const [residual, setResidual] = useState<Partial<TRating> | null>(null);
  const current = details.data?.residual ?? null;
  const chosen = residual ?? sidesOf(current);
  const changed =
    residual?.likelihood !== undefined &&
    residual.consequence !== undefined &&
    (residual.likelihood !== current?.likelihood || residual.consequence !== current?.consequence);
  return (
    <ReviewPage
      title="Risk review"
      calls={riskReviewCalls}
      back={{ to: RISK_REGISTER_PATH, label: 'Risk Register' }}
      itemPath={riskPath}
      queryKey={riskKeys.all}
      extraBody={() => (changed ? { residual } : {})}
    >
      {details.data && (
        <div className="stack">
          <p className="text-sm">
            Rated after controls now: <RatingBadge rating={current} /> Change it below if the review finds
            otherwise.
          </p>
          <RatingPicker legend="Rating after controls" value={chosen} onChange={setResidual} />
        </div>
      )}
    </ReviewPage>
  );
}
