import type { AdministeredEntity, TRecordChange } from '@compass/shared';
import { timestampOf, type Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { nameOfUser, userNameJson, type UserNameJson } from '../employees';
import { ofCallersOrganisationSql, readsLogOf } from './policy';

/** A logged value as the screen shows it. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((item) => asText(item) ?? '').join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Reads the change log of administered records (organisation, workplaces, roles, people, notices). */
export class ChangeLogService {
  constructor(private readonly reader: Reader) {}

  /**
   * The record's newest 500 rows with who made them, in one prepared statement that also says
   * whether the record exists in the caller's organisation (another's is not found).
   */
  async list(auth: AuthContext, entityType: AdministeredEntity, entityId: string): Promise<TRecordChange[]> {
    if (!readsLogOf(auth, entityType)) throw forbidden();
    const company = uuid(auth.companyId);
    const found = ofCallersOrganisationSql(auth, entityType, entityId);
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
