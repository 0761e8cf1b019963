import {
  HAZARD_CLASSES,
  hazardousPath,
  SDS_STATUS_LABELS,
  sdsStatus,
  type TReportColumn,
  type TReportRow,
} from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import { sdsMissingOrDueSql } from '../../hazardous';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  countColumn,
  drillKey,
  isUuidKey,
  keyIs,
  largestFirst,
  NO_WORKPLACE,
  pageSql,
  recordsPage,
  whenSet,
  type GroupRead,
} from './groups';
import { reviewRows, reviewStateIs, reviewStateSql } from './registerGroups';

/**
 * The hazardous substances held (active: a review retires one) by GHS hazard class, workplace,
 * storage location and review, with those whose safety data sheet is missing or due (the register's
 * "Missing or due" filter). A substance counts under each of its classes; the total counts it once.
 * Read live: 2,000 substances at most.
 */

const CLASS_LABELS = new Map<string, string>(HAZARD_CLASSES.map((entry) => [entry.key, entry.label]));
const COLUMNS: TReportColumn[] = [
  countColumn('substances', 'Substances'),
  countColumn('sdsDue', 'Missing or due'),
];

/** The storage location as the report keys it: its text, cut to what a drill's key carries. */
const LOCATION = sql`NULLIF(left(h."storageLocation", 200), '')`;

const GROUPINGS: Record<string, { key: Sql; label: Sql; from: Sql; none: string }> = {
  class: {
    key: sql`c.key`,
    label: sql`''`,
    from: sql`"HazardousSubstance" h LEFT JOIN LATERAL unnest(h."hazardClasses") AS c(key) ON true`,
    none: 'No hazard class',
  },
  workplace: {
    key: sql`h."workplaceId"::text`,
    label: sql`w.name`,
    from: sql`"HazardousSubstance" h
      LEFT JOIN "Workplace" w ON w.id = h."workplaceId" AND w."companyId" = h."companyId"`,
    none: NO_WORKPLACE,
  },
  location: {
    key: LOCATION,
    label: LOCATION,
    from: sql`"HazardousSubstance" h`,
    none: 'No storage location',
  },
};

function where(query: ReportQuery): Sql {
  const { workplaceId, category } = query.filters;
  return sql`WHERE h."companyId" = ${uuid(query.viewer.companyId)} AND h."isActive"
    ${whenSet(sql`h."workplaceId"`, workplaceId)}
    ${category ? sql`AND h."hazardClasses" @> ARRAY[${category}]::text[]` : emptySql}`;
}

/** The substances counted, and those of them whose sheet is missing or due. */
const countsSql = (today: string): Sql =>
  sql`count(*)::int AS substances, (count(*) FILTER (WHERE ${sdsMissingOrDueSql(sql`h`, today)}))::int AS due`;

interface CountsRead {
  key: string | null;
  label: string | null;
  substances: number;
  due: number;
}

export function hazardousSource({ reader }: ReportDeps): ReportSource {
  async function rowsOf(query: ReportQuery): Promise<TReportRow[]> {
    const counts = countsSql(query.today);
    if (query.by === 'review') {
      const read = await reader.rows<CountsRead>(
        sql`SELECT ${reviewStateSql(sql`h."nextReviewDate"`, query.today)} AS key, ${counts}
          FROM "HazardousSubstance" h ${where(query)} GROUP BY 1`,
      );
      return reviewRows(
        read.map((row) => ({ key: row.key, label: null, values: [row.substances, row.due] })),
        [0, 0],
      );
    }
    const group = GROUPINGS[query.by] ?? GROUPINGS.class!;
    const read = await reader.rows<CountsRead>(
      sql`SELECT ${group.key} AS key, min(${group.label}) AS label, ${counts}
        FROM ${group.from} ${where(query)} GROUP BY 1`,
    );
    const groups: GroupRead[] = read.map((row) => ({
      key: row.key,
      label: query.by === 'class' ? (CLASS_LABELS.get(row.key ?? '') ?? row.key) : row.label,
      values: [row.substances, row.due],
    }));
    return largestFirst(groups, 0, group.none);
  }

  /** The condition of a drill's row; null when the key names nothing of the grouping. */
  function rowCondition(query: ReportQuery, key: string): Sql | null {
    if (query.by === 'review') return reviewStateIs(sql`h."nextReviewDate"`, key, query.today);
    if (query.by === 'workplace') return isUuidKey(key) ? keyIs(sql`h."workplaceId"`, key) : null;
    const value = drillKey(key);
    if (query.by === 'location')
      return value === null ? sql`AND ${LOCATION} IS NULL` : sql`AND ${LOCATION} = ${value}`;
    return value === null
      ? sql`AND cardinality(h."hazardClasses") = 0`
      : sql`AND h."hazardClasses" @> ARRAY[${value}]::text[]`;
  }

  return {
    rollups: [],
    async table(query) {
      // The total counts the selection: a substance of several classes is one substance.
      const [rows, [all]] = await Promise.all([
        rowsOf(query),
        reader.rows<CountsRead>(
          sql`SELECT ${countsSql(query.today)} FROM "HazardousSubstance" h ${where(query)}`,
        ),
      ]);
      return {
        chart: 'bar',
        columns: COLUMNS,
        rows,
        total: [all?.substances ?? 0, all?.due ?? 0],
        asOf: null,
      };
    },
    async records(query, drill) {
      const condition = rowCondition(query, drill.key);
      if (!condition || (drill.column !== undefined && !COLUMNS.some((column) => column.id === drill.column)))
        return recordsPage([], 0, drill);
      const filtered = sql`${where(query)} ${condition}
        ${drill.column === 'sdsDue' ? sql`AND ${sdsMissingOrDueSql(sql`h`, query.today)}` : emptySql}`;
      const [rows, [counted]] = await Promise.all([
        reader.rows<{
          id: string;
          name: string;
          workplace: string | null;
          location: string;
          issued: string | null;
          expires: string | null;
        }>(
          sql`SELECT h.id, h.name, w.name AS workplace, h."storageLocation" AS location,
              to_char(h."sdsIssueDate", 'YYYY-MM-DD') AS issued, to_char(h."sdsExpiryDate", 'YYYY-MM-DD') AS expires
            FROM "HazardousSubstance" h
            LEFT JOIN "Workplace" w ON w.id = h."workplaceId" AND w."companyId" = h."companyId"
            ${filtered} ORDER BY h."updatedAt" DESC, h.id DESC ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(
          sql`SELECT count(*)::int AS total FROM "HazardousSubstance" h ${filtered}`,
        ),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.name,
        detail: [row.workplace ?? NO_WORKPLACE, row.location].filter(Boolean).join(' · '),
        date: row.expires,
        status: SDS_STATUS_LABELS[sdsStatus(row.issued, row.expires, query.today)],
        path: hazardousPath(row.id),
      }));
      return recordsPage(items, counted?.total ?? 0, drill);
    },
    async options(viewer) {
      const used = await reader.rows<{ key: string }>(
        sql`SELECT DISTINCT c.key FROM "HazardousSubstance" h, unnest(h."hazardClasses") AS c(key)
          WHERE h."companyId" = ${uuid(viewer.companyId)} AND h."isActive"`,
      );
      const categories = used
        .map((row) => ({ _id: row.key, name: CLASS_LABELS.get(row.key) ?? row.key }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { categories };
    },
  };
}
