import {
  personName,
  taskDueType,
  type FrequencyUnit,
  type TrainingAssignmentStatus,
  type TTrainingAssignmentList,
  type TTrainingAssignmentRow,
  type ZTrainingAssignmentListRequest,
} from '@compass/shared';
import type { z } from 'zod';
import { timestampOf, type Reader } from '../../db/reader';
import { join, sql, uuid, type Sql } from '../../db/sql';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { matchingPeople } from '../employees';
import { SEARCHED_PEOPLE, searchedPage, statementPage } from '../registerParts';

/**
 * The assignments as HR's register lists them and as one assignment's page heads itself: one
 * statement on the read pool, with the course's and the people's names.
 */

type ListRequest = z.output<typeof ZTrainingAssignmentListRequest>;

interface AssignmentRowSql {
  id: string;
  courseId: string;
  courseName: string;
  employeeId: string;
  employeeFirst: string;
  employeeLast: string;
  reviewerEmployeeId: string | null;
  reviewerFirst: string | null;
  reviewerLast: string | null;
  status: TrainingAssignmentStatus;
  completeBy: string;
  completedTestAttempt: number;
  noTestAttempt: number;
  lastAttemptId: string | null;
  score: number | null;
  passedAt: string | null;
  frequency: FrequencyUnit | null;
  repeatInterval: number | null;
  createdAt: string;
}

/** The assignments `a` chosen by `chosen` (a SELECT of ids), as rows, in `order`. */
const rowsOf = (chosen: Sql, order: Sql) => sql`SELECT a.id, a."courseId", c.name AS "courseName",
    a."employeeId", e."firstName" AS "employeeFirst", e."lastName" AS "employeeLast",
    a."reviewerEmployeeId", r."firstName" AS "reviewerFirst", r."lastName" AS "reviewerLast",
    a.status, to_char(a."completeBy", 'YYYY-MM-DD') AS "completeBy", a."completedTestAttempt",
    a."noTestAttempt", a."lastAttemptId", a.score, a."passedAt", a.frequency, a."repeatInterval",
    a."createdAt"
  FROM (${chosen}) k
  JOIN "OnlineTrainingAssignment" a ON a.id = k.id
  JOIN "TrainingCourse" c ON c.id = a."courseId" AND c."companyId" = a."companyId"
  JOIN "Employee" e ON e.id = a."employeeId" AND e."companyId" = a."companyId"
  LEFT JOIN "Employee" r ON r.id = a."reviewerEmployeeId" AND r."companyId" = a."companyId"
  ORDER BY ${order}`;

/** A row as the contract has it; `today` colours the complete-by day of one still to take. */
function shownRow(row: AssignmentRowSql, today: string): TTrainingAssignmentRow {
  return {
    _id: row.id,
    courseId: row.courseId,
    courseName: row.courseName,
    employeeId: row.employeeId,
    employeeName: personName({ firstName: row.employeeFirst, lastName: row.employeeLast }),
    reviewerEmployeeId: row.reviewerEmployeeId,
    reviewerName:
      row.reviewerFirst === null
        ? null
        : personName({ firstName: row.reviewerFirst, lastName: row.reviewerLast! }),
    status: row.status,
    completeBy: row.completeBy,
    taskDueDateType: row.status === 'assigned' ? taskDueType(row.completeBy, today) : 'nodue',
    attemptsUsed: row.completedTestAttempt,
    attemptsAllowed: row.noTestAttempt,
    lastAttemptId: row.lastAttemptId,
    score: row.score,
    passedAt: row.passedAt === null ? null : timestampOf(row.passedAt).toISOString(),
    repeat: row.frequency ? { frequency: row.frequency, interval: row.repeatInterval ?? 1 } : null,
    createdAt: timestampOf(row.createdAt).toISOString(),
  };
}

/** One assignment of the caller's organisation as a row (the caller's side has been checked). */
export async function assignmentRow(
  reader: Reader,
  auth: AuthContext,
  id: string,
): Promise<TTrainingAssignmentRow> {
  const [row] = await reader.rows<AssignmentRowSql>(
    rowsOf(
      sql`SELECT id FROM "OnlineTrainingAssignment" WHERE id = ${uuid(id)} AND "companyId" = ${uuid(auth.companyId)}`,
      sql`a.id`,
    ),
  );
  if (!row) throw notFound();
  return shownRow(row, callerToday(auth));
}

const LATEST_FIRST = sql`a."completeBy" DESC, a.id`;

/** HR's page of assignments, latest complete-by first: of a course, an employee, a status, a name. */
export function listAssignments(
  reader: Reader,
  auth: AuthContext,
  request: ListRequest,
): Promise<TTrainingAssignmentList> {
  const where = (people?: Sql) => {
    const conditions = [sql`a."companyId" = ${uuid(auth.companyId)}`];
    if (request.courseId) conditions.push(sql`a."courseId" = ${uuid(request.courseId)}`);
    if (request.employeeId) conditions.push(sql`a."employeeId" = ${uuid(request.employeeId)}`);
    if (request.status) conditions.push(sql`a.status = ${request.status}::"TrainingAssignmentStatus"`);
    if (people)
      conditions.push(sql`(a."employeeId" IN (${people}) OR a."reviewerEmployeeId" IN (${people}))`);
    return join(conditions, ' AND ');
  };
  const today = callerToday(auth);
  const shown = (row: AssignmentRowSql) => shownRow(row, today);
  // A name: one statement that reads the matching people once for both columns (searchedPage).
  if (request.search)
    return searchedPage(
      reader,
      request,
      {
        people: matchingPeople(auth.companyId, request.search),
        matches: sql`SELECT a.id, a."completeBy" FROM "OnlineTrainingAssignment" a
          WHERE ${where(SEARCHED_PEOPLE)} ORDER BY ${LATEST_FIRST}`,
        order: sql`r."completeBy" DESC, r.id`,
        rows: (keys) => rowsOf(keys, LATEST_FIRST),
        rowOrder: sql`p."completeBy" DESC, p.id`,
      },
      shown,
    );
  const condition = where();
  return statementPage(
    reader,
    request,
    {
      page: (limit) =>
        rowsOf(
          sql`SELECT a.id, a."completeBy" FROM "OnlineTrainingAssignment" a WHERE ${condition}
            ORDER BY ${LATEST_FIRST} ${limit}`,
          LATEST_FIRST,
        ),
      count: sql`SELECT 1 FROM "OnlineTrainingAssignment" a WHERE ${condition}`,
      // Every filter's plan is the same walk of an index in list order (a course's, an
      // employee's): the generic plan, not planned on each call.
      plan: { plan: 'generic' },
    },
    shown,
  );
}
