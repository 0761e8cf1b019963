import {
  displayDay,
  PERFORMANCE_REVIEW_STATUS_LABELS,
  personName,
  taskDueType,
  type PerformanceReviewStatus,
  type TPerformanceReviewFilters,
  type TPerformanceReviewListRequest,
  type TPerformanceReviewRow,
} from '@compass/shared';
import { type ReadOptions, type Reader } from '../../db/reader';
import { containing, day, emptySql, join, sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { matchingPeople } from '../employees';
import { exportRows, latestDuePage } from '../registerParts';
import { requireReviewRegister } from './policy';

/** A review's facts with its people's names (a statement of the Reader). */
export interface ReviewFacts {
  id: string;
  title: string;
  employeeId: string;
  employeeFirstName: string | null;
  employeeLastName: string | null;
  reviewerEmployeeId: string;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
  status: PerformanceReviewStatus;
  /** yyyy-MM-dd */
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  overallRating: number | null;
  /** ISO timestamps, made by the statement (isoOf). */
  selfSubmittedAt: string | null;
  managerSubmittedAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

const OPEN: ReadonlySet<PerformanceReviewStatus> = new Set([
  'selfAssessment',
  'managerAssessment',
  'signOff',
]);

const nameOf = (first: string | null, last: string | null) =>
  first === null ? '' : personName({ firstName: first, lastName: last ?? '' });

/** A review as the register, a history and the details show its facts. */
export function rowOf(row: ReviewFacts, today: string): TPerformanceReviewRow {
  return {
    _id: row.id,
    title: row.title,
    employeeId: row.employeeId,
    employeeName: nameOf(row.employeeFirstName, row.employeeLastName),
    reviewerEmployeeId: row.reviewerEmployeeId,
    reviewerName: nameOf(row.reviewerFirstName, row.reviewerLastName),
    status: row.status,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    dueDate: row.dueDate,
    taskDueDateType: OPEN.has(row.status) ? taskDueType(row.dueDate, today) : 'nodue',
    completedAt: row.completedAt,
    createdAt: row.createdAt,
  };
}

/**
 * A `timestamp` (UTC, milliseconds) as the wire's ISO text, as Date.toISOString writes it: made in
 * the statement, a history's 100 rows were ~0.5 ms of parsing and formatting in Node.
 */
export const isoOf = (column: Sql): Sql => sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The reviews `chosen` (a SELECT of whole rows on `r`) with their names, in `order`; `more`: further
 * columns of `r` and its employee `e`, each after a comma.
 */
export function factsStatement(chosen: Sql, order: Sql, more: Sql = emptySql): Sql {
  return sql`SELECT r.id, r.title, r."employeeId", e."firstName" AS "employeeFirstName",
      e."lastName" AS "employeeLastName", r."reviewerEmployeeId",
      v."firstName" AS "reviewerFirstName", v."lastName" AS "reviewerLastName", r.status::text AS status,
      to_char(r."periodStart", 'YYYY-MM-DD') AS "periodStart",
      to_char(r."periodEnd", 'YYYY-MM-DD') AS "periodEnd",
      to_char(r."dueDate", 'YYYY-MM-DD') AS "dueDate", r."overallRating",
      ${isoOf(sql`r."selfSubmittedAt"`)} AS "selfSubmittedAt",
      ${isoOf(sql`r."managerSubmittedAt"`)} AS "managerSubmittedAt",
      ${isoOf(sql`r."completedAt"`)} AS "completedAt", ${isoOf(sql`r."createdAt"`)} AS "createdAt"${more}
    FROM (${chosen}) r
    LEFT JOIN "Employee" e ON e.id = r."employeeId" AND e."companyId" = r."companyId"
    LEFT JOIN "Employee" v ON v.id = r."reviewerEmployeeId" AND v."companyId" = r."companyId"
    ORDER BY ${order}`;
}

const ORDER = sql`r."dueDate" DESC, r.id`;

/** The Performance Reviews register: its page and its CSV export, read on the Reader (HR only). */
export class PerformanceReviewRegister {
  constructor(private readonly reader: Reader) {}

  /**
   * The conditions of the filters on `r` (the caller's organisation's reviews); `people`: the
   * employees the search names, when the statement reads them once (SEARCHED_PEOPLE).
   */
  private where(auth: AuthContext, filters: TPerformanceReviewFilters, people?: Sql): Sql {
    const company = uuid(auth.companyId);
    const conditions = [sql`r."companyId" = ${company}`];
    if (filters.status) conditions.push(sql`r.status = ${filters.status}::"PerformanceReviewStatus"`);
    if (filters.employeeId) conditions.push(sql`r."employeeId" = ${uuid(filters.employeeId)}`);
    if (filters.reviewerEmployeeId)
      conditions.push(sql`r."reviewerEmployeeId" = ${uuid(filters.reviewerEmployeeId)}`);
    if (filters.dueFrom) conditions.push(sql`r."dueDate" >= ${day(filters.dueFrom)}`);
    if (filters.dueTo) conditions.push(sql`r."dueDate" <= ${day(filters.dueTo)}`);
    const search = filters.search?.trim();
    if (search) {
      const named = people ?? matchingPeople(auth.companyId, search);
      // The titles too are a set (a trigram bitmap): the walk in due order then reads the index
      // alone (PerformanceReview_due_people_idx), where a title checked row by row read every
      // review's row for a search that matches few (11.7 ms for one matching none).
      conditions.push(sql`(r."employeeId" IN (${named}) OR r."reviewerEmployeeId" IN (${named})
        OR r.id IN (SELECT t.id FROM "PerformanceReview" t
          WHERE t."companyId" = ${company} AND t.title ILIKE ${containing(search)}))`);
    }
    return join(conditions, ' AND ');
  }

  async list(auth: AuthContext, request: TPerformanceReviewListRequest) {
    requireReviewRegister(auth);
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
        table: sql`"PerformanceReview"`,
        where: (people) => this.where(auth, request, people),
        statement: (chosen) => factsStatement(chosen, ORDER),
      },
      (row: ReviewFacts) => rowOf(row, today),
    );
  }

  /** The filtered register as CSV: every matching row, in the list's order. */
  async csv(auth: AuthContext, filters: TPerformanceReviewFilters): Promise<string> {
    requireReviewRegister(auth);
    const today = callerToday(auth);
    return exportRows(
      this.reader,
      factsStatement(sql`SELECT r.* FROM "PerformanceReview" r WHERE ${this.where(auth, filters)}`, ORDER),
      (row: ReviewFacts) => rowOf(row, today),
      CSV_COLUMNS,
    );
  }

  /** Reviews `chosen` (whole rows on `r`) with their names, in `order` (default: the register's). */
  rows(chosen: Sql, options?: ReadOptions, order: Sql = ORDER) {
    return this.reader.rows<ReviewFacts>(factsStatement(chosen, order), options);
  }
}

const CSV_COLUMNS = [
  { header: 'Title', value: (row: TPerformanceReviewRow) => row.title },
  { header: 'Employee', value: (row: TPerformanceReviewRow) => row.employeeName },
  { header: 'Reviewer', value: (row: TPerformanceReviewRow) => row.reviewerName },
  { header: 'Status', value: (row: TPerformanceReviewRow) => PERFORMANCE_REVIEW_STATUS_LABELS[row.status] },
  { header: 'Period from', value: (row: TPerformanceReviewRow) => displayDay(row.periodStart) },
  { header: 'Period to', value: (row: TPerformanceReviewRow) => displayDay(row.periodEnd) },
  { header: 'Due date', value: (row: TPerformanceReviewRow) => displayDay(row.dueDate) },
] as const;
