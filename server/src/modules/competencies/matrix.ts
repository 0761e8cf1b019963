import {
  competencyExpiringUntil,
  type CompetencyStanding,
  COMPETENCY_STANDING_LABELS,
  personName,
  type TCompetencyMatrix,
  type TCompetencyRef,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZCompetencyMatrixExportQuery } from '@compass/shared';
import { cappedCount, type Reader } from '../../db/reader';
import { day, join, sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { matrixCsvOf } from '../../plugins/csv';
import { callerToday } from '../../plugins/organisationDay';
import { employeeSearch } from '../employees';
import { competencyRef } from './catalogue';
import { managesSomeone, matrixScope, refuseNonManager } from './policy';

type Filters = z.output<typeof ZCompetencyMatrixExportQuery>;
type Standing = NonNullable<Filters['standing']>;

/** The most employees one CSV export writes: every employee of a large organisation. */
const EXPORT_LIMIT = 20_000;

interface MatrixRow {
  id: string;
  firstName: string;
  lastName: string;
  position: string | null;
  workplace: string | null;
  /** The latest record of each competency the employee holds (isLatest). */
  latest: { competencyId: string; expiresOn: string | null; standing: Exclude<Standing, 'missing'> }[];
  /** The competencies the employee's position requires. */
  required: string[];
}

/** The records `r` of employee `e` in the competencies a standing filter looks at. */
function inView(competencyId: string | undefined, alias: Sql): Sql {
  return competencyId
    ? sql`${alias}."competencyId" = ${uuid(competencyId)}`
    : sql`EXISTS (SELECT 1 FROM "Competency" c WHERE c.id = ${alias}."competencyId" AND c."isActive")`;
}

/**
 * The standing rule of shared competencyStanding for a latest record `r`: one expiring after the
 * window (or never) is held, one within it expiring, one before today expired.
 */
function expiryConditions(today: string): Record<Exclude<Standing, 'missing'>, Sql> {
  const until = day(competencyExpiringUntil(today));
  return {
    held: sql`(r."expiresOn" IS NULL OR r."expiresOn" > ${until})`,
    expiring: sql`r."expiresOn" BETWEEN ${day(today)} AND ${until}`,
    expired: sql`r."expiresOn" < ${day(today)}`,
  };
}

/**
 * The standing of a latest record `r` as a column: computed once per record by PostgreSQL rather
 * than per cell in Node, where the window's end (a date-fns parse and format) cost most of the
 * page's CPU.
 */
function recordStanding(today: string): Sql {
  const expiry = expiryConditions(today);
  return sql`CASE WHEN ${expiry.expired} THEN 'expired'
    WHEN ${expiry.expiring} THEN 'expiring' ELSE 'held' END`;
}

/**
 * The standing rule of shared competencyStanding as a condition on employee `e`: a latest record
 * of that standing (expiryConditions), or, for missing, a competency of the position with no record
 * at all.
 */
function standingCondition(standing: Standing, competencyId: string | undefined, today: string): Sql {
  if (standing === 'missing') {
    // A chosen competency is named as a value, so its records are read by index, not all records.
    const competency = competencyId ? uuid(competencyId) : sql`pc."competencyId"`;
    return sql`EXISTS (SELECT 1 FROM "PositionCompetency" pc
      WHERE pc."companyId" = e."companyId" AND pc."positionId" = e."positionId" AND ${inView(competencyId, sql`pc`)}
        AND NOT EXISTS (SELECT 1 FROM "CompetencyRecord" r WHERE r."companyId" = e."companyId"
          AND r."employeeId" = e.id AND r."competencyId" = ${competency}))`;
  }
  return sql`EXISTS (SELECT 1 FROM "CompetencyRecord" r WHERE r."companyId" = e."companyId"
    AND r."employeeId" = e.id AND r."isLatest" AND ${inView(competencyId, sql`r`)}
    AND ${expiryConditions(today)[standing]})`;
}

/**
 * The active employees the caller may see that the filters match, on `e`; who the caller manages;
 * the day the standings are of.
 */
function matrixWhere(auth: AuthContext, filters: Filters, today: string) {
  const scope = matrixScope(auth);
  const where = [scope.employees, sql`e."isActive"`];
  if (filters.workplaceId) where.push(sql`e."workplaceId" = ${uuid(filters.workplaceId)}`);
  if (filters.positionId) where.push(sql`e."positionId" = ${uuid(filters.positionId)}`);
  const search = filters.search?.trim();
  if (search) where.push(employeeSearch(search, (pattern) => [sql`e."employeeNumber" ILIKE ${pattern}`]));
  if (filters.standing) where.push(standingCondition(filters.standing, filters.competencyId, today));
  const manages = scope.manager ? managesSomeone(auth.companyId, scope.manager) : sql`true`;
  return { where: join(where, ' AND '), scope, manages, today };
}

interface MatrixAnswer {
  rows: MatrixRow[];
  columns: Parameters<typeof competencyRef>[0][];
  /** Whether the caller manages anyone (always true for HR): see refuseNonManager. */
  manages: boolean;
}

/**
 * One statement: the employees of `where` by name, `limit` of them, with their latest records (and
 * each one's standing) and requirements; the columns (the competency chosen, active or not, or else
 * the active ones the rows' employees are required to hold or hold, by name); and whether the
 * caller manages anyone.
 */
function matrixStatement(
  companyId: string,
  matrix: { where: Sql; manages: Sql; today: string },
  competencyId: string | undefined,
  limit: Sql,
): Sql {
  const columns = competencyId
    ? sql`c.id = ${uuid(competencyId)}`
    : sql`c."isActive" AND c.id IN (
        SELECT pc."competencyId" FROM page JOIN "PositionCompetency" pc
          ON pc."companyId" = page."companyId" AND pc."positionId" = page."positionId"
        UNION SELECT r."competencyId" FROM page JOIN "CompetencyRecord" r
          ON r."companyId" = page."companyId" AND r."employeeId" = page.id AND r."isLatest")`;
  return sql`WITH page AS MATERIALIZED (
      SELECT e.id, e."companyId", e."firstName", e."lastName", e."positionId", e."workplaceId"
      FROM "Employee" e WHERE ${matrix.where} ORDER BY e."lastName", e."firstName", e.id ${limit})
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', page.id, 'firstName', page."firstName",
          'lastName', page."lastName", 'position', po.name, 'workplace', w.name,
          'latest', (SELECT coalesce(json_agg(json_build_object('competencyId', r."competencyId",
              'expiresOn', r."expiresOn", 'standing', ${recordStanding(matrix.today)})), '[]')
            FROM "CompetencyRecord" r
            WHERE r."companyId" = page."companyId" AND r."employeeId" = page.id AND r."isLatest"),
          'required', (SELECT coalesce(json_agg(pc."competencyId"), '[]') FROM "PositionCompetency" pc
            WHERE pc."companyId" = page."companyId" AND pc."positionId" = page."positionId"))
          ORDER BY page."lastName", page."firstName", page.id), '[]')
        FROM page
        LEFT JOIN "Position" po ON po.id = page."positionId"
        LEFT JOIN "Workplace" w ON w.id = page."workplaceId" AND w."companyId" = page."companyId") AS rows,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'kind', c.kind,
          'expires', c.expires, 'validForMonths', c."validForMonths") ORDER BY c.name, c.id), '[]')
        FROM "Competency" c WHERE c."companyId" = ${uuid(companyId)} AND ${columns}) AS columns,
      ${matrix.manages} AS manages`;
}

/** The matrix's statement read and the caller's scope checked: its rows and columns. */
async function readMatrix(
  reader: Reader,
  auth: AuthContext,
  matrix: ReturnType<typeof matrixWhere>,
  competencyId: string | undefined,
  limit: Sql,
  exported = false,
): Promise<{ rows: MatrixRow[]; columns: TCompetencyRef[] }> {
  const [answer] = await reader.rows<MatrixAnswer>(
    matrixStatement(auth.companyId, matrix, competencyId, limit),
    exported ? { export: true } : undefined,
  );
  refuseNonManager(matrix.scope, answer!.manages);
  return { rows: answer!.rows, columns: answer!.columns.map(competencyRef) };
}

function rowShown(row: MatrixRow, columns: TCompetencyRef[]) {
  const latest = new Map(row.latest.map((record) => [record.competencyId, record]));
  const required = new Set(row.required);
  return {
    employee: { _id: row.id, name: personName(row) },
    position: row.position,
    workplace: row.workplace,
    cells: columns.map((column) => {
      const record = latest.get(column._id);
      // No record: competencyStanding's missing (required) or none.
      const standing: CompetencyStanding = record
        ? record.standing
        : required.has(column._id)
          ? 'missing'
          : 'none';
      return { competencyId: column._id, standing, expiresOn: record?.expiresOn ?? null };
    }),
  };
}

/**
 * A page of the matrix: employees by name with their standing in each competency in view on
 * `today`. Cached (recordsAnswer): every table it reads moves the data version (Employee, Position,
 * Workplace, Competency, PositionCompetency, CompetencyRecord).
 */
export async function competencyMatrix(
  reader: Reader,
  auth: AuthContext,
  request: Filters & { page: number; pageSize: number },
  today: string,
): Promise<TCompetencyMatrix> {
  const matrix = matrixWhere(auth, request, today);
  const offset = (request.page - 1) * request.pageSize;
  const [{ rows, columns }, counted] = await Promise.all([
    readMatrix(reader, auth, matrix, request.competencyId, sql`LIMIT ${request.pageSize} OFFSET ${offset}`),
    cappedCount(reader, sql`SELECT 1 FROM "Employee" e WHERE ${matrix.where}`, request),
  ]);
  return { columns, rows: rows.map((row) => rowShown(row, columns)), total: counted.total };
}

/** The filtered matrix as CSV: one row per employee, one column per competency in view. */
export async function competencyMatrixCsv(
  reader: Reader,
  auth: AuthContext,
  filters: Filters,
): Promise<string> {
  const matrix = matrixWhere(auth, filters, callerToday(auth));
  const { rows, columns } = await readMatrix(
    reader,
    auth,
    matrix,
    filters.competencyId,
    sql`LIMIT ${EXPORT_LIMIT}`,
    true,
  );
  return matrixCsvOf(
    columns,
    rows.map((row) => rowShown(row, columns)),
    (cell) => {
      const label = cell.standing === 'none' ? '' : COMPETENCY_STANDING_LABELS[cell.standing];
      return cell.expiresOn && cell.standing !== 'none' ? `${label} (${cell.expiresOn})` : label;
    },
  );
}
