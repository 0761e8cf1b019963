/**
 * The reads of an employee's records (My Competency, the employee's page): each call one prepared
 * statement of the Reader, the employee (for the policy) with what the screen shows, instead of a
 * query per table (docs/human-resources.md, "Speed").
 */
import {
  competencyStanding,
  COMPETENCY_STANDINGS,
  personName,
  type CompetencyKind,
  type CompetencyStanding,
  type TCompetencyRecord,
  type TCompetencyRecordList,
  type TEmployeeCompetencySummary,
} from '@compass/shared';
import type { Reader } from '../../db/reader';
import { emptySql, sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { attachmentOf, attachmentsJson } from '../attachments';
import { competencyRef } from './catalogue';
import { readableEmployee, type RecordRights } from './policy';

interface Named {
  firstName: string;
  lastName: string;
}
interface CompetencyRow {
  id: string;
  name: string;
  kind: CompetencyKind;
  expires: boolean;
  validForMonths: number | null;
}
interface RecordRow {
  id: string;
  competency: CompetencyRow;
  achievedOn: string;
  expiresOn: string | null;
  reference: string | null;
  issuer: string | null;
  notes: string | null;
  isLatest: boolean;
  createdBy: Named | null;
  attachments: { id: string; name: string; fileType: string | null; size: number }[];
  updatedAt: string;
}
/** The employee whose records are read: who they are and who manages them (the policy's input). */
interface EmployeeRow extends Named {
  id: string;
  managerEmployeeId: string | null;
}

/** Competency `c` as JSON (competencyRef's fields). */
const competencyJson = sql`json_build_object('id', c.id, 'name', c.name, 'kind', c.kind, 'expires', c.expires,
  'validForMonths', c."validForMonths")`;

/** Record `r` of competency `c` as JSON (a RecordRow): with who entered it and its files. */
const recordJson = sql`json_build_object('id', r.id, 'competency', ${competencyJson},
  'achievedOn', r."achievedOn", 'expiresOn', r."expiresOn", 'reference', r.reference, 'issuer', r.issuer,
  'notes', r.notes, 'isLatest', r."isLatest",
  'createdBy', (SELECT json_build_object('firstName', b."firstName", 'lastName', b."lastName")
    FROM "Employee" b WHERE b.id = r."createdByEmployeeId" AND b."companyId" = r."companyId"),
  'attachments', ${attachmentsJson('competencyRecord', sql`r.id`, sql`r."companyId"`)},
  'updatedAt', to_char(r."updatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

const rightsShown = (rights: RecordRights) => ({ mayEdit: rights.mayEdit, mayDelete: rights.mayDelete });

function recordShown(row: RecordRow, today: string): TCompetencyRecord {
  return {
    _id: row.id,
    competency: competencyRef(row.competency),
    achievedOn: row.achievedOn,
    expiresOn: row.expiresOn,
    reference: row.reference,
    issuer: row.issuer,
    notes: row.notes,
    standing: competencyStanding({ expiresOn: row.expiresOn }, today, false),
    isLatest: row.isLatest,
    createdBy: row.createdBy && personName(row.createdBy),
    attachments: row.attachments.map(attachmentOf),
    updatedAt: row.updatedAt,
  };
}

/** The employee `e` of the caller's organisation asked for, with the columns of `more`. */
const employeeStatement = (auth: AuthContext, employeeId: string, more: Sql, joins: Sql = emptySql) =>
  sql`SELECT e.id, e."firstName", e."lastName", e."managerEmployeeId", ${more}
    FROM "Employee" e ${joins}
    WHERE e.id = ${uuid(employeeId)} AND e."companyId" = ${uuid(auth.companyId)}`;

interface SummaryRow extends EmployeeRow {
  position: { id: string; name: string } | null;
  manager: (Named & { id: string }) | null;
  competencies: {
    competency: CompetencyRow;
    required: boolean;
    latest: RecordRow | null;
    recordCount: number;
  }[];
}

/**
 * The competencies of employee `e`: the active ones their position requires and those they hold a
 * latest record of (active or not), each with the latest record and how many records they have.
 */
const summaryColumns = sql`
  (SELECT json_build_object('id', po.id, 'name', po.name) FROM "Position" po
    WHERE po.id = e."positionId" AND po."companyId" = e."companyId") AS position,
  (SELECT json_build_object('id', m.id, 'firstName', m."firstName", 'lastName', m."lastName") FROM "Employee" m
    WHERE m.id = e."managerEmployeeId" AND m."companyId" = e."companyId") AS manager,
  (SELECT coalesce(json_agg(json_build_object('competency', ${competencyJson},
      'required', c."isActive" AND EXISTS (SELECT 1 FROM "PositionCompetency" pc
        WHERE pc."companyId" = e."companyId" AND pc."positionId" = e."positionId" AND pc."competencyId" = c.id),
      'latest', (SELECT ${recordJson} FROM "CompetencyRecord" r WHERE r."companyId" = e."companyId"
        AND r."employeeId" = e.id AND r."competencyId" = c.id AND r."isLatest"),
      'recordCount', (SELECT count(*) FROM "CompetencyRecord" h WHERE h."companyId" = e."companyId"
        AND h."employeeId" = e.id AND h."competencyId" = c.id))), '[]')
    FROM "Competency" c
    WHERE c."companyId" = e."companyId" AND c.id IN (
      SELECT pc."competencyId" FROM "PositionCompetency" pc JOIN "Competency" a ON a.id = pc."competencyId"
        WHERE pc."companyId" = e."companyId" AND pc."positionId" = e."positionId" AND a."isActive"
      UNION
      SELECT l."competencyId" FROM "CompetencyRecord" l
        WHERE l."companyId" = e."companyId" AND l."employeeId" = e.id AND l."isLatest")) AS competencies`;

/**
 * An employee's competencies on `today`: each one their position requires or they hold, by name.
 * Cached (recordsAnswer): every table it reads moves the data version (Employee, Position,
 * Competency, PositionCompetency, CompetencyRecord, Attachment).
 */
export async function competencySummary(
  reader: Reader,
  auth: AuthContext,
  employeeId: string,
  today: string,
): Promise<TEmployeeCompetencySummary> {
  const [row] = await reader.rows<SummaryRow>(employeeStatement(auth, employeeId, summaryColumns));
  const { employee, rights } = readableEmployee(auth, row);
  const { position, manager, competencies } = employee;
  const rows = competencies
    .sort((a, b) => a.competency.name.localeCompare(b.competency.name))
    .map((held) => ({
      competency: competencyRef(held.competency),
      required: held.required,
      standing: competencyStanding(held.latest ?? undefined, today, held.required),
      latest: held.latest && recordShown(held.latest, today),
      recordCount: held.recordCount,
    }));
  const counts = Object.fromEntries(COMPETENCY_STANDINGS.map((standing) => [standing, 0])) as Record<
    CompetencyStanding,
    number
  >;
  for (const row of rows) counts[row.standing] += 1;
  return {
    employee: {
      _id: employee.id,
      name: personName(employee),
      position: position && { _id: position.id, name: position.name },
      manager: manager && { _id: manager.id, name: personName(manager) },
    },
    rows,
    counts,
    rights: rightsShown(rights),
  };
}

interface RecordPageRow extends EmployeeRow {
  total: number;
  records: RecordRow[];
}

/** A page of an employee's records, newest first (the latest leads, as isLatest marks it). */
export async function listRecords(
  reader: Reader,
  auth: AuthContext,
  request: { employeeId: string; competencyId?: string | undefined; page: number; pageSize: number },
): Promise<TCompetencyRecordList> {
  const ofCompetency = request.competencyId
    ? sql` AND r."competencyId" = ${uuid(request.competencyId)}`
    : emptySql;
  const mine = sql`r."companyId" = e."companyId" AND r."employeeId" = e.id${ofCompetency}`;
  const newestFirst = sql`r."expiresOn" DESC NULLS FIRST, r."achievedOn" DESC, r."createdAt" DESC, r.id DESC`;
  const [row] = await reader.rows<RecordPageRow>(
    employeeStatement(
      auth,
      request.employeeId,
      sql`(SELECT count(*)::int FROM "CompetencyRecord" r WHERE ${mine}) AS total,
        (SELECT coalesce(json_agg(page.record ORDER BY page.n), '[]') FROM (
          SELECT ${recordJson} AS record, row_number() OVER (ORDER BY ${newestFirst}) AS n
          FROM "CompetencyRecord" r JOIN "Competency" c ON c.id = r."competencyId"
          WHERE ${mine} ORDER BY ${newestFirst}
          LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}) page) AS records`,
    ),
  );
  const { employee, rights } = readableEmployee(auth, row);
  const today = callerToday(auth);
  return {
    rows: employee.records.map((record) => recordShown(record, today)),
    total: employee.total,
    rights: rightsShown(rights),
  };
}
