import {
  ACTION_SOURCE_LABELS,
  ACTION_STATUS_LABELS,
  actionParentPath,
  REGISTER_SOURCES,
  type ActionSource,
  type TReportColumn,
  type TReportRow,
} from '@compass/shared';
import { cappedCount, planFor } from '../../../db/reader';
import { emptySql, join, sql, uuid, type Sql } from '../../../db/sql';
import { Prisma } from '../../../generated/prisma/client';
import {
  ACTION_COLUMNS,
  ACTION_SOURCE_QUERIES,
  ACTION_TABLES,
  type ActionColumns,
} from '../../actionRegister';
import { rollupStamp } from '../rollups';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  average,
  countColumn,
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
  sums,
} from './groups';

/**
 * The organisation's actions, those of the Action Register's list (of forms, audits, obligations,
 * documents, risks and hazardous substances; never HR actions): open, overdue and completed, and
 * the days the completed took, by assignee, source, age or assigned-on month. Read from the rollups
 * report_action_* (migration report_rollups), whose overdue and age are those of the last refresh
 * (at most 5 minutes old) in the organisation's today; the drill-down reads the actions live.
 * Whoever runs this report holds actionRegister, which reads every action but the HR ones. An action
 * completed on a day before the one it was assigned on took 0 days (the rollup counts
 * GREATEST(0, …)): a date typed in the past is no negative time.
 */

/** The register's words for an action's states ("Completed", not "Closed"). */
const STATES = {
  open: ACTION_STATUS_LABELS.open,
  overdue: ACTION_STATUS_LABELS.overdue,
  closed: ACTION_STATUS_LABELS.completed,
} as const;
type State = keyof typeof STATES;
const COLUMNS: TReportColumn[] = [
  countColumn('open', STATES.open),
  countColumn('overdue', STATES.overdue),
  countColumn('closed', STATES.closed),
  { id: 'avgDaysToClose', label: 'Avg days to close', unit: 'days', charted: 'no', drill: 'no' },
];
/** The sources the report counts: the Action Register's (HR actions are the HR register's). */
const SOURCES = REGISTER_SOURCES.general;
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
  // A person's figures are read from the cells (rollupsOf), which name the assignee.
  const person = personId ? sql`AND r."assigneeEmployeeId" = ${uuid(personId)}` : emptySql;
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

/** A drill's best index depends on which row and filters it names (a person, a month): planned for its values. */
const DRILL_PLAN = planFor(true);

/** What a drill's row key names: the sources it keeps (all when absent) and a condition on a table's columns. */
interface RecordKey {
  sources?: readonly ActionSource[];
  condition: (columns: ActionColumns) => Sql;
}

interface RecordRow {
  id: string;
  instruction: string;
  source: ActionSource;
  parentId: string;
  assignee: string | null;
  dueDate: string;
  isComplete: boolean;
}

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
      const { category } = query.filters;
      // An age's rows are open actions: none of them completed.
      const nothing = (query.by === 'age' && column === 'closed') || (category && !isSource(category));
      if (key === null || nothing || (column !== undefined && !Object.hasOwn(STATES, column)))
        return recordsPage([], 0, drill);
      const kept = SOURCES.filter(
        (source) => (!category || source === category) && (!key.sources || key.sources.includes(source)),
      );
      if (kept.length === 0) return recordsPage([], 0, drill);
      const branches = kept.map((source) => sourceBranch(query, source, key, column));
      // Each source's first rows of the page in the order (an index range), then merged.
      const first = drill.page * drill.pageSize;
      const newest = sql`ORDER BY "assignedOn" DESC, id DESC`;
      const [rows, counted] = await Promise.all([
        reader.rows<RecordRow>(
          sql`SELECT u.id, u.instruction, u.source, u."parentId", ${employeeNameSql(sql`e`)} AS assignee,
              u."dueDate", u."isComplete"
            FROM (SELECT * FROM (${join(
              branches.map((branch) => sql`SELECT * FROM (${branch} ${newest} LIMIT ${first}) b`),
              ' UNION ALL ',
            )}) m ${newest} ${pageSql(drill)}) u
            LEFT JOIN "Employee" e ON e.id = u."assigneeEmployeeId"
            ORDER BY u."assignedOn" DESC, u.id DESC`,
          DRILL_PLAN,
        ),
        cappedCount(reader, sql`SELECT 1 FROM (${join(branches, ' UNION ALL ')}) u`, drill, DRILL_PLAN),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.instruction,
        detail: `${ACTION_SOURCE_LABELS[row.source]} · ${row.assignee ?? NO_EMPLOYEE}`,
        date: row.dueDate,
        status: row.isComplete ? STATES.closed : row.dueDate < query.today ? STATES.overdue : STATES.open,
        // The page the Action Register opens for the action's parent.
        path: actionParentPath({ source: row.source, parentId: row.parentId }),
      }));
      return recordsPage(items, counted.total, drill);
    },
    async options() {
      return { categories: SOURCES.map((source) => ({ _id: source, name: ACTION_SOURCE_LABELS[source] })) };
    },
  };
}

/**
 * One source's actions behind a drill (alias t), with the columns the page shows: the register's
 * own rows of its table (ACTION_SOURCE_QUERIES) and its columns (ACTION_COLUMNS: assigned on,
 * completed), so the report lists what the Action Register lists.
 */
function sourceBranch(
  query: ReportQuery,
  source: ActionSource,
  key: RecordKey,
  state: State | undefined,
): Sql {
  const { kind, literal, where: own } = ACTION_SOURCE_QUERIES[source];
  const columns = ACTION_COLUMNS[kind];
  const { personId } = query.filters;
  return sql`SELECT t.id, t.instruction, ${literal} AS source, ${columns.parent} AS "parentId",
      t."assigneeEmployeeId", t."dueDate", ${columns.assignedOn} AS "assignedOn", ${columns.complete} AS "isComplete"
    FROM ${ACTION_TABLES[kind].table} t
    WHERE t."companyId" = ${uuid(query.viewer.companyId)} ${own ? sql`AND ${own}` : emptySql}
      ${personId ? sql`AND t."assigneeEmployeeId" = ${uuid(personId)}` : emptySql}
      ${query.months ? assignedBetween(columns, query.viewer.timeZone, query.months.from, query.months.until) : emptySql}
      ${key.condition(columns)} ${state ? stateIs(columns, state, query.today) : emptySql}`;
}

/** The UTC moment a day of the organisation begins, as assignedOn is stored. */
const dayStart = (day: Sql, timeZone: string): Sql =>
  sql`((${day})::timestamp AT TIME ZONE ${timeZone} AT TIME ZONE 'UTC')`;

/**
 * Assigned on the organisation's days from `from` (null: no bound) to before `until`: a range of
 * the assigned-on column itself, which the indexes (companyId, …, assignedOn) read.
 */
function assignedBetween(
  columns: ActionColumns,
  timeZone: string,
  from: string | Sql | null,
  until: string | Sql,
): Sql {
  const asDay = (day: string | Sql) => (typeof day === 'string' ? sql`${day}::date` : day);
  return sql`AND ${columns.assignedOn} < ${dayStart(asDay(until), timeZone)}
    ${from === null ? emptySql : sql`AND ${columns.assignedOn} >= ${dayStart(asDay(from), timeZone)}`}`;
}

function stateIs(columns: ActionColumns, state: State, today: string): Sql {
  if (state === 'closed') return sql`AND ${columns.complete}`;
  return sql`AND ${columns.open} AND t."dueDate" ${state === 'overdue' ? sql`<` : sql`>=`} ${today}::date`;
}

const isSource = (value: string): value is ActionSource => (SOURCES as readonly string[]).includes(value);

/** The days of the age buckets, least and most (null: no bound), in AGES' order. */
const AGE_DAYS = [
  [0, 7],
  [8, 30],
  [31, 90],
  [91, 365],
  [366, null],
] as const;

/** What a drill's row key names; null when the key names no group of this grouping. */
function recordKey(query: ReportQuery, key: string): RecordKey | null {
  const { timeZone } = query.viewer;
  switch (query.by) {
    case 'source':
      return isSource(key) ? { sources: [key], condition: () => emptySql } : null;
    case 'age': {
      const index = AGES.findIndex((_, at) => String(at + 1) === key);
      if (index < 0) return null;
      const [least, most] = AGE_DAYS[index]!;
      // Assigned from `most` days before today to `least` days before it: a range of assigned-on.
      const daysAgo = (days: number) => sql`(${query.today}::date - ${days}::int)`;
      return {
        condition: (columns) =>
          sql`AND ${columns.open} ${assignedBetween(columns, timeZone, most === null ? null : daysAgo(most), daysAgo(least - 1))}`,
      };
    }
    case 'month':
      return isMonthKey(key)
        ? {
            condition: (columns) =>
              assignedBetween(
                columns,
                timeZone,
                `${key}-01`,
                sql`(${`${key}-01`}::date + interval '1 month')::date`,
              ),
          }
        : null;
    default:
      return isUuidKey(key) ? { condition: () => keyIs(sql`t."assigneeEmployeeId"`, key) } : null;
  }
}
