/** Browser storage used by the client: the session token, the remembered username and saved list state. */
export const AUTH_TOKEN_KEY = 'authToken';
export const REMEMBERED_USERNAME_KEY = 'rememberedUsername';
/** Set when the last dashboard this browser opened was an employee's (see lastDashboardWasEmployees). */
export const EMPLOYEE_DASHBOARD_KEY = 'employeeDashboard';
/** Every saved list / page-setup value is stored under a key with this prefix. */
export const LIST_STATE_PREFIX = 'listState:';

export function getAuthToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAuthToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
}

export function getRememberedUsername(): string {
  try {
    return localStorage.getItem(REMEMBERED_USERNAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function setRememberedUsername(username: string | null): void {
  if (username) localStorage.setItem(REMEMBERED_USERNAME_KEY, username);
  else localStorage.removeItem(REMEMBERED_USERNAME_KEY);
}

/**
 * The last dashboard opened here was an employee's: on a fresh page load its loader asks for the
 * employee's list while the permission profile is still on its way. A hint only: the server checks
 * the call, and a wrong guess costs one answer nobody shows.
 */
export function lastDashboardWasEmployees(): boolean {
  try {
    return localStorage.getItem(EMPLOYEE_DASHBOARD_KEY) === 'yes';
  } catch {
    return false;
  }
}

export function rememberDashboard(employees: boolean): void {
  try {
    if (employees) localStorage.setItem(EMPLOYEE_DASHBOARD_KEY, 'yes');
    else localStorage.removeItem(EMPLOYEE_DASHBOARD_KEY);
  } catch {
    // Storage refused (private mode, quota): the next load waits for the profile, as without it.
  }
}

/**
 * Empties local and session storage (sign-out, expired session). The remembered username is the
 * user's own choice on this device and survives, as the remember-me cookie did.
 */
export function clearStorage(): void {
  const remembered = getRememberedUsername();
  localStorage.clear();
  sessionStorage.clear();
  if (remembered) setRememberedUsername(remembered);
}

function removePrefixed(storage: Storage, prefix: string): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** Clears every saved list and page-setup value (used when navigating through the menu). */
export function clearListState(): void {
  removePrefixed(sessionStorage, LIST_STATE_PREFIX);
  removePrefixed(localStorage, LIST_STATE_PREFIX);
}

/** The storage key for one saved list state, e.g. listStateKey('formSubmission.records'). */
export function listStateKey(name: string): string {
  return `${LIST_STATE_PREFIX}${name}`;
}
