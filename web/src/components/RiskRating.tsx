import {
  CONSEQUENCE_LABELS,
  LEVEL_COLOURS,
  LIKELIHOOD_LABELS,
  rateRisk,
  RATING_STEPS,
  RISK_LEVEL_LABELS,
  RISK_LEVELS,
  type RatingStep,
  type TRating,
  type TRatingShown,
} from '@compass/shared';
import { useId } from 'react';
import { FieldError } from './FieldError';

/** The rating colours as filter options, from low to extreme: 'High (orange)'. */
export const RATING_COLOUR_OPTIONS = RISK_LEVELS.map((level) => ({
  value: LEVEL_COLOURS[level],
  label: `${RISK_LEVEL_LABELS[level]} (${LEVEL_COLOURS[level]})`,
}));

/** The two sides of a rating as a picker holds them (empty for an item never rated). */
export const sidesOf = (rating: TRating | null | undefined): Partial<TRating> =>
  rating ? { likelihood: rating.likelihood, consequence: rating.consequence } : {};

/** A rating as a coloured badge: the score and the level ('12 High'), or 'Not rated'. */
export function RatingBadge({ rating }: { rating: Pick<TRatingShown, 'score' | 'level' | 'colour'> | null }) {
  if (!rating) return <span className="badge badge-neutral">Not rated</span>;
  return (
    <span
      className={`rating rating-${rating.colour}`}
      title={`Score ${rating.score}: ${RISK_LEVEL_LABELS[rating.level]}`}
    >
      <span className="rating-score">{rating.score}</span> {RISK_LEVEL_LABELS[rating.level]}
    </span>
  );
}

/**
 * Likelihood and consequence chosen from the matrix's steps, with the resulting rating beside
 * them; `value` null until both are chosen.
 */
export function RatingPicker({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: Partial<TRating>;
  onChange: (value: Partial<TRating>) => void;
  error?: string | null;
}) {
  const id = useId();
  const complete = value.likelihood !== undefined && value.consequence !== undefined;
  const side = (name: 'likelihood' | 'consequence', labels: Record<RatingStep, string>) => (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {name === 'likelihood' ? 'Likelihood' : 'Consequence'}
      </label>
      <select
        id={`${id}-${name}`}
        className="input"
        value={value[name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) =>
          onChange({ ...value, [name]: event.target.value ? Number(event.target.value) : undefined })
        }
      >
        <option value="">Choose</option>
        {RATING_STEPS.map((step) => (
          <option key={step} value={step}>
            {step} {labels[step]}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="rating-picker">
      <legend className="field-label">{legend}</legend>
      <div className="rating-picker-row">
        {side('likelihood', LIKELIHOOD_LABELS)}
        <span aria-hidden="true" className="rating-times">
          ×
        </span>
        {side('consequence', CONSEQUENCE_LABELS)}
        <output className="rating-result" aria-live="polite">
          {complete ? (
            <RatingBadge
              rating={rateRisk({ likelihood: value.likelihood!, consequence: value.consequence! })}
            />
          ) : (
            <span className="text-secondary text-sm">Choose both</span>
          )}
        </output>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** One marked cell of the matrix (a rating before or after controls). */
export interface MatrixMark {
  likelihood: number;
  consequence: number;
  label: string;
}

/**
 * The 5×5 matrix: likelihood up the side (5 at the top), consequence along the bottom, each cell
 * in its rating's colour. A cell shows its count (the register's matrix view) or its marks (a
 * risk's ratings); `onCell` makes the counted cells buttons.
 */
export function RiskMatrix({
  caption,
  counts,
  marks = [],
  onCell,
}: {
  caption: string;
  counts?: ReadonlyMap<string, number>;
  marks?: readonly MatrixMark[];
  onCell?: (cell: TRating) => void;
}) {
  const likelihoods = [...RATING_STEPS].reverse();
  return (
    <table className="risk-matrix">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Likelihood</span>
          </th>
          {RATING_STEPS.map((consequence) => (
            <th key={consequence} scope="col" className="risk-matrix-axis">
              {consequence} {CONSEQUENCE_LABELS[consequence]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {likelihoods.map((likelihood) => (
          <tr key={likelihood}>
            <th scope="row" className="risk-matrix-axis">
              {likelihood} {LIKELIHOOD_LABELS[likelihood]}
            </th>
            {RATING_STEPS.map((consequence) => {
              const rating = rateRisk({ likelihood, consequence });
              const count = counts?.get(`${likelihood}:${consequence}`) ?? 0;
              const here = marks.filter(
                (mark) => mark.likelihood === likelihood && mark.consequence === consequence,
              );
              const label = `Likelihood ${likelihood} ${LIKELIHOOD_LABELS[likelihood]}, consequence ${consequence} ${CONSEQUENCE_LABELS[consequence]}: ${RISK_LEVEL_LABELS[rating.level]}`;
              return (
                <td key={consequence} className={`risk-cell rating-${rating.colour}`}>
                  {counts && count > 0 && onCell ? (
                    <button
                      type="button"
                      className="risk-cell-button"
                      aria-label={`${label}, ${count} risk${count === 1 ? '' : 's'}`}
                      onClick={() => onCell({ likelihood, consequence })}
                    >
                      {count}
                    </button>
                  ) : counts ? (
                    <span aria-label={`${label}, ${count}`}>{count > 0 ? count : ''}</span>
                  ) : (
                    here.map((mark) => (
                      <span key={mark.label} className="risk-mark" title={label}>
                        {mark.label}
                      </span>
                    ))
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The level colours from low to extreme, as a legend. */
export function RatingLegend() {
  return (
    <ul className="rating-legend" aria-label="Rating colours">
      {RISK_LEVELS.map((level) => (
        <li key={level}>
          <span className={`rating-swatch rating-${LEVEL_COLOURS[level]}`} />
          {RISK_LEVEL_LABELS[level]}
        </li>
      ))}
    </ul>
  );
}
