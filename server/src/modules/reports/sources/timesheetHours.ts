import { addDays, timesheetPath, type TReportColumn, type TReportRow } from '@compass/shared';
import { mondayOf } from '../../timesheets';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import { rollupStamp } from '../rollups';
import type { ReportDeps, ReportMonths, ReportQuery, ReportSource } from '../source';
import {
  NO_WORKPLACE,
  employeeNameSql,
  inPeriod,
  isMonthKey,
  isUuidKey,
  keyIs,
  largestFirst,
  monthRows,
  pageSql,
  periodMonths,
  recordsPage,
  weekLabel,
  whenSet,
  type GroupRead,
} from './groups';

/**
 * Timesheet hours: closed clock-ins' hours (each entry rounded as the timesheet rounds it), the
 * hours of approved weeks and the people who worked, by week, month, the clock-in's workplace or
 * the employee; the period applies to the sign-in's day. Read from the timesheet rollups of
 * migration report_rollups_assets_time: by week and by month with the people counted, by employee
 * and month, and by employee, week and month (a person's figures and the drill-downs).
 */

const COLUMNS: TReportColumn[] = [
  { id: 'hours', label: 'Hours', unit: 'hours', charted: 'yes', drill: 'yes' },
  { id: 'approvedHours', label: 'Approved hours', unit: 'hours', charted: 'no', drill: 'no' },
  { id: 'people', label: 'People', unit: 'count', charted: 'no', drill: 'no' },
];

const CELLS = 'report_timesheet_cells';
const PEOPLE = 'report_timesheet_people';
const WEEKS = 'report_timesheet_weeks';
const MONTHS = 'report_timesheet_months';

interface Figures {
  key: string | null;
  label: string | null;
  hours: number;
  approvedHours: number;
  people: number;
}

const hoursOf = (value: number) => Math.round(value * 100) / 100;

/** The rollup a grouping reads: a person's figures always from the per-employee ones. */
function rollupFor(query: ReportQuery): string {
  if (query.by === 'week') return query.filters.personId ? CELLS : WEEKS;
  if (query.by === 'month' && !query.filters.personId) return MONTHS;
  return PEOPLE;
}

/** The rows of one workplace, or those counting every workplace, of the week and month rollups. */
const workplaceLevel = (workplaceId: string | undefined): Sql =>
  workplaceId
    ? sql`AND NOT "allWorkplaces" AND "workplaceId" = ${uuid(workplaceId)}`
    : sql`AND "allWorkplaces"`;

/**
 * Each week once: the whole week when it lies inside the period, else its part within the period
 * (a week across the period's first or last day), so the people are counted exactly.
 */
function weekParts(months: ReportMonths): Sql {
  const from = months.from;
  const inside = sql`"weekStart" + 6 < ${months.until}::date ${from ? sql`AND "weekStart" >= ${from}::date` : emptySql}`;
  return sql`AND ((month IS NULL AND ${inside})
    OR (month IS NOT NULL ${inPeriod(sql`month`, months)} AND NOT (${inside})))`;
}

/** The figures of each group, one statement. */
function groupsSql(query: ReportQuery, months: ReportMonths, rollup: string): Sql {
  const { workplaceId, personId } = query.filters;
  const company = sql`"companyId" = ${uuid(query.viewer.companyId)}`;
  const perEmployee = sql`${company} ${whenSet(sql`"workplaceId"`, workplaceId)} ${whenSet(sql`"employeeId"`, personId)}
    ${inPeriod(sql`month`, months)}`;
  const sums = sql`sum(hours)::float8 AS hours, sum("approvedHours")::float8 AS "approvedHours"`;
  if (rollup === WEEKS)
    return sql`SELECT to_char("weekStart", 'YYYY-MM-DD') AS key, ${sums}, sum(people)::int AS people
      FROM report_timesheet_weeks WHERE ${company} ${workplaceLevel(workplaceId)} ${weekParts(months)} GROUP BY 1`;
  if (rollup === MONTHS)
    return sql`SELECT to_char(month, 'YYYY-MM') AS key, hours, "approvedHours", people
      FROM report_timesheet_months WHERE ${company} ${workplaceLevel(workplaceId)} ${inPeriod(sql`month`, months)}`;
  if (rollup === CELLS)
    return sql`SELECT to_char("weekStart", 'YYYY-MM-DD') AS key, ${sums}, count(DISTINCT "employeeId")::int AS people
      FROM report_timesheet_cells WHERE ${perEmployee} GROUP BY 1`;
  if (query.by === 'month')
    return sql`SELECT to_char(month, 'YYYY-MM') AS key, ${sums}, count(DISTINCT "employeeId")::int AS people
      FROM report_timesheet_people WHERE ${perEmployee} GROUP BY 1`;
  if (query.by === 'workplace')
    return sql`SELECT g.key::text, g.hours, g."approvedHours", g.people, w.name AS label FROM (
        SELECT "workplaceId" AS key, ${sums}, count(*)::int AS people FROM (
          SELECT "workplaceId", sum(hours) AS hours, sum("approvedHours") AS "approvedHours"
          FROM report_timesheet_people WHERE ${perEmployee} GROUP BY "workplaceId", "employeeId") p
        GROUP BY 1) g
      LEFT JOIN "Workplace" w ON w.id = g.key`;
  return sql`SELECT g.key::text, g.hours, g."approvedHours", g.people, ${employeeNameSql(sql`e`)} AS label FROM (
      SELECT "employeeId" AS key, ${sums}, 1 AS people
      FROM report_timesheet_people WHERE ${perEmployee} GROUP BY 1) g
    JOIN "Employee" e ON e.id = g.key`;
}

/** Every week of the period from its first Monday (All time: the first week with hours). */
function weekRows(groups: GroupRead[], months: ReportMonths): TReportRow[] {
  const byKey = new Map(groups.map((group) => [group.key!, group.values]));
  const first = months.from ? mondayOf(months.from) : [...byKey.keys()].sort()[0];
  const rows: TReportRow[] = [];
  for (let week = first; week !== undefined && week < months.until; week = addDays(week, 7))
    rows.push({ key: week, label: weekLabel(week), values: byKey.get(week) ?? [0, 0, 0] });
  return rows;
}

/** Whether a row key is a week's key: a real day, and a Monday (anything else matches no record). */
const isMonday = (key: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(key) && key === mondayOf(key);

/** The distinct people of the whole period under the filters (the "People" total). */
const peopleSql = (query: ReportQuery, months: ReportMonths): Sql =>
  sql`SELECT count(*)::int AS people FROM (SELECT DISTINCT "employeeId" FROM report_timesheet_people
    WHERE "companyId" = ${uuid(query.viewer.companyId)} ${whenSet(sql`"workplaceId"`, query.filters.workplaceId)}
      ${whenSet(sql`"employeeId"`, query.filters.personId)} ${inPeriod(sql`month`, months)}) p`;

export function timesheetHoursSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: [CELLS, PEOPLE, WEEKS, MONTHS],
    async table(query) {
      // The catalogue gives this report a period: the service always resolves one.
      const months = query.months!;
      const rollup = rollupFor(query);
      // By person each row is one person: their count is the total.
      const [read, [people], asOf] = await Promise.all([
        reader.rows<Figures>(groupsSql(query, months, rollup)),
        query.by === 'person'
          ? Promise.resolve([])
          : reader.rows<{ people: number }>(peopleSql(query, months)),
        rollupStamp(reader, [rollup, PEOPLE]),
      ]);
      const groups: GroupRead[] = read.map((row) => ({
        key: row.key,
        label: row.label,
        values: [hoursOf(row.hours), hoursOf(row.approvedHours), row.people],
      }));
      const rows =
        query.by === 'week'
          ? weekRows(groups, months)
          : query.by === 'month'
            ? monthRows(groups, periodMonths(months, groups), [0, 0, 0])
            : largestFirst(groups, 0, NO_WORKPLACE);
      const total = [
        hoursOf(rows.reduce((sum, row) => sum + (row.values[0] ?? 0), 0)),
        hoursOf(rows.reduce((sum, row) => sum + (row.values[1] ?? 0), 0)),
        people?.people ?? rows.length,
      ];
      const chart = query.by === 'week' || query.by === 'month' ? 'line' : 'bar';
      return { chart, columns: COLUMNS, rows, total, asOf };
    },
    async records(query, drill) {
      const months = query.months!;
      const { workplaceId, personId } = query.filters;
      if (drill.column !== undefined && drill.column !== 'hours') return recordsPage([], 0, drill);
      const key =
        query.by === 'week'
          ? isMonday(drill.key) && sql`AND c."weekStart" = ${drill.key}::date`
          : query.by === 'month'
            ? isMonthKey(drill.key) && sql`AND c.month = ${`${drill.key}-01`}::date`
            : isUuidKey(drill.key) &&
              keyIs(query.by === 'person' ? sql`c."employeeId"` : sql`c."workplaceId"`, drill.key);
      if (!key) return recordsPage([], 0, drill);
      // A person's row lists their weeks; the others the people with their hours.
      const item = query.by === 'person' ? sql`c."weekStart"` : sql`c."employeeId"`;
      const filtered = sql`FROM report_timesheet_cells c
        WHERE c."companyId" = ${uuid(query.viewer.companyId)} ${whenSet(sql`c."workplaceId"`, workplaceId)}
          ${whenSet(sql`c."employeeId"`, personId)} ${inPeriod(sql`c.month`, months)} ${key}`;
      const [rows, [counted]] = await Promise.all([
        reader.rows<{
          employeeId: string;
          name: string;
          weekStart: string;
          hours: number;
          approvedHours: number;
        }>(
          sql`SELECT g.*, ${employeeNameSql(sql`e`)} AS name FROM (
              SELECT min(c."employeeId"::text) AS "employeeId", max(c."weekStart") AS "weekStart",
                sum(c.hours)::float8 AS hours, sum(c."approvedHours")::float8 AS "approvedHours"
              ${filtered} GROUP BY ${item}) g
            JOIN "Employee" e ON e.id = g."employeeId"::uuid
            ORDER BY g."weekStart" DESC, name, g."employeeId" ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(sql`SELECT count(DISTINCT ${item})::int AS total ${filtered}`),
      ]);
      const items = rows.map((row) => {
        const hours = hoursOf(row.hours);
        const approved = hoursOf(row.approvedHours);
        return {
          _id: query.by === 'person' ? row.weekStart : row.employeeId,
          title: query.by === 'person' ? weekLabel(row.weekStart) : row.name,
          detail:
            query.by === 'person' ? `${row.name}: ${hours.toFixed(2)} hours` : `${hours.toFixed(2)} hours`,
          date: row.weekStart,
          status: approved === 0 ? 'Not approved' : approved < hours ? 'Partly approved' : 'Approved',
          // The person's week (for a month or workplace: the last week they worked in it).
          path: timesheetPath(row.employeeId, row.weekStart),
        };
      });
      return recordsPage(items, counted?.total ?? 0, drill);
    },
    async options() {
      return {};
    },
  };
}
