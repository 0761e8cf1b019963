import { screen } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, permissionsFixture, renderRoutes } from '../../test/helpers';
import { RouteGuard } from './RouteGuard';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderGuarded(entry: string) {
  return renderRoutes(
    [
      {
        element: (
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        ),
        children: [
          { path: '/dashboard', element: <p>Dashboard content</p> },
          { path: '/risk/*', element: <p>Risk content</p> },
          { path: '/change-password', element: <p>Change password content</p> },
        ],
      },
      { path: '/login', element: <WhereAmI /> },
    ],
    entry,
  );
}

describe('RouteGuard', () => {
  it('sends a signed-out user to /login with the requested URL as returnUrl', async () => {
    const fetchMock = mockFetch({});
    renderGuarded('/risk/register?tab=open');
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/login?returnUrl=${encodeURIComponent('/risk/register?tab=open')}`,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a spinner while permissions load, then the page', async () => {
    localStorage.setItem('authToken', 'token-1');
    mockFetch({ 'GET /api/permissions': () => ok(permissionsFixture()) });
    renderGuarded('/risk/register');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('Risk content')).toBeInTheDocument();
  });

  it('sends the authtoken header with the permissions call', async () => {
    localStorage.setItem('authToken', 'token-1');
    const fetchMock = mockFetch({ 'GET /api/permissions': () => ok(permissionsFixture()) });
    renderGuarded('/dashboard');
    await screen.findByText('Dashboard content');
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect((init?.headers as Record<string, string>).authtoken).toBe('token-1');
  });

  it('redirects to /change-password while a forced change is pending', async () => {
    localStorage.setItem('authToken', 'token-1');
    mockFetch({ 'GET /api/permissions': () => ok(permissionsFixture({ isForceUpdatePassword: 'yes' })) });
    renderGuarded('/risk/register');
    expect(await screen.findByText('Change password content')).toBeInTheDocument();
  });

  it('still opens /dashboard while a forced change is pending', async () => {
    localStorage.setItem('authToken', 'token-1');
    mockFetch({ 'GET /api/permissions': () => ok(permissionsFixture({ isForceUpdatePassword: 'yes' })) });
    renderGuarded('/dashboard');
    expect(await screen.findByText('Dashboard content')).toBeInTheDocument();
  });

  it('sends a profile without employee, supplier or company identity to /login', async () => {
    localStorage.setItem('authToken', 'token-1');
    mockFetch({
      'GET /api/permissions': () =>
        ok(permissionsFixture({ userType: 'supplier', employeeId: null, supplierId: null })),
    });
    renderGuarded('/dashboard');
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?returnUrl=%2Fdashboard');
  });
});
