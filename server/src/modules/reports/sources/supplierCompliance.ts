import {
  REQUIREMENT_EXPIRY_NOTICE_DAYS,
  REQUIREMENT_STATE_LABELS,
  REQUIREMENT_STATES,
  addDays,
  requirementReviewPath,
  type RequirementState,
  type TReportColumn,
} from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  countColumn,
  isUuid,
  isUuidKey,
  keyIs,
  largestFirst,
  pageSql,
  percent,
  recordsPage,
  sums,
  whenSet,
  countedGroups,
  type GroupRead,
} from './groups';

/**
 * Supplier compliance: every requirement of the supplier companies and their people, counted in
 * the states the Requirements screen shows (requirementState), by company or requirement type.
 * Read live: a few thousand requirements per organisation, on the (companyId, …) indexes.
 */

// The compliant states first: the chart stacks them at the bottom.
const STATES: readonly RequirementState[] = [
  'valid',
  'expiringSoon',
  'expired',
  'awaitingReview',
  'toProvide',
  'rejected',
];

const COLUMNS: TReportColumn[] = [
  ...STATES.map((state) => countColumn(state, REQUIREMENT_STATE_LABELS[state])),
  { id: 'compliance', label: 'Compliance %', unit: 'percent', charted: 'no', drill: 'no' },
];

/** The requirement `r`'s state as requirementState() works it out. */
const stateSql = (today: string): Sql => sql`CASE r.status
    WHEN 'pending' THEN 'toProvide' WHEN 'rejected' THEN 'rejected' WHEN 'submitted' THEN 'awaitingReview'
    ELSE CASE WHEN r."expiryDate" IS NULL THEN 'valid' WHEN r."expiryDate" < ${today}::date THEN 'expired'
      WHEN r."expiryDate" <= ${addDays(today, REQUIREMENT_EXPIRY_NOTICE_DAYS)}::date THEN 'expiringSoon'
      ELSE 'valid' END END`;

/** The grouping's column, and the name of a group read by its key. */
const grouping = (by: string) =>
  by === 'requirementType'
    ? {
        key: sql`r."requirementTypeId"`,
        name: (key: Sql): Sql => sql`(SELECT name FROM "RequirementType" WHERE id = ${key})`,
      }
    : {
        key: sql`r."supplierId"`,
        name: (key: Sql): Sql => sql`(SELECT name FROM "SupplierCompany" WHERE id = ${key})`,
      };

/** The organisation's requirements under the filters; a category that is no type's id matches none. */
function scope(query: ReportQuery): Sql {
  const { category, companyId } = query.filters;
  if (category !== undefined && !isUuid(category)) return sql`AND false`;
  return sql`${whenSet(sql`r."supplierId"`, companyId)} ${whenSet(sql`r."requirementTypeId"`, category)}`;
}

const FROM = sql`FROM "SupplierRequirement" r
  JOIN "SupplierCompany" s ON s.id = r."supplierId"
  JOIN "RequirementType" t ON t.id = r."requirementTypeId"
  LEFT JOIN "Personnel" p ON p.id = r."personnelId"`;

export function supplierComplianceSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: [],
    async table(query) {
      const group = grouping(query.by);
      const state = stateSql(query.today);
      const read = await reader.rows<{ key: string; label: string; counts: number[] }>(
        countedGroups(
          group,
          state,
          STATES,
          sql`FROM "SupplierRequirement" r WHERE r."companyId" = ${uuid(query.viewer.companyId)} ${scope(query)}`,
        ),
      );
      const groups: GroupRead[] = read.map((row) => ({
        key: row.key,
        label: row.label,
        values: [...row.counts, percent(row.counts[0]! + row.counts[1]!, total(row.counts))],
      }));
      const rows = largestFirst(groups, 0, '');
      const sum = sums(rows, COLUMNS);
      sum[STATES.length] = percent((sum[0] ?? 0) + (sum[1] ?? 0), total(sum.slice(0, STATES.length)));
      return { chart: 'stackedBar', columns: COLUMNS, rows, total: sum, asOf: null };
    },
    async records(query, drill) {
      const group = grouping(query.by);
      const state = stateSql(query.today);
      const column = drill.column as RequirementState | undefined;
      if (!isUuidKey(drill.key) || (column !== undefined && !REQUIREMENT_STATES.includes(column)))
        return recordsPage([], 0, drill);
      const where = sql`WHERE r."companyId" = ${uuid(query.viewer.companyId)} ${scope(query)}
        ${keyIs(group.key, drill.key)} ${column ? sql`AND ${state} = ${column}` : emptySql}`;
      const [rows, [counted]] = await Promise.all([
        reader.rows<{
          id: string;
          type: string;
          company: string;
          person: string | null;
          supplierId: string;
          personnelId: string | null;
          dueDate: string;
          state: RequirementState;
        }>(
          sql`SELECT r.id, t.name AS type, s.name AS company, r."supplierId", r."personnelId", r."dueDate",
              btrim(p."firstName" || ' ' || p."lastName") AS person, ${state} AS state
            ${FROM} ${where}
            ORDER BY r."dueDate" DESC, r.id DESC ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total ${FROM} ${where}`),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.type,
        detail: row.person ? `${row.person}, ${row.company}` : row.company,
        date: row.dueDate,
        status: REQUIREMENT_STATE_LABELS[row.state],
        path: requirementReviewPath({
          _id: row.id,
          supplierId: row.supplierId,
          personnelId: row.personnelId,
        }),
      }));
      return recordsPage(items, counted?.total ?? 0, drill);
    },
    async options(viewer) {
      const types = await reader.rows<{ _id: string; name: string }>(
        sql`SELECT id AS "_id", name FROM "RequirementType" WHERE "companyId" = ${uuid(viewer.companyId)} ORDER BY name, id`,
      );
      return { categories: types, companies: await supplierCompanies(reader, viewer.companyId) };
    },
  };
}

const total = (counts: (number | null)[]): number =>
  counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);

/** The organisation's supplier companies, the choices of the company filter. */
export const supplierCompanies = (reader: ReportDeps['reader'], companyId: string) =>
  reader.rows<{ _id: string; name: string }>(
    sql`SELECT id AS "_id", name FROM "SupplierCompany" WHERE "companyId" = ${uuid(companyId)} ORDER BY name, id`,
  );
