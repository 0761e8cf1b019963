import { competencyExpiringUntil, employeeCompetencyPath, type TReportColumn } from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  NO_WORKPLACE,
  countColumn,
  employeeFilters,
  employeeGrouping,
  employeeNameSql,
  isUuidKey,
  keyIs,
  largestFirst,
  pageSql,
  recordsPage,
  sums,
  countedGroups,
  type GroupRead,
} from './groups';

/**
 * Competencies: the latest record of each active employee's competencies, current, expiring or
 * expired, by competency, workplace or employee. Read live on the latest records' indexes.
 */

const STATES = ['current', 'expiring', 'expired'] as const;
type State = (typeof STATES)[number];
const LABELS: Record<State, string> = { current: 'Current', expiring: 'Expiring', expired: 'Expired' };
const COLUMNS: TReportColumn[] = STATES.map((state) => countColumn(state, LABELS[state]));

/** A record is valid through its expiry day (competencyStanding). */
const stateSql = (today: string): Sql => sql`CASE WHEN x."expiresOn" IS NULL THEN 'current'
    WHEN x."expiresOn" < ${today}::date THEN 'expired'
    WHEN x."expiresOn" <= ${competencyExpiringUntil(today)}::date THEN 'expiring' ELSE 'current' END`;

const FROM = sql`FROM "CompetencyRecord" x
  JOIN "Competency" c ON c.id = x."competencyId"
  JOIN "Employee" e ON e.id = x."employeeId"
  LEFT JOIN "Workplace" w ON w.id = e."workplaceId"`;

const where = (query: ReportQuery): Sql => sql`WHERE x."companyId" = ${uuid(query.viewer.companyId)}
  AND x."isLatest" AND e."isActive" ${employeeFilters(query, sql`x."competencyId"`)}`;

const grouping = (by: string) =>
  employeeGrouping(by, {
    key: sql`x."competencyId"`,
    name: (key) => sql`(SELECT name FROM "Competency" WHERE id = ${key})`,
  });

export function competenciesSource({ reader }: ReportDeps): ReportSource {
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
          sql`FROM "CompetencyRecord" x JOIN "Employee" e ON e.id = x."employeeId" ${where(query)}`,
        ),
      );
      const groups: GroupRead[] = read.map((row) => ({ key: row.key, label: row.label, values: row.counts }));
      const rows = largestFirst(groups, 0, NO_WORKPLACE);
      return { chart: 'stackedBar', columns: COLUMNS, rows, total: sums(rows, COLUMNS), asOf: null };
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
          competency: string;
          employee: string;
          employeeId: string;
          expiresOn: string | null;
          achievedOn: string;
          state: State;
        }>(
          sql`SELECT x.id, c.name AS competency, ${employeeNameSql(sql`e`)} AS employee, x."employeeId",
              x."expiresOn", x."achievedOn", ${state} AS state
            ${FROM} ${filtered}
            ORDER BY x."achievedOn" DESC, x.id DESC ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total ${FROM} ${filtered}`),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.competency,
        detail: row.employee,
        date: row.expiresOn ?? row.achievedOn,
        status: LABELS[row.state],
        path: employeeCompetencyPath(row.employeeId),
      }));
      return recordsPage(items, counted?.total ?? 0, drill);
    },
    async options(viewer) {
      const categories = await reader.rows<{ _id: string; name: string }>(
        sql`SELECT id AS "_id", name FROM "Competency" WHERE "companyId" = ${uuid(viewer.companyId)} ORDER BY name, id`,
      );
      return { categories };
    },
  };
}
