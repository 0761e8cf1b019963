import { buildPath, seg, type TReportColumn } from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  countColumn,
  inPeriod,
  isUuidKey,
  keyIs,
  largestFirst,
  monthRows,
  pageSql,
  periodMonths,
  recordsPage,
  sums,
  whenSet,
  countedGroups,
  type GroupRead,
} from './groups';
import { supplierCompanies } from './supplierCompliance';

/**
 * Forms assigned to supplier companies (SupplierAssignment): submitted (anything past 'assigned'),
 * waiting (not yet, due today or later) and overdue, by company, template or the month assigned.
 * Read live: thousands of assignments per organisation.
 */

const STATES = ['submitted', 'waiting', 'overdue'] as const;
type State = (typeof STATES)[number];
const LABELS: Record<State, string> = { submitted: 'Submitted', waiting: 'Waiting', overdue: 'Overdue' };
const COLUMNS: TReportColumn[] = STATES.map((state) => countColumn(state, LABELS[state]));

const stateSql = (today: string): Sql => sql`CASE WHEN a.status <> 'assigned' THEN 'submitted'
    WHEN a."dueDate" < ${today}::date THEN 'overdue' ELSE 'waiting' END`;

/** The organisation's day the form was assigned on. */
const assignedDay = (timeZone: string): Sql =>
  sql`(a."createdAt" AT TIME ZONE 'UTC' AT TIME ZONE ${timeZone})::date`;

/** The grouping's column, and the name of a group read by its key. */
function grouping(query: ReportQuery) {
  if (query.by === 'template')
    return {
      key: sql`a."formTemplateId"`,
      name: (key: Sql): Sql => sql`(SELECT name FROM "FormTemplate" WHERE id = ${key})`,
      uuid: true,
    };
  if (query.by === 'month')
    return {
      key: sql`to_char(${assignedDay(query.viewer.timeZone)}, 'YYYY-MM')`,
      name: () => sql`NULL`,
      uuid: false,
    };
  return {
    key: sql`a."supplierId"`,
    name: (key: Sql): Sql => sql`(SELECT name FROM "SupplierCompany" WHERE id = ${key})`,
    uuid: true,
  };
}

const FROM = sql`FROM "SupplierAssignment" a
  JOIN "SupplierCompany" s ON s.id = a."supplierId"
  JOIN "FormTemplate" t ON t.id = a."formTemplateId"`;

function where(query: ReportQuery): Sql {
  const { companyId, templateId } = query.filters;
  return sql`WHERE a."companyId" = ${uuid(query.viewer.companyId)}
    ${whenSet(sql`a."supplierId"`, companyId)} ${whenSet(sql`a."formTemplateId"`, templateId)}
    ${inPeriod(assignedDay(query.viewer.timeZone), query.months)}`;
}

export function supplierFormsSource({ reader }: ReportDeps): ReportSource {
  return {
    rollups: [],
    async table(query) {
      const group = grouping(query);
      const state = stateSql(query.today);
      const read = await reader.rows<{ key: string; label: string; counts: number[] }>(
        countedGroups(group, state, STATES, sql`FROM "SupplierAssignment" a ${where(query)}`),
      );
      const groups: GroupRead[] = read.map((row) => ({ key: row.key, label: row.label, values: row.counts }));
      const rows =
        query.by === 'month' && query.months
          ? monthRows(
              groups,
              periodMonths(query.months, groups.map((g) => g.key!).sort()[0] ?? null),
              [0, 0, 0],
            )
          : largestFirst(groups, 0, '');
      return { chart: 'stackedBar', columns: COLUMNS, rows, total: sums(rows, COLUMNS), asOf: null };
    },
    async records(query, drill) {
      const group = grouping(query);
      const state = stateSql(query.today);
      const column = drill.column as State | undefined;
      const keyFits = group.uuid ? isUuidKey(drill.key) : /^\d{4}-\d{2}$/.test(drill.key);
      if (!keyFits || (column !== undefined && !STATES.includes(column))) return recordsPage([], 0, drill);
      const filtered = sql`${where(query)}
        ${group.uuid ? keyIs(group.key, drill.key) : sql`AND ${group.key} = ${drill.key}`}
        ${column ? sql`AND ${state} = ${column}` : emptySql}`;
      const [rows, [counted]] = await Promise.all([
        reader.rows<{
          id: string;
          template: string;
          templateId: string;
          company: string;
          supplierId: string;
          submissionId: string | null;
          dueDate: string;
          state: State;
        }>(
          sql`SELECT a.id, t.name AS template, a."formTemplateId" AS "templateId", s.name AS company,
              a."supplierId", a."submissionId", a."dueDate", ${state} AS state
            ${FROM} ${filtered}
            ORDER BY a."createdAt" DESC, a.id DESC ${pageSql(drill)}`,
        ),
        reader.rows<{ total: number }>(sql`SELECT count(*)::int AS total ${FROM} ${filtered}`),
      ]);
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.template,
        detail: row.company,
        date: row.dueDate,
        status: LABELS[row.state],
        path: assignmentPath(row),
      }));
      return recordsPage(items, counted?.total ?? 0, drill);
    },
    async options(viewer) {
      const templates = await reader.rows<{ _id: string; name: string }>(
        sql`SELECT id AS "_id", name FROM "FormTemplate"
          WHERE "companyId" = ${uuid(viewer.companyId)} AND "formType" = 'supplier' ORDER BY name, id`,
      );
      return { templates, companies: await supplierCompanies(reader, viewer.companyId) };
    },
  };
}

/**
 * The reviewer's page of a submitted form (the work item's target, supplier.supplierReviwer), the
 * company's page while nothing is submitted.
 */
function assignmentPath(row: {
  id: string;
  templateId: string;
  supplierId: string;
  submissionId: string | null;
}) {
  if (!row.submissionId) return buildPath(['external-parties', 'companies', seg(row.supplierId)]);
  return buildPath(['external-parties', 'form-submit', 'review', seg(row.id), seg(row.templateId)], {
    formSumissionId: row.submissionId,
    supplierId: row.supplierId,
  });
}
