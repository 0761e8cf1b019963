import {
  displayDay,
  frequencyLabel,
  REVIEW_ACTION_TYPES,
  REVIEW_OUTCOME_LABELS,
  REVIEW_OUTCOMES,
  type reviewCalls,
  type ReviewActionType,
  type ReviewOutcome,
  type TReviewDetails,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { dashboardKeys } from '../../api/queryKeys';
import { usePageTitle } from '../../shell/pageTitle';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { DueMarker } from '../../components/DueMarker';
import { FieldError } from '../../components/FieldError';
import { TextAreaField } from '../../components/FormField';
import { Card } from '../../components/Card';
import { RecordPage } from '../../components/RecordPage';

type ReviewCalls = ReturnType<typeof reviewCalls<string>>;

/**
 * A register's review page (`…/:id/:x`, x = review or coReview; the dashboard's Scheduled Reviews
 * open it): what is reviewed and when, the past reviews, and the caller's part — the co-reviewer's
 * comments, or the reviewer's outcome. A register that records more with a review (a new rating)
 * passes `children` (shown in the reviewer's form) and `extraBody` (sent with it).
 */
export function ReviewPage({
  title,
  calls,
  back,
  itemPath,
  queryKey,
  children,
  extraBody,
}: {
  title: string;
  calls: ReviewCalls;
  back: { to: string; label: string };
  /** The item's own page, opened after the review is done. */
  itemPath: (itemId: string) => string;
  /** The register's queries, fetched again after the review (its list and details). */
  queryKey: readonly unknown[];
  children?: ReactNode;
  extraBody?: () => Record<string, unknown>;
}) {
  usePageTitle(title);
  const { id = '', x = '' } = useParams();
  const actionType: ReviewActionType = (REVIEW_ACTION_TYPES as readonly string[]).includes(x)
    ? (x as ReviewActionType)
    : 'review';
  const details = useQuery({
    queryKey: [...queryKey, 'review', id, actionType],
    queryFn: () => callApi(calls.details, { body: { itemId: id, actionType } }),
    retry: false,
  });
  return (
    <RecordPage
      query={details}
      back={back}
      title={title}
      heading={(review) => review.name}
      intro={(review) => (
        <>
          {actionType === 'coReview' ? 'Co-review' : 'Review'} due {displayDay(review.dueDate)}{' '}
          <DueMarker type={review.taskDueDateType} />
          {review.frequency && ` · ${frequencyLabel(review.frequency)}`} ·{' '}
          <Link to={itemPath(review.itemId)}>Open the record</Link>
        </>
      )}
      label="Review"
    >
      {(review) => (
        <>
          <section className="card" aria-label="Review">
            <div className="card-body stack">
              <dl className="facts">
                <dt>Reviewer</dt>
                <dd>{review.reviewer.name}</dd>
                <dt>Co-reviewer</dt>
                <dd>
                  {review.coReviewer
                    ? `${review.coReviewer.name}${review.isCoReviewed ? ' (reviewed)' : ' (not reviewed yet)'}`
                    : 'None'}
                </dd>
                {review.coReviewComments && (
                  <>
                    <dt>Co-reviewer’s comments</dt>
                    <dd className="pre-line">{review.coReviewComments}</dd>
                  </>
                )}
              </dl>
              <ReviewForm
                review={review}
                calls={calls}
                onDone={itemPath}
                queryKey={queryKey}
                extraBody={extraBody}
              >
                {children}
              </ReviewForm>
            </div>
          </section>
          <ReviewHistory history={review.history} />
        </>
      )}
    </RecordPage>
  );
}

function ReviewForm({
  review,
  calls,
  onDone,
  queryKey,
  extraBody,
  children,
}: {
  review: TReviewDetails;
  calls: ReviewCalls;
  onDone: (itemId: string) => string;
  queryKey: readonly unknown[];
  extraBody?: () => Record<string, unknown>;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<ReviewOutcome | ''>('');
  const [comments, setComments] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const complete = useCall(calls.complete, {
    invalidate: [queryKey, dashboardKeys.all],
    onSuccess: () => void navigate(onDone(review.itemId)),
  });
  const asReviewer = review.actionType === 'review';
  if (review.waitingForCoReviewer) {
    return (
      <p className="alert alert-info" role="status">
        {review.coReviewer?.name} reviews this first, as co-reviewer; you can complete the review after them.
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    complete.mutate(
      {
        body: {
          itemId: review.itemId,
          reviewId: review._id,
          actionType: review.actionType,
          comments,
          ...(asReviewer && outcome ? { outcome } : {}),
          ...extraBody?.(),
        },
      },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {asReviewer && (
        <fieldset className="field">
          <legend className="field-label">Outcome</legend>
          <div className="stack">
            {REVIEW_OUTCOMES.map((value) => (
              <label key={value} className="checkbox">
                <input
                  type="radio"
                  name="outcome"
                  value={value}
                  checked={outcome === value}
                  onChange={() => setOutcome(value)}
                />
                {REVIEW_OUTCOME_LABELS[value]}
              </label>
            ))}
          </div>
          <FieldError id="review-outcome-error" message={errors.outcome} />
        </fieldset>
      )}
      {asReviewer && children}
      <TextAreaField
        label={asReviewer ? 'Comments' : 'Co-reviewer’s comments'}
        rows={4}
        maxLength={4000}
        value={comments}
        error={errors.comments}
        onValueChange={setComments}
      />
      <div className="row">
        <Button
          type="submit"
          variant="primary"
          icon={<Check size={16} aria-hidden="true" />}
          loading={complete.isPending}
        >
          {asReviewer ? 'Complete review' : 'Record co-review'}
        </Button>
      </div>
    </form>
  );
}

/** The item's completed reviews, newest first. */
export function ReviewHistory({ history }: { history: TReviewDetails['history'] }) {
  return (
    <Card title="Review history" bare>
      {history.length === 0 ? (
        <p className="card-body text-secondary">No review has been completed yet.</p>
      ) : (
        <DataTable columns={['Due', 'Completed', 'By', 'Outcome', 'Comments', 'Co-review']}>
          {history.map((entry) => (
            <tr key={entry._id}>
              <td>{displayDay(entry.dueDate)}</td>
              <td>{displayDay(entry.completedAt.slice(0, 10))}</td>
              <td>{entry.completedBy ?? '—'}</td>
              <td>{REVIEW_OUTCOME_LABELS[entry.outcome].split(':')[0]}</td>
              <td className="pre-line">{entry.comments ?? '—'}</td>
              <td>
                {entry.coReviewer
                  ? `${entry.coReviewer}${entry.coReviewComments ? `: ${entry.coReviewComments}` : ''}`
                  : '—'}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
