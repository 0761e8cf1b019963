import { RETURN_URL_BYPASSES } from '@compass/shared/rules/returnUrlBypasses';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, permissionsFixture, renderRoutes } from '../../../test/helpers';
import { setAuthToken } from '../../lib/storage';
import { LoginPage } from './LoginPage';
import { LoginTaskPage } from './LoginTaskPage';
import { DEFAULT_RETURN_URL, resolveReturnUrl } from './session';
import { SwitchUserPage } from './SwitchUserPage';

/** '/.//evil.example/' is '//evil.example/' once the URL parser has normalised it: another site. */
const BYPASS = '/.//evil.example/';
const withBypass = (path: string, more = '') =>
  `${path}?returnUrl=${encodeURIComponent(BYPASS)}&target=be${more}`;

function renderAuth(entry: string) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/task', element: <LoginTaskPage /> },
      { path: '/switch-user', element: <SwitchUserPage /> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
    ],
    entry,
  );
}

/** window.open, which target=be uses to open the return URL in a new tab. */
const spyOnOpen = () => vi.spyOn(window, 'open').mockReturnValue(null);

describe('the return URL of sign-in, the SSO return and the account switcher', () => {
  it.each(RETURN_URL_BYPASSES)('falls back to the dashboard for the known bypass %j', (value) => {
    expect(resolveReturnUrl(new URLSearchParams({ returnUrl: value }))).toBe(DEFAULT_RETURN_URL);
  });

  it('signing in with target=be opens the dashboard, not the other site', async () => {
    const open = spyOnOpen();
    mockFetch({
      'POST /api/signIn': () =>
        ok({ _id: '11111111-1111-4111-8111-111111111111', authToken: 't', hasAssociatedAccounts: false }),
      'GET /api/permissions': () => ok(permissionsFixture()),
    });
    renderAuth(withBypass('/login'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username or email address'), 'alex@acme.example');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Password'), 'Correct#1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(DEFAULT_RETURN_URL, '_blank', 'noopener'));
  });

  it('the SSO return with target=be opens the dashboard, not the other site', async () => {
    const open = spyOnOpen();
    mockFetch({ 'GET /api/permissions': () => ok(permissionsFixture()) });
    renderAuth(withBypass('/login/task', '&token=sso-token'));
    await waitFor(() => expect(open).toHaveBeenCalledWith(DEFAULT_RETURN_URL, '_blank', 'noopener'));
  });

  it("the account switcher's Continue with target=be opens the dashboard, not the other site", async () => {
    const open = spyOnOpen();
    setAuthToken('t');
    mockFetch({ 'GET /api/permissions': () => ok(permissionsFixture()) });
    renderAuth(withBypass('/switch-user'));
    await userEvent.setup().click(await screen.findByRole('button', { name: /Continue as/ }));
    expect(open).toHaveBeenCalledWith(DEFAULT_RETURN_URL, '_blank', 'noopener');
  });
});
