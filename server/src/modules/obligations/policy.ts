import { assignedActionSaveCall, obligationReviewCalls } from '@compass/shared';
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

/**
 * The call the people of each picker act through: reviewers through the review, question assignees
 * through the assigned action's save (the dashboard's dialog). The pickers offer only those it
 * serves, and a save naming anyone else is refused; owners are only named (any account holder).
 */
export const ACTS_THROUGH = {
  anyone: null,
  reviewer: obligationReviewCalls.complete,
  assignee: assignedActionSaveCall,
} as const;
