import { addDays } from '@compass/shared';
import { sql, type Sql } from '../../../db/sql';
import type { GroupRead } from './groups';

/** What the registers' reports (audits, risks, hazardous substances, obligations, documents) share. */

/**
 * The "Review" grouping every register's report has (risks, hazardous substances, obligations,
 * documents): an item by its next review date against the organisation's today. The boundaries are
 * the registers' words: "Overdue" is past its review day (the rows' reviewDueType 'overdue', the
 * library's "Review overdue"); an item whose review is today is due, not overdue (reviewDueType
 * 'due'), so it counts under "Due within 30 days" — the library's filter of that name (today to 30
 * days on). The risk and substance registers' "Due for review" filter (on or before today) is the
 * "Overdue" row plus the items due today.
 */
export const REVIEW_STATES = ['overdue', 'dueSoon', 'later', 'none'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  overdue: 'Overdue',
  dueSoon: 'Due within 30 days',
  later: 'Later',
  none: 'No review set',
};

/** The review state of a `nextReviewDate` column, as SQL text. */
export const reviewStateSql = (nextReview: Sql, today: string): Sql =>
  sql`CASE WHEN ${nextReview} IS NULL THEN 'none' WHEN ${nextReview} < ${today}::date THEN 'overdue'
    WHEN ${nextReview} <= ${addDays(today, 30)}::date THEN 'dueSoon' ELSE 'later' END`;

const isReviewState = (key: string): key is ReviewState => (REVIEW_STATES as readonly string[]).includes(key);

/**
 * `AND` the items of a review state (a drill's row), as a range of the column its index reads;
 * null for a key that is no review state.
 */
export function reviewStateIs(nextReview: Sql, key: string, today: string): Sql | null {
  if (!isReviewState(key)) return null;
  const soon = addDays(today, 30);
  switch (key) {
    case 'none':
      return sql`AND ${nextReview} IS NULL`;
    case 'overdue':
      return sql`AND ${nextReview} < ${today}::date`;
    case 'dueSoon':
      return sql`AND ${nextReview} BETWEEN ${today}::date AND ${soon}::date`;
    case 'later':
      return sql`AND ${nextReview} > ${soon}::date`;
  }
}

/** Every review state in its order (an ordinal scale: zeros stay), from the groups a statement read. */
export function reviewRows(groups: GroupRead[], empty: (number | null)[]) {
  const byKey = new Map(groups.map((group) => [group.key, group.values]));
  return REVIEW_STATES.map((key) => ({
    key,
    label: REVIEW_STATE_LABELS[key],
    values: byKey.get(key) ?? empty,
  }));
}
