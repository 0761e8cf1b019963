import {
  accountsCall,
  configurationCall,
  messages,
  permissionsCall,
  signInCall,
  ssoConfigurationCall,
  switchSignInCall,
  type TPermissions,
  type TSignInRequest,
  type TSignInResponse,
  type TSsoConfigurationResponse,
  type TSsoProvider,
} from '@compass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAuthToken, setAuthToken } from '../lib/storage';
import { callApi } from './client';
import { ApiError } from './errors';
import { queryClient, queryKeys } from './queryClient';

export function fetchPermissions(): Promise<TPermissions> {
  return callApi(permissionsCall, {});
}

/** The permission profile's query, shared by the hook and the signed-in routes' loaders. */
export const permissionsQuery = queryOptions({
  queryKey: queryKeys.permissions,
  queryFn: fetchPermissions,
  staleTime: 5 * 60_000,
});

/** The signed-in user's permission profile (GET /api/permissions); idle without a token. */
export function usePermissions() {
  const token = getAuthToken();
  return useQuery({ ...permissionsQuery, enabled: !!token });
}

/**
 * Starts loading the permission profile when there is a session: the signed-in routes' loader, so
 * the profile is on its way while the shell's code still downloads. Silent: the guard, which reads
 * the same query, shows a failure.
 */
export function prefetchPermissions(): null {
  if (getAuthToken()) void queryClient.prefetchQuery({ ...permissionsQuery, meta: { silent: true } });
  return null;
}

/** Public configuration: product name, home and help sites, which SSO providers are offered. */
export function useConfiguration(enabled = true) {
  return useQuery({
    queryKey: queryKeys.configuration,
    queryFn: () => callApi(configurationCall, { query: {} }),
    staleTime: Infinity,
    meta: { silent: true },
    enabled,
  });
}

/** The accounts the user can switch between (GET /api/accounts/:userId). */
export function useAccounts(userId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: queryKeys.accounts(userId ?? ''),
    queryFn: () => callApi(accountsCall, { params: { id: userId ?? '' } }),
    enabled: enabled && !!userId,
    staleTime: 0,
  });
}

export function signIn(request: TSignInRequest): Promise<TSignInResponse> {
  return callApi(signInCall, { body: { ...request, appType: 'web' } }, { authRedirect: false });
}

/** 000 section 8: the sign-in failure shows response_data when it is text, else 'Invalid credentials'. */
export function signInFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (typeof error.data === 'string' && error.data.trim()) return error.data;
    if (error.hasValidationErrors) return error.message;
    if (error.isTransport) return error.message;
    // The server could not check the password (database down, overloaded): it is no verdict on it.
    if (error.errorCode === 'unavailable' || error.code >= 500) return error.message;
  }
  return messages.common.invalidCredentials;
}

export function switchSignIn(accountId: string): Promise<{ authToken: string }> {
  return callApi(switchSignInCall, { params: { id: accountId } });
}

/**
 * Starts Microsoft or Google sign-in: the provider's address to go to. companyId names the
 * organisation (a link may carry it); returnUrl comes back on /login/task after sign-in.
 */
export function ssoRedirectUrl(
  provider: TSsoProvider,
  options: { companyId?: string | null; returnUrl?: string } = {},
): Promise<TSsoConfigurationResponse> {
  return callApi(ssoConfigurationCall, {
    params: { provider },
    query: { companyId: options.companyId || undefined, returnUrl: options.returnUrl || undefined },
  });
}

/** Stores a new session token and loads the permission profile that goes with it. */
export async function startSession(authToken: string): Promise<TPermissions> {
  setAuthToken(authToken);
  queryClient.removeQueries({ queryKey: ['accounts'] });
  return queryClient.fetchQuery({ queryKey: queryKeys.permissions, queryFn: fetchPermissions, staleTime: 0 });
}

/** Ends the session on the client (the server call is made by the logout page). */
export function forgetSession(): void {
  queryClient.removeQueries({ queryKey: queryKeys.permissions });
  queryClient.removeQueries({ queryKey: ['accounts'] });
}

export function isEmployee(permissions: Pick<TPermissions, 'userType' | 'employeeId'>): boolean {
  return permissions.userType === 'employee' && !!permissions.employeeId;
}

export function hasAssociatedAccounts(
  permissions: Pick<TPermissions, 'associatedEmployees' | 'associatedExternalParties'>,
): boolean {
  return permissions.associatedEmployees.length > 0 || permissions.associatedExternalParties.length > 0;
}
