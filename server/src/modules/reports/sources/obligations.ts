import {
  OBLIGATION_COMPLIANCE,
  OBLIGATION_COMPLIANCE_LABELS,
  OBLIGATION_TYPE_LABELS,
  OBLIGATION_TYPES,
  obligationCompliance,
  obligationEditPath,
  type ObligationCompliance,
  type ObligationType,
  type TReportColumn,
  type TReportRecords,
  type TReportRow,
} from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDeps, ReportDrill, ReportQuery, ReportSource } from '../source';
import {
  countColumn,
  groupName,
  isUuidKey,
  largestFirst,
  pageSql,
  recordsPage,
  type GroupRead,
} from './groups';
import { reviewRows, reviewStateIs, reviewStateSql } from './registerGroups';

/**
 * The obligations register by compliance state (obligationCompliance, the shared rule, over the
 * question counts the triggers keep on each obligation), type, workplace and review. An obligation
 * of no particular workplace applies to every one (as the register's filter reads it); by workplace
 * it is the row "Every workplace"; one of several workplaces counts under each, and once in the total.
 * Read live: 3,000 obligations at most.
 */

const COLUMNS: TReportColumn[] = [countColumn('obligations', 'Obligations')];
/** The key of the obligations that name no workplace. */
const EVERY_WORKPLACE = 'all';

const isType = (value: string): value is ObligationType =>
  (OBLIGATION_TYPES as readonly string[]).includes(value);

function where(query: ReportQuery): Sql {
  const { workplaceId, category } = query.filters;
  return sql`WHERE o."companyId" = ${uuid(query.viewer.companyId)}
    ${workplaceId ? sql`AND (o."workplaceIds" = '{}' OR ${uuid(workplaceId)} = ANY(o."workplaceIds"))` : emptySql}
    ${category === undefined ? emptySql : isType(category) ? sql`AND o.type = ${category}::"ObligationType"` : sql`AND false`}`;
}

interface TallyRead {
  questions: number;
  open: number;
  firstOpenDue: string | null;
}
const stateOf = (row: TallyRead, today: string): ObligationCompliance => obligationCompliance(row, today);

interface RecordRead extends TallyRead {
  id: string;
  name: string;
  type: ObligationType;
  nextReview: string | null;
}

const RECORD_COLUMNS = sql`o.id, o.name, o.type::text AS type, to_char(o."nextReviewDate", 'YYYY-MM-DD') AS "nextReview",
  o."questionCount" AS questions, o."openQuestionCount" AS open, to_char(o."firstOpenDue", 'YYYY-MM-DD') AS "firstOpenDue"`;
const ORDER = sql`ORDER BY o."updatedAt" DESC, o.id DESC`;

export function obligationsSource({ reader }: ReportDeps): ReportSource {
  async function stateRows(query: ReportQuery): Promise<TReportRow[]> {
    const read = await reader.rows<TallyRead & { count: number }>(
      sql`SELECT o."questionCount" AS questions, o."openQuestionCount" AS open,
          to_char(o."firstOpenDue", 'YYYY-MM-DD') AS "firstOpenDue", count(*)::int AS count
        FROM "Obligation" o ${where(query)} GROUP BY 1, 2, 3`,
    );
    const counts = new Map<ObligationCompliance, number>();
    for (const row of read) {
      const state = stateOf(row, query.today);
      counts.set(state, (counts.get(state) ?? 0) + row.count);
    }
    return OBLIGATION_COMPLIANCE.map((state) => ({
      key: state,
      label: OBLIGATION_COMPLIANCE_LABELS[state],
      values: [counts.get(state) ?? 0],
    }));
  }

  async function groupRows(query: ReportQuery): Promise<TReportRow[]> {
    if (query.by === 'review') {
      const read = await reader.rows<{ key: string; count: number }>(
        sql`SELECT ${reviewStateSql(sql`o."nextReviewDate"`, query.today)} AS key, count(*)::int AS count
          FROM "Obligation" o ${where(query)} GROUP BY 1`,
      );
      return reviewRows(
        read.map((row) => ({ key: row.key, label: null, values: [row.count] })),
        [0],
      );
    }
    if (query.by === 'type') {
      const read = await reader.rows<{ key: ObligationType; count: number }>(
        sql`SELECT o.type::text AS key, count(*)::int AS count FROM "Obligation" o ${where(query)} GROUP BY 1`,
      );
      const groups: GroupRead[] = read.map((row) => ({
        key: row.key,
        label: OBLIGATION_TYPE_LABELS[row.key],
        values: [row.count],
      }));
      return largestFirst(groups, 0, '');
    }
    const read = await reader.rows<{ key: string; label: string | null; count: number }>(
      sql`SELECT coalesce(g.key::text, ${EVERY_WORKPLACE}) AS key, ${groupName('Workplace', query.viewer.companyId)} AS label,
          g.count
        FROM (SELECT p.id AS key, count(*)::int AS count
          FROM "Obligation" o LEFT JOIN LATERAL unnest(o."workplaceIds") AS p(id) ON true
          ${where(query)} GROUP BY 1) g`,
    );
    const groups: GroupRead[] = read.map((row) => ({
      key: row.key,
      label: row.key === EVERY_WORKPLACE ? 'Every workplace' : row.label,
      values: [row.count],
    }));
    return largestFirst(groups, 0, '');
  }

  /** The condition of a drill's row other than a state; null when the key names nothing. */
  function rowCondition(query: ReportQuery, key: string): Sql | null {
    if (query.by === 'review') return reviewStateIs(sql`o."nextReviewDate"`, key, query.today);
    if (query.by === 'type') return isType(key) ? sql`AND o.type = ${key}::"ObligationType"` : null;
    if (key === EVERY_WORKPLACE) return sql`AND o."workplaceIds" = '{}'`;
    return isUuidKey(key) && key !== 'none' ? sql`AND ${uuid(key)} = ANY(o."workplaceIds")` : null;
  }

  const items = (rows: RecordRead[], today: string) =>
    rows.map((row) => ({
      _id: row.id,
      title: row.name,
      detail: OBLIGATION_TYPE_LABELS[row.type],
      date: row.nextReview,
      status: OBLIGATION_COMPLIANCE_LABELS[stateOf(row, today)],
      path: obligationEditPath(row.id),
    }));

  /**
   * A state's obligations: the state is the shared rule's, so they are picked here from the
   * organisation's obligations (3,000 at most) rather than by a second copy of the rule in SQL.
   */
  async function stateRecords(query: ReportQuery, drill: ReportDrill): Promise<TReportRecords> {
    if (!(OBLIGATION_COMPLIANCE as readonly string[]).includes(drill.key)) return recordsPage([], 0, drill);
    const all = await reader.rows<RecordRead>(
      sql`SELECT ${RECORD_COLUMNS} FROM "Obligation" o ${where(query)} ${ORDER}`,
    );
    const matching = all.filter((row) => stateOf(row, query.today) === drill.key);
    const start = (drill.page - 1) * drill.pageSize;
    return recordsPage(
      items(matching.slice(start, start + drill.pageSize), query.today),
      matching.length,
      drill,
    );
  }

  return {
    rollups: [],
    async table(query) {
      // The total counts the selection: an obligation of several workplaces is one obligation.
      const [rows, [all]] = await Promise.all([
        query.by === 'state' ? stateRows(query) : groupRows(query),
        reader.rows<{ count: number }>(
          sql`SELECT count(*)::int AS count FROM "Obligation" o ${where(query)}`,
        ),
      ]);
      return { chart: 'bar', columns: COLUMNS, rows, total: [all?.count ?? 0], asOf: null };
    },
    async records(query, drill) {
      if (drill.column !== undefined && drill.column !== 'obligations') return recordsPage([], 0, drill);
      if (query.by === 'state') return stateRecords(query, drill);
      const condition = rowCondition(query, drill.key);
      if (!condition) return recordsPage([], 0, drill);
      const filtered = sql`${where(query)} ${condition}`;
      const [rows, [counted]] = await Promise.all([
        reader.rows<RecordRead>(
          sql`SELECT ${RECORD_COLUMNS} FROM "Obligation" o ${filtered} ${ORDER} ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total FROM "Obligation" o ${filtered}`),
      ]);
      return recordsPage(items(rows, query.today), counted?.total ?? 0, drill);
    },
    options: async () => ({
      categories: OBLIGATION_TYPES.map((type) => ({ _id: type, name: OBLIGATION_TYPE_LABELS[type] })),
    }),
  };
}
