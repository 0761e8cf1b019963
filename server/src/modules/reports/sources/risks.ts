import {
  LEVEL_COLOURS,
  rateRisk,
  RATING_STEPS,
  RISK_LEVEL_LABELS,
  RISK_LEVELS,
  riskPath,
  scoreRangeOf,
  type RiskLevel,
  type TReportColumn,
  type TReportRow,
} from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  countColumn,
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
import { reviewRows, reviewStateIs, reviewStateSql } from './registerGroups';

/**
 * The risk register's picture: the risks still in use (a review retires a risk: inactive), master
 * ones included (a master risk is a register risk the forms also offer). Rated on the shared 5×5
 * matrix (rateRisk: the one rule of the bands). Read live: 5,000 risks at most, on the
 * (companyId, …) indexes.
 */

type Side = 'inherent' | 'residual';
const SIDE_COLUMNS: Record<Side, { likelihood: Sql; consequence: Sql }> = {
  inherent: { likelihood: sql`r."inherentLikelihood"`, consequence: sql`r."inherentConsequence"` },
  residual: { likelihood: sql`r."residualLikelihood"`, consequence: sql`r."residualConsequence"` },
};
const scoreOf = (side: Side) => sql`(${SIDE_COLUMNS[side].likelihood} * ${SIDE_COLUMNS[side].consequence})`;

/** The rating levels from the highest down, then the risks never rated. */
const RATING_KEYS = [...[...RISK_LEVELS].reverse(), 'none'] as const;
type RatingKey = (typeof RATING_KEYS)[number];
const RATING_LABELS: Record<RatingKey, string> = { ...RISK_LEVEL_LABELS, none: 'Not rated' };

/** A level's rows in SQL: the scores of its band (scoreRangeOf of the shared rule). */
function levelIs(side: Side, key: RatingKey): Sql {
  if (key === 'none') return sql`${scoreOf(side)} IS NULL`;
  const [lowest, highest] = scoreRangeOf(LEVEL_COLOURS[key]);
  return sql`${scoreOf(side)} BETWEEN ${lowest}::int AND ${highest}::int`;
}
const levelOf = (likelihood: number | null, consequence: number | null): RatingKey =>
  likelihood === null || consequence === null ? 'none' : rateRisk({ likelihood, consequence }).level;

const HIGH_OR_EXTREME = scoreRangeOf(LEVEL_COLOURS.high)[0];
const MATRIX_COLUMNS: TReportColumn[] = RATING_STEPS.map((step) =>
  countColumn(`consequence${step}`, `Consequence ${step}`),
);
const SIDE_OF: Record<string, Side> = { matrixBefore: 'inherent', matrixAfter: 'residual' };

const COLUMNS: Record<string, TReportColumn[]> = {
  rating: [countColumn('before', 'Before controls'), countColumn('after', 'After controls')],
  workplace: [countColumn('risks', 'Risks'), countColumn('highAfter', 'High or extreme after controls')],
  review: [countColumn('risks', 'Risks')],
};

function where(query: ReportQuery): Sql {
  const { workplaceId, personId } = query.filters;
  return sql`WHERE r."companyId" = ${uuid(query.viewer.companyId)} AND r."isActive"
    ${whenSet(sql`r."workplaceId"`, workplaceId)} ${whenSet(sql`r."ownerEmployeeId"`, personId)}`;
}

interface RatingRead {
  il: number | null;
  ic: number | null;
  rl: number | null;
  rc: number | null;
  count: number;
}

export function risksSource({ reader }: ReportDeps): ReportSource {
  async function ratingRows(query: ReportQuery): Promise<TReportRow[]> {
    const read = await reader.rows<RatingRead>(
      sql`SELECT r."inherentLikelihood" AS il, r."inherentConsequence" AS ic, r."residualLikelihood" AS rl,
          r."residualConsequence" AS rc, count(*)::int AS count
        FROM "Risk" r ${where(query)} GROUP BY 1, 2, 3, 4`,
    );
    const counts = new Map<RatingKey, [number, number]>(RATING_KEYS.map((key) => [key, [0, 0]]));
    for (const row of read) {
      counts.get(levelOf(row.il, row.ic))![0] += row.count;
      counts.get(levelOf(row.rl, row.rc))![1] += row.count;
    }
    return RATING_KEYS.map((key) => ({ key, label: RATING_LABELS[key], values: counts.get(key)! }));
  }

  async function matrixRows(query: ReportQuery, side: Side): Promise<TReportRow[]> {
    const { likelihood, consequence } = SIDE_COLUMNS[side];
    const read = await reader.rows<{ likelihood: number; consequence: number; count: number }>(
      sql`SELECT ${likelihood} AS likelihood, ${consequence} AS consequence, count(*)::int AS count
        FROM "Risk" r ${where(query)} AND ${likelihood} IS NOT NULL AND ${consequence} IS NOT NULL
        GROUP BY 1, 2`,
    );
    return [...RATING_STEPS].reverse().map((step) => ({
      key: String(step),
      label: `Likelihood ${step}`,
      values: RATING_STEPS.map(
        (column) => read.find((cell) => cell.likelihood === step && cell.consequence === column)?.count ?? 0,
      ),
    }));
  }

  async function countedRows(query: ReportQuery): Promise<TReportRow[]> {
    if (query.by === 'review') {
      const read = await reader.rows<{ key: string; count: number }>(
        sql`SELECT ${reviewStateSql(sql`r."nextReviewDate"`, query.today)} AS key, count(*)::int AS count
          FROM "Risk" r ${where(query)} GROUP BY 1`,
      );
      return reviewRows(
        read.map((row) => ({ key: row.key, label: null, values: [row.count] })),
        [0],
      );
    }
    const read = await reader.rows<{ key: string | null; label: string | null; risks: number; high: number }>(
      sql`SELECT g.key::text AS key, ${groupName('Workplace', query.viewer.companyId)} AS label, g.risks, g.high
        FROM (SELECT r."workplaceId" AS key, count(*)::int AS risks,
            (count(*) FILTER (WHERE ${scoreOf('residual')} >= ${HIGH_OR_EXTREME}::int))::int AS high
          FROM "Risk" r ${where(query)} GROUP BY 1) g`,
    );
    const groups: GroupRead[] = read.map((row) => ({ ...row, values: [row.risks, row.high] }));
    return largestFirst(groups, 0, NO_WORKPLACE);
  }

  /** The condition of a drill's row and column; null when they name nothing of the grouping. */
  function drillCondition(query: ReportQuery, key: string, column: string | undefined): Sql | null {
    const side = SIDE_OF[query.by];
    if (side) {
      const likelihood = Number(key);
      const consequence = column === undefined ? null : Number(column.replace('consequence', ''));
      if (
        !RATING_STEPS.includes(likelihood as 1) ||
        (consequence !== null && !RATING_STEPS.includes(consequence as 1))
      )
        return null;
      return sql`AND ${SIDE_COLUMNS[side].likelihood} = ${likelihood}::int AND ${SIDE_COLUMNS[side].consequence} IS NOT NULL
        ${consequence === null ? emptySql : sql`AND ${SIDE_COLUMNS[side].consequence} = ${consequence}::int`}`;
    }
    if (query.by === 'rating') {
      if (!(RATING_KEYS as readonly string[]).includes(key)) return null;
      const level = key as RatingKey;
      if (column === undefined)
        return sql`AND (${levelIs('inherent', level)} OR ${levelIs('residual', level)})`;
      if (column !== 'before' && column !== 'after') return null;
      return sql`AND ${levelIs(column === 'before' ? 'inherent' : 'residual', level)}`;
    }
    if (column !== undefined && !COLUMNS[query.by]!.some((known) => known.id === column)) return null;
    const highOnly =
      column === 'highAfter' ? sql`AND ${scoreOf('residual')} >= ${HIGH_OR_EXTREME}::int` : emptySql;
    if (query.by === 'review') return reviewStateIs(sql`r."nextReviewDate"`, key, query.today);
    return isUuidKey(key) ? sql`${keyIs(sql`r."workplaceId"`, key)} ${highOnly}` : null;
  }

  return {
    rollups: [],
    async table(query) {
      const side = SIDE_OF[query.by];
      const rows = side
        ? await matrixRows(query, side)
        : query.by === 'rating'
          ? await ratingRows(query)
          : await countedRows(query);
      const columns = side ? MATRIX_COLUMNS : COLUMNS[query.by]!;
      return { chart: side ? 'heatmap' : 'bar', columns, rows, total: sums(rows, columns), asOf: null };
    },
    async records(query, drill) {
      const condition = drillCondition(query, drill.key, drill.column);
      if (!condition) return recordsPage([], 0, drill);
      const filtered = sql`${where(query)} ${condition}`;
      const [rows, [counted]] = await Promise.all([
        reader.rows<{
          id: string;
          name: string;
          workplace: string | null;
          nextReview: string | null;
          rl: number | null;
          rc: number | null;
        }>(
          sql`SELECT r.id, r.name, w.name AS workplace, to_char(r."nextReviewDate", 'YYYY-MM-DD') AS "nextReview",
              r."residualLikelihood" AS rl, r."residualConsequence" AS rc
            FROM "Risk" r LEFT JOIN "Workplace" w ON w.id = r."workplaceId" AND w."companyId" = r."companyId"
            ${filtered} ORDER BY r."updatedAt" DESC, r.id DESC ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total FROM "Risk" r ${filtered}`),
      ]);
      const items = rows.map((row) => {
        const level = levelOf(row.rl, row.rc);
        return {
          _id: row.id,
          title: row.name,
          detail: row.workplace ?? NO_WORKPLACE,
          date: row.nextReview,
          status: level === 'none' ? 'Not rated' : `${RISK_LEVEL_LABELS[level as RiskLevel]} after controls`,
          path: riskPath(row.id),
        };
      });
      return recordsPage(items, counted?.total ?? 0, drill);
    },
    options: async () => ({}),
  };
}
