import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, permissionsFixture, renderRoutes } from '../test/helpers';
import { GUARDED_AREAS, routes } from './router';

function signIn() {
  localStorage.setItem('authToken', 't');
  mockFetch({
    'GET /api/permissions': () => ok(permissionsFixture()),
    'GET /api/configuration': () =>
      ok({ productName: 'Compass', homeSiteUrl: '', helpCentreUrl: 'https://help.example', sso: {} }),
  });
}

describe('router', () => {
  it('redirects the empty path to the dashboard (and a signed-out user on to login)', async () => {
    mockFetch({});
    renderRoutes(routes, '/');
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('renders the dashboard in the shell with the header title and its tabs', async () => {
    signIn();
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Tasks' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it.each(GUARDED_AREAS.map((area) => [area.path, area.area]))(
    'lazy-loads the %s area and names it on the not-available page',
    async (path, area) => {
      signIn();
      renderRoutes(routes, `/${path}/some/page`);
      expect(
        await screen.findByRole('heading', { name: `${area} is not available yet` }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/dashboard');
    },
  );

  it('guards the form-submission record route', async () => {
    mockFetch({});
    renderRoutes(routes, '/form-submission/record/c1/s1');
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('opens the public route /configure-vismate/setup without signing in', async () => {
    mockFetch({});
    renderRoutes(routes, '/configure-vismate/setup');
    expect(await screen.findByRole('heading', { name: /is not available yet/ })).toBeInTheDocument();
  });

  it('opens a training’s public page without signing in: with no link, it asks for one', async () => {
    mockFetch({});
    renderRoutes(routes, '/online-training/employee/form-attempt/1');
    expect(await screen.findByRole('heading', { name: 'Sign in to open this training' })).toBeInTheDocument();
  });

  it.each(['/qr/form-submission/e1/f1/c1', '/form/qr-form-submit/form-submission/e1/f1/c1'])(
    'opens the QR guest form %s without signing in',
    async (path) => {
      mockFetch({});
      renderRoutes(routes, path);
      // Not ids of a real poster: the page itself says so, with no sign-in redirect.
      expect(await screen.findByRole('heading', { name: 'This form cannot be opened' })).toBeInTheDocument();
    },
  );

  it('opens the external task page without signing in', async () => {
    mockFetch({});
    renderRoutes(routes, '/form/form-submission/task-show/1/2/3?authtoken=t');
    // The task call answers 404 here: the page itself shows why, with no sign-in redirect.
    expect(await screen.findByRole('heading', { name: 'This action cannot be opened' })).toBeInTheDocument();
  });

  it('opens the document request of a mail without signing in', async () => {
    mockFetch({});
    renderRoutes(routes, '/form/external-parties/document-review/personnel/1?authtoken=t');
    // The requirement call answers 404 here: the page itself shows why, with no sign-in redirect.
    expect(
      await screen.findByRole('heading', { name: 'This document request cannot be opened' }),
    ).toBeInTheDocument();
  });

  it('shows a 404 page for unknown paths', async () => {
    mockFetch({});
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
