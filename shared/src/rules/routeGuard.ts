import type { UserType } from './menu';

export interface GuardProfile {
  userType: UserType;
  employeeId?: string | null;
  supplierId?: string | null;
  isForceUpdatePassword: 'yes' | 'no';
  access?: { supplierPortal: 'yes' | 'no'; supplierAccess: 'yes' | 'no' };
}

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

const FORCED_CHANGE_ALLOWED = ['/dashboard', '/change-password'];
/** A supplier whose company's portal and access are off: the dashboard says so, switching accounts leaves. */
const PORTAL_OFF_ALLOWED = ['/dashboard', '/switch-user'];

function stripTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * The route guard of 000 section 6: while a forced password change is pending only /dashboard
 * and /change-password are open; a supplier whose portal and access are both off keeps only the
 * dashboard (which says so) and /switch-user; otherwise an employee, a supplier or a company user with a
 * token passes, and anyone else goes to /login with the requested URL to return to.
 */
export function guardDecision(input: {
  path: string;
  search?: string;
  token: string | null;
  profile: GuardProfile | null;
}): GuardDecision {
  const { profile, token } = input;
  const path = stripTrailingSlash(input.path);
  const signedIn =
    !!token && !!profile && (!!profile.employeeId || !!profile.supplierId || profile.userType === 'company');
  if (!signedIn) {
    const returnUrl = `${input.path}${input.search ?? ''}`;
    return { allow: false, redirectTo: `/login?returnUrl=${encodeURIComponent(returnUrl)}` };
  }
  if (profile.isForceUpdatePassword === 'yes' && !FORCED_CHANGE_ALLOWED.includes(path)) {
    return { allow: false, redirectTo: '/change-password' };
  }
  const portalOff =
    profile.userType !== 'employee' &&
    profile.access?.supplierPortal !== 'yes' &&
    profile.access?.supplierAccess !== 'yes';
  if (portalOff && profile.access && !PORTAL_OFF_ALLOWED.includes(path)) {
    return { allow: false, redirectTo: '/dashboard' };
  }
  return { allow: true };
}
