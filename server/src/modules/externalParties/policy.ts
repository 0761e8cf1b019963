import { externalPartiesMessages, requirementMessages, type TLinkOperation } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { sql, uuid, type Sql } from '../../db/sql';
import { AppError, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { sessionCallerOf, type LinkOrSessionCaller } from '../../plugins/callers';
import type { OwnerPolicy } from '../attachments';
import { checkScope } from '../links';
import { assignmentsOfCaller } from '../submissions';

// Who sees a supplier form assignment or a document requirement (docs/external-parties.md), and on
// which side: the reviewer's (its reviewer, an employee with the External Parties key) or the
// provider's (the link it was mailed with, the supplier company's main account on behalf of its
// people, the person it names). The routes, the Form Register and the files all ask here.

type Tx = Prisma.TransactionClient;

/** The reviewer's side: the item's reviewer, or an employee whose role holds the External Parties key. */
export const reviewsItem = (auth: AuthContext, item: { reviewerEmployeeId: string | null }): boolean =>
  (auth.employeeId !== null && item.reviewerEmployeeId === auth.employeeId) ||
  auth.accessKeys.has('supplier');

/**
 * The assignment for the reviewer's side; another organisation's is 404, one the caller does not
 * review 403.
 */
export async function reviewableAssignment(db: Db | Tx, auth: AuthContext, id: string) {
  const assignment = await db.supplierAssignment.findFirst({ where: { id, companyId: auth.companyId } });
  if (!assignment) throw notFound();
  if (!reviewsItem(auth, assignment)) throw forbidden(externalPartiesMessages.notReviewer);
  return assignment;
}

/**
 * The assignments the provider's side sees of `id`: the holder of its link (scoped to it), or the
 * signed-in supplier (the company's, its people's on their behalf) or person (their own). null
 * when the caller has none.
 */
export function providedAssignments(
  caller: LinkOrSessionCaller,
  id: string,
): Prisma.SupplierAssignmentWhereInput | null {
  if (caller.kind === 'link') {
    checkScope(caller.link, 'supplierAssignment', id, 'read');
    return { companyId: caller.link.companyId };
  }
  return assignmentsOfCaller(caller.auth, { onBehalf: true });
}

/** A signed-in supplier provides a requirement of its company; a person only their own. */
const providesRequirement = (
  auth: AuthContext,
  requirement: { supplierId: string; personnelId: string | null },
): boolean =>
  auth.supplierId === requirement.supplierId &&
  (auth.personnelId === null || auth.personnelId === requirement.personnelId);

/** `providesRequirement` in SQL over the requirement `t`, for a supplier (and person) of the organisation. */
export function providedRequirementsSql(provider: { supplierId: string; personnelId: string | null }): Sql {
  const supplier = sql`t."supplierId" = ${uuid(provider.supplierId)}`;
  return provider.personnelId
    ? sql`${supplier} AND t."personnelId" = ${uuid(provider.personnelId)}`
    : supplier;
}

/**
 * The assignments or requirements submitted for the employee's review as their reviewer, in SQL
 * over `t`: what their dashboard lists (the key holders reach the others through the registers).
 */
export const awaitingReviewBySql = (employeeId: string): Sql =>
  sql`t."reviewerEmployeeId" = ${uuid(employeeId)} AND t.status = 'submitted'`;

/**
 * The requirement a caller may open, and on which side: the provider (its link, its supplier's
 * main account, its person) or the reviewer (its reviewer, the External Parties key). A link is
 * checked for `operation` as well.
 */
export async function openedRequirement(
  db: Db | Tx,
  caller: LinkOrSessionCaller,
  id: string,
  operation: TLinkOperation = 'read',
) {
  if (caller.kind === 'link') {
    if (operation !== 'read') checkScope(caller.link, 'supplierRequirement', id, operation);
    checkScope(caller.link, 'supplierRequirement', id, 'read');
    const requirement = await db.supplierRequirement.findFirst({
      where: { id, companyId: caller.link.companyId },
    });
    if (!requirement) throw notFound();
    return { requirement, side: 'provider' as const };
  }
  const { auth } = caller;
  const requirement = await db.supplierRequirement.findFirst({ where: { id, companyId: auth.companyId } });
  if (!requirement) throw notFound();
  if (auth.userType === 'employee') {
    if (!reviewsItem(auth, requirement)) throw forbidden(requirementMessages.notReviewer);
    return { requirement, side: 'reviewer' as const };
  }
  // Another supplier's requirement is not theirs to know about.
  if (!providesRequirement(auth, requirement)) throw notFound(requirementMessages.notProvider);
  return { requirement, side: 'provider' as const };
}

/** A supplier's main account sees its own company's compliance; its people and other suppliers see nothing. */
export const seesCompliance = (auth: AuthContext, supplierId: string): boolean =>
  auth.userType === 'employee' || (auth.personnelId === null && auth.supplierId === supplierId);

/** Who may read a requirement's documents through /api/files (links read them by their scope). */
export function requirementFilesPolicy(db: Db): OwnerPolicy {
  return async (auth, ownerId, mode) => {
    if (mode !== 'read') return false;
    try {
      await openedRequirement(db, sessionCallerOf(auth), ownerId);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  };
}
