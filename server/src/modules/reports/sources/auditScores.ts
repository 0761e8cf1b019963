import { auditDetailsPath, type TReportColumn } from '@compass/shared';
import { sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDeps, ReportQuery, ReportSource, ReportViewer } from '../source';
import {
  average,
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
  whenSet,
  type GroupRead,
  groupName,
} from './groups';

/**
 * Scores of closed audits (the percentage of scored questions passed, docs/audits.md) by the month
 * of their audit date, workplace or template. Read live: a large organisation has 5,000 audits,
 * counted through the (companyId, auditDate) index.
 */

const column = (id: string, label: string, charted: boolean, unit: 'count' | 'percent'): TReportColumn => ({
  id,
  label,
  unit,
  charted: charted ? 'yes' : 'no',
  drill: id === 'audits' ? 'yes' : 'no',
});

/** Over time the line draws the average; by workplace or template the bars count the audits. */
const columnsOf = (overTime: boolean): TReportColumn[] => [
  column('audits', 'Audits', !overTime, 'count'),
  column('averageScore', 'Average score', overTime, 'percent'),
  column('lowest', 'Lowest', false, 'percent'),
  column('highest', 'Highest', false, 'percent'),
];

/** Each grouping's key (a uuid's column, for its index) and the name of a group. */
const GROUPINGS: Record<string, { key: Sql; label: (companyId: string) => Sql; none: string }> = {
  month: { key: sql`to_char(a."auditDate", 'YYYY-MM')`, label: () => sql`NULL::text`, none: '' },
  workplace: {
    key: sql`a."workplaceId"`,
    label: (companyId) => groupName('Workplace', companyId),
    none: NO_WORKPLACE,
  },
  template: {
    key: sql`a."templateId"`,
    label: (companyId) => groupName('FormTemplate', companyId),
    none: 'No template',
  },
};

const FROM = sql`FROM "Audit" a
  LEFT JOIN "Workplace" w ON w.id = a."workplaceId" AND w."companyId" = a."companyId"`;

function where(query: ReportQuery): Sql {
  const { workplaceId, branchId, templateId } = query.filters;
  return sql`WHERE a."companyId" = ${uuid(query.viewer.companyId)} AND a.status = 'closed' AND a.score IS NOT NULL
    ${inPeriod(sql`a."auditDate"`, query.months)}
    ${whenSet(sql`a."workplaceId"`, workplaceId)} ${whenSet(sql`a."branchId"`, branchId)}
    ${whenSet(sql`a."templateId"`, templateId)}`;
}

interface ScoreRead {
  key: string | null;
  label: string | null;
  audits: number;
  sum: number;
  lowest: number | null;
  highest: number | null;
}

export function auditScoresSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: [],
    async table(query) {
      const group = GROUPINGS[query.by] ?? GROUPINGS.month!;
      const read = await reader.rows<ScoreRead>(
        sql`SELECT g.key::text AS key, ${group.label(query.viewer.companyId)} AS label, g.audits, g.sum, g.lowest, g.highest
          FROM (SELECT ${group.key} AS key, count(*)::int AS audits, sum(a.score)::int AS sum,
              min(a.score) AS lowest, max(a.score) AS highest
            FROM "Audit" a ${where(query)} GROUP BY 1) g`,
      );
      const groups: GroupRead[] = read.map((row) => ({
        key: row.key,
        label: row.label,
        values: [row.audits, average(row.sum, row.audits), row.lowest, row.highest],
      }));
      const overTime = query.by === 'month';
      const columns = columnsOf(overTime);
      const rows =
        overTime && query.months
          ? monthRows(groups, periodMonths(query.months, groups.map((g) => g.key!).sort()[0] ?? null), [
              0,
              null,
              null,
              null,
            ])
          : largestFirst(groups, 0, group.none);
      const audits = read.reduce((sum, row) => sum + row.audits, 0);
      const scores = read.filter((row) => row.audits > 0);
      const total = [
        audits,
        average(
          read.reduce((sum, row) => sum + row.sum, 0),
          audits,
        ),
        scores.length ? Math.min(...scores.map((row) => row.lowest ?? 100)) : null,
        scores.length ? Math.max(...scores.map((row) => row.highest ?? 0)) : null,
      ];
      return { chart: overTime ? 'line' : 'bar', columns, rows, total, asOf: null };
    },
    async records(query, drill) {
      const group = GROUPINGS[query.by] ?? GROUPINGS.month!;
      const keyFits = query.by === 'month' ? isMonthKey(drill.key) : isUuidKey(drill.key);
      if (!keyFits || (drill.column !== undefined && drill.column !== 'audits'))
        return recordsPage([], 0, drill);
      const filtered = sql`${where(query)}
        ${query.by === 'month' ? sql`AND ${group.key} = ${drill.key}` : keyIs(group.key, drill.key)}`;
      const [rows, [counted]] = await Promise.all([
        reader.rows<{ id: string; name: string; workplace: string | null; day: string; score: number }>(
          sql`SELECT a.id, a.name, w.name AS workplace, to_char(a."auditDate", 'YYYY-MM-DD') AS day, a.score
            ${FROM} ${filtered} ORDER BY a."auditDate" DESC, a.id DESC ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total ${FROM} ${filtered}`),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.name,
        detail: row.workplace ?? NO_WORKPLACE,
        date: row.day,
        status: `Score ${row.score}%`,
        path: auditDetailsPath(row.id),
      }));
      return recordsPage(items, counted?.total ?? 0, drill);
    },
    options: (viewer) => auditTemplateOptions(reader, viewer),
  };
}

/**
 * The audit templates of the organisation (those retired too: their audits still count), for the
 * template filter of both audit reports.
 */
export async function auditTemplateOptions(reader: ReportDeps['reader'], viewer: ReportViewer) {
  const templates = await reader.rows<{ _id: string; name: string }>(
    sql`SELECT t.id AS "_id", t.name FROM "FormTemplate" t
      WHERE t."companyId" = ${uuid(viewer.companyId)} AND t."formType" = 'audit'
      ORDER BY t.name, t.id`,
  );
  return { templates };
}
