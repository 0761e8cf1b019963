import { isEmailAddress, safeReturnPath, TARGET_BE_REDIRECT_MS, type TPermissions } from '@compass/shared';
import type { NavigateFunction } from 'react-router';
import { startSession } from '../../api/auth';

export const DEFAULT_RETURN_URL = '/dashboard';

/** Only paths inside this application are followed; anything else falls back to /dashboard. */
export function safeReturnUrl(value: string | null | undefined): string {
  return safeReturnPath(value) ?? DEFAULT_RETURN_URL;
}

/**
 * Where to go after sign-in (000 section 2.3): returnUrl, or the post-login targets of a link that
 * carried companyId + submissionData (a form record) or employeeId + formId (an assessment form).
 */
export function resolveReturnUrl(params: URLSearchParams): string {
  const companyId = params.get('companyId');
  const submission = params.get('submissionData');
  const employeeId = params.get('employeeId');
  const formId = params.get('formId');
  if (companyId && submission) {
    return `/form-submission/record/${encodeURIComponent(companyId)}/${encodeURIComponent(submission)}`;
  }
  if (employeeId && formId) {
    return `/form-submission/form-submit/employeeAssessment/${encodeURIComponent(employeeId)}/${encodeURIComponent(formId)}`;
  }
  return safeReturnUrl(params.get('returnUrl'));
}

/** The same e-mail rule as the server's update-username contract. */
export { isEmailAddress } from '@compass/shared';

/**
 * 000 section 4: a supplier (any non-employee account) signed in with SSO whose username is not
 * an e-mail address cannot go on until it has one: the client sends it to /update-username.
 */
export function needsUsernameUpdate(permissions: Pick<TPermissions, 'userType' | 'username'>): boolean {
  return permissions.userType !== 'employee' && !isEmailAddress(permissions.username);
}

/** The hasAssociatedAccounts query flag of the SSO return: the server sends 'yes' ('true' is accepted too). */
export function associatedAccountsFlag(value: string | null): boolean {
  return value === 'yes' || value === 'true';
}

/** Opens the return URL (in a new tab for target=be) after a completed sign-in. */
export function goToReturnUrl(navigate: NavigateFunction, returnUrl: string, target: string | null): void {
  if (target === 'be') {
    window.open(returnUrl, '_blank', 'noopener');
    window.setTimeout(() => navigate(DEFAULT_RETURN_URL, { replace: true }), TARGET_BE_REDIRECT_MS);
    return;
  }
  navigate(returnUrl, { replace: true });
}

interface RouteInput {
  hasAssociatedAccounts: boolean;
  returnUrl: string;
  target: string | null;
}

/**
 * Routes on after sign-in (000 section 4): forced password change first, then the account chooser
 * when there are associated accounts, else the return URL.
 */
export function routeAfterSignIn(
  navigate: NavigateFunction,
  permissions: TPermissions,
  input: RouteInput,
): void {
  if (permissions.isForceUpdatePassword === 'yes') {
    navigate('/change-password', { replace: true });
  } else if (input.hasAssociatedAccounts) {
    const query = new URLSearchParams({ returnUrl: input.returnUrl });
    if (input.target) query.set('target', input.target);
    navigate(`/switch-user?${query.toString()}`, { replace: true });
  } else {
    goToReturnUrl(navigate, input.returnUrl, input.target);
  }
}

/** Stores the token, loads the permission profile and routes on. */
export async function completeSignIn(
  navigate: NavigateFunction,
  input: RouteInput & { authToken: string },
): Promise<TPermissions> {
  const permissions = await startSession(input.authToken);
  routeAfterSignIn(navigate, permissions, input);
  return permissions;
}
