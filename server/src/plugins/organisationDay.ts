import { localDateOf } from '@compass/shared';
import type { Db, Prisma } from '../db/prisma';
import type { Reader } from '../db/reader';
import { sql, uuid } from '../db/sql';
import type { AuthContext } from './callers';

/**
 * Today (YYYY-MM-DD) in the organisation's time zone: its due dates and expiries are its days.
 * `now` is the instant (a test's clock).
 */
export async function organisationToday(
  db: Db | Prisma.TransactionClient,
  companyId: string,
  now: Date = new Date(),
): Promise<string> {
  const company = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { timeZone: true },
  });
  return localDateOf(now, company.timeZone);
}

/** `organisationToday` through the Reader (a prepared statement), for the lists that read there. */
export async function organisationTodayRead(
  reader: Reader,
  companyId: string,
  now: Date = new Date(),
): Promise<string> {
  const [company] = await reader.rows<{ timeZone: string }>(
    sql`SELECT "timeZone" FROM "Company" WHERE id = ${uuid(companyId)}`,
  );
  if (!company) throw new Error(`No organisation ${companyId}`);
  return localDateOf(now, company.timeZone);
}

/** Today for a signed-in caller: the session lookup read the organisation's time zone already. */
export function callerToday(auth: Pick<AuthContext, 'timeZone'>, now: Date = new Date()): string {
  return localDateOf(now, auth.timeZone);
}
