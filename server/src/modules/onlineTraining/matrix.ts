import {
  personName,
  TRAINING_STANDING_LABELS,
  trainingMatrixCall,
  trainingStanding,
  type TrainingAssignmentStatus,
  type TTrainingMatrix,
  type TTrainingMatrixCell,
  type ZTrainingMatrixExportQuery,
} from '@compass/shared';
import type { z } from 'zod';
import { cappedCount, type Reader } from '../../db/reader';
import { day, emptySql, join, sql, uuid, type Sql } from '../../db/sql';
import { organisationAnswer, type CachedAnswer } from '../../plugins/answerCache';
import type { AuthContext } from '../../plugins/auth';
import { matrixCsvOf } from '../../plugins/csv';
import { callerToday } from '../../plugins/organisationDay';
import { managesSomeone, matrixScope, refuseNonManager } from '../competencies';
import { employeeSearch } from '../employees';
import { keepsCatalogue } from './policy';

type Filters = z.output<typeof ZTrainingMatrixExportQuery>;
type Standing = NonNullable<Filters['standing']>;
type Ref = { _id: string; name: string };

/** The most employees one CSV export writes: every employee of a large organisation. */
const EXPORT_LIMIT = 20_000;

/** An employee's latest assignment of one course, as the statement reads it. */
interface Latest {
  courseId: string;
  id: string;
  lastAttemptId: string | null;
  status: TrainingAssignmentStatus;
  /** yyyy-MM-dd (a date in JSON). */
  completeBy: string;
  /** The pass day in the organisation's time zone. */
  passedOn: string | null;
  score: number | null;
  /** Whether the employee passed this course before (a refresher's lapse is expired). */
  passedBefore: boolean;
}

interface MatrixRow {
  id: string;
  firstName: string;
  lastName: string;
  position: string | null;
  workplace: string | null;
  latest: Latest[];
}

/**
 * The latest assignment (withdrawn ones aside) of employee `employee` in each course of `courseId`
 * (or every course), with whether they passed the course before: one row per course, read in the
 * order of the index 20261129180000_training_matrix.
 */
function latestAssignments(employee: Sql, courseId: string | undefined, timeZone: string): Sql {
  const course = courseId ? sql`AND a."courseId" = ${uuid(courseId)}` : emptySql;
  return sql`SELECT DISTINCT ON (a."courseId") a."courseId", a.id, a."lastAttemptId", a.status,
      a."completeBy",
      to_char((a."passedAt" AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS "passedOn",
      a.score, bool_or(a.status = 'passed') OVER (PARTITION BY a."courseId") AS "passedBefore"
    FROM "OnlineTrainingAssignment" a
    WHERE a."companyId" = ${employee}."companyId" AND a."employeeId" = ${employee}.id
      AND a.status <> 'cancelled' ${course}
    ORDER BY a."courseId", a."createdAt" DESC, a.id DESC`;
}

/** shared trainingStanding as a condition on a latest assignment `l` (a test holds them equal). */
export function standingCondition(standing: Standing, today: Sql): Sql {
  const open = sql`l.status IN ('assigned', 'awaitingReview')`;
  const lapsed = sql`${open} AND l."completeBy" < ${today}`;
  const conditions: Record<Standing, Sql> = {
    done: sql`l.status = 'passed'`,
    failed: sql`l.status = 'failed'`,
    due: sql`${open} AND l."completeBy" >= ${today}`,
    overdue: sql`${lapsed} AND NOT l."passedBefore"`,
    expired: sql`${lapsed} AND l."passedBefore"`,
  };
  return conditions[standing];
}

/**
 * The active employees the caller may see that the filters match, on `e`, and who the caller
 * manages. HR here is the catalogue's holders (hrAdmin), not the competencies' record keys.
 */
function matrixWhere(auth: AuthContext, filters: Filters, today: string) {
  const scope = matrixScope(auth, keepsCatalogue(auth));
  const where = [scope.employees, sql`e."isActive"`];
  if (filters.workplaceId) where.push(sql`e."workplaceId" = ${uuid(filters.workplaceId)}`);
  if (filters.positionId) where.push(sql`e."positionId" = ${uuid(filters.positionId)}`);
  const search = filters.search?.trim();
  if (search) where.push(employeeSearch(search, (pattern) => [sql`e."employeeNumber" ILIKE ${pattern}`]));
  if (filters.standing)
    where.push(sql`EXISTS (SELECT 1 FROM (${latestAssignments(sql`e`, filters.courseId, auth.timeZone)}) l
      WHERE ${standingCondition(filters.standing, day(today))})`);
  const manages = scope.manager ? managesSomeone(auth.companyId, scope.manager) : sql`true`;
  return { where: join(where, ' AND '), scope, manages };
}

/**
 * One statement: the employees of `where` by name, `limit` of them, with their latest assignments;
 * the columns (the course chosen, or the courses of the rows' assignments not withdrawn, by name);
 * and whether the caller manages anyone.
 */
function matrixStatement(
  auth: AuthContext,
  matrix: { where: Sql; manages: Sql },
  courseId: string | undefined,
  limit: Sql,
): Sql {
  const columns = courseId
    ? sql`c.id = ${uuid(courseId)}`
    : sql`c.id IN (SELECT a."courseId" FROM page JOIN "OnlineTrainingAssignment" a
        ON a."companyId" = page."companyId" AND a."employeeId" = page.id AND a.status <> 'cancelled')`;
  return sql`WITH page AS MATERIALIZED (
      SELECT e.id, e."companyId", e."firstName", e."lastName", e."positionId", e."workplaceId"
      FROM "Employee" e WHERE ${matrix.where} ORDER BY e."lastName", e."firstName", e.id ${limit})
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', page.id, 'firstName', page."firstName",
          'lastName', page."lastName", 'position', po.name, 'workplace', w.name,
          'latest', (SELECT coalesce(json_agg(l), '[]')
            FROM (${latestAssignments(sql`page`, courseId, auth.timeZone)}) l))
          ORDER BY page."lastName", page."firstName", page.id), '[]')
        FROM page
        LEFT JOIN "Position" po ON po.id = page."positionId"
        LEFT JOIN "Workplace" w ON w.id = page."workplaceId" AND w."companyId" = page."companyId") AS rows,
      (SELECT coalesce(json_agg(json_build_object('_id', c.id, 'name', c.name) ORDER BY c.name, c.id), '[]')
        FROM "TrainingCourse" c WHERE c."companyId" = ${uuid(auth.companyId)} AND ${columns}) AS columns,
      ${matrix.manages} AS manages`;
}

/** The matrix's statement read and the caller's scope checked: its rows and columns. */
async function readMatrix(
  reader: Reader,
  auth: AuthContext,
  matrix: ReturnType<typeof matrixWhere>,
  courseId: string | undefined,
  limit: Sql,
  exported = false,
): Promise<{ rows: MatrixRow[]; columns: Ref[] }> {
  const [answer] = await reader.rows<{ rows: MatrixRow[]; columns: Ref[]; manages: boolean }>(
    matrixStatement(auth, matrix, courseId, limit),
    exported ? { export: true } : undefined,
  );
  refuseNonManager(matrix.scope, answer!.manages);
  return { rows: answer!.rows, columns: answer!.columns };
}

/** A cell: trainingStanding decides it; its day is the pass day, or the complete-by day while open. */
function cellOf(courseId: string, latest: Latest | undefined, today: string): TTrainingMatrixCell {
  const standing = trainingStanding(latest ?? null, today);
  const day =
    standing === 'done'
      ? (latest?.passedOn ?? null)
      : standing === 'due' || standing === 'overdue' || standing === 'expired'
        ? latest!.completeBy
        : null;
  return {
    courseId,
    standing,
    day,
    assignmentId: latest?.id ?? null,
    lastAttemptId: latest?.lastAttemptId ?? null,
    score: latest?.score ?? null,
  };
}

function rowShown(row: MatrixRow, columns: Ref[], today: string) {
  const latest = new Map(row.latest.map((assignment) => [assignment.courseId, assignment]));
  return {
    employee: { _id: row.id, name: personName(row) },
    position: row.position,
    workplace: row.workplace,
    cells: columns.map((column) => cellOf(column._id, latest.get(column._id), today)),
  };
}

/** A page of the matrix: employees by name with where they stand in each course in view on `today`. */
async function trainingMatrix(
  reader: Reader,
  auth: AuthContext,
  request: Filters & { page: number; pageSize: number },
  today: string,
): Promise<TTrainingMatrix> {
  const matrix = matrixWhere(auth, request, today);
  const offset = (request.page - 1) * request.pageSize;
  const [{ rows, columns }, counted] = await Promise.all([
    readMatrix(reader, auth, matrix, request.courseId, sql`LIMIT ${request.pageSize} OFFSET ${offset}`),
    cappedCount(reader, sql`SELECT 1 FROM "Employee" e WHERE ${matrix.where}`, request),
  ]);
  return { columns, rows: rows.map((row) => rowShown(row, columns, today)), total: counted.total };
}

/** A CSV cell: the standing's label and its day ("Done 2026-03-02"); nothing when not assigned. */
function cellText(cell: TTrainingMatrixCell): string {
  if (cell.standing === 'notAssigned') return '';
  const label = TRAINING_STANDING_LABELS[cell.standing];
  return cell.day ? `${label} ${cell.day}` : label;
}

/**
 * The training matrix (issue 43; docs/online-training.md, "The training matrix"): people × courses
 * on the read pool. HR (hrAdmin) sees every active employee, a manager their direct reports.
 */
export class TrainingMatrix {
  constructor(private readonly reader: Reader) {}

  /**
   * A page, named for the answer cache: by whom it is shown to (every HR employee alike; a manager
   * by who they are), the request and the organisation's day, which the standings move with. Every
   * table it reads moves the data version (Employee, Position, Workplace, TrainingCourse,
   * OnlineTrainingAssignment).
   */
  page(
    auth: AuthContext,
    request: Filters & { page: number; pageSize: number },
  ): CachedAnswer<TTrainingMatrix> {
    const viewer = keepsCatalogue(auth) ? 'hr' : `${auth.userType}:${auth.employeeId ?? ''}`;
    const today = callerToday(auth);
    return organisationAnswer(
      trainingMatrixCall,
      auth,
      () => trainingMatrix(this.reader, auth, request, today),
      JSON.stringify([viewer, request, today]),
    );
  }

  /** The filtered matrix as CSV: one row per employee, one column per course in view. */
  async csv(auth: AuthContext, filters: Filters): Promise<string> {
    const today = callerToday(auth);
    const matrix = matrixWhere(auth, filters, today);
    const { rows, columns } = await readMatrix(
      this.reader,
      auth,
      matrix,
      filters.courseId,
      sql`LIMIT ${EXPORT_LIMIT}`,
      true,
    );
    return matrixCsvOf(
      columns,
      rows.map((row) => rowShown(row, columns, today)),
      cellText,
    );
  }
}
