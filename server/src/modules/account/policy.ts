import { forbidden } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

/** Whose account a username change names: the caller's own, as far as it names one. */
export interface AccountNamed {
  userType?: string | null;
  supplierId?: string | null;
  personnelId?: string | null;
}

/**
 * Only an external-party account (a supplier's or its personnel's) sets its username, and only its
 * own: each owner the request names must be the caller's.
 */
export function requireOwnExternalAccount(auth: AuthContext, named: AccountNamed): void {
  if (auth.userType === 'employee') throw forbidden();
  const own = (given: string | null | undefined, mine: string | null) => given == null || given === mine;
  if (
    (named.userType != null && named.userType !== auth.userType) ||
    !own(named.supplierId, auth.supplierId) ||
    !own(named.personnelId, auth.personnelId)
  ) {
    throw forbidden();
  }
}
