import { forbidden } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

// Whose accounts a session reads and which it may switch to without a password.

/** The list of associated accounts is the caller's own: the route's id must be the caller's. */
export function requireOwnAccountList(auth: AuthContext, userId: string): void {
  if (userId !== auth.userId) throw forbidden();
}

/** What switching weighs of the two accounts. */
interface GroupedAccount {
  isActive: boolean;
  accountGroupId: string | null;
}

/**
 * Switch sign-in without a password: from an employee account to an active account truly
 * associated with it (the same account group). External-party accounts switch by signing in with
 * the password.
 */
export function maySwitchTo<T extends GroupedAccount>(
  auth: AuthContext,
  current: GroupedAccount,
  target: T | null,
): target is T {
  return (
    auth.userType === 'employee' &&
    target !== null &&
    target.isActive &&
    current.accountGroupId !== null &&
    target.accountGroupId === current.accountGroupId
  );
}
