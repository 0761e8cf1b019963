import { buildPath, formNumberLabel, seg, type TReportColumn, type TReportRow } from '@compass/shared';
import { cappedCount, planFor } from '../../../db/reader';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import { Prisma } from '../../../generated/prisma/client';
import { rollupStamp } from '../rollups';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  average,
  countColumn,
  inPeriod,
  isMonthKey,
  isUuidKey,
  keyIs,
  largestFirst,
  monthRows,
  NO_WORKPLACE,
  pageSql,
  periodMonths,
  recordsPage,
  sums,
  whenSet,
} from './groups';

/**
 * Submitted forms (never drafts, never HR forms): open and closed, and the days the closed took,
 * by template, status, workplace or form-date month. Read from the rollups report_submission_*
 * (migration report_rollups): the finest one, by template and workplace, when a workplace or a
 * template narrows it; live from FormSubmission when a branch or a recorder does (an index range of
 * that branch's or person's forms). Whoever runs this report holds a Records key, which opens
 * every form but the HR ones: the drill-down lists them all.
 */

const COLUMNS: TReportColumn[] = [
  countColumn('open', 'Open'),
  countColumn('closed', 'Closed'),
  { id: 'avgDaysToClose', label: 'Avg days to close', unit: 'days', charted: 'no', drill: 'no' },
];
const STATES = { open: 'Open', closed: 'Closed' } as const;
type State = keyof typeof STATES;
const ROLLUPS = ['report_submission_cells', 'report_submission_templates', 'report_submission_workplaces'];

/** One group's sums: what a row and the totals are made of. */
interface Sums {
  key: string | null;
  label: string | null;
  open: number;
  closed: number;
  timed: number;
  closeDays: number;
}

/** Where the groups are read: a rollup (its columns) or the live table. */
interface Origin {
  from: Sql;
  month: Sql;
  templateId: Sql | null;
  workplaceId: Sql | null;
  rollup: string | null;
  sums: Sql;
}

const rollupSums = sql`sum(r.open)::int AS open, sum(r.closed)::int AS closed, sum(r.timed)::int AS timed,
  sum(r."closeDays")::float8 AS "closeDays"`;

function origin(query: ReportQuery): Origin {
  const { workplaceId, templateId, branchId, personId } = query.filters;
  const company = uuid(query.viewer.companyId);
  if (branchId || personId)
    return {
      from: sql`FROM "FormSubmission" s WHERE s."companyId" = ${company} AND NOT s."isDraft"
        AND s."formType" <> 'hr' ${whenSet(sql`s."branchId"`, branchId)}
        ${whenSet(sql`s."recordedByEmployeeId"`, personId)}`,
      month: sql`date_trunc('month', s."formDate")::date`,
      templateId: sql`s."templateId"`,
      workplaceId: sql`s."workplaceId"`,
      rollup: null,
      // A form closed before it was created took 0 days, never a negative time (as the rollups count it).
      sums: sql`(count(*) FILTER (WHERE NOT s."isClosed"))::int AS open,
        (count(*) FILTER (WHERE s."isClosed"))::int AS closed,
        (count(s."closedAt") FILTER (WHERE s."isClosed"))::int AS timed,
        coalesce(sum(GREATEST(0, extract(epoch FROM s."closedAt" - s."createdAt") / 86400)) FILTER (WHERE s."isClosed"), 0)::float8 AS "closeDays"`,
    };
  // The coarse rollups hold a few rows a month; the fine one is read for one workplace or template.
  const byWorkplace = query.by === 'workplace';
  const fine = (workplaceId && templateId) || (byWorkplace ? templateId : workplaceId);
  const rollup = fine
    ? 'report_submission_cells'
    : byWorkplace
      ? 'report_submission_workplaces'
      : 'report_submission_templates';
  const hasTemplate = rollup !== 'report_submission_workplaces';
  const hasWorkplace = rollup !== 'report_submission_templates';
  return {
    from: sql`FROM ${Prisma.raw(rollup)} r WHERE r."companyId" = ${company}`,
    month: sql`r.month`,
    templateId: hasTemplate ? sql`r."templateId"` : null,
    workplaceId: hasWorkplace ? sql`r."workplaceId"` : null,
    rollup,
    sums: rollupSums,
  };
}

/** The grouping's key of a record or a rollup row. */
function groupKey(query: ReportQuery, at: Pick<Origin, 'month' | 'templateId' | 'workplaceId'>): Sql {
  if (query.by === 'template' && at.templateId) return sql`${at.templateId}::text`;
  if (query.by === 'workplace' && at.workplaceId) return sql`${at.workplaceId}::text`;
  if (query.by === 'month') return sql`to_char(${at.month}, 'YYYY-MM')`;
  return sql`NULL::text`;
}

/** The table naming the groups of a grouping by id. */
const NAMES: Record<string, string | undefined> = { template: '"FormTemplate"', workplace: '"Workplace"' };

async function readGroups(reader: ReportDeps['reader'], query: ReportQuery, at: Origin): Promise<Sums[]> {
  const { workplaceId, templateId } = query.filters;
  const filters = sql`${at.workplaceId ? whenSet(at.workplaceId, workplaceId) : emptySql}
    ${at.templateId ? whenSet(at.templateId, templateId) : emptySql} ${inPeriod(at.month, query.months)}`;
  const named = NAMES[query.by];
  return reader.rows<Sums>(
    sql`SELECT g.*, ${named ? sql`n.name` : sql`NULL::text`} AS label
      FROM (SELECT ${groupKey(query, at)} AS key, ${at.sums} ${at.from} ${filters} GROUP BY 1) g
      ${named ? sql`LEFT JOIN ${Prisma.raw(named)} n ON n.id = g.key::uuid` : emptySql}`,
  );
}

function rowsOf(query: ReportQuery, groups: Sums[]): TReportRow[] {
  if (query.by === 'status') {
    const all = groups.reduce(
      (sum, group) => ({
        closed: sum.closed + group.closed,
        timed: sum.timed + group.timed,
        days: sum.days + group.closeDays,
        open: sum.open + group.open,
      }),
      { open: 0, closed: 0, timed: 0, days: 0 },
    );
    return [
      { key: 'open', label: STATES.open, values: [all.open, 0, null] },
      { key: 'closed', label: STATES.closed, values: [0, all.closed, average(all.days, all.timed)] },
    ];
  }
  const read = groups.map((group) => ({
    key: group.key,
    label: group.label,
    values: [group.open, group.closed, average(group.closeDays, group.timed)],
  }));
  if (query.by !== 'month') return largestFirst(read, 0, NO_WORKPLACE);
  if (!query.months) return [];
  const first = read.map((group) => group.key ?? '').sort()[0] ?? null;
  return monthRows(read, periodMonths(query.months, first), [0, 0, null]);
}

/** The organisation's sums behind the average of every group. */
function totals(rows: TReportRow[], groups: Sums[]): (number | null)[] {
  const [open, closed] = sums(rows, COLUMNS);
  const timed = groups.reduce((sum, group) => sum + group.timed, 0);
  const days = groups.reduce((sum, group) => sum + group.closeDays, 0);
  return [open ?? 0, closed ?? 0, average(days, timed)];
}

/** A drill's best index depends on which row and filters it names (a person, a month): planned for its values. */
const DRILL_PLAN = planFor(true);

export function submissionsSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: ROLLUPS,
    async table(query) {
      const at = origin(query);
      const [groups, asOf] = await Promise.all([
        readGroups(reader, query, at),
        at.rollup ? rollupStamp(reader, [at.rollup]) : Promise.resolve(null),
      ]);
      const rows = rowsOf(query, groups);
      return { chart: 'stackedBar', columns: COLUMNS, rows, total: totals(rows, groups), asOf };
    },
    async records(query, drill) {
      const column = drill.column as State | undefined;
      const key = recordKey(query, drill.key);
      if (key === null || (column !== undefined && !Object.hasOwn(STATES, column)))
        return recordsPage([], 0, drill);
      const { workplaceId, templateId, branchId, personId } = query.filters;
      const state = (closed: boolean) => (closed ? sql`AND s."isClosed"` : sql`AND NOT s."isClosed"`);
      const where = sql`WHERE s."companyId" = ${uuid(query.viewer.companyId)} AND NOT s."isDraft" AND s."formType" <> 'hr'
          ${whenSet(sql`s."workplaceId"`, workplaceId)} ${whenSet(sql`s."templateId"`, templateId)}
          ${whenSet(sql`s."branchId"`, branchId)} ${whenSet(sql`s."recordedByEmployeeId"`, personId)}
          ${inPeriod(sql`s."formDate"`, query.months)} ${key}
          ${column ? state(column === 'closed') : emptySql}`;
      const [rows, counted] = await Promise.all([
        reader.rows<{
          id: string;
          number: number | null;
          template: string;
          workplace: string | null;
          formDate: string;
          isClosed: boolean;
        }>(
          sql`SELECT s.id, s.number, t.name AS template, w.name AS workplace, s."formDate", s."isClosed"
            FROM "FormSubmission" s JOIN "FormTemplate" t ON t.id = s."templateId"
            LEFT JOIN "Workplace" w ON w.id = s."workplaceId" ${where}
            ORDER BY s."formDate" DESC, s.id DESC ${pageSql(drill)}`,
          DRILL_PLAN,
        ),
        cappedCount(reader, sql`SELECT 1 FROM "FormSubmission" s ${where}`, drill, DRILL_PLAN),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: `${formNumberLabel(row.number)} ${row.template}`,
        detail: row.workplace ?? NO_WORKPLACE,
        date: row.formDate,
        status: row.isClosed ? STATES.closed : STATES.open,
        path: buildPath(['form-submission', 'Record', seg(row.id)]),
      }));
      return recordsPage(items, counted.total, drill);
    },
    async options(viewer) {
      const templates = await reader.rows<{ _id: string; name: string }>(
        sql`SELECT id AS "_id", name FROM "FormTemplate"
          WHERE "companyId" = ${uuid(viewer.companyId)} AND "formType" <> 'hr' ORDER BY name, id`,
      );
      return { templates };
    },
  };
}

/** The condition of a drill's row key; null when the key names no group of this grouping. */
function recordKey(query: ReportQuery, key: string): Sql | null {
  switch (query.by) {
    case 'status':
      return Object.hasOwn(STATES, key)
        ? sql`AND ${key === 'closed' ? emptySql : sql`NOT`} s."isClosed"`
        : null;
    case 'month':
      return isMonthKey(key)
        ? sql`AND s."formDate" >= ${`${key}-01`}::date AND s."formDate" < (${`${key}-01`}::date + interval '1 month')::date`
        : null;
    case 'workplace':
      return isUuidKey(key) ? keyIs(sql`s."workplaceId"`, key) : null;
    default:
      return isUuidKey(key) && key !== 'none' ? keyIs(sql`s."templateId"`, key) : null;
  }
}
