import {
  TRAINING_ASSIGNMENT_STATUS_LABELS,
  trainingAttemptViewPath,
  trainingCoursePath,
  type TReportColumn,
  type TrainingAssignmentStatus,
} from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  NO_WORKPLACE,
  countColumn,
  employeeFilters,
  employeeGrouping,
  employeeNameSql,
  inPeriod,
  isUuidKey,
  keyIs,
  largestFirst,
  pageSql,
  percent,
  recordsPage,
  sums,
  countedGroups,
  type GroupRead,
} from './groups';

/**
 * Training compliance: the online training assigned to employees (a supplier person's induction
 * is External Parties'), withdrawn assignments left out, by course, the trainee's workplace or the
 * trainee. Read live on the (companyId, courseId, completeBy) index: thousands per organisation.
 */

const STATES = ['completed', 'inProgress', 'overdue', 'notStarted'] as const;
type State = (typeof STATES)[number];
const LABELS: Record<State, string> = {
  completed: 'Completed',
  inProgress: 'In progress',
  overdue: 'Overdue',
  notStarted: 'Not started',
};
const COLUMNS: TReportColumn[] = [
  ...STATES.map((state) => countColumn(state, LABELS[state])),
  { id: 'compliance', label: 'Compliance %', unit: 'percent', charted: 'no', drill: 'no' },
];

/** Passed; else overdue past its complete-by day; else started once an attempt is in or marked. */
const stateSql = (today: string): Sql => sql`CASE WHEN x.status = 'passed' THEN 'completed'
    WHEN x."completeBy" < ${today}::date THEN 'overdue'
    WHEN x.status <> 'assigned' OR x."completedTestAttempt" > 0 THEN 'inProgress' ELSE 'notStarted' END`;

const FROM = sql`FROM "OnlineTrainingAssignment" x
  JOIN "TrainingCourse" c ON c.id = x."courseId"
  JOIN "Employee" e ON e.id = x."employeeId"
  LEFT JOIN "Workplace" w ON w.id = e."workplaceId"`;

const where = (query: ReportQuery): Sql => sql`WHERE x."companyId" = ${uuid(query.viewer.companyId)}
  AND x."employeeId" IS NOT NULL AND x.status <> 'cancelled' ${employeeFilters(query, sql`x."courseId"`)}
  ${inPeriod(sql`x."completeBy"`, query.months)}`;

const grouping = (by: string) =>
  employeeGrouping(by, {
    key: sql`x."courseId"`,
    name: (key) => sql`(SELECT name FROM "TrainingCourse" WHERE id = ${key})`,
  });

export function trainingSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: [],
    async table(query) {
      const group = grouping(query.by);
      const state = stateSql(query.today);
      const read = await reader.rows<{ key: string | null; label: string | null; counts: number[] }>(
        countedGroups(
          group,
          state,
          STATES,
          // The employee is joined for their workplace only.
          query.by === 'workplace' || query.filters.workplaceId
            ? sql`FROM "OnlineTrainingAssignment" x JOIN "Employee" e ON e.id = x."employeeId" ${where(query)}`
            : sql`FROM "OnlineTrainingAssignment" x ${where(query)}`,
        ),
      );
      const groups: GroupRead[] = read.map((row) => ({
        key: row.key,
        label: row.label,
        values: [...row.counts, percent(row.counts[0]!, all(row.counts))],
      }));
      const rows = largestFirst(groups, 0, NO_WORKPLACE);
      const total = sums(rows, COLUMNS);
      total[STATES.length] = percent(total[0] ?? 0, all(total.slice(0, STATES.length)));
      return { chart: 'stackedBar', columns: COLUMNS, rows, total, asOf: null };
    },
    async records(query, drill) {
      const group = grouping(query.by);
      const state = stateSql(query.today);
      const column = drill.column as State | undefined;
      if (!isUuidKey(drill.key) || (column !== undefined && !STATES.includes(column)))
        return recordsPage([], 0, drill);
      const filtered = sql`${where(query)} ${keyIs(group.key, drill.key)}
        ${column ? sql`AND ${state} = ${column}` : emptySql}`;
      const [rows, [counted]] = await Promise.all([
        reader.rows<{
          id: string;
          course: string;
          courseId: string;
          trainee: string;
          completeBy: string;
          status: TrainingAssignmentStatus;
          lastAttemptId: string | null;
        }>(
          sql`SELECT x.id, c.name AS course, x."courseId", ${employeeNameSql(sql`e`)} AS trainee,
              x."completeBy", x.status, x."lastAttemptId"
            ${FROM} ${filtered}
            ORDER BY x."completeBy" DESC, x.id DESC ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total ${FROM} ${filtered}`),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.course,
        detail: row.trainee,
        date: row.completeBy,
        status: TRAINING_ASSIGNMENT_STATUS_LABELS[row.status],
        // The last attempt HR reads; the course's page (its assignments) before any attempt.
        path: row.lastAttemptId
          ? trainingAttemptViewPath(row.lastAttemptId)
          : trainingCoursePath(row.courseId),
      }));
      return recordsPage(items, counted?.total ?? 0, drill);
    },
    async options(viewer) {
      const categories = await reader.rows<{ _id: string; name: string }>(
        sql`SELECT id AS "_id", name FROM "TrainingCourse" WHERE "companyId" = ${uuid(viewer.companyId)} ORDER BY name, id`,
      );
      return { categories };
    },
  };
}

const all = (counts: (number | null)[]): number =>
  counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
