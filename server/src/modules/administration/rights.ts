import {
  ACCESS_KEYS,
  administrationMessages as say,
  holdsAll,
  NO_RIGHTS,
  rightsOf,
  type AccessKey,
  type Rights,
} from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { forbidden } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

type Tx = Prisma.TransactionClient;

/** The keys a stored access map ({ key: boolean }) allows, in the order of ACCESS_KEYS. */
export function allowedKeys(access: unknown): AccessKey[] {
  const map = (access ?? {}) as Record<string, unknown>;
  return ACCESS_KEYS.filter((key) => map[key] === true);
}

/** The restriction fields the organisation's roles use: what a role can be free of (Rights.free). */
export async function restrictableFields(tx: Tx, companyId: string): Promise<string[]> {
  const rows = await tx.accessRestriction.findMany({
    where: { companyId },
    distinct: ['keyField'],
    select: { keyField: true },
  });
  return rows.map((row) => row.keyField);
}

/** The rights a role of the organisation gives (none for no role, or one of another organisation). */
export async function rightsOfRole(tx: Tx, companyId: string, roleId: string | null): Promise<Rights> {
  if (!roleId) return NO_RIGHTS;
  const [role, restrictable] = await Promise.all([
    tx.role.findFirst({
      where: { id: roleId, companyId },
      select: { access: true, restrictions: { where: { isAccess: false }, select: { keyField: true } } },
    }),
    restrictableFields(tx, companyId),
  ]);
  if (!role) return NO_RIGHTS;
  return rightsOf(
    allowedKeys(role.access),
    role.restrictions.map((row) => row.keyField),
    restrictable,
  );
}

/**
 * The caller's rights as stored now, read in the write's transaction: the session's keys may be a
 * few seconds old, and a right lost a moment ago must not be given on.
 */
export async function rightsOfCaller(tx: Tx, auth: AuthContext): Promise<Rights> {
  if (!auth.employeeId) return NO_RIGHTS;
  const me = await tx.employee.findFirst({
    where: { id: auth.employeeId, companyId: auth.companyId, isActive: true },
    select: { roleId: true },
  });
  return rightsOfRole(tx, auth.companyId, me?.roleId ?? null);
}

/** Refuses (403) unless the caller holds every right of `other`; see holdsAll. */
export async function requireHoldsAll(
  tx: Tx,
  auth: AuthContext,
  other: Rights,
  message: string = say.grantBeyondOwn,
): Promise<void> {
  if (!holdsAll(await rightsOfCaller(tx, auth), other)) throw forbidden(message);
}
