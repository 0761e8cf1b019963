import { localDateOf } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';

/** Today (YYYY-MM-DD) in the organisation's time zone: its due dates and expiries are its days. */
export async function organisationToday(
  db: Db | Prisma.TransactionClient,
  companyId: string,
): Promise<string> {
  const company = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { timeZone: true },
  });
  return localDateOf(new Date(), company.timeZone);
}
