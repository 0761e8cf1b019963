import {
  TRAINING_STANDING_LABELS,
  TRAINING_STANDINGS,
  trainingAttemptViewPath,
  trainingCoursePath,
  type TReportColumn,
  type TrainingStanding,
} from '@compass/shared';
import { day, emptySql, join, sql, uuid, type Sql } from '../../../db/sql';
import { trainingStandingCondition } from '../../onlineTraining';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  NO_WORKPLACE,
  countColumns,
  countedGroups,
  employeeFilters,
  employeeGrouping,
  employeeNameSql,
  inPeriod,
  isUuidKey,
  keyIs,
  largestFirst,
  percent,
  readRecords,
  recordsPage,
  sumOf,
  sums,
  choicesOf,
} from './groups';

/**
 * Training compliance, as the training matrix counts it: each active employee's latest assignment
 * of each course (withdrawn ones aside; a supplier person's induction is External Parties'), in
 * the matrix's standings, by course, the trainee's workplace or the trainee. The period applies
 * to the latest assignment's complete-by day. Read live on the matrix's index
 * (OnlineTrainingAssignment_matrix_latest_idx): thousands per organisation.
 */

/** The matrix's standings of an assignment (not assigned is no assignment to count). */
const STANDINGS = TRAINING_STANDINGS.filter((standing) => standing !== 'notAssigned');
type Standing = Exclude<TrainingStanding, 'notAssigned'>;
const COLUMNS: TReportColumn[] = [
  ...countColumns(STANDINGS, TRAINING_STANDING_LABELS),
  { id: 'compliance', label: 'Compliance %', unit: 'percent', charted: 'no', drill: 'no' },
];

/** The latest assignment `l`'s standing: the matrix's own conditions (matrix.ts standingCondition). */
const standingSql = (today: string): Sql =>
  sql`CASE ${join(
    STANDINGS.map(
      (standing) => sql`WHEN ${trainingStandingCondition(standing, day(today))} THEN ${standing}`,
    ),
    ' ',
  )} END`;

/**
 * Each employee's latest assignment of each course (`l`), with whether they passed the course
 * before: matrix.ts latestAssignments for the whole organisation, in its index's order (no sort);
 * the employee `e`, active, as the matrix counts them.
 */
const latest = (query: ReportQuery, joined: Sql = emptySql): Sql => sql`FROM (
    SELECT DISTINCT ON (a."employeeId", a."courseId") a.id, a."employeeId", a."courseId", a.status,
      a."completeBy", a."lastAttemptId",
      bool_or(a.status = 'passed') OVER (PARTITION BY a."employeeId", a."courseId"
        ORDER BY a."createdAt" DESC, a.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS "passedBefore"
    FROM "OnlineTrainingAssignment" a
    WHERE a."companyId" = ${uuid(query.viewer.companyId)} AND a."employeeId" IS NOT NULL AND a.status <> 'cancelled'
    ORDER BY a."employeeId", a."courseId", a."createdAt" DESC, a.id DESC) l
  JOIN "Employee" e ON e.id = l."employeeId" AND e."isActive" ${joined}
  WHERE true ${employeeFilters(query, sql`l."courseId"`)} ${inPeriod(sql`l."completeBy"`, query.months)}`;

const grouping = (query: ReportQuery) => employeeGrouping(query, sql`l."courseId"`, 'TrainingCourse');

export function trainingSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: [],
    async table(query) {
      const read = await countedGroups(
        reader,
        grouping(query),
        standingSql(query.today),
        STANDINGS,
        latest(query),
      );
      const groups = read.map((group) => ({
        ...group,
        values: [...group.values, percent(group.values[0] ?? 0, sumOf(group.values))],
      }));
      const rows = largestFirst(groups, 0, NO_WORKPLACE);
      const total = sums(rows, COLUMNS);
      total[STANDINGS.length] = percent(total[0] ?? 0, sumOf(total.slice(0, STANDINGS.length)));
      return { chart: 'stackedBar', columns: COLUMNS, rows, total, asOf: null };
    },
    async records(query, drill) {
      const standing = standingSql(query.today);
      const column = drill.column as Standing | undefined;
      if (!isUuidKey(drill.key) || (column !== undefined && !STANDINGS.includes(column)))
        return recordsPage([], 0, drill);
      const { rows, total } = await readRecords<{
        id: string;
        course: string;
        courseId: string;
        trainee: string;
        completeBy: string;
        standing: Standing;
        lastAttemptId: string | null;
      }>(
        reader,
        sql`l.id, c.name AS course, l."courseId", ${employeeNameSql(sql`e`)} AS trainee, l."completeBy",
          ${standing} AS standing, l."lastAttemptId"`,
        sql`${latest(query, sql`JOIN "TrainingCourse" c ON c.id = l."courseId"`)} ${keyIs(grouping(query).key, drill.key)}
          ${column ? sql`AND ${standing} = ${column}` : emptySql}`,
        sql`l."completeBy" DESC, l.id DESC`,
        drill,
      );
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.course,
        detail: row.trainee,
        date: row.completeBy,
        status: TRAINING_STANDING_LABELS[row.standing],
        // The last attempt HR reads; the course's page (its assignments) before any attempt.
        path: row.lastAttemptId
          ? trainingAttemptViewPath(row.lastAttemptId)
          : trainingCoursePath(row.courseId),
      }));
      return recordsPage(items, total, drill);
    },
    async options(viewer) {
      return { categories: await choicesOf(reader, 'TrainingCourse', viewer.companyId) };
    },
  };
}
