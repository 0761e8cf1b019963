import {
  ACTION_SOURCE_LABELS,
  actionParentPath,
  type ActionSource,
  type TReportColumn,
  type TReportRow,
} from '@compass/shared';
import { cappedCount, planFor } from '../../../db/reader';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import { Prisma } from '../../../generated/prisma/client';
import { hrActionSql } from '../../assignedActions';
import { rollupStamp } from '../rollups';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  countColumn,
  employeeNameSql,
  inPeriod,
  isUuidKey,
  keyIs,
  largestFirst,
  monthRows,
  pageSql,
  periodMonths,
  recordsPage,
  sums,
} from './groups';

/**
 * The organisation's actions (the Action table: of forms, risks and hazardous substances; never HR
 * actions): open, overdue and closed, and the days the closed took, by assignee, source, age or
 * assigned-on month. Read from the rollups report_action_* (migration report_rollups), whose
 * overdue and age are those of the last refresh (at most 5 minutes old) in the organisation's today;
 * the drill-down reads the actions live. Whoever runs this report holds actionRegister, which reads
 * every action but the HR ones.
 */

const COLUMNS: TReportColumn[] = [
  countColumn('open', 'Open'),
  countColumn('overdue', 'Overdue'),
  countColumn('closed', 'Closed'),
  { id: 'avgDaysToClose', label: 'Avg days to close', unit: 'days', charted: 'no', drill: 'no' },
];
const STATES = { open: 'Open', overdue: 'Overdue', closed: 'Closed' } as const;
type State = keyof typeof STATES;
/** The sources of the Action table a report counts (a review's actions are HR actions). */
const SOURCES = ['form', 'risk', 'hazardous'] as const satisfies readonly ActionSource[];
/** The age buckets of open actions, by days since assigned (the rollup's `age` 1..5). */
const AGES = ['0–7 days', '8–30 days', '31–90 days', '91–365 days', 'Over a year'];
/** Actions assigned to external personnel have no employee assignee. */
const NO_EMPLOYEE = 'External personnel';
const ROLLUPS = [
  'report_action_cells',
  'report_action_months',
  'report_action_assignees',
  'report_action_assignee_periods',
];

interface Sums {
  key: string | null;
  label: string | null;
  open: number;
  overdue: number;
  closed: number;
  timed: number;
  closeDays: number;
}

const average = (days: number, timed: number): number | null =>
  timed === 0 ? null : Math.round((days / timed) * 10) / 10;

/**
 * The rollups a query reads, the first that has its figures: by assignee over all time the
 * assignee totals; by assignee in a period the preset periods' totals, else (a custom period) the
 * cells; for one assignee the cells (an index range of the person); else the months.
 */
function rollupsOf(query: ReportQuery): string[] {
  if (query.filters.personId) return ['report_action_cells'];
  if (query.by !== 'assignee') return ['report_action_months'];
  if (!query.months?.from) return ['report_action_assignees'];
  return ['report_action_assignee_periods', 'report_action_cells'];
}

function groupKey(query: ReportQuery): Sql {
  switch (query.by) {
    case 'source':
      return sql`r.source`;
    case 'age':
      return sql`r.age::text`;
    case 'month':
      return sql`to_char(r.month, 'YYYY-MM')`;
    default:
      return sql`r."assigneeEmployeeId"`;
  }
}

async function readGroups(reader: ReportDeps['reader'], query: ReportQuery, rollup: string): Promise<Sums[]> {
  const { category, personId } = query.filters;
  const person =
    rollup === 'report_action_months' || !personId
      ? emptySql
      : sql`AND r."assigneeEmployeeId" = ${uuid(personId)}`;
  const byAssignee = query.by === 'assignee';
  return reader.rows<Sums>(
    sql`SELECT g.*, ${byAssignee ? employeeNameSql(sql`e`) : sql`NULL::text`} AS label
      FROM (SELECT ${groupKey(query)} AS key, sum(r.open)::int AS open, sum(r.overdue)::int AS overdue,
          sum(r.closed)::int AS closed, sum(r.timed)::int AS timed, sum(r."closeDays")::float8 AS "closeDays"
        FROM ${Prisma.raw(rollup)} r
        WHERE r."companyId" = ${uuid(query.viewer.companyId)} ${person}
          ${category ? sql`AND r.source = ${category}` : emptySql}
          ${query.by === 'age' ? sql`AND r.age > 0` : emptySql}
          ${period(rollup, query)}
        GROUP BY 1) g
      ${byAssignee ? sql`LEFT JOIN "Employee" e ON e.id = g.key` : emptySql}`,
  );
}

/** The period's condition on a rollup's rows: all time's totals hold no months, the periods' are named by theirs. */
function period(rollup: string, query: ReportQuery): Sql {
  if (rollup === 'report_action_assignees') return emptySql;
  if (rollup === 'report_action_assignee_periods' && query.months?.from)
    return sql`AND r."from" = ${query.months.from}::date AND r."until" = ${query.months.until}::date`;
  return inPeriod(sql`r.month`, query.months);
}

function rowsOf(query: ReportQuery, groups: Sums[]): TReportRow[] {
  const read = groups.map((group) => ({
    key: group.key,
    label: query.by === 'source' ? ACTION_SOURCE_LABELS[group.key as ActionSource] : group.label,
    values: [group.open, group.overdue, group.closed, average(group.closeDays, group.timed)],
  }));
  if (query.by === 'age') {
    // The buckets in their order, every one shown: an age is a scale, not a ranking.
    const byKey = new Map(read.map((group) => [group.key, group.values]));
    return AGES.map((label, index) => ({
      key: String(index + 1),
      label,
      values: byKey.get(String(index + 1)) ?? [0, 0, 0, null],
    }));
  }
  if (query.by !== 'month') return largestFirst(read, 0, NO_EMPLOYEE);
  if (!query.months) return [];
  const first = read.map((group) => group.key ?? '').sort()[0] ?? null;
  return monthRows(read, periodMonths(query.months, first), [0, 0, 0, null]);
}

function totals(rows: TReportRow[], groups: Sums[]): (number | null)[] {
  const counted = sums(rows, COLUMNS).slice(0, 3);
  const timed = groups.reduce((sum, group) => sum + group.timed, 0);
  const days = groups.reduce((sum, group) => sum + group.closeDays, 0);
  return [...counted, average(days, timed)];
}

/** An action's source, as the rollup names it. */
const sourceSql = sql`CASE WHEN t."submissionId" IS NOT NULL THEN 'form'
  WHEN t."riskId" IS NOT NULL THEN 'risk' ELSE 'hazardous' END`;

/** The actions of a source, as conditions on the parents' ids the indexes hold. */
const SOURCE_IS: Record<(typeof SOURCES)[number], Sql> = {
  form: sql`AND t."submissionId" IS NOT NULL`,
  risk: sql`AND t."submissionId" IS NULL AND t."riskId" IS NOT NULL`,
  hazardous: sql`AND t."submissionId" IS NULL AND t."riskId" IS NULL`,
};
const sourceIs = (source: string): Sql | null =>
  (SOURCES as readonly string[]).includes(source) ? SOURCE_IS[source as (typeof SOURCES)[number]] : null;

/** A drill's best index depends on which row and filters it names (a person, a month): planned for its values. */
const DRILL_PLAN = planFor(true);

export function actionsSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: ROLLUPS,
    async table(query) {
      const [rollup, ...others] = rollupsOf(query);
      let [groups, asOf] = await Promise.all([
        readGroups(reader, query, rollup!),
        rollupStamp(reader, [rollup!]),
      ]);
      // No preset period of that name (a custom period): the cells have every period.
      if (groups.length === 0 && others[0])
        [groups, asOf] = await Promise.all([
          readGroups(reader, query, others[0]),
          rollupStamp(reader, [others[0]]),
        ]);
      const rows = rowsOf(query, groups);
      return { chart: 'stackedBar', columns: COLUMNS, rows, total: totals(rows, groups), asOf };
    },
    async records(query, drill) {
      const column = drill.column as State | undefined;
      const key = recordKey(query, drill.key);
      const { category, personId } = query.filters;
      const source = category ? sourceIs(category) : emptySql;
      // An age's rows are open actions: none of them closed.
      const nothing = (query.by === 'age' && column === 'closed') || source === null;
      if (key === null || nothing || (column !== undefined && !(column in STATES)))
        return recordsPage([], 0, drill);
      const timeZone = query.viewer.timeZone;
      const where = sql`WHERE t."companyId" = ${uuid(query.viewer.companyId)} AND NOT (${hrActionSql('t')})
        ${source}
        ${personId ? sql`AND t."assigneeEmployeeId" = ${uuid(personId)}` : emptySql}
        ${query.months ? assignedBetween(timeZone, query.months.from, query.months.until) : emptySql} ${key}
        ${column ? stateIs(column, query.today) : emptySql}`;
      const [rows, counted] = await Promise.all([
        reader.rows<{
          id: string;
          instruction: string;
          source: (typeof SOURCES)[number];
          parentId: string;
          assignee: string | null;
          dueDate: string;
          isComplete: boolean;
        }>(
          sql`SELECT t.id, t.instruction, ${sourceSql} AS source,
              coalesce(t."submissionId", t."riskId", t."hazardousSubstanceId") AS "parentId",
              ${employeeNameSql(sql`e`)} AS assignee, t."dueDate", t."isComplete"
            FROM "Action" t LEFT JOIN "Employee" e ON e.id = t."assigneeEmployeeId" ${where}
            ORDER BY t."assignedOn" DESC, t.id DESC ${pageSql(drill)}`,
          DRILL_PLAN,
        ),
        cappedCount(reader, sql`SELECT 1 FROM "Action" t ${where}`, drill, DRILL_PLAN),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.instruction,
        detail: `${ACTION_SOURCE_LABELS[row.source]} · ${row.assignee ?? NO_EMPLOYEE}`,
        date: row.dueDate,
        status: row.isComplete ? STATES.closed : row.dueDate < query.today ? STATES.overdue : STATES.open,
        path: actionParentPath({ source: row.source, parentId: row.parentId }),
      }));
      return recordsPage(items, counted.total, drill);
    },
    async options() {
      return { categories: SOURCES.map((source) => ({ _id: source, name: ACTION_SOURCE_LABELS[source] })) };
    },
  };
}

/** The organisation's day an action was assigned on (assignedOn is stored in UTC). */
const assignedDay = (timeZone: string): Sql =>
  sql`(t."assignedOn" AT TIME ZONE 'UTC' AT TIME ZONE ${timeZone})::date`;

/** The UTC moment a day of the organisation begins, as assignedOn is stored. */
const dayStart = (day: Sql, timeZone: string): Sql =>
  sql`((${day})::timestamp AT TIME ZONE ${timeZone} AT TIME ZONE 'UTC')`;

/**
 * Assigned on the organisation's days from `from` (null: no bound) to before `until`: a range of
 * assignedOn itself, which the index (companyId, assignedOn) reads.
 */
function assignedBetween(timeZone: string, from: string | Sql | null, until: string | Sql): Sql {
  const asDay = (day: string | Sql) => (typeof day === 'string' ? sql`${day}::date` : day);
  return sql`AND t."assignedOn" < ${dayStart(asDay(until), timeZone)}
    ${from === null ? emptySql : sql`AND t."assignedOn" >= ${dayStart(asDay(from), timeZone)}`}`;
}

function stateIs(state: State, today: string): Sql {
  if (state === 'closed') return sql`AND t."isComplete"`;
  return sql`AND NOT t."isComplete" AND t."dueDate" ${state === 'overdue' ? sql`<` : sql`>=`} ${today}::date`;
}

/** The condition of a drill's row key; null when the key names no group of this grouping. */
function recordKey(query: ReportQuery, key: string): Sql | null {
  const day = assignedDay(query.viewer.timeZone);
  switch (query.by) {
    case 'source':
      return sourceIs(key);
    case 'age': {
      const index = AGES.findIndex((_, at) => String(at + 1) === key);
      if (index < 0) return null;
      const [least, most] = (
        [
          [0, 7],
          [8, 30],
          [31, 90],
          [91, 365],
          [366, null],
        ] as const
      )[index]!;
      const today = sql`${query.today}::date`;
      return sql`AND NOT t."isComplete" AND ${today} - ${day} >= ${least}
        ${most === null ? emptySql : sql`AND ${today} - ${day} <= ${most}`}`;
    }
    case 'month':
      return /^\d{4}-(0[1-9]|1[0-2])$/.test(key)
        ? assignedBetween(
            query.viewer.timeZone,
            `${key}-01`,
            sql`(${`${key}-01`}::date + interval '1 month')::date`,
          )
        : null;
    default:
      return isUuidKey(key) ? keyIs(sql`t."assigneeEmployeeId"`, key) : null;
  }
}
