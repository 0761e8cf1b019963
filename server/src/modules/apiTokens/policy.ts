import { apiTokenMessages, type AccessKey } from '@compass/shared';
import { forbidden } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

/**
 * Who manages API tokens, and what a token may carry. The calls' declared access has already
 * refused everyone but employees holding `system` and signed in in person (sessionOnly: a token
 * cannot make or revoke tokens). What a token may do once made is ruled on every call by the auth
 * plugin (its keys ∩ its maker's keys now).
 */

/** The tokens a caller lists and revokes: its organisation's; another's id is not found. */
export const tokensOf = (auth: Pick<AuthContext, 'companyId'>) => ({ companyId: auth.companyId });

/** A new token carries only keys its maker holds: nobody grants a right they do not hold. */
export function requireKeysHeld(auth: Pick<AuthContext, 'accessKeys'>, keys: readonly AccessKey[]): void {
  if (keys.some((key) => !auth.accessKeys.has(key))) throw forbidden(apiTokenMessages.keyNotHeld);
}
