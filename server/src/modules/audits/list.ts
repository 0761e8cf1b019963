import {
  AUDIT_STATUS_LABELS,
  frequencyLabel,
  personName,
  taskDueType,
  type AuditStatus,
  type FrequencyUnit,
  type TAuditRow,
  type ZAuditFilters,
} from '@compass/shared';
import type { z } from 'zod';
import { planFor, type Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { exportRows, statementPage } from '../registerParts';

type Filters = z.output<typeof ZAuditFilters>;

const EXPORT_LIMIT = 50_000;

/** The Audit Register (the organisation's audits) or My Audit (the caller's), a page at a time. */
export async function listAudits(
  reader: Reader,
  auth: AuthContext,
  scope: 'register' | 'mine',
  request: Filters & { page: number; pageSize: number },
): Promise<{ rows: TAuditRow[]; total: number; totalCapped?: boolean }> {
  const today = callerToday(auth);
  const where = conditions(auth, scope, request);
  return statementPage(
    reader,
    request,
    {
      page: (limit) => page(where, request, limit),
      count: sql`SELECT 1 FROM "Audit" a WHERE ${where}`,
      // A search is planned for its words, as the risk register's: the trigram index finds the names.
      plan: planFor(request.search),
    },
    (row: ListRow) => rowOf(row, today),
  );
}

export async function auditsCsv(
  reader: Reader,
  auth: AuthContext,
  scope: 'register' | 'mine',
  filters: Filters,
): Promise<string> {
  const today = callerToday(auth);
  const statement = page(conditions(auth, scope, filters), filters, sql`LIMIT ${EXPORT_LIMIT}`);
  return exportRows(reader, statement, (row: ListRow) => rowOf(row, today), EXPORT_COLUMNS);
}

interface ListRow {
  id: string;
  name: string;
  templateName: string | null;
  auditor: { firstName: string; lastName: string } | null;
  workplace: string | null;
  branch: string | null;
  dueDate: string;
  status: AuditStatus;
  frequency: FrequencyUnit | null;
  score: number | null;
  openTasks: number;
}

function conditions(auth: AuthContext, scope: 'register' | 'mine', filters: Filters): Sql {
  const where = [sql`a."companyId" = ${uuid(auth.companyId)}`];
  // An organisation account has no employee: its My Audit is empty.
  if (scope === 'mine')
    where.push(auth.employeeId ? sql`a."ownerEmployeeId" = ${uuid(auth.employeeId)}` : sql`false`);
  else if (filters.auditorId) where.push(sql`a."ownerEmployeeId" = ${uuid(filters.auditorId)}`);
  if (filters.search) where.push(sql`a.name ILIKE ${containing(filters.search)}`);
  if (filters.status) where.push(sql`a.status = ${filters.status}::"AuditStatus"`);
  if (filters.templateId) where.push(sql`a."templateId" = ${uuid(filters.templateId)}`);
  if (filters.workplaceId) where.push(sql`a."workplaceId" = ${uuid(filters.workplaceId)}`);
  if (filters.dueFrom) where.push(sql`a."auditDate" >= ${filters.dueFrom}::date`);
  if (filters.dueTo) where.push(sql`a."auditDate" <= ${filters.dueTo}::date`);
  return join(where, ' AND ');
}

function order(filters: Filters, alias: Sql): Sql {
  const direction = filters.sortDirection === 'desc' ? sql`DESC` : sql`ASC`;
  const column = (name: string) => sql`${alias}.${sql([`"${name}"`])}`;
  const byId = sql`${column('id')} ${direction}`;
  switch (filters.sort) {
    case 'dueDate':
      return sql`${column('auditDate')} ${direction}, ${byId}`;
    case 'name':
      return sql`${column('name')} ${direction}, ${byId}`;
    case 'status':
      return sql`${column('status')} ${direction}, ${column('auditDate')} ${direction}, ${byId}`;
    case 'createdAt':
      return sql`${column('createdAt')} ${direction}, ${byId}`;
  }
}

function page(where: Sql, filters: Filters, limit: Sql): Sql {
  return sql`SELECT page.id, page.name, t.name AS "templateName",
      (SELECT json_build_object('firstName', e."firstName", 'lastName', e."lastName")
        FROM "Employee" e WHERE e.id = page."ownerEmployeeId" AND e."companyId" = page."companyId") AS auditor,
      w.name AS workplace, b.name AS branch, to_char(page."auditDate", 'YYYY-MM-DD') AS "dueDate",
      page.status::text AS status, page.frequency::text AS frequency, page.score,
      (SELECT count(*)::int FROM "AuditQuestionTask" q
        WHERE q."auditId" = page.id AND q."companyId" = page."companyId" AND NOT q."isComplete") AS "openTasks"
    FROM (SELECT a.* FROM "Audit" a WHERE ${where} ORDER BY ${order(filters, sql`a`)} ${limit}) page
    LEFT JOIN "FormTemplate" t ON t.id = page."templateId" AND t."companyId" = page."companyId"
    LEFT JOIN "Workplace" w ON w.id = page."workplaceId" AND w."companyId" = page."companyId"
    LEFT JOIN "Branch" b ON b.id = page."branchId" AND b."companyId" = page."companyId"
    ORDER BY ${order(filters, sql`page`)}`;
}

function rowOf(row: ListRow, today: string): TAuditRow {
  return {
    _id: row.id,
    name: row.name,
    templateName: row.templateName,
    auditor: row.auditor ? personName(row.auditor) : null,
    workplace: row.workplace,
    branch: row.branch,
    dueDate: row.dueDate,
    taskDueDateType: row.status === 'closed' ? 'nodue' : taskDueType(row.dueDate, today),
    status: row.status,
    frequency: row.frequency,
    score: row.score,
    openTasks: row.openTasks,
  };
}

const EXPORT_COLUMNS = [
  { header: 'Audit', value: (row: TAuditRow) => row.name },
  { header: 'Template', value: (row: TAuditRow) => row.templateName },
  { header: 'Auditor', value: (row: TAuditRow) => row.auditor },
  { header: 'Workplace', value: (row: TAuditRow) => row.workplace },
  { header: 'Branch', value: (row: TAuditRow) => row.branch },
  { header: 'Due date', value: (row: TAuditRow) => row.dueDate },
  { header: 'Status', value: (row: TAuditRow) => AUDIT_STATUS_LABELS[row.status] },
  { header: 'Frequency', value: (row: TAuditRow) => (row.frequency ? frequencyLabel(row.frequency) : '') },
  { header: 'Score %', value: (row: TAuditRow) => row.score },
  { header: 'Open tasks', value: (row: TAuditRow) => row.openTasks },
];
