import { ACCESS_KEYS, NO_RIGHTS, rightsOf, type AccessKey, type Rights } from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import type { AuthContext } from '../../plugins/auth';

type Tx = Prisma.TransactionClient;

/** The keys a stored access map ({ key: boolean }) allows, in the order of ACCESS_KEYS. */
export function allowedKeys(access: unknown): AccessKey[] {
  const map = (access ?? {}) as Record<string, unknown>;
  return ACCESS_KEYS.filter((key) => map[key] === true);
}

/** The organisation's rights as one administration write weighs them (holdsAll). */
export interface OrganisationRights {
  /**
   * The caller's: its role's keys that it holds in this call (auth.accessKeys: an API token's are
   * fewer than its maker's role), none when it has no role or is no active employee.
   */
  caller: Rights;
  /** A role's of the organisation; none for no role, or one of another organisation. */
  ofRole(roleId: string | null): Rights;
  /** The restriction fields its roles use: what a role can be free of (Rights.free). */
  restrictable: readonly string[];
}

/**
 * Every role's rights and the caller's, read in the write's transaction in two statements (an
 * organisation has a handful of roles): the session's keys may be a few seconds old, and a right
 * lost a moment ago must not be given on. The caller's keys are also limited to auth.accessKeys,
 * so a token never gives what it was not given.
 */
export async function readRights(
  tx: Tx,
  auth: Pick<AuthContext, 'companyId' | 'employeeId' | 'accessKeys'>,
): Promise<OrganisationRights> {
  const { companyId, employeeId: callerEmployeeId } = auth;
  const [roles, caller] = await Promise.all([
    tx.role.findMany({
      where: { companyId },
      select: { id: true, access: true, restrictions: { select: { keyField: true, isAccess: true } } },
    }),
    callerEmployeeId
      ? tx.employee.findFirst({
          where: { id: callerEmployeeId, companyId, isActive: true },
          select: { roleId: true },
        })
      : null,
  ]);
  const restrictable = [...new Set(roles.flatMap((role) => role.restrictions.map((row) => row.keyField)))];
  const rightsOfRole = (role: (typeof roles)[number], keys: AccessKey[]) =>
    rightsOf(
      keys,
      role.restrictions.filter((row) => !row.isAccess).map((row) => row.keyField),
      restrictable,
    );
  const byId = new Map(roles.map((role) => [role.id, rightsOfRole(role, allowedKeys(role.access))]));
  const ofRole = (roleId: string | null) => (roleId && byId.get(roleId)) || NO_RIGHTS;
  const callerRole = roles.find((role) => role.id === caller?.roleId);
  const callerRights = callerRole
    ? rightsOfRole(
        callerRole,
        allowedKeys(callerRole.access).filter((key) => auth.accessKeys.has(key)),
      )
    : NO_RIGHTS;
  return { caller: callerRights, ofRole, restrictable };
}
