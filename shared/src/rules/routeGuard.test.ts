import { describe, expect, it } from 'vitest';
import { guardDecision, type GuardProfile } from './routeGuard';

const EMPLOYEE: GuardProfile = {
  userType: 'employee',
  employeeId: 'emp-1',
  supplierId: null,
  isForceUpdatePassword: 'no',
};
const SUPPLIER: GuardProfile = {
  userType: 'supplier',
  employeeId: null,
  supplierId: 'sup-1',
  isForceUpdatePassword: 'no',
};
const COMPANY: GuardProfile = {
  userType: 'company',
  employeeId: null,
  supplierId: null,
  isForceUpdatePassword: 'no',
};

const loginFor = (url: string) => ({
  allow: false,
  redirectTo: `/login?returnUrl=${encodeURIComponent(url)}`,
});

describe('guardDecision: signed out', () => {
  it('sends a user without a token to login with the requested URL', () => {
    expect(guardDecision({ path: '/risk/register', token: null, profile: EMPLOYEE })).toEqual(
      loginFor('/risk/register'),
    );
  });

  it('keeps the query string in the returnUrl', () => {
    expect(
      guardDecision({ path: '/document/library', search: '?page=2&q=a b', token: null, profile: null }),
    ).toEqual(loginFor('/document/library?page=2&q=a b'));
  });

  it('sends a user with a token but no profile to login', () => {
    expect(guardDecision({ path: '/dashboard', token: 't', profile: null })).toEqual(loginFor('/dashboard'));
  });

  it('treats an empty token as no token', () => {
    expect(guardDecision({ path: '/dashboard', token: '', profile: EMPLOYEE })).toEqual(
      loginFor('/dashboard'),
    );
  });

  it('sends an employee without employeeId, or a supplier without supplierId, to login', () => {
    expect(
      guardDecision({ path: '/dashboard', token: 't', profile: { ...EMPLOYEE, employeeId: null } }),
    ).toEqual(loginFor('/dashboard'));
    expect(
      guardDecision({ path: '/dashboard', token: 't', profile: { ...SUPPLIER, supplierId: undefined } }),
    ).toEqual(loginFor('/dashboard'));
  });
});

describe('guardDecision: signed in', () => {
  it('lets an employee with an employeeId through', () => {
    expect(guardDecision({ path: '/risk/register', token: 't', profile: EMPLOYEE })).toEqual({ allow: true });
  });

  it('lets a supplier with a supplierId through', () => {
    expect(guardDecision({ path: '/form-submission/new', token: 't', profile: SUPPLIER })).toEqual({
      allow: true,
    });
  });

  it('lets a company user through without an employee or supplier id', () => {
    expect(guardDecision({ path: '/dashboard', token: 't', profile: COMPANY })).toEqual({ allow: true });
  });

  it('accepts any identity: a supplierId is enough even for another user type', () => {
    expect(
      guardDecision({
        path: '/dashboard',
        token: 't',
        profile: { ...EMPLOYEE, employeeId: null, supplierId: 's' },
      }),
    ).toEqual({ allow: true });
  });
});

describe('guardDecision: forced password change', () => {
  const forced: GuardProfile = { ...EMPLOYEE, isForceUpdatePassword: 'yes' };

  it.each(['/dashboard', '/change-password', '/dashboard/', '/change-password/'])('allows %s', (path) => {
    expect(guardDecision({ path, token: 't', profile: forced })).toEqual({ allow: true });
  });

  it.each(['/risk/register', '/dashboard/extra', '/human-resource/employee/edit/1', '/'])(
    'redirects %s to /change-password',
    (path) => {
      expect(guardDecision({ path, token: 't', profile: forced })).toEqual({
        allow: false,
        redirectTo: '/change-password',
      });
    },
  );

  it('applies to suppliers and company users too', () => {
    expect(
      guardDecision({
        path: '/document',
        token: 't',
        profile: { ...SUPPLIER, isForceUpdatePassword: 'yes' },
      }),
    ).toEqual({ allow: false, redirectTo: '/change-password' });
    expect(
      guardDecision({ path: '/document', token: 't', profile: { ...COMPANY, isForceUpdatePassword: 'yes' } }),
    ).toEqual({ allow: false, redirectTo: '/change-password' });
  });

  it('sends a signed-out user to login before considering the forced change', () => {
    expect(guardDecision({ path: '/risk', token: null, profile: forced })).toEqual(loginFor('/risk'));
  });
});

describe('guardDecision: a supplier whose portal is off', () => {
  const off = { supplierPortal: 'no', supplierAccess: 'no' } as const;
  it('keeps only the dashboard and switch-user, where the server still answers', () => {
    const shutOut: GuardProfile = { ...SUPPLIER, access: off };
    expect(guardDecision({ path: '/dashboard', token: 't', profile: shutOut })).toEqual({ allow: true });
    expect(guardDecision({ path: '/switch-user', token: 't', profile: shutOut })).toEqual({ allow: true });
    expect(guardDecision({ path: '/noticeboard', token: 't', profile: shutOut })).toEqual({
      allow: false,
      redirectTo: '/dashboard',
    });
  });

  it('lets the supplier through with either switch on, and never applies to employees', () => {
    const open: GuardProfile = { ...SUPPLIER, access: { ...off, supplierAccess: 'yes' } };
    expect(guardDecision({ path: '/noticeboard', token: 't', profile: open })).toEqual({ allow: true });
    const employee: GuardProfile = { ...EMPLOYEE, access: off };
    expect(guardDecision({ path: '/noticeboard', token: 't', profile: employee })).toEqual({ allow: true });
  });
});
