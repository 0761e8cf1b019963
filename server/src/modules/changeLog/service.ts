import { ADMINISTERED_ENTITIES, type AdministeredEntity, type TRecordChange } from '@compass/shared';
import { timestampOf, type Reader } from '../../db/reader';
import { sql, uuid, type Sql } from '../../db/sql';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { nameOfUser, userNameJson, type UserNameJson } from '../employees';

/** A logged value as the screen shows it. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((item) => asText(item) ?? '').join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The entities whose id is the organisation's own: the caller's organisation only. */
const OF_THE_ORGANISATION = ['organisation', 'notifications'] as const;
type OfTheOrganisation = (typeof OF_THE_ORGANISATION)[number];
const ofTheOrganisation = (entityType: AdministeredEntity): entityType is OfTheOrganisation =>
  (OF_THE_ORGANISATION as readonly string[]).includes(entityType);

/** The table of each administered record of its own. */
const TABLES: Record<Exclude<AdministeredEntity, OfTheOrganisation>, Sql> = {
  workplace: sql`"Workplace"`,
  branch: sql`"Branch"`,
  role: sql`"Role"`,
  position: sql`"Position"`,
  employee: sql`"Employee"`,
  supplierCompany: sql`"SupplierCompany"`,
  personnel: sql`"Personnel"`,
  notice: sql`"Notice"`,
  formTemplate: sql`"FormTemplate"`,
  obligation: sql`"Obligation"`,
  risk: sql`"Risk"`,
  hazardousSubstance: sql`"HazardousSubstance"`,
  document: sql`"Document"`,
};

/** Reads the change log of administered records (organisation, workplaces, roles, people, notices). */
export class ChangeLogService {
  constructor(private readonly reader: Reader) {}

  /**
   * The record's newest 500 rows with who made them, in one prepared statement that also says
   * whether the record exists in the caller's organisation (another's is not found).
   */
  async list(auth: AuthContext, entityType: AdministeredEntity, entityId: string): Promise<TRecordChange[]> {
    if (!auth.accessKeys.has(ADMINISTERED_ENTITIES[entityType])) throw forbidden();
    const company = uuid(auth.companyId);
    const found = ofTheOrganisation(entityType)
      ? sql`${entityId === auth.companyId}::boolean`
      : sql`EXISTS (SELECT 1 FROM ${TABLES[entityType]} r WHERE r.id = ${uuid(entityId)} AND r."companyId" = ${company})`;
    const rows = await this.reader.rows<LogRow>(sql`SELECT target.found, l.id, l."createdAt", l.action,
        l.changes, l."userId", ${userNameJson(sql`l."userId"`, sql`l."companyId"`)} AS "user"
      FROM (SELECT ${found} AS found) target
      LEFT JOIN LATERAL (SELECT * FROM "ChangeLog" l
        WHERE l."companyId" = ${company} AND l."entityType" = ${entityType} AND l."entityId" = ${uuid(entityId)}
        ORDER BY l."createdAt" DESC LIMIT 500) l ON target.found
      ORDER BY l."createdAt" DESC`);
    if (!rows[0]?.found) throw notFound();
    return rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        _id: row.id!,
        createdAt: timestampOf(row.createdAt).toISOString(),
        action: row.action!,
        changedBy: row.userId ? (nameOfUser(row.user) ?? 'Unknown user') : 'Organisation file',
        changes: Object.entries((row.changes ?? {}) as Record<string, [unknown, unknown]>).map(
          ([field, pair]) => ({
            field,
            from: asText(Array.isArray(pair) ? pair[0] : null),
            to: asText(Array.isArray(pair) ? pair[1] : pair),
          }),
        ),
      }));
  }
}

/** A row of the statement: the log columns are null when the record has none (or is not found). */
interface LogRow {
  found: boolean;
  id: string | null;
  /** A `timestamp` as text (db/reader.ts). */
  createdAt: string;
  action: string | null;
  changes: unknown;
  userId: string | null;
  user: UserNameJson;
}
