import {
  administrationMessages as say,
  holdsAll,
  rightsOf,
  type AccessKey,
  type Rights,
} from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { conflict, forbidden } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { allowedKeys, type OrganisationRights } from './rights';

type Tx = Prisma.TransactionClient;

// Who may give and take rights (shared rules/rights, holdsAll): nobody gives a right they do not
// hold, nor manages an account whose role holds one they lack, and the organisation always keeps an
// administrator. The rights are read in the write's transaction (readRights).

/** Whether the caller holds every right of the role: only then does it manage the role's holders. */
export const mayManageHolderOf = (rights: OrganisationRights, roleId: string | null): boolean =>
  holdsAll(rights.caller, rights.ofRole(roleId));

export function requireMayManageHolderOf(rights: OrganisationRights, roleId: string | null): void {
  if (!mayManageHolderOf(rights, roleId)) throw forbidden(say.manageBeyondOwn);
}

export function requireMayGive(rights: OrganisationRights, given: Rights): void {
  if (!holdsAll(rights.caller, given)) throw forbidden(say.grantBeyondOwn);
}

/**
 * What a role's save gives: a new role all it has (free of every restriction); a stored one only
 * the keys it turns on, as its restrictions do not change here.
 */
export function rightsGivenByRoleSave(
  rights: OrganisationRights,
  before: { access: unknown } | null,
  keys: readonly AccessKey[],
): Rights {
  if (!before) return rightsOf(keys, [], rights.restrictable);
  return {
    keys: new Set(keys.filter((key) => !allowedKeys(before.access).includes(key))),
    free: rights.caller.free,
  };
}

/** An administrator cannot take System Administration from their own role. */
export async function requireKeepsOwnSystemAccess(
  tx: Tx,
  auth: AuthContext,
  roleId: string,
  keys: readonly AccessKey[],
): Promise<void> {
  if (keys.includes('system') || !auth.employeeId) return;
  const own = await tx.employee.findFirst({ where: { id: auth.employeeId, roleId } });
  if (own) throw conflict(say.ownSystemAccess);
}

/**
 * Active employees with an active account whose role has System Administration: the organisation's
 * administrators. A change that leaves none is refused.
 */
export function countAdministrators(tx: Tx, companyId: string): Promise<number> {
  return tx.employee.count({
    where: {
      companyId,
      isActive: true,
      user: { is: { isActive: true } },
      role: { is: { access: { path: ['system'], equals: true } } },
    },
  });
}

export async function requireAdministrator(tx: Tx, companyId: string): Promise<void> {
  if ((await countAdministrators(tx, companyId)) === 0) throw conflict(say.lastAdmin);
}
