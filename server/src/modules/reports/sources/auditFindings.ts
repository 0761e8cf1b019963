import { auditDetailsPath, type TReportColumn } from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import { rollupStamp } from '../rollups';
import { auditTemplateOptions } from './auditScores';
import {
  countColumn,
  inPeriod,
  isUuidKey,
  keyIs,
  largestFirst,
  NO_WORKPLACE,
  pageSql,
  recordsPage,
  sums,
  whenSet,
  type GroupRead,
  groupName,
} from './groups';

/**
 * The audit questions that raised the most findings (AuditQuestionTask rows), how many are still
 * open and how many audits raised them; by question, workplace or template, over the period of the
 * audits' dates. A large organisation has 50,000 findings: the figures come from two rollups
 * (migration 20261130055000_report_register_indexes), the questions of one workplace or template
 * (a fiftieth of them) are counted live.
 */

const QUESTIONS = 'report_audit_questions';
const AUDITS = 'report_audit_finding_audits';

const COLUMNS: TReportColumn[] = [
  countColumn('findings', 'Findings'),
  countColumn('openFindings', 'Open findings'),
  { id: 'audits', label: 'Audits', unit: 'count', charted: 'no', drill: 'no' },
];

/** The question as the report keys it: its text, cut to what a drill's key carries. */
const questionOf = (q: Sql) => sql`left(${q}.question, 200)`;

/** The groupings by the audit's workplace or template: the key's column and the named table. */
const AUDIT_GROUPINGS: Record<string, { key: Sql; table: string; none: string }> = {
  workplace: { key: sql`r."workplaceId"`, table: 'Workplace', none: NO_WORKPLACE },
  template: { key: sql`r."templateId"`, table: 'FormTemplate', none: 'No template' },
};

/** The audit filters on an audit-shaped row `r` (the audit itself or its rollup row). */
function auditFilters(query: ReportQuery): Sql {
  const { workplaceId, templateId } = query.filters;
  return sql`r."companyId" = ${uuid(query.viewer.companyId)} ${inPeriod(sql`r."auditDate"`, query.months)}
    ${whenSet(sql`r."workplaceId"`, workplaceId)} ${whenSet(sql`r."templateId"`, templateId)}`;
}

interface CountsRead {
  key: string | null;
  label: string | null;
  findings: number;
  open: number;
  audits: number;
}

export function auditFindingsSource({ reader }: ReportDeps): ReportSource {
  /**
   * Findings by question: the rollup by month, or live for one workplace or template; with the
   * audits that raised any (an audit raises several questions: not the sum of the rows).
   */
  async function byQuestion(
    query: ReportQuery,
  ): Promise<{ read: CountsRead[]; audits: number; live: boolean }> {
    const { workplaceId, templateId } = query.filters;
    if (workplaceId || templateId) {
      // The empty grouping set is the whole selection: its key is null.
      const read = await reader.rows<CountsRead>(
        sql`SELECT ${questionOf(sql`q`)} AS key, count(*)::int AS findings,
            (count(*) FILTER (WHERE NOT q."isComplete"))::int AS open, count(DISTINCT q."auditId")::int AS audits
          FROM "Audit" r JOIN "AuditQuestionTask" q ON q."auditId" = r.id AND q."companyId" = r."companyId"
          WHERE ${auditFilters(query)} GROUP BY GROUPING SETS ((${questionOf(sql`q`)}), ())`,
      );
      const all = read.find((row) => row.key === null);
      return { read: read.filter((row) => row !== all), audits: all?.audits ?? 0, live: true };
    }
    const [read, [raising]] = await Promise.all([
      reader.rows<CountsRead>(
        sql`SELECT r.question AS key, sum(r.findings)::int AS findings, sum(r.open)::int AS open,
            sum(r.audits)::int AS audits
          FROM report_audit_questions r
          WHERE r."companyId" = ${uuid(query.viewer.companyId)} ${inPeriod(sql`r.month`, query.months)}
          GROUP BY 1`,
      ),
      reader.rows<{ audits: number }>(
        sql`SELECT count(*)::int AS audits FROM report_audit_finding_audits r WHERE ${auditFilters(query)}`,
      ),
    ]);
    return { read, audits: raising?.audits ?? 0, live: false };
  }

  /** Findings by workplace or template, from the rollup of the audits that raised any. */
  async function byAudit(query: ReportQuery): Promise<CountsRead[]> {
    const group = AUDIT_GROUPINGS[query.by]!;
    return reader.rows<CountsRead>(
      sql`SELECT g.key::text AS key, ${groupName(group.table, query.viewer.companyId)} AS label, g.findings, g.open, g.audits
        FROM (SELECT ${group.key} AS key, sum(r.findings)::int AS findings, sum(r.open)::int AS open,
            count(*)::int AS audits
          FROM report_audit_finding_audits r WHERE ${auditFilters(query)} GROUP BY 1) g`,
    );
  }

  return {
    rollups: [QUESTIONS, AUDITS],
    async table(query) {
      const questions = query.by === 'question' ? await byQuestion(query) : null;
      const read = questions ? questions.read : await byAudit(query);
      const groups: GroupRead[] = read.map((row) => ({
        key: row.key,
        label: questions ? row.key : row.label,
        values: [row.findings, row.open, row.audits],
      }));
      const none = AUDIT_GROUPINGS[query.by]?.none ?? '';
      const rows = largestFirst(groups, 0, none);
      const live = questions?.live ?? false;
      const asOf = live ? null : await rollupStamp(reader, questions ? [QUESTIONS, AUDITS] : [AUDITS]);
      const total = sums(rows, COLUMNS);
      if (questions) total[2] = questions.audits;
      return { chart: 'bar', columns: COLUMNS, rows, total, asOf };
    },
    /** The findings behind a figure (all of the row's, or its open ones), live, latest due first. */
    async records(query, drill) {
      const column = drill.column;
      if (column !== undefined && column !== 'findings' && column !== 'openFindings')
        return recordsPage([], 0, drill);
      const group = AUDIT_GROUPINGS[query.by];
      if (group && !isUuidKey(drill.key)) return recordsPage([], 0, drill);
      const filtered = sql`FROM "AuditQuestionTask" q
        JOIN "Audit" r ON r.id = q."auditId" AND r."companyId" = q."companyId"
        WHERE ${auditFilters(query)}
        ${group ? keyIs(group.key, drill.key) : sql`AND ${questionOf(sql`q`)} = ${drill.key}`}
        ${column === 'openFindings' ? sql`AND NOT q."isComplete"` : emptySql}`;
      const [rows, [counted]] = await Promise.all([
        reader.rows<{
          id: string;
          question: string;
          auditId: string;
          audit: string;
          workplace: string | null;
          due: string;
          isComplete: boolean;
        }>(
          sql`SELECT q.id, q.question, q."auditId", r.name AS audit,
              (SELECT w.name FROM "Workplace" w WHERE w.id = r."workplaceId" AND w."companyId" = r."companyId") AS workplace,
              to_char(q."dueDate", 'YYYY-MM-DD') AS due, q."isComplete"
            ${filtered} ORDER BY q."dueDate" DESC, q.id DESC ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total ${filtered}`),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.question,
        detail: `${row.audit} · ${row.workplace ?? NO_WORKPLACE}`,
        date: row.due,
        status: row.isComplete ? 'Completed' : 'Open',
        path: auditDetailsPath(row.auditId),
      }));
      return recordsPage(items, counted?.total ?? 0, drill);
    },
    options: (viewer) => auditTemplateOptions(reader, viewer),
  };
}
