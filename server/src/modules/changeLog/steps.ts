import { timestampOf, type Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { nameOfUser, userNameJson, type UserNameJson } from '../employees';

/** One step of a work item's history as its page shows it. */
export interface HistoryStep {
  action: string;
  at: string;
  byName: string | null;
  comment: string | null;
}

/**
 * A work item's change log, oldest first, with who made each step (an HR form assignment, a
 * performance review); `commentOf` picks the comment the caller may read from a step's changes.
 */
export async function historyOf(
  reader: Reader,
  companyId: string,
  entity: { type: string; id: string },
  commentOf: (action: string, changes: Record<string, [unknown, unknown]>) => string | null,
): Promise<HistoryStep[]> {
  const company = uuid(companyId);
  const rows = await reader.rows<{
    action: string;
    createdAt: string;
    changes: Record<string, [unknown, unknown]>;
    user: UserNameJson;
  }>(sql`SELECT c.action, c."createdAt", c.changes, ${userNameJson(sql`c."userId"`, company)} AS "user"
    FROM "ChangeLog" c
    WHERE c."companyId" = ${company} AND c."entityType" = ${entity.type} AND c."entityId" = ${uuid(entity.id)}
    ORDER BY c."createdAt", c.id`);
  return rows.map((row) => ({
    action: row.action,
    at: timestampOf(row.createdAt).toISOString(),
    byName: nameOfUser(row.user),
    comment: commentOf(row.action, row.changes),
  }));
}
