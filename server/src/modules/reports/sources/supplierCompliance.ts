import {
  COMPLIANT_STATES,
  REQUIREMENT_STATE_LABELS,
  requirementReviewPath,
  type RequirementState,
  type TReportColumn,
} from '@compass/shared';
import { emptySql, join, sql, uuid, type Sql } from '../../../db/sql';
import { currentRequirementsSql, requirementStateWhere } from '../../externalParties';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  countColumns,
  countedGroups,
  isUuid,
  isUuidKey,
  keyIs,
  largestFirst,
  percent,
  readRecords,
  recordsPage,
  sumOf,
  sums,
  whenSet,
  choicesOf,
  groupName,
} from './groups';

/**
 * Supplier compliance, as each company's page counts it: the requirements that stand (the newest
 * request of each type and party, the people who left aside) in the Requirements screen's states,
 * by company or requirement type. Read live: a few thousand requirements per organisation.
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
  ...countColumns(STATES, REQUIREMENT_STATE_LABELS),
  { id: 'compliance', label: 'Compliance %', unit: 'percent', charted: 'no', drill: 'no' },
];

/** The share of the counts (in STATES' order) in a compliant state. */
const compliance = (counts: (number | null)[]): number | null =>
  percent(
    sumOf(STATES.map((state, index) => (COMPLIANT_STATES.has(state) ? counts[index]! : 0))),
    sumOf(counts.slice(0, STATES.length)),
  );

/** The requirement `r`'s state: the register's own condition of each state (stateWhere). */
const stateSql = (today: string): Sql =>
  sql`CASE ${join(
    STATES.map((state) => sql`WHEN ${requirementStateWhere(state, today)} THEN ${state}`),
    ' ',
  )} END`;

const grouping = (query: ReportQuery) =>
  query.by === 'requirementType'
    ? { key: sql`r."requirementTypeId"`, name: groupName('RequirementType', query.viewer.companyId) }
    : { key: sql`r."supplierId"`, name: groupName('SupplierCompany', query.viewer.companyId) };

/** The organisation's requirements that stand under the filters; a category that is no type's id matches none. */
function current(query: ReportQuery): Sql {
  const { category, companyId } = query.filters;
  const filters =
    category !== undefined && !isUuid(category)
      ? sql`AND false`
      : sql`${whenSet(sql`r."supplierId"`, companyId)} ${whenSet(sql`r."requirementTypeId"`, category)}`;
  return sql`(${currentRequirementsSql(uuid(query.viewer.companyId), filters)}) r`;
}

export function supplierComplianceSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: [],
    async table(query) {
      const read = await countedGroups(
        reader,
        grouping(query),
        stateSql(query.today),
        STATES,
        sql`FROM ${current(query)}`,
      );
      const groups = read.map((group) => ({ ...group, values: [...group.values, compliance(group.values)] }));
      const rows = largestFirst(groups, 0, '');
      const total = sums(rows, COLUMNS);
      total[STATES.length] = compliance(total);
      return { chart: 'stackedBar', columns: COLUMNS, rows, total, asOf: null };
    },
    async records(query, drill) {
      const column = drill.column as RequirementState | undefined;
      if (!isUuidKey(drill.key) || (column !== undefined && !STATES.includes(column)))
        return recordsPage([], 0, drill);
      const { rows, total } = await readRecords<{
        id: string;
        type: string;
        company: string;
        person: string | null;
        supplierId: string;
        personnelId: string | null;
        dueDate: string;
        state: RequirementState;
      }>(
        reader,
        sql`r.id, t.name AS type, s.name AS company, r."supplierId", r."personnelId", r."dueDate",
          btrim(p."firstName" || ' ' || p."lastName") AS person, ${stateSql(query.today)} AS state`,
        sql`FROM ${current(query)}
          JOIN "SupplierCompany" s ON s.id = r."supplierId"
          JOIN "RequirementType" t ON t.id = r."requirementTypeId"
          LEFT JOIN "Personnel" p ON p.id = r."personnelId"
          WHERE true ${keyIs(grouping(query).key, drill.key)}
            ${column ? sql`AND ${requirementStateWhere(column, query.today)}` : emptySql}`,
        sql`r."dueDate" DESC, r.id DESC`,
        drill,
      );
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
      return recordsPage(items, total, drill);
    },
    async options(viewer) {
      return {
        categories: await choicesOf(reader, 'RequirementType', viewer.companyId),
        companies: await choicesOf(reader, 'SupplierCompany', viewer.companyId),
      };
    },
  };
}
