import {
  displayDay,
  formNumberLabel,
  frequencyLabel,
  HR_FORM_STATUS_LABELS,
  personName,
  taskDueType,
  type FrequencyUnit,
  type HrFormStatus,
  type THrFormFilters,
  type THrFormListRequest,
  type THrFormRow,
} from '@compass/shared';
import { timestampOf, type ReadOptions, type Reader } from '../../db/reader';
import { containing, day, join, sql, uuid, type Sql } from '../../db/sql';
import type { AssignmentStatus } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { callerToday, organisationTodayRead } from '../../plugins/organisationDay';
import { matchingPeople, storedRepeat } from '../employees';
import { exportRows, latestDuePage } from '../registerParts';
import { hrFormsSql, requireHrForms } from './policy';

type Person = { firstName: string; lastName: string };

/** An assignment row with the names the register shows (a statement of the Reader). */
interface HrFormListRow {
  id: string;
  formTemplateId: string;
  formName: string | null;
  employeeId: string;
  employee: Person | null;
  reviewerEmployeeId: string | null;
  reviewer: Person | null;
  status: AssignmentStatus;
  cancelledAt: string | null;
  /** yyyy-MM-dd */
  dueDate: string;
  submissionId: string | null;
  formNumber: number | null;
  formIsDraft: boolean | null;
  returnCount: number;
  frequency: FrequencyUnit | null;
  repeatInterval: number | null;
  /** A `timestamp` as text (db/reader.ts). */
  createdAt: string;
}

/**
 * The wire's status: a withdrawn assignment is stored closed with its withdrawal's time; `reviewed`
 * (older data: reviewed, never closed) reads as closed — nothing is left to do with it.
 */
const statusOf = (row: { status: AssignmentStatus; cancelledAt: unknown }): HrFormStatus =>
  row.cancelledAt ? 'cancelled' : row.status === 'reviewed' ? 'closed' : row.status;

/** The assignments of a status, in SQL on `r`. */
function statusWhere(status: HrFormStatus): Sql {
  if (status === 'cancelled') return sql`r."cancelledAt" IS NOT NULL`;
  if (status === 'closed') return sql`r.status IN ('closed', 'reviewed') AND r."cancelledAt" IS NULL`;
  return sql`r.status = ${status}::"AssignmentStatus"`;
}

function rowOf(row: HrFormListRow, today: string): THrFormRow {
  const status = statusOf(row);
  return {
    _id: row.id,
    formTemplateId: row.formTemplateId,
    formName: row.formName ?? '',
    employeeId: row.employeeId,
    employeeName: row.employee ? personName(row.employee) : '',
    reviewerEmployeeId: row.reviewerEmployeeId,
    reviewerName: row.reviewerEmployeeId && row.reviewer ? personName(row.reviewer) : null,
    status,
    dueDate: row.dueDate,
    taskDueDateType: status === 'assigned' ? taskDueType(row.dueDate, today) : 'nodue',
    submissionId: row.submissionId,
    formNumber: row.formIsDraft === false && row.formNumber !== null ? formNumberLabel(row.formNumber) : null,
    returnCount: row.returnCount,
    repeat: storedRepeat(row),
    createdAt: timestampOf(row.createdAt).toISOString(),
  };
}

/** The first and last name of the organisation's employee `column` names, as JSON. */
const personJson = (column: Sql) =>
  sql`(SELECT json_build_object('firstName', p."firstName", 'lastName', p."lastName")
    FROM "Employee" p WHERE p.id = ${column} AND p."companyId" = r."companyId")`;

const ORDER = sql`r."dueDate" DESC, r.id`;

/** The HR Forms register: its page, one row of it and its CSV export, read on the Reader. */
export class HrFormRegister {
  constructor(private readonly reader: Reader) {}

  /**
   * The conditions of the filters on `r` (the caller's organisation's HR forms); `people`: the
   * employees the search names, when the statement reads them once (SEARCHED_PEOPLE).
   */
  private where(auth: AuthContext, filters: THrFormFilters, people?: Sql): Sql {
    const company = uuid(auth.companyId);
    const conditions = [hrFormsSql(auth.companyId)];
    if (filters.status) conditions.push(statusWhere(filters.status));
    if (filters.formTemplateId) conditions.push(sql`r."formTemplateId" = ${uuid(filters.formTemplateId)}`);
    if (filters.employeeId) conditions.push(sql`r."employeeId" = ${uuid(filters.employeeId)}`);
    if (filters.reviewerEmployeeId)
      conditions.push(sql`r."reviewerEmployeeId" = ${uuid(filters.reviewerEmployeeId)}`);
    if (filters.dueFrom) conditions.push(sql`r."dueDate" >= ${day(filters.dueFrom)}`);
    if (filters.dueTo) conditions.push(sql`r."dueDate" <= ${day(filters.dueTo)}`);
    const search = filters.search?.trim();
    // The search names the employee, the reviewer or the form (assignments keep their ids). The
    // matching people are a set (a few hundred ids, hashed), read once for both columns on a
    // searched page: looking up the two people of each row walked instead read ~1,900 buffers to
    // count a common name's first 100 rows, the sets ~90.
    if (search) {
      const named = people ?? matchingPeople(auth.companyId, search);
      conditions.push(sql`(r."employeeId" IN (${named}) OR r."reviewerEmployeeId" IN (${named})
        OR r."formTemplateId" IN (SELECT t.id FROM "FormTemplate" t
          WHERE t."companyId" = ${company} AND t.name ILIKE ${containing(search)}))`);
    }
    return join(conditions, ' AND ');
  }

  async list(auth: AuthContext, request: THrFormListRequest) {
    requireHrForms(auth);
    const today = callerToday(auth);
    return latestDuePage(
      this.reader,
      {
        companyId: auth.companyId,
        search: request.search?.trim() || undefined,
        page: request.page ?? 1,
        pageSize: request.pageSize ?? 20,
      },
      {
        table: sql`"HrFormAssignment"`,
        where: (people) => this.where(auth, request, people),
        statement: (chosen) => this.statement(chosen),
      },
      (row: HrFormListRow) => rowOf(row, today),
    );
  }

  /** One assignment as the register shows it (the caller has checked it may be seen). */
  async row(companyId: string, id: string): Promise<THrFormRow> {
    const [today, [row]] = await Promise.all([
      organisationTodayRead(this.reader, companyId),
      this.rows(sql`SELECT r.* FROM "HrFormAssignment" r
        WHERE r."companyId" = ${uuid(companyId)} AND r.id = ${uuid(id)}`),
    ]);
    return rowOf(row!, today);
  }

  /** The filtered register as CSV: every matching row, in the list's order. */
  async csv(auth: AuthContext, filters: THrFormFilters): Promise<string> {
    requireHrForms(auth);
    const today = callerToday(auth);
    return exportRows(
      this.reader,
      this.statement(sql`SELECT r.* FROM "HrFormAssignment" r WHERE ${this.where(auth, filters)}
        ORDER BY ${ORDER}`),
      (row: HrFormListRow) => rowOf(row, today),
      CSV_COLUMNS,
    );
  }

  private rows(chosen: Sql, options?: ReadOptions) {
    return this.reader.rows<HrFormListRow>(this.statement(chosen), options);
  }

  /** The assignments `chosen` (a SELECT of whole rows on `r`) with their names, in the register's order. */
  private statement(chosen: Sql): Sql {
    return sql`SELECT r.id, r."formTemplateId", t.name AS "formName", r."employeeId",
        ${personJson(sql`r."employeeId"`)} AS employee,
        r."reviewerEmployeeId", ${personJson(sql`r."reviewerEmployeeId"`)} AS reviewer,
        r.status, r."cancelledAt", to_char(r."dueDate", 'YYYY-MM-DD') AS "dueDate", r."submissionId",
        f.number AS "formNumber", f."isDraft" AS "formIsDraft", r."returnCount", r.frequency,
        r."repeatInterval", r."createdAt"
      FROM (${chosen}) r
      LEFT JOIN "FormTemplate" t ON t.id = r."formTemplateId" AND t."companyId" = r."companyId"
      LEFT JOIN "FormSubmission" f ON f.id = r."submissionId" AND f."companyId" = r."companyId"
      ORDER BY ${ORDER}`;
  }
}

const CSV_COLUMNS = [
  { header: 'Form', value: (row: THrFormRow) => row.formName },
  { header: 'Employee', value: (row: THrFormRow) => row.employeeName },
  { header: 'Reviewer', value: (row: THrFormRow) => row.reviewerName },
  { header: 'Status', value: (row: THrFormRow) => HR_FORM_STATUS_LABELS[row.status] },
  { header: 'Due date', value: (row: THrFormRow) => displayDay(row.dueDate) },
  { header: 'Form number', value: (row: THrFormRow) => row.formNumber },
  { header: 'Returned', value: (row: THrFormRow) => row.returnCount },
  {
    header: 'Repeats',
    value: (row: THrFormRow) =>
      row.repeat
        ? row.repeat.interval === 1
          ? frequencyLabel(row.repeat.frequency)
          : `${row.repeat.interval} × ${frequencyLabel(row.repeat.frequency)}`
        : '',
  },
] as const;
