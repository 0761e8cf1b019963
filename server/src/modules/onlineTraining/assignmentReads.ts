import {
  localDateOf,
  personName,
  type TLinkOperation,
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
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { matchingPeople, storedRepeat } from '../employees';
import { SEARCHED_PEOPLE, searchedPage, statementPage } from '../registerParts';
import { checkTraineeLink, companyOf, ruledSide, type TraineeCaller } from './policy';

/**
 * The assignments as HR's register lists them and as one assignment's page heads itself: one
 * statement on the read pool, with the course's and the people's names.
 */

type ListRequest = z.output<typeof ZTrainingAssignmentListRequest>;

interface AssignmentRowSql {
  id: string;
  courseId: string;
  courseName: string;
  employeeId: string | null;
  personnelId: string | null;
  traineeFirst: string;
  traineeLast: string;
  supplierName: string | null;
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

/** What one assignment's page reads with its row: the rest of what its policy and page need. */
interface AssignmentReadSql extends AssignmentRowSql {
  message: string | null;
  timeZone: string;
  /** The course's published version (the one a new attempt starts on). */
  currentVersion: number;
}

/**
 * The assignments `a` chosen by `chosen` (a SELECT of ids), as rows, in `order`; `more` adds
 * columns. The trainee is an employee `e` or a supplier's person `p` of supplier `s`.
 */
const rowsOf = (chosen: Sql, order: Sql, more: Sql = sql``) => sql`SELECT a.id, a."courseId",
    c.name AS "courseName", a."employeeId", a."personnelId",
    coalesce(e."firstName", p."firstName") AS "traineeFirst",
    coalesce(e."lastName", p."lastName") AS "traineeLast", s.name AS "supplierName",
    a."reviewerEmployeeId", r."firstName" AS "reviewerFirst", r."lastName" AS "reviewerLast",
    a.status, to_char(a."completeBy", 'YYYY-MM-DD') AS "completeBy", a."completedTestAttempt",
    a."noTestAttempt", a."lastAttemptId", a.score, a."passedAt", a.frequency, a."repeatInterval",
    a."createdAt" ${more}
  FROM (${chosen}) k
  JOIN "OnlineTrainingAssignment" a ON a.id = k.id
  JOIN "TrainingCourse" c ON c.id = a."courseId" AND c."companyId" = a."companyId"
  LEFT JOIN "Employee" e ON e.id = a."employeeId" AND e."companyId" = a."companyId"
  LEFT JOIN "Personnel" p ON p.id = a."personnelId" AND p."companyId" = a."companyId"
  LEFT JOIN "SupplierCompany" s ON s.id = p."supplierId" AND s."companyId" = a."companyId"
  LEFT JOIN "Employee" r ON r.id = a."reviewerEmployeeId" AND r."companyId" = a."companyId"
  ORDER BY ${order}`;

/** A row as the contract has it; `today` colours the complete-by day of one still to take. */
function shownRow(row: AssignmentRowSql, today: string): TTrainingAssignmentRow {
  return {
    _id: row.id,
    courseId: row.courseId,
    courseName: row.courseName,
    employeeId: row.employeeId,
    personnelId: row.personnelId,
    supplierName: row.supplierName,
    employeeName: personName({ firstName: row.traineeFirst, lastName: row.traineeLast }),
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
    repeat: storedRepeat(row),
    createdAt: timestampOf(row.createdAt).toISOString(),
  };
}

/**
 * One assignment as its page heads itself, ruled on by the policy: one statement reads the row,
 * the message and the organisation's day; the link's scope is checked before it.
 */
export async function assignmentRead(
  reader: Reader,
  caller: TraineeCaller,
  id: string,
  operation: TLinkOperation,
) {
  checkTraineeLink(caller, id, operation);
  const [read] = await reader.rows<AssignmentReadSql>(
    rowsOf(
      sql`SELECT id FROM "OnlineTrainingAssignment" WHERE id = ${uuid(id)} AND "companyId" = ${uuid(companyOf(caller))}`,
      sql`a.id`,
      sql`, a.message, c."currentVersion", (SELECT "timeZone" FROM "Company" WHERE id = a."companyId") AS "timeZone"`,
    ),
  );
  const side = ruledSide(caller, read);
  return {
    row: shownRow(read!, localDateOf(new Date(), read!.timeZone)),
    message: read!.message,
    currentVersion: read!.currentVersion,
    side,
  };
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
