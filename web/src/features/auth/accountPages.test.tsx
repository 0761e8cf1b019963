import { messages } from '@compass/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch, ok, permissionsFixture, renderRoutes } from '../../../test/helpers';
import { ChangePasswordPage } from './ChangePasswordPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LogoutPage } from './LogoutPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { UnsubscribePage } from './UnsubscribePage';
import { UpdateUsernamePage } from './UpdateUsernamePage';

const LOGIN = { path: '/login', element: <p>Login page</p> };

describe('ForgotPasswordPage', () => {
  it('asks for the username, then shows the returned message', async () => {
    const fetchMock = mockFetch({
      'POST /api/forgotPassword': () => ok(null, 'A reset link has been e-mailed.'),
    });
    renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], '/forgot-password');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText(messages.forgotPassword.usernameRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username or email address'), 'alex{Enter}');
    expect(await screen.findByText('A reset link has been e-mailed.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ username: 'alex' });
  });
});

describe('ResetPasswordPage', () => {
  const RESET_LINK = { purpose: 'reset', name: 'Alex Doe', username: 'alex', companyName: 'Northwind' };
  function renderReset() {
    renderRoutes(
      [{ path: '/reset-password/:token', element: <ResetPasswordPage /> }, LOGIN],
      '/reset-password/tok-1',
    );
  }

  it('checks both fields, the length and the match', async () => {
    mockFetch({ 'POST /api/passwordLink': () => ok(RESET_LINK) });
    renderReset();
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Reset Password' });
    await user.click(submit);
    expect(screen.getByText(messages.resetPassword.bothRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(submit);
    expect(screen.getByText(messages.resetPassword.minLength)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '-enough');
    await user.click(submit);
    expect(screen.getByText(messages.resetPassword.mustMatch)).toBeInTheDocument();
  });

  it('posts the token and goes to /login on success', async () => {
    const fetchMock = mockFetch({
      'POST /api/passwordLink': () => ok(RESET_LINK),
      'POST /api/resetPassword': () => ok(null, 'Password reset.'),
    });
    renderReset();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Longenough#1');
    await user.type(screen.getByLabelText('Confirm password'), 'Longenough#1{Enter}');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      token: 'tok-1',
      password: 'Longenough#1',
      confirmPassword: 'Longenough#1',
    });
  });

  it('greets an invited user by name and sets the first password', async () => {
    mockFetch({
      'POST /api/passwordLink': () => ok({ ...RESET_LINK, purpose: 'invitation' }),
      'POST /api/resetPassword': () => ok(null, messages.invitation.done),
    });
    renderReset();
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome, Alex Doe/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'Longenough#1');
    await user.type(screen.getByLabelText('Confirm password'), 'Longenough#1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('says so when the link is used up or expired, with no form', async () => {
    mockFetch({
      'POST /api/passwordLink': () => ({
        status: 400,
        body: envelope(null, 400, messages.invitation.invalidToken),
      }),
    });
    renderReset();
    expect(await screen.findByText(messages.invitation.invalidToken)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('ChangePasswordPage', () => {
  it('shows the expired banner when the change is forced and checks the fields in order', async () => {
    localStorage.setItem('authToken', 't');
    mockFetch({ 'GET /api/permissions': () => ok(permissionsFixture({ isForceUpdatePassword: 'yes' })) });
    renderRoutes([{ path: '/change-password', element: <ChangePasswordPage /> }], '/change-password');
    expect(await screen.findByText(messages.changePassword.expiredBanner)).toBeInTheDocument();
    expect(screen.queryByText(/^Welcome to/)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText(messages.changePassword.currentRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'Old#12345');
    await user.type(screen.getByLabelText('New password'), 'weakpassword');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText(messages.changePassword.newComplexity)).toBeInTheDocument();
  });

  it('welcomes an account at its first sign-in, with the password it was given, instead (issue 40)', async () => {
    localStorage.setItem('authToken', 't');
    mockFetch({
      'GET /api/permissions': () =>
        ok(permissionsFixture({ isForceUpdatePassword: 'yes', isInitialPassword: 'yes' })),
    });
    renderRoutes([{ path: '/change-password', element: <ChangePasswordPage /> }], '/change-password');
    expect(
      await screen.findByText(messages.changePassword.welcomeBanner('Acme Manufacturing')),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Welcome to Acme Manufacturing: choose a password/)).toBeInTheDocument();
    expect(screen.queryByText(messages.changePassword.expiredBanner)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
  });

  it('signs the user out after a successful change', async () => {
    localStorage.setItem('authToken', 't');
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/changePassword': () => ok(null, 'Password changed.'),
      'POST /api/logout': () => ok(null),
    });
    renderRoutes([{ path: '/change-password', element: <ChangePasswordPage /> }, LOGIN], '/change-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), 'Old#12345');
    await user.type(screen.getByLabelText('New password'), 'New#12345');
    await user.type(screen.getByLabelText('Confirm new password'), 'New#12345{Enter}');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText('Password changed.')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    const body = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/changePassword'))?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({
      currentPassword: 'Old#12345',
      password: 'New#12345',
      confirmPassword: 'New#12345',
    });
  });
});

describe('UpdateUsernamePage', () => {
  it('has the title, validates the e-mail and submits with Enter', async () => {
    localStorage.setItem('authToken', 't');
    const supplierId = '66666666-6666-4666-8666-666666666666';
    const fetchMock = mockFetch({
      'GET /api/permissions': () =>
        ok(permissionsFixture({ userType: 'supplier', employeeId: null, supplierId, username: 'northwind' })),
      'POST /api/updateUsername': () => ok(null, 'Username updated.'),
    });
    renderRoutes([{ path: '/update-username', element: <UpdateUsernamePage /> }], '/update-username');
    expect(screen.getByRole('heading', { name: messages.updateUsername.title })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText(messages.updateUsername.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'not-an-email{Enter}');
    expect(screen.getByText(messages.updateUsername.emailInvalid)).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Send' });
    await user.clear(screen.getByLabelText('Email address'));
    await user.type(screen.getByLabelText('Email address'), 'ops@northwind.example{Enter}');
    expect(await screen.findByText('Username updated.')).toBeInTheDocument();
    const body = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/updateUsername'))?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({
      userType: 'supplier',
      supplierId,
      personnelId: null,
      email: 'ops@northwind.example',
    });
  });
});

describe('UnsubscribePage', () => {
  it('confirms, then shows the returned text and the thank-you message', async () => {
    const fetchMock = mockFetch({
      'POST /api/unsubscribe': () => ok('You will no longer receive reminder e-mails.'),
    });
    renderRoutes([{ path: '/unsubscribe/:token', element: <UnsubscribePage /> }], '/unsubscribe/abc');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm unsubscribe' }));
    expect(await screen.findByText('You will no longer receive reminder e-mails.')).toBeInTheDocument();
    expect(screen.getByText(/contact your organisation's system admin/)).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ authtoken: 'abc', reason: '' });
  });
});

describe('LogoutPage', () => {
  it('says it is logging out, calls logout, clears storage and goes to /login', async () => {
    localStorage.setItem('authToken', 't');
    const fetchMock = mockFetch({ 'POST /api/logout': () => ({ status: 200, body: envelope(null) }) });
    renderRoutes([{ path: '/logout', element: <LogoutPage /> }, LOGIN], '/logout');
    expect(screen.getByText(messages.logout.inProgress)).toBeInTheDocument();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
