import { messages } from '@compass/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch, ok, permissionsFixture, renderRoutes } from '../../../test/helpers';
import { LoginPage } from './LoginPage';

const SIGN_IN_OK = {
  _id: '11111111-1111-4111-8111-111111111111',
  authToken: 'new-token',
  hasAssociatedAccounts: false,
};

function renderLogin(entry = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/change-password', element: <p>Change password page</p> },
      { path: '/switch-user', element: <p>Switch user page</p> },
      { path: '/risk/register', element: <p>Risk register page</p> },
    ],
    entry,
  );
}

async function goToPasswordStep(username = 'alex@acme.example') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username or email address'), username);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return user;
}

describe('LoginPage', () => {
  it('keeps Next disabled while the username is empty and enables it after typing', async () => {
    renderLogin();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Username or email address'), 'a');
    expect(next).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('Username or email address'));
    expect(next).toBeDisabled();
  });

  it('shows the required-username message for a whitespace-only username and stays on step 1', async () => {
    renderLogin();
    await goToPasswordStep('   ');
    expect(await screen.findByText(messages.login.usernameRequired)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('shows the username locked on step 2 and lets the user go back to edit it', async () => {
    renderLogin();
    const user = await goToPasswordStep('alex@acme.example');
    expect(screen.getByTestId('locked-username')).toHaveTextContent('alex@acme.example');
    expect(screen.queryByLabelText('Username or email address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit username' }));
    expect(screen.getByLabelText('Username or email address')).toHaveValue('alex@acme.example');
  });

  it('keeps Sign In disabled while the password is empty', async () => {
    renderLogin();
    const user = await goToPasswordStep();
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(signIn).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(signIn).toBeEnabled();
  });

  it('says the service is unavailable, not Invalid credentials, when the sign-in call answers 503', async () => {
    mockFetch({
      'POST /api/signIn': () => ({
        status: 503,
        body: envelope(null, 503, messages.common.serviceUnavailable),
      }),
    });
    renderLogin();
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(messages.common.serviceUnavailable)).toBeInTheDocument();
    expect(screen.queryByText(messages.common.invalidCredentials)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('shows Invalid credentials when the sign-in call answers 401, and does not sign out', async () => {
    const fetchMock = mockFetch({
      'POST /api/signIn': () => ({ status: 401, body: envelope(null, 401, 'Invalid credentials') }),
    });
    renderLogin();
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(messages.common.invalidCredentials)).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'alex@acme.example',
      password: 'wrong-password',
      appType: 'web',
    });
  });

  it('shows the response_data text when the sign-in failure carries one', async () => {
    mockFetch({
      'POST /api/signIn': () => ({ status: 401, body: envelope('Your account is locked.', 401, 'Invalid') }),
    });
    renderLogin();
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Your account is locked.')).toBeInTheDocument();
  });

  it('stores the token, loads permissions and goes to the returnUrl', async () => {
    mockFetch({
      'POST /api/signIn': () => ok(SIGN_IN_OK),
      'GET /api/permissions': () => ok(permissionsFixture()),
    });
    renderLogin('/login?returnUrl=%2Frisk%2Fregister');
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'Correct#1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Risk register page')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('new-token');
  });

  it('goes to /change-password when a forced password change is pending', async () => {
    mockFetch({
      'POST /api/signIn': () => ok({ ...SIGN_IN_OK, hasAssociatedAccounts: true }),
      'GET /api/permissions': () => ok(permissionsFixture({ isForceUpdatePassword: 'yes' })),
    });
    renderLogin();
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'Correct#1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Change password page')).toBeInTheDocument();
  });

  it('goes to /switch-user when the account has associated accounts', async () => {
    mockFetch({
      'POST /api/signIn': () => ok({ ...SIGN_IN_OK, hasAssociatedAccounts: true }),
      'GET /api/permissions': () => ok(permissionsFixture()),
    });
    renderLogin();
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'Correct#1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Switch user page')).toBeInTheDocument();
  });

  it('remembers the username when Remember me is ticked, and prefills it next time', async () => {
    mockFetch({
      'POST /api/signIn': () => ok(SIGN_IN_OK),
      'GET /api/permissions': () => ok(permissionsFixture()),
    });
    const { unmount } = renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username or email address'), 'alex@acme.example');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Password'), 'Correct#1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Dashboard page');
    expect(localStorage.getItem('rememberedUsername')).toBe('alex@acme.example');
    unmount();
    renderLogin();
    expect(screen.getByLabelText('Username or email address')).toHaveValue('alex@acme.example');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });

  it('shows the message cookie as an error toast and deletes it', async () => {
    document.cookie = 'message=Your%20session%20was%20ended; path=/';
    renderLogin();
    expect(await screen.findByText('Your session was ended')).toBeInTheDocument();
    await waitFor(() => expect(document.cookie).not.toContain('message='));
  });

  it('shows the server message as a toast when SSO is not configured', async () => {
    mockFetch({
      'GET /api/sso/configuration/google': () => ({
        status: 404,
        body: envelope(null, 404, 'Google sign-in is not configured.'),
      }),
    });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Google sign-in is not configured.')).toBeInTheDocument();
  });

  it('has a Forgot password link and the copyright footer', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Compass. All rights reserved.`),
    ).toBeInTheDocument();
  });
});
