import {
  frequencyLabel,
  OBLIGATION_COMPLIANCE_LABELS,
  OBLIGATION_TYPE_LABELS,
  obligationCompliance,
  personName,
  taskDueType,
  type FrequencyUnit,
  type ObligationCompliance,
  type ObligationType,
  type TObligationRow,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZObligationFilters } from '@compass/shared';
import type { Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { exportRows, statementPage } from '../registerParts';

type Filters = z.output<typeof ZObligationFilters>;

/** The most rows one CSV export writes: the whole register of a large organisation. */
const EXPORT_LIMIT = 50_000;

/** A page of the register, filtered and sorted. */
export async function listObligations(
  reader: Reader,
  auth: AuthContext,
  request: Filters & { page: number; pageSize: number },
): Promise<{ rows: TObligationRow[]; total: number; totalCapped?: boolean }> {
  const today = callerToday(auth);
  const where = conditions(auth.companyId, request, today);
  return statementPage(
    reader,
    request,
    { page: (limit) => page(where, request, limit), count: sql`SELECT 1 FROM "Obligation" o WHERE ${where}` },
    (row: ListRow) => rowOf(row, today),
  );
}

/** The filtered register as CSV, in the list's order. */
export async function obligationsCsv(reader: Reader, auth: AuthContext, filters: Filters): Promise<string> {
  const today = callerToday(auth);
  const statement = page(conditions(auth.companyId, filters, today), filters, sql`LIMIT ${EXPORT_LIMIT}`);
  return exportRows(reader, statement, (row: ListRow) => rowOf(row, today), EXPORT_COLUMNS);
}

interface ListRow {
  id: string;
  name: string;
  type: ObligationType;
  authority: string;
  reference: string;
  reviewFrequency: FrequencyUnit | null;
  /** yyyy-MM-dd (the reader hands dates over as text). */
  nextReviewDate: string | null;
  owner: { firstName: string; lastName: string } | null;
  reviewer: { firstName: string; lastName: string } | null;
  workplaceNames: string[] | null;
  questions: number;
  open: number;
  firstOpenDue: string | null;
}

/**
 * The four statuses of obligationCompliance (shared) as conditions on an obligation `o`, on the
 * question counts its triggers keep (see the migration 20261125120000_obligations_register).
 */
function complianceCondition(status: ObligationCompliance, today: string): Sql {
  switch (status) {
    case 'notAssessed':
      return sql`o."questionCount" = 0`;
    case 'compliant':
      return sql`o."questionCount" > 0 AND o."openQuestionCount" = 0`;
    case 'overdue':
      return sql`o."firstOpenDue" < ${today}::date`;
    case 'inProgress':
      return sql`o."firstOpenDue" >= ${today}::date`;
  }
}

function conditions(companyId: string, filters: Filters, today: string): Sql {
  const where = [sql`o."companyId" = ${uuid(companyId)}`];
  if (filters.search) {
    const pattern = containing(filters.search);
    // The expression of the trigram index "Obligation_search_trgm_idx" (see the migration).
    where.push(sql`(o.name || ' ' || o.reference || ' ' || o.authority) ILIKE ${pattern}`);
  }
  if (filters.type) where.push(sql`o.type = ${filters.type}::"ObligationType"`);
  if (filters.ownerId) where.push(sql`o."ownerEmployeeId" = ${uuid(filters.ownerId)}`);
  // An obligation of no particular workplace applies to every one.
  if (filters.workplaceId)
    where.push(sql`(o."workplaceIds" = '{}' OR ${uuid(filters.workplaceId)} = ANY(o."workplaceIds"))`);
  if (filters.compliance) where.push(complianceCondition(filters.compliance, today));
  return join(where, ' AND ');
}

const COLUMNS = {
  id: sql`id`,
  name: sql`name`,
  type: sql`type`,
  nextReviewDate: sql`"nextReviewDate"`,
  createdAt: sql`"createdAt"`,
};

function order(filters: Filters, alias: Sql): Sql {
  const direction = filters.sortDirection === 'desc' ? sql`DESC` : sql`ASC`;
  const column = (name: keyof typeof COLUMNS) => sql`${alias}.${COLUMNS[name]}`;
  const byId = sql`${column('id')} ${direction}`;
  switch (filters.sort) {
    case 'nextReviewDate':
      // Obligations with no review scheduled come last either way.
      return sql`${column('nextReviewDate')} ${direction} NULLS LAST, ${byId}`;
    case 'name':
      return sql`${column('name')} ${direction}, ${byId}`;
    case 'type':
      return sql`${column('type')} ${direction}, ${column('name')} ${direction}, ${byId}`;
    case 'createdAt':
      return sql`${column('createdAt')} ${direction}, ${byId}`;
  }
}

/** The page (or the whole export) of matching obligations with their names and question counts. */
function page(where: Sql, filters: Filters, limit: Sql): Sql {
  const person = (
    column: Sql,
  ) => sql`(SELECT json_build_object('firstName', e."firstName", 'lastName', e."lastName")
      FROM "Employee" e WHERE e.id = page.${column} AND e."companyId" = page."companyId")`;
  return sql`SELECT page.id, page.name, page.type::text AS type, page.authority, page.reference,
      page."reviewFrequency"::text AS "reviewFrequency", page."nextReviewDate",
      ${person(sql`"ownerEmployeeId"`)} AS owner, ${person(sql`"reviewerEmployeeId"`)} AS reviewer,
      (SELECT array_agg(w.name ORDER BY w.name) FROM "Workplace" w
        WHERE w.id = ANY(page."workplaceIds") AND w."companyId" = page."companyId") AS "workplaceNames",
      page."questionCount" AS questions, page."openQuestionCount" AS open, page."firstOpenDue"
    FROM (SELECT o.* FROM "Obligation" o WHERE ${where} ORDER BY ${order(filters, sql`o`)} ${limit}) page
    ORDER BY ${order(filters, sql`page`)}`;
}

function rowOf(row: ListRow, today: string): TObligationRow {
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    authority: row.authority,
    reference: row.reference,
    owner: row.owner ? personName(row.owner) : null,
    workplaceNames: row.workplaceNames ?? [],
    reviewFrequency: row.reviewFrequency,
    reviewer: row.reviewer ? personName(row.reviewer) : null,
    nextReviewDate: row.nextReviewDate,
    taskDueDateType: taskDueType(row.nextReviewDate, today),
    compliance: obligationCompliance(
      { questions: row.questions, open: row.open, firstOpenDue: row.firstOpenDue },
      today,
    ),
    questions: row.questions,
    openQuestions: row.open,
  };
}

const EXPORT_COLUMNS = [
  { header: 'Name', value: (row: TObligationRow) => row.name },
  { header: 'Type', value: (row: TObligationRow) => OBLIGATION_TYPE_LABELS[row.type] },
  { header: 'Jurisdiction / authority', value: (row: TObligationRow) => row.authority },
  { header: 'Reference', value: (row: TObligationRow) => row.reference },
  { header: 'Owner', value: (row: TObligationRow) => row.owner },
  {
    header: 'Workplaces',
    value: (row: TObligationRow) => (row.workplaceNames.length ? row.workplaceNames.join('; ') : 'All'),
  },
  {
    header: 'Review frequency',
    value: (row: TObligationRow) => (row.reviewFrequency ? frequencyLabel(row.reviewFrequency) : ''),
  },
  { header: 'Reviewer', value: (row: TObligationRow) => row.reviewer },
  { header: 'Next review', value: (row: TObligationRow) => row.nextReviewDate },
  { header: 'Compliance', value: (row: TObligationRow) => OBLIGATION_COMPLIANCE_LABELS[row.compliance] },
  { header: 'Questions', value: (row: TObligationRow) => row.questions },
  { header: 'Open questions', value: (row: TObligationRow) => row.openQuestions },
];
