import {
  COMPETENCY_ADMIN_PATH,
  COMPETENCY_EXPIRING_DAYS,
  COMPETENCY_STANDING_LABELS,
  displayDay,
  type CompetencyStanding,
  type TCompetencyRef,
} from '@compass/shared';
import { NavLink } from 'react-router';
import { COMPETENCY_MATRIX_PATH } from './api';

/** What each standing means, as the legend says it. */
const STANDING_MEANINGS: Record<CompetencyStanding, string> = {
  held: 'current',
  expiring: `expires within ${COMPETENCY_EXPIRING_DAYS} days`,
  expired: 'past its expiry date',
  missing: 'required by the position, not held',
  none: 'not required, not held',
};

/** The order the legend and the filters list the standings in: from good to bad, then none. */
export const STANDINGS_SHOWN: readonly CompetencyStanding[] = [
  'held',
  'expiring',
  'expired',
  'missing',
  'none',
];

/**
 * A standing as a coloured chip with its word (never the colour alone) and, when the record
 * expires, the day it does.
 */
export function StandingChip({
  standing,
  expiresOn,
}: {
  standing: CompetencyStanding;
  expiresOn?: string | null;
}) {
  const label = COMPETENCY_STANDING_LABELS[standing];
  return (
    <span className={`standing-chip standing-${standing}`}>
      {standing === 'none' ? (
        <>
          <span aria-hidden="true">{label}</span>
          <span className="visually-hidden">Not required</span>
        </>
      ) : (
        label
      )}
      {expiresOn && standing !== 'missing' && standing !== 'none' && (
        <span className="standing-date">{displayDay(expiresOn)}</span>
      )}
    </span>
  );
}

/** The key to the standings' colours. */
export function StandingLegend() {
  return (
    <ul className="standing-legend" aria-label="Legend">
      {STANDINGS_SHOWN.map((standing) => (
        <li key={standing}>
          <StandingChip standing={standing} /> {STANDING_MEANINGS[standing]}
        </li>
      ))}
    </ul>
  );
}

/** How long a competency lasts: "36 months", or "No expiry". */
export function validityOf(competency: Pick<TCompetencyRef, 'expires' | 'validForMonths'>): string {
  if (!competency.expires || !competency.validForMonths) return 'No expiry';
  const months = competency.validForMonths;
  return `${months} month${months === 1 ? '' : 's'}`;
}

/** HR Admin > Competencies: its two pages, the catalogue and the matrix, as tabs (the open one is the current page). */
export function CompetencyTabs() {
  return (
    <nav className="tablist competency-tabs" aria-label="Competencies">
      <NavLink to={COMPETENCY_ADMIN_PATH} end className="tab">
        Catalogue
      </NavLink>
      <NavLink to={COMPETENCY_MATRIX_PATH} className="tab">
        Matrix
      </NavLink>
    </nav>
  );
}
