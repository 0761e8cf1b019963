/**
 * Competency expiry reminders on the dashboard (issue 42; docs/human-resources.md, "Expiry
 * reminders"): in Scheduled Reviews, the caller's own latest records that expire within
 * COMPETENCY_EXPIRING_DAYS, or have expired in a competency their position requires, and the same of
 * their active direct reports (the competencies' policy: a manager reads their reports' records).
 */
import {
  competencyExpiringUntil,
  DASHBOARD_LIST_LIMIT,
  localDateOf,
  personName,
  taskDueType,
  type TScheduledReviewItem,
} from '@compass/shared';
import { timestampOf } from '../../db/reader';
import { followedBySql } from '../competencies';
import {
  countOf,
  day,
  emptySection,
  toSection,
  topItems,
  uuid,
  sql,
  type Counted,
  type Query,
  type Section,
  type Source,
  type Sql,
} from './sql';
import type { Scope } from './sources';

/**
 * The latest records `t` of employees `e` matching `whose` that need renewing: in an active
 * competency, expiring by the end of the window, and either not yet expired or required by the
 * employee's position. Read per employee from the index of latest records by expiry.
 */
function competencySource(scope: Scope, whose: Sql): Source {
  const company = uuid(scope.companyId);
  return {
    kind: 'competency',
    from: sql`"Employee" e JOIN "CompetencyRecord" t ON t."companyId" = e."companyId" AND t."employeeId" = e.id
      AND t."isLatest"`,
    where: sql`e."companyId" = ${company} AND e."isActive" AND ${whose}
      AND t."expiresOn" <= ${day(competencyExpiringUntil(scope.today))}
      AND EXISTS (SELECT 1 FROM "Competency" c WHERE c.id = t."competencyId" AND c."isActive")
      AND (t."expiresOn" >= ${day(scope.today)} OR EXISTS (SELECT 1 FROM "PositionCompetency" pc
        WHERE pc."companyId" = e."companyId" AND pc."positionId" = e."positionId"
          AND pc."competencyId" = t."competencyId"))`,
    due: sql`t."expiresOn"`,
  };
}

export async function competencySection(query: Query, scope: Scope): Promise<Section<TScheduledReviewItem>> {
  if (!scope.opens('scheduledReview.competency')) return emptySection();
  // The caller's own (primary key) and their reports' (the manager index): one range each.
  const sources = followedBySql(scope.employeeId).map((whose) => competencySource(scope, whose));
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        competency: string;
        employeeId: string;
        firstName: string;
        lastName: string;
        expiresOn: string;
        createdAt: string;
      }
    >
  >(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT t.id, c.name AS competency, t."employeeId", e."firstName", e."lastName",
      to_char(t."expiresOn", 'YYYY-MM-DD') AS "expiresOn", t."createdAt",
      ${countOf(sources)} AS total
    FROM top i
    JOIN "CompetencyRecord" t ON t.id = i.id
    JOIN "Competency" c ON c.id = t."competencyId"
    JOIN "Employee" e ON e.id = t."employeeId"
    ORDER BY i.due, i.id`);
  return toSection(rows, (row) => {
    const own = row.employeeId === scope.employeeId;
    return {
      _id: row.id!,
      name: own ? row.competency : `${row.competency} — ${personName(row)}`,
      sectionType: 'competency',
      itemId: row.employeeId,
      actionType: 'review',
      actionBy: personName(row),
      isCoReviewed: 'no',
      dueDate: row.expiresOn,
      createdAt: localDateOf(timestampOf(row.createdAt), scope.timeZone),
      taskDueDateType: taskDueType(row.expiresOn, scope.today),
      // The employee renews their own; a manager checks that their report does.
      badge: own ? 'Pending Completion' : 'Pending For Review',
    };
  });
}

/**
 * Scheduled Reviews with the competency items: both lists are by due day, so the first
 * DASHBOARD_LIST_LIMIT of the two merged are the section's; the total counts both.
 */
export async function withCompetencies(
  reviews: Promise<Section<TScheduledReviewItem>>,
  competencies: Promise<Section<TScheduledReviewItem>>,
): Promise<Section<TScheduledReviewItem>> {
  const [a, b] = await Promise.all([reviews, competencies]);
  const list = [...a.list, ...b.list]
    .sort((x, y) => x.dueDate.localeCompare(y.dueDate))
    .slice(0, DASHBOARD_LIST_LIMIT);
  return { total: a.total + b.total, list };
}
