import { buildPath, seg, type TReportColumn } from '@compass/shared';
import { emptySql, sql, uuid, type Sql } from '../../../db/sql';
import type { ReportDeps, ReportQuery, ReportSource } from '../source';
import {
  countColumns,
  countedGroups,
  inPeriod,
  isMonthKey,
  isUuidKey,
  keyIs,
  largestFirst,
  monthRows,
  organisationDaySql,
  periodMonths,
  readRecords,
  recordsPage,
  sums,
  whenSet,
  choicesOf,
  groupName,
} from './groups';

/**
 * Forms assigned to supplier companies (SupplierAssignment) in the Form Register's states, a form
 * still with the supplier past its due date counted as overdue (the register's due marker), by
 * company, template or the month assigned. Read live: thousands of assignments per organisation.
 */

const STATES = ['assigned', 'overdue', 'submitted', 'reviewed', 'closed'] as const;
type State = (typeof STATES)[number];
// The Form Register's words (web externalParties/assignmentStatus.ts, DueMarker's "Overdue").
const LABELS: Record<State, string> = {
  assigned: 'With the supplier',
  overdue: 'Overdue',
  submitted: 'Submitted for review',
  reviewed: 'Reviewed',
  closed: 'Accepted and closed',
};
const COLUMNS: TReportColumn[] = countColumns(STATES, LABELS);

const stateSql = (today: string): Sql => sql`CASE WHEN a.status = 'assigned' AND a."dueDate" < ${today}::date
    THEN 'overdue' ELSE a.status::text END`;

/** The organisation's day the form was assigned on. */
const assignedDay = (timeZone: string): Sql => organisationDaySql(sql`a."createdAt"`, timeZone);

/** The grouping's column, and the name of a group read by its key. */
function grouping(query: ReportQuery) {
  const companyId = query.viewer.companyId;
  if (query.by === 'template')
    return { key: sql`a."formTemplateId"`, name: groupName('FormTemplate', companyId), uuid: true };
  if (query.by === 'month')
    return {
      key: sql`to_char(${assignedDay(query.viewer.timeZone)}, 'YYYY-MM')`,
      name: sql`NULL`,
      uuid: false,
    };
  return { key: sql`a."supplierId"`, name: groupName('SupplierCompany', companyId), uuid: true };
}

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
      const groups = await countedGroups(
        reader,
        grouping(query),
        stateSql(query.today),
        STATES,
        sql`FROM "SupplierAssignment" a ${where(query)}`,
      );
      const rows =
        query.by === 'month' && query.months
          ? monthRows(groups, periodMonths(query.months, groups), [0, 0, 0, 0, 0])
          : largestFirst(groups, 0, '');
      return { chart: 'stackedBar', columns: COLUMNS, rows, total: sums(rows, COLUMNS), asOf: null };
    },
    async records(query, drill) {
      const group = grouping(query);
      const state = stateSql(query.today);
      const column = drill.column as State | undefined;
      const keyFits = group.uuid ? isUuidKey(drill.key) : isMonthKey(drill.key);
      if (!keyFits || (column !== undefined && !STATES.includes(column))) return recordsPage([], 0, drill);
      const { rows, total } = await readRecords<{
        id: string;
        template: string;
        templateId: string;
        company: string;
        supplierId: string;
        submissionId: string | null;
        dueDate: string;
        state: State;
      }>(
        reader,
        sql`a.id, t.name AS template, a."formTemplateId" AS "templateId", s.name AS company,
          a."supplierId", a."submissionId", a."dueDate", ${state} AS state`,
        sql`FROM "SupplierAssignment" a
          JOIN "SupplierCompany" s ON s.id = a."supplierId"
          JOIN "FormTemplate" t ON t.id = a."formTemplateId"
          ${where(query)} ${group.uuid ? keyIs(group.key, drill.key) : sql`AND ${group.key} = ${drill.key}`}
          ${column ? sql`AND ${state} = ${column}` : emptySql}`,
        sql`a."createdAt" DESC, a.id DESC`,
        drill,
      );
      const items = rows.map((row) => ({
        _id: row.id,
        title: row.template,
        detail: row.company,
        date: row.dueDate,
        status: LABELS[row.state],
        path: assignmentPath(row),
      }));
      return recordsPage(items, total, drill);
    },
    async options(viewer) {
      const templates = await reader.rows<{ _id: string; name: string }>(
        sql`SELECT id AS "_id", name FROM "FormTemplate"
          WHERE "companyId" = ${uuid(viewer.companyId)} AND "formType" = 'supplier' ORDER BY name, id`,
      );
      return { templates, companies: await choicesOf(reader, 'SupplierCompany', viewer.companyId) };
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
