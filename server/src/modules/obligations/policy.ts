import type { Db, Prisma } from '../../db/prisma';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

/**
 * Who may see and change an obligation (its page, questions, files and review): a holder of the
 * register's key, for an obligation of their organisation.
 */
export async function obligationVisible(db: Db, auth: AuthContext, id: string): Promise<boolean> {
  return (
    auth.accessKeys.has('obligation') &&
    (await db.obligation.count({ where: { id, companyId: auth.companyId } })) > 0
  );
}

/** The organisation's obligation; another organisation's is not found. */
export async function findObligation(client: Prisma.TransactionClient | Db, companyId: string, id: string) {
  const obligation = await client.obligation.findFirst({ where: { id, companyId } });
  if (!obligation) throw notFound();
  return obligation;
}
