import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, permissionsFixture, renderRoutes } from '../../../test/helpers';
import { browser } from '../../lib/browser';
import { getAuthToken } from '../../lib/storage';
import { LoginPage } from './LoginPage';
import { LoginTaskPage } from './LoginTaskPage';
import { associatedAccountsFlag, needsUsernameUpdate } from './session';

const SUPPLIER = permissionsFixture({
  userType: 'supplier',
  employeeId: null,
  supplierId: '44444444-4444-4444-8444-444444444444',
  personnelId: '55555555-5555-4555-8555-555555555555',
  username: 'liam.personnel',
});

function renderSsoReturn(entry: string) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/task', element: <LoginTaskPage /> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/documents', element: <p>Documents page</p> },
      { path: '/switch-user', element: <p>Switch user page</p> },
      { path: '/update-username', element: <p>Update username page</p> },
    ],
    entry,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('needsUsernameUpdate (000 section 4)', () => {
  it.each([
    ['a supplier whose username is not an e-mail address', 'supplier', 'liam.personnel', true],
    ['a company account whose username is not an e-mail address', 'company', 'acme', true],
    ['a supplier whose username is an e-mail address', 'supplier', 'liam@acme.example', false],
    ['an employee whose username is not an e-mail address', 'employee', 'ethan.coordinator', false],
  ] as const)('%s: %s', (_case, userType, username, expected) => {
    expect(needsUsernameUpdate({ userType, username })).toBe(expected);
  });
});

describe('associatedAccountsFlag', () => {
  it("reads the server's 'yes' (and 'true')", () => {
    expect(associatedAccountsFlag('yes')).toBe(true);
    expect(associatedAccountsFlag('true')).toBe(true);
    expect(associatedAccountsFlag(null)).toBe(false);
    expect(associatedAccountsFlag('no')).toBe(false);
  });
});

describe('the SSO return on /login/task', () => {
  it('stores the token, loads permissions and goes on to the return URL', async () => {
    mockFetch({ 'GET /api/permissions': () => ok(permissionsFixture()) });
    renderSsoReturn('/login/task?token=sso-token&returnUrl=%2Fdocuments');
    expect(await screen.findByText('Documents page')).toBeInTheDocument();
    expect(getAuthToken()).toBe('sso-token');
  });

  it('sends a supplier whose username is not an e-mail address to /update-username', async () => {
    mockFetch({ 'GET /api/permissions': () => ok(SUPPLIER) });
    renderSsoReturn('/login/task?token=sso-token');
    expect(await screen.findByText('Update username page')).toBeInTheDocument();
  });

  it('lets a supplier whose username is an e-mail address go on', async () => {
    mockFetch({ 'GET /api/permissions': () => ok({ ...SUPPLIER, username: 'liam@acme.example' }) });
    renderSsoReturn('/login/task?token=sso-token');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('goes to /switch-user when the server says hasAssociatedAccounts=yes', async () => {
    mockFetch({ 'GET /api/permissions': () => ok(permissionsFixture()) });
    renderSsoReturn('/login/task?token=sso-token&hasAssociatedAccounts=yes');
    expect(await screen.findByText('Switch user page')).toBeInTheDocument();
  });

  it('without a token, clears storage and returns to /login', async () => {
    localStorage.setItem('authToken', 'stale');
    mockFetch({});
    renderSsoReturn('/login/task');
    expect(await screen.findByRole('button', { name: 'Sign in with Microsoft' })).toBeInTheDocument();
    expect(getAuthToken()).toBeNull();
  });
});

describe('starting SSO from the login page', () => {
  it("asks for the provider's address with the link's organisation and return URL, then goes there", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = mockFetch({
      'GET /api/sso/configuration/microsoft': () =>
        ok({ redirectUrl: 'https://login.microsoftonline.com/tenant/oauth2/v2.0/authorize?x=1' }),
    });
    const companyId = '22222222-2222-4222-8222-222222222222';
    renderSsoReturn(`/login?companyId=${companyId}&returnUrl=%2Fdocuments`);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://login.microsoftonline.com/tenant/oauth2/v2.0/authorize?x=1',
      ),
    );
    const called = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(called.pathname).toBe('/api/sso/configuration/microsoft');
    expect(Object.fromEntries(called.searchParams)).toEqual({ companyId, returnUrl: '/documents' });
  });
});
