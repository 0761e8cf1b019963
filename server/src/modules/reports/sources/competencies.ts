import {
  COMPETENCY_STANDING_LABELS,
  competencyExpiringUntil,
  employeeCompetencyPath,
  type CompetencyStanding,
} from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  NO_WORKPLACE,
  countColumns,
  countedGroups,
  employeeFilters,
  employeeGrouping,
  employeeNameSql,
  isUuidKey,
  keyIs,
  largestFirst,
  readRecords,
  recordsPage,
  sums,
  choicesOf,
} from './groups';

/**
 * Competencies: the latest record of each active employee's competencies, held, expiring or
 * expired (the competency screens' standings), by competency, workplace or employee. Read live on
 * the latest records' indexes.
 */

const STANDINGS = ['held', 'expiring', 'expired'] as const satisfies readonly CompetencyStanding[];
type Standing = (typeof STANDINGS)[number];
const COLUMNS = countColumns(STANDINGS, COMPETENCY_STANDING_LABELS);

/** A record is valid through its expiry day (competencyStanding). */
const standingSql = (today: string): Sql => sql`CASE WHEN x."expiresOn" IS NULL THEN 'held'
    WHEN x."expiresOn" < ${today}::date THEN 'expired'
    WHEN x."expiresOn" <= ${competencyExpiringUntil(today)}::date THEN 'expiring' ELSE 'held' END`;

const where = (query: ReportQuery): Sql => sql`WHERE x."companyId" = ${uuid(query.viewer.companyId)}
  AND x."isLatest" AND e."isActive" ${employeeFilters(query, sql`x."competencyId"`)}`;

const grouping = (query: ReportQuery) => employeeGrouping(query, sql`x."competencyId"`, 'Competency');

export function competenciesSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: [],
    async table(query) {
      const groups = await countedGroups(
        reader,
        grouping(query),
        standingSql(query.today),
        STANDINGS,
        sql`FROM "CompetencyRecord" x JOIN "Employee" e ON e.id = x."employeeId" ${where(query)}`,
      );
      const rows = largestFirst(groups, 0, NO_WORKPLACE);
      return { chart: 'stackedBar', columns: COLUMNS, rows, total: sums(rows, COLUMNS), asOf: null };
    },
    async records(query, drill) {
      const standing = standingSql(query.today);
      const column = drill.column as Standing | undefined;
      if (!isUuidKey(drill.key) || (column !== undefined && !STANDINGS.includes(column)))
        return recordsPage([], 0, drill);
      const { rows, total } = await readRecords<{
        id: string;
        competency: string;
        employee: string;
        employeeId: string;
        expiresOn: string | null;
        achievedOn: string;
        standing: Standing;
      }>(
        reader,
        sql`x.id, c.name AS competency, ${employeeNameSql(sql`e`)} AS employee, x."employeeId",
          x."expiresOn", x."achievedOn", ${standing} AS standing`,
        sql`FROM "CompetencyRecord" x
          JOIN "Competency" c ON c.id = x."competencyId"
          JOIN "Employee" e ON e.id = x."employeeId"
          ${where(query)} ${keyIs(grouping(query).key, drill.key)}
          ${column ? sql`AND ${standing} = ${column}` : emptySql}`,
        sql`x."achievedOn" DESC, x.id DESC`,
        drill,
      );
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.competency,
        detail: row.employee,
        date: row.expiresOn ?? row.achievedOn,
        status: COMPETENCY_STANDING_LABELS[row.standing],
        path: employeeCompetencyPath(row.employeeId),
      }));
      return recordsPage(items, total, drill);
    },
    async options(viewer) {
      return { categories: await choicesOf(reader, 'Competency', viewer.companyId) };
    },
  };
}
