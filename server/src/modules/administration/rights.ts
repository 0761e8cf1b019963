import { ACCESS_KEYS, NO_RIGHTS, rightsOf, type AccessKey, type Rights } from '@compass/shared';
import type { Prisma } from '../../db/prisma';

type Tx = Prisma.TransactionClient;

/** The keys a stored access map ({ key: boolean }) allows, in the order of ACCESS_KEYS. */
export function allowedKeys(access: unknown): AccessKey[] {
  const map = (access ?? {}) as Record<string, unknown>;
  return ACCESS_KEYS.filter((key) => map[key] === true);
}

/** The organisation's rights as one administration write weighs them (holdsAll). */
export interface OrganisationRights {
  /** The caller's: its role's, none when it has no role or is no active employee. */
  caller: Rights;
  /** A role's of the organisation; none for no role, or one of another organisation. */
  ofRole(roleId: string | null): Rights;
  /** The restriction fields its roles use: what a role can be free of (Rights.free). */
  restrictable: readonly string[];
}

/**
 * Every role's rights and the caller's, read in the write's transaction in two statements (an
 * organisation has a handful of roles): the session's keys may be a few seconds old, and a right
 * lost a moment ago must not be given on.
 */
export async function readRights(
  tx: Tx,
  companyId: string,
  callerEmployeeId: string | null,
): Promise<OrganisationRights> {
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
  const byId = new Map(
    roles.map((role) => [
      role.id,
      rightsOf(
        allowedKeys(role.access),
        role.restrictions.filter((row) => !row.isAccess).map((row) => row.keyField),
        restrictable,
      ),
    ]),
  );
  const ofRole = (roleId: string | null) => (roleId && byId.get(roleId)) || NO_RIGHTS;
  return { caller: ofRole(caller?.roleId ?? null), ofRole, restrictable };
}
