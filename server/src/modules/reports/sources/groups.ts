import type { TReportColumn, TReportRecord, TReportRecords, TReportRow } from '@compass/shared';
import type { Reader } from '../../../db/reader';
import { emptySql, join, sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDrill, ReportMonths, ReportQuery } from '../source';

/**
 * The table-building steps the people, suppliers and assets reports share: groups read by one
 * statement become rows in the report's order with their totals; a drill's page of records.
 */

/** One group as a statement reads it: its key and label, then one number per column. */
export interface GroupRead {
  key: string | null;
  label: string | null;
  values: (number | null)[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 2026" of a month key yyyy-MM. */
export const monthLabel = (month: string): string =>
  `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Whether a row key is a month key yyyy-MM (anything else matches no record). */
export const isMonthKey = (key: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(key);

/** "Week of 24 Nov 2026" of a Monday yyyy-MM-dd. */
export const weekLabel = (monday: string): string =>
  `Week of ${Number(monday.slice(8, 10))} ${monthLabel(monday.slice(0, 7))}`;

const nextMonth = (month: string): string => {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
};

/**
 * Every month of the period as yyyy-MM keys; All time from the first month with data: the month
 * given, or the first key of the month groups read.
 */
export function periodMonths(months: ReportMonths, firstWithData: string | null | GroupRead[]): string[] {
  const first =
    months.fromMonth ??
    (Array.isArray(firstWithData)
      ? (firstWithData.map((group) => group.key!).sort()[0] ?? null)
      : firstWithData);
  const keys: string[] = [];
  for (let month = first; month !== null && month <= months.toMonth; month = nextMonth(month))
    keys.push(month);
  return keys;
}

/** `AND <day> within the period` (nothing for All time's lower bound). */
export const inPeriod = (day: Sql, months: ReportMonths | null): Sql =>
  months
    ? sql`AND ${day} < ${months.until}::date ${months.from ? sql`AND ${day} >= ${months.from}::date` : emptySql}`
    : emptySql;

/** `AND <column> = <value>::uuid` when the filter is set. */
export const whenSet = (column: Sql, value: string | undefined): Sql =>
  value ? sql`AND ${column} = ${value}::uuid` : emptySql;

/** A percentage to one decimal; null when there is nothing to measure. */
export const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** An average (a sum over a count) to one decimal; null when there is nothing to average. */
export const average = (sum: number, count: number): number | null =>
  count === 0 ? null : Math.round((sum / count) * 10) / 10;

/** The organisation's day (in its time zone) of a moment stored in UTC (a timestamp without zone). */
export const organisationDaySql = (moment: Sql, timeZone: string): Sql =>
  sql`(${moment} AT TIME ZONE 'UTC' AT TIME ZONE ${timeZone})::date`;

/**
 * Rows of groups other than time: largest first by the first charted column, then by label; a
 * null key is the group of records without one (`noneLabel`).
 */
export function largestFirst(groups: GroupRead[], firstCharted: number, noneLabel: string): TReportRow[] {
  return groups
    .map((group) => ({
      key: group.key ?? 'none',
      label: group.key === null ? noneLabel : (group.label ?? ''),
      values: group.values,
    }))
    .sort(
      (a, b) =>
        (b.values[firstCharted] ?? 0) - (a.values[firstCharted] ?? 0) || a.label.localeCompare(b.label),
    );
}

/** Rows of every month of the period, in order; those without records have the `empty` values. */
export function monthRows(groups: GroupRead[], keys: string[], empty: (number | null)[]): TReportRow[] {
  const byKey = new Map(groups.map((group) => [group.key, group.values]));
  return keys.map((key) => ({ key, label: monthLabel(key), values: byKey.get(key) ?? empty }));
}

/** The sum of counts (a row's or the totals'), nulls as none. */
export const sumOf = (counts: (number | null)[]): number =>
  counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);

/** The count columns of states, in their order, named by the area's labels. */
export const countColumns = <State extends string>(
  states: readonly State[],
  labels: Record<State, string>,
): TReportColumn[] => states.map((state) => countColumn(state, labels[state]));

/** The sums of the count, hours and money columns over all rows (2 decimals); null for the others. */
export function sums(rows: TReportRow[], columns: TReportColumn[]): (number | null)[] {
  return columns.map((column, index) =>
    column.unit === 'count' || column.unit === 'hours' || column.unit === 'money'
      ? Math.round(rows.reduce((sum, row) => sum + (row.values[index] ?? 0), 0) * 100) / 100
      : null,
  );
}

/** A count column drawn in the chart whose cells list their records. */
export const countColumn = (id: string, label: string): TReportColumn => ({
  id,
  label,
  unit: 'count',
  charted: 'yes',
  drill: 'yes',
});

/** The key a drill names back into the value a statement compares with: 'none' is null. */
export const drillKey = (key: string): string | null => (key === 'none' ? null : key);

/** `AND <column> = key` of a uuid group, `IS NULL` for the group without one. */
export const keyIs = (column: Sql, key: string): Sql => {
  const value = drillKey(key);
  return value === null ? sql`AND ${column} IS NULL` : sql`AND ${column} = ${value}::uuid`;
};

/** Whether a category filter is an id (anything else matches no record). */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Whether a row key is an id or the group without one (anything else matches no record). */
export const isUuidKey = (key: string): boolean => key === 'none' || isUuid(key);

/** The page of records a drill asked for, counted exactly. */
export const recordsPage = (items: TReportRecord[], total: number, drill: ReportDrill): TReportRecords => ({
  items,
  total,
  page: drill.page,
  pageSize: drill.pageSize,
});

/** `LIMIT … OFFSET …` of the drill's page. */
export const pageSql = (drill: ReportDrill): Sql =>
  sql`LIMIT ${drill.pageSize} OFFSET ${(drill.page - 1) * drill.pageSize}`;

/** "First Last" of an employee `e` in SQL, as personName shows it. */
export const employeeNameSql = (e: Sql): Sql => sql`btrim(${e}."firstName" || ' ' || ${e}."lastName")`;

/** The label of the group of records without a workplace. */
export const NO_WORKPLACE = 'No workplace';

/**
 * A grouping: the column grouped on, and the name of a group `g` read by its key (groupName of
 * registerGroups: once a group, after counting).
 */
export interface Grouping {
  key: Sql;
  name: Sql;
  /** Joined to the groups (`g`) for their names where there are many (a join beats a lookup each). */
  join?: Sql;
}

/**
 * The groupings of the reports on employees' records (`e` the employee joined to each record):
 * by the record's own category (its `column`, named from `table`), by the employee's workplace,
 * or by the employee.
 */
export function employeeGrouping(query: ReportQuery, column: Sql, table: string): Grouping {
  const companyId = query.viewer.companyId;
  if (query.by === 'workplace') return { key: sql`e."workplaceId"`, name: groupName('Workplace', companyId) };
  if (query.by === 'person')
    return {
      key: sql`e.id`,
      name: employeeNameSql(sql`n`),
      join: sql`LEFT JOIN "Employee" n ON n.id = g.key`,
    };
  return { key: column, name: groupName(table, companyId) };
}

/** The groups of `from` counted by state (one count per state id, in their order), each named after counting. */
export async function countedGroups(
  reader: Reader,
  group: Grouping,
  state: Sql,
  ids: readonly string[],
  from: Sql,
): Promise<GroupRead[]> {
  const read = await reader.rows<{ key: string | null; label: string | null; counts: number[] }>(
    sql`SELECT g.key::text, ${group.name} AS label, g.counts FROM (
      SELECT key, ${stateCounts(sql`state`, ids)} AS counts FROM (SELECT ${group.key} AS key, ${state} AS state ${from}) x
      GROUP BY key) g ${group.join ?? emptySql}`,
  );
  return read.map((row) => ({ key: row.key, label: row.label, values: row.counts }));
}

/** The organisation's rows of `table` by name, the choices of a category or company filter. */
export const choicesOf = (reader: Reader, table: string, companyId: string) =>
  reader.rows<{ _id: string; name: string }>(
    sql`SELECT id AS "_id", name FROM ${sql([`"${table}"`])} WHERE "companyId" = ${uuid(companyId)} ORDER BY name, id`,
  );

/** A drill's page, `SELECT <columns> <from>` in `order`, and the exact count of `from`, read together. */
export async function readRecords<Row>(
  reader: Reader,
  columns: Sql,
  from: Sql,
  order: Sql,
  drill: ReportDrill,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    reader.rows<Row>(sql`SELECT ${columns} ${from} ORDER BY ${order} ${pageSql(drill)}`),
    reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total ${from}`),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The workplace, category and person filters of those reports (a category that is no uuid matches nothing). */
export function employeeFilters(query: ReportQuery, categoryColumn: Sql): Sql {
  const { workplaceId, category, personId } = query.filters;
  if (category !== undefined && !isUuid(category)) return sql`AND false`;
  return sql`${whenSet(sql`e."workplaceId"`, workplaceId)} ${whenSet(categoryColumn, category)}
    ${whenSet(sql`e.id`, personId)}`;
}

/** `ARRAY[count of each state]` of the rows grouped: one count per state id, in their order. */
export const stateCounts = (state: Sql, ids: readonly string[]): Sql =>
  sql`ARRAY[${join(ids.map((id) => sql`(count(*) FILTER (WHERE ${state} = ${id}))::int`))}]`;

/**
 * The name of a group's row of the organisation's `table` ("Workplace", "FormTemplate"), for a
 * statement that counts first and names the groups after (`g.key`: once per group, not per record).
 */
export const groupName = (table: string, companyId: string): Sql =>
  sql`(SELECT n.name FROM ${sql([`"${table}"`])} n WHERE n.id = g.key AND n."companyId" = ${uuid(companyId)})`;
