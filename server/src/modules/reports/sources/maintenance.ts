import { maintenanceRecordPath, type TReportColumn } from '@compass/shared';
import { cappedCount } from '../../../db/reader';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import { rollupStamp } from '../rollups';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  NO_WORKPLACE,
  countColumns,
  inPeriod,
  isMonthKey,
  isUuid,
  isUuidKey,
  keyIs,
  largestFirst,
  monthRows,
  pageSql,
  periodMonths,
  recordsPage,
  sums,
  whenSet,
  type GroupRead,
  choicesOf,
  groupName,
} from './groups';

/**
 * Asset maintenance by the due month, the asset's category or its workplace: done on time, done
 * late, open, overdue, and the cost. Cancelled records are left out. The figures come from the
 * rollups of migration report_rollups_assets_time (200k records at scale); the drill-down reads
 * the records themselves.
 */

const STATES = ['onTime', 'late', 'open', 'overdue'] as const;
type State = (typeof STATES)[number];
const LABELS: Record<State, string> = {
  onTime: 'Done on time',
  late: 'Done late',
  open: 'Open',
  overdue: 'Overdue',
};
const COLUMNS: TReportColumn[] = [
  ...countColumns(STATES, LABELS),
  { id: 'cost', label: 'Cost', unit: 'money', charted: 'no', drill: 'no' },
];
const NO_CATEGORY = 'No category';

const CELLS = 'report_maintenance_cells';
const CATEGORIES = 'report_maintenance_categories';
const WORKPLACES = 'report_maintenance_workplaces';

/**
 * The smallest rollup holding the grouping's and the filters' dimensions: by category or by
 * workplace alone when only that one is asked, else the cells.
 */
function rollupFor(query: ReportQuery): string {
  const dimensions = new Set<string>();
  if (query.by !== 'month') dimensions.add(query.by);
  if (query.filters.workplaceId) dimensions.add('workplace');
  if (query.filters.category) dimensions.add('category');
  if (dimensions.size === 2) return CELLS;
  return dimensions.has('workplace') ? WORKPLACES : CATEGORIES;
}

const groupKey = (by: string): Sql =>
  by === 'category'
    ? sql`"categoryId"`
    : by === 'workplace'
      ? sql`"workplaceId"`
      : sql`to_char(month, 'YYYY-MM')`;

function tableSql(query: ReportQuery, rollup: string): Sql {
  const { workplaceId, category } = query.filters;
  const months = query.months;
  const view = sql([`"${rollup}"`]);
  const companyId = query.viewer.companyId;
  const label =
    query.by === 'category'
      ? groupName('AssetCategory', companyId)
      : query.by === 'workplace'
        ? groupName('Workplace', companyId)
        : sql`NULL::text`;
  return sql`SELECT g.key::text AS key, g."onTime", g.late, g.open, g.overdue, g.cost, ${label} AS label FROM (
      SELECT ${groupKey(query.by)} AS key, sum("onTime")::int AS "onTime", sum(late)::int AS late,
        sum(open)::int AS open, sum(overdue)::int AS overdue, sum(cost)::float8 AS cost
      FROM ${view}
      WHERE "companyId" = ${uuid(query.viewer.companyId)}
        ${whenSet(sql`"workplaceId"`, workplaceId)} ${whenSet(sql`"categoryId"`, category)}
        ${inPeriod(sql`month`, months)}
      GROUP BY 1) g`;
}

/** The record `m`'s column (its asset `a`), as the rollups count it. */
const stateSql = (today: string): Sql => sql`CASE WHEN m.status = 'open'
    THEN CASE WHEN m."dueDate" < ${today}::date THEN 'overdue' ELSE 'open' END
    WHEN m."completedOn" <= m."dueDate" THEN 'onTime' ELSE 'late' END`;

export function maintenanceSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: [CELLS, CATEGORIES, WORKPLACES],
    async table(query) {
      const rollup = rollupFor(query);
      const category = query.filters.category;
      const [read, asOf] = await Promise.all([
        category !== undefined && !isUuid(category)
          ? Promise.resolve([])
          : reader.rows<{ key: string | null; label: string | null } & Record<State | 'cost', number>>(
              tableSql(query, rollup),
            ),
        rollupStamp(reader, [rollup]),
      ]);
      const groups: GroupRead[] = read.map((row) => ({
        key: row.key,
        label: row.label,
        values: [...STATES.map((state) => row[state]), Math.round(row.cost * 100) / 100],
      }));
      const rows =
        query.by === 'month' && query.months
          ? monthRows(groups, periodMonths(query.months, groups), [0, 0, 0, 0, 0])
          : largestFirst(groups, 0, query.by === 'category' ? NO_CATEGORY : NO_WORKPLACE);
      return { chart: 'stackedBar', columns: COLUMNS, rows, total: sums(rows, COLUMNS), asOf };
    },
    async records(query, drill) {
      const { workplaceId, category } = query.filters;
      const column = drill.column as State | undefined;
      const byMonth = query.by === 'month';
      const keyFits = byMonth ? isMonthKey(drill.key) : isUuidKey(drill.key);
      if (!keyFits || (column !== undefined && !STATES.includes(column)) || (category && !isUuid(category)))
        return recordsPage([], 0, drill);
      const state = stateSql(query.today);
      const key = byMonth
        ? sql`AND m."dueDate" >= ${`${drill.key}-01`}::date AND m."dueDate" < (${`${drill.key}-01`}::date + interval '1 month')`
        : keyIs(query.by === 'category' ? sql`a."categoryId"` : sql`a."workplaceId"`, drill.key);
      const from = sql`FROM "MaintenanceRecord" m JOIN "Asset" a ON a.id = m."assetId"
        WHERE m."companyId" = ${uuid(query.viewer.companyId)} AND m.status <> 'cancelled'
          ${whenSet(sql`a."workplaceId"`, workplaceId)} ${whenSet(sql`a."categoryId"`, category)}
          ${inPeriod(sql`m."dueDate"`, query.months)} ${key}
          ${column ? sql`AND ${state} = ${column}` : emptySql}`;
      const [rows, counted] = await Promise.all([
        reader.rows<{
          id: string;
          title: string;
          asset: string;
          number: string;
          dueDate: string;
          state: State;
        }>(
          sql`SELECT m.id, m.title, a.name AS asset, a.number, m."dueDate", ${state} AS state ${from}
            ORDER BY m."dueDate" DESC, m.id DESC ${pageSql(drill)}`,
        ),
        // A month or a category of all time holds thousands: counted to the lists' cap.
        cappedCount(reader, sql`SELECT 1 ${from}`, drill),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.title,
        detail: `${row.number} ${row.asset}`,
        date: row.dueDate,
        status: LABELS[row.state],
        path: maintenanceRecordPath(row.id),
      }));
      return recordsPage(items, counted.total, drill);
    },
    async options(viewer) {
      return { categories: await choicesOf(reader, 'AssetCategory', viewer.companyId) };
    },
  };
}
