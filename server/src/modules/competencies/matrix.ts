import {
  competencyExpiringUntil,
  competencyStanding,
  COMPETENCY_STANDING_LABELS,
  personName,
  type TCompetencyMatrix,
  type TCompetencyRef,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZCompetencyMatrixExportQuery } from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { day, join, sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { csvOf, type CsvColumn } from '../../plugins/csv';
import { callerToday } from '../../plugins/organisationDay';
import { employeeSearch } from '../employees';
import { listPage } from '../registerParts';
import { competencyRef } from './catalogue';
import { matrixScope } from './policy';

type Filters = z.output<typeof ZCompetencyMatrixExportQuery>;
type Standing = NonNullable<Filters['standing']>;

/** The most employees one CSV export writes: every employee of a large organisation. */
const EXPORT_LIMIT = 20_000;

interface MatrixRow {
  id: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  position: string | null;
  workplace: string | null;
  /** The latest record of each competency the employee holds (isLatest). */
  latest: { competencyId: string; expiresOn: string | null }[];
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
 * The standing rule of shared competencyStanding as a condition on employee `e`: a latest record
 * expiring after the window (or never) is held, one within it expiring, one before today expired;
 * a competency of the position with no record at all is missing.
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
  const until = day(competencyExpiringUntil(today));
  const expiry = {
    held: sql`(r."expiresOn" IS NULL OR r."expiresOn" > ${until})`,
    expiring: sql`r."expiresOn" BETWEEN ${day(today)} AND ${until}`,
    expired: sql`r."expiresOn" < ${day(today)}`,
  }[standing];
  return sql`EXISTS (SELECT 1 FROM "CompetencyRecord" r WHERE r."companyId" = e."companyId"
    AND r."employeeId" = e.id AND r."isLatest" AND ${inView(competencyId, sql`r`)} AND ${expiry})`;
}

/** The active employees the caller may see that the filters match, on `e`. */
async function matrixWhere(db: Db, auth: AuthContext, filters: Filters, today: string): Promise<Sql> {
  const where = [await matrixScope(db, auth), sql`e."isActive"`];
  if (filters.workplaceId) where.push(sql`e."workplaceId" = ${uuid(filters.workplaceId)}`);
  if (filters.positionId) where.push(sql`e."positionId" = ${uuid(filters.positionId)}`);
  const search = filters.search?.trim();
  if (search) where.push(employeeSearch(search, (pattern) => [sql`e."employeeNumber" ILIKE ${pattern}`]));
  if (filters.standing) where.push(standingCondition(filters.standing, filters.competencyId, today));
  return join(where, ' AND ');
}

/** The employees of `where` by name, `limit` of them, with their latest records and requirements. */
function matrixStatement(where: Sql, limit: Sql): Sql {
  return sql`SELECT page.id, page."firstName", page."lastName", page."employeeNumber",
      po.name AS position, w.name AS workplace,
      (SELECT coalesce(json_agg(json_build_object('competencyId', r."competencyId", 'expiresOn', r."expiresOn")), '[]')
        FROM "CompetencyRecord" r
        WHERE r."companyId" = page."companyId" AND r."employeeId" = page.id AND r."isLatest") AS latest,
      (SELECT coalesce(array_agg(pc."competencyId"::text), '{}') FROM "PositionCompetency" pc
        WHERE pc."companyId" = page."companyId" AND pc."positionId" = page."positionId") AS required
    FROM (SELECT e.* FROM "Employee" e WHERE ${where}
      ORDER BY e."lastName", e."firstName", e.id ${limit}) page
    LEFT JOIN "Position" po ON po.id = page."positionId"
    LEFT JOIN "Workplace" w ON w.id = page."workplaceId" AND w."companyId" = page."companyId"
    ORDER BY page."lastName", page."firstName", page.id`;
}

/**
 * The columns: the competency chosen (active or not), or the active ones the rows' employees are
 * required to hold or hold, by name.
 */
async function columnsOf(
  db: Db,
  companyId: string,
  rows: MatrixRow[],
  competencyId: string | undefined,
): Promise<TCompetencyRef[]> {
  const ids = competencyId
    ? [competencyId]
    : [
        ...new Set(
          rows.flatMap((row) => [...row.required, ...row.latest.map((record) => record.competencyId)]),
        ),
      ];
  if (ids.length === 0) return [];
  const competencies = await db.competency.findMany({
    where: { companyId, id: { in: ids }, ...(!competencyId && { isActive: true }) },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return competencies.map(competencyRef);
}

function rowShown(row: MatrixRow, columns: TCompetencyRef[], today: string) {
  const latest = new Map(row.latest.map((record) => [record.competencyId, record]));
  const required = new Set(row.required);
  return {
    employee: { _id: row.id, name: personName(row) },
    position: row.position,
    workplace: row.workplace,
    cells: columns.map((column) => {
      const record = latest.get(column._id);
      return {
        competencyId: column._id,
        standing: competencyStanding(record, today, required.has(column._id)),
        expiresOn: record?.expiresOn ?? null,
      };
    }),
  };
}

/** A page of the matrix: employees by name with their standing in each competency in view. */
export async function competencyMatrix(
  db: Db,
  reader: Reader,
  auth: AuthContext,
  request: Filters & { page: number; pageSize: number },
): Promise<TCompetencyMatrix> {
  const today = callerToday(auth);
  const where = await matrixWhere(db, auth, request, today);
  const page = await listPage(
    reader,
    request,
    {
      rows: (limit, offset) =>
        reader.rows<MatrixRow>(matrixStatement(where, sql`LIMIT ${limit} OFFSET ${offset}`)),
      count: sql`SELECT 1 FROM "Employee" e WHERE ${where}`,
    },
    (row) => row,
  );
  const columns = await columnsOf(db, auth.companyId, page.rows, request.competencyId);
  return { columns, rows: page.rows.map((row) => rowShown(row, columns, today)), total: page.total };
}

/** The filtered matrix as CSV: one row per employee, one column per competency in view. */
export async function competencyMatrixCsv(
  db: Db,
  reader: Reader,
  auth: AuthContext,
  filters: Filters,
): Promise<string> {
  const today = callerToday(auth);
  const where = await matrixWhere(db, auth, filters, today);
  const rows = await reader.rows<MatrixRow>(matrixStatement(where, sql`LIMIT ${EXPORT_LIMIT}`), {
    export: true,
  });
  const columns = await columnsOf(db, auth.companyId, rows, filters.competencyId);
  type Shown = ReturnType<typeof rowShown>;
  const csvColumns: CsvColumn<Shown>[] = [
    { header: 'Employee', value: (row) => row.employee.name },
    { header: 'Position', value: (row) => row.position },
    { header: 'Workplace', value: (row) => row.workplace },
    ...columns.map((column, index) => ({
      header: column.name,
      value: (row: Shown) => {
        const cell = row.cells[index]!;
        const label = cell.standing === 'none' ? '' : COMPETENCY_STANDING_LABELS[cell.standing];
        return cell.expiresOn && cell.standing !== 'none' ? `${label} (${cell.expiresOn})` : label;
      },
    })),
  ];
  return csvOf(
    csvColumns,
    rows.map((row) => rowShown(row, columns, today)),
  );
}
