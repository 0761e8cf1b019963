import { documentLibraryPath, type TReportColumn, type TReportRow } from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import { rollupStamp } from '../rollups';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  countColumn,
  employeeNameSql,
  inPeriod,
  isUuidKey,
  pageSql,
  percent,
  recordsPage,
  whenSet,
} from './groups';
import { reviewRows, reviewStateIs, reviewStateSql } from './registerGroups';

/**
 * Who has read what: the acknowledgements of each document's current version (those of an older
 * version lapsed or were read before it: docs/registers.md) by document or person (a rollup, whose
 * drill-downs read the requests live), over the period
 * of their due dates; the workplace is the reader's (who at Riverside Depot has read it). The
 * "Review" grouping counts the library's documents by their next review instead: a review is
 * the document's, so the acknowledgements' period, workplace and person do not narrow it.
 */

const STATES = ['acknowledged', 'outstanding', 'overdue'] as const;
type State = (typeof STATES)[number];
const LABELS: Record<State, string> = {
  acknowledged: 'Acknowledged',
  outstanding: 'Outstanding',
  overdue: 'Overdue',
};
const ACK_COLUMNS: TReportColumn[] = [
  ...STATES.map((state) => countColumn(state, LABELS[state])),
  { id: 'rate', label: 'Acknowledged %', unit: 'percent', charted: 'no', drill: 'no' },
];
const REVIEW_COLUMNS: TReportColumn[] = [countColumn('documents', 'Documents')];

const stateSql = (today: string): Sql => sql`CASE WHEN k."acknowledgedAt" IS NOT NULL THEN 'acknowledged'
  WHEN k."dueDate" < ${today}::date THEN 'overdue' ELSE 'outstanding' END`;

const ACKS = sql`FROM "DocumentAcknowledgement" k
  JOIN "Document" d ON d.id = k."documentId" AND d."companyId" = k."companyId" AND d."currentVersionId" = k."versionId"
  JOIN "Employee" e ON e.id = k."employeeId" AND e."companyId" = k."companyId"`;

function ackWhere(query: ReportQuery): Sql {
  const { workplaceId, personId } = query.filters;
  return sql`WHERE k."companyId" = ${uuid(query.viewer.companyId)} AND k."lapsedAt" IS NULL
    ${inPeriod(sql`k."dueDate"`, query.months)}
    ${whenSet(sql`e."workplaceId"`, workplaceId)} ${whenSet(sql`k."employeeId"`, personId)}`;
}

/** The library's documents that have a published version. */
const DOCUMENTS = (query: ReportQuery) =>
  sql`FROM "Document" d WHERE d."companyId" = ${uuid(query.viewer.companyId)} AND d."currentVersionId" IS NOT NULL`;

/** The requests by document or person, from the rollup (20,000 in a large organisation). */
const ROLLUP = 'report_document_acknowledgements';
const ROLLUP_GROUPINGS: Record<string, { key: Sql; label: Sql }> = {
  document: { key: sql`r."documentId"`, label: sql`r.document` },
  person: { key: sql`r."employeeId"`, label: sql`r.person` },
};
/** The same groupings on the live requests (a drill lists them as they are now). */
const LIVE_GROUPINGS: Record<string, Sql> = { document: sql`k."documentId"`, person: sql`k."employeeId"` };

export function documentsSource({ reader }: ReportDeps): ReportSource {
  /**
   * A row per document (20,000 in a large organisation) or person, ordered by the statement: largest
   * first, then by name (sorting that many in the process cost ten times the statement).
   */
  async function ackRows(query: ReportQuery): Promise<TReportRow[]> {
    const group = ROLLUP_GROUPINGS[query.by] ?? ROLLUP_GROUPINGS.document!;
    const { workplaceId, personId } = query.filters;
    const read = await reader.rows<{ key: string; label: string } & Record<State, number>>(
      sql`SELECT g.key::text AS key, g.label, g.acknowledged, g.outstanding, g.overdue
        FROM (SELECT ${group.key} AS key, min(${group.label}) AS label,
            (count(*) FILTER (WHERE r.acknowledged))::int AS acknowledged,
            (count(*) FILTER (WHERE NOT r.acknowledged AND r."dueDate" >= ${query.today}::date))::int AS outstanding,
            (count(*) FILTER (WHERE NOT r.acknowledged AND r."dueDate" < ${query.today}::date))::int AS overdue
          FROM report_document_acknowledgements r
          WHERE r."companyId" = ${uuid(query.viewer.companyId)} ${inPeriod(sql`r."dueDate"`, query.months)}
            ${whenSet(sql`r."workplaceId"`, workplaceId)} ${whenSet(sql`r."employeeId"`, personId)}
          GROUP BY ${group.key}) g
        ORDER BY g.acknowledged DESC, g.label, g.key`,
    );
    return read.map((row) => ({
      key: row.key,
      label: row.label,
      values: [
        ...STATES.map((state) => row[state]),
        percent(row.acknowledged, row.acknowledged + row.outstanding + row.overdue),
      ],
    }));
  }

  async function reviewTable(query: ReportQuery): Promise<TReportRow[]> {
    const read = await reader.rows<{ key: string; count: number }>(
      sql`SELECT ${reviewStateSql(sql`d."nextReviewDate"`, query.today)} AS key, count(*)::int AS count
        ${DOCUMENTS(query)} GROUP BY 1`,
    );
    return reviewRows(
      read.map((row) => ({ key: row.key, label: null, values: [row.count] })),
      [0],
    );
  }

  return {
    rollups: [ROLLUP],
    async table(query) {
      if (query.by === 'review') {
        const rows = await reviewTable(query);
        const total = [rows.reduce((sum, row) => sum + (row.values[0] ?? 0), 0)];
        return { chart: 'bar', columns: REVIEW_COLUMNS, rows, total, asOf: null };
      }
      const [rows, asOf] = await Promise.all([ackRows(query), rollupStamp(reader, [ROLLUP])]);
      const sum = (index: number) => rows.reduce((total, row) => total + (row.values[index] ?? 0), 0);
      const counts = STATES.map((_, index) => sum(index));
      const total = [...counts, percent(counts[0]!, counts[0]! + counts[1]! + counts[2]!)];
      return { chart: 'stackedBar', columns: ACK_COLUMNS, rows, total, asOf };
    },
    async records(query, drill) {
      if (query.by === 'review') {
        const state = reviewStateIs(sql`d."nextReviewDate"`, drill.key, query.today);
        if (!state || (drill.column !== undefined && drill.column !== 'documents'))
          return recordsPage([], 0, drill);
        const filtered = sql`${DOCUMENTS(query)} ${state}`;
        const [rows, [counted]] = await Promise.all([
          reader.rows<{ id: string; name: string; owner: string | null; nextReview: string | null }>(
            sql`SELECT d.id, d.name, to_char(d."nextReviewDate", 'YYYY-MM-DD') AS "nextReview",
                (SELECT ${employeeNameSql(sql`o`)} FROM "Employee" o
                  WHERE o.id = d."ownerEmployeeId" AND o."companyId" = d."companyId") AS owner
              ${filtered} ORDER BY d."nextReviewDate" DESC NULLS LAST, d.id DESC ${pageSql(drill)}`,
          ),
          reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total ${filtered}`),
        ]);
        const items = rows.map((row) => ({
          _id: row.id,
          title: row.name,
          detail: row.owner ? `Owner: ${row.owner}` : 'No owner',
          date: row.nextReview,
          status: row.nextReview
            ? `Review ${drill.key === 'overdue' ? 'overdue' : 'scheduled'}`
            : 'No review set',
          path: documentLibraryPath(row.id),
        }));
        return recordsPage(items, counted?.total ?? 0, drill);
      }
      const group = LIVE_GROUPINGS[query.by] ?? LIVE_GROUPINGS.document!;
      const column = drill.column as State | undefined;
      if (!isUuidKey(drill.key) || drill.key === 'none' || (column !== undefined && !STATES.includes(column)))
        return recordsPage([], 0, drill);
      const state = stateSql(query.today);
      const filtered = sql`${ackWhere(query)} AND ${group} = ${uuid(drill.key)}
        ${column ? sql`AND ${state} = ${column}` : emptySql}`;
      const [rows, [counted]] = await Promise.all([
        reader.rows<{
          id: string;
          documentId: string;
          document: string;
          person: string;
          due: string;
          state: State;
        }>(
          sql`SELECT k.id, k."documentId", d.name AS document, ${employeeNameSql(sql`e`)} AS person,
              to_char(k."dueDate", 'YYYY-MM-DD') AS due, ${state} AS state
            ${ACKS} ${filtered} ORDER BY k."dueDate" DESC, k.id DESC ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total ${ACKS} ${filtered}`),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.document,
        detail: row.person,
        date: row.due,
        status: LABELS[row.state],
        path: documentLibraryPath(row.documentId),
      }));
      return recordsPage(items, counted?.total ?? 0, drill);
    },
    options: async () => ({}),
  };
}
