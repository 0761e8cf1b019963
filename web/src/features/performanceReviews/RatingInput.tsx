import { PERFORMANCE_RATING_LABELS as RATING_LABELS, PERFORMANCE_RATINGS as RATINGS } from '@compass/shared';
import { useId } from 'react';
import { FieldError } from '../../components/FieldError';

/** "4 · Exceeds expectations", or a dash for a rating not given. */
export const ratingText = (rating: number | null | undefined) =>
  rating ? `${rating} · ${RATING_LABELS[rating]}` : '—';

/** The scale of every rating, for the head of a list of rated objectives. */
export function RatingScale() {
  return (
    <p className="rating-scale text-sm text-secondary">
      {RATINGS.map((rating) => (
        <span key={rating}>
          <strong>{rating}</strong> {RATING_LABELS[rating]}
        </span>
      ))}
    </p>
  );
}

/**
 * A 1–5 rating as a segmented row of radio buttons, the chosen one's word beside it: native
 * radios, so Tab reaches the group once and the arrow keys move the choice; each is named with
 * its word for screen readers.
 */
export function RatingInput({
  label,
  value,
  onChange,
  error,
}: {
  /** The group's name ("Your rating of Customer focus"). */
  label: string;
  value: number | null;
  onChange: (rating: number) => void;
  error?: string | null;
}) {
  const name = useId();
  const errorId = useId();
  return (
    <div className="rating-input">
      <div className="row wrap">
        <div
          className="rating-options"
          role="radiogroup"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          {RATINGS.map((rating) => (
            <label key={rating} className="rating-option" title={RATING_LABELS[rating]}>
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                aria-label={`${rating} ${RATING_LABELS[rating]}`}
              />
              <span aria-hidden="true">{rating}</span>
            </label>
          ))}
        </div>
        <span className="rating-word text-sm" aria-hidden="true">
          {value ? RATING_LABELS[value] : 'Not rated'}
        </span>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
