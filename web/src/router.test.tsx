import { addDays, type TMaintenanceDetails, type TPermissions, type TTimesheetWeek } from '@compass/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accessMap,
  EMPLOYEE_ID,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../test/helpers';
import { GUARDED_AREAS, routes } from './router';

function signIn(profile: Partial<TPermissions> = {}, calls: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem('authToken', 't');
  mockFetch({
    'GET /api/permissions': () => ok(permissionsFixture(profile)),
    'GET /api/configuration': () =>
      ok({ productName: 'Compass', homeSiteUrl: '', helpCentreUrl: 'https://help.example', sso: {} }),
    ...calls,
  });
}

/** A built area's screens load their whole module the first time: slower than a placeholder. */
const LAZY_AREA = 10_000;

/** A maintenance record as its page shows it to its assignee (not the register: no reassigning). */
const RECORD: TMaintenanceDetails = {
  _id: testId(1),
  asset: {
    _id: testId(2),
    number: 'A-00001',
    name: 'Forklift',
    location: 'Bay 3',
    workplace: null,
    status: 'inService',
  },
  kind: 'planned',
  title: 'Monthly forklift check',
  instructions: 'Check the brakes.',
  frequency: 'months',
  planId: testId(3),
  assignee: { kind: 'supplier', _id: testId(4), name: 'Lift Services Ltd' },
  dueDate: '2099-12-01',
  taskDueDateType: 'nodue',
  status: 'open',
  fault: null,
  formTemplate: null,
  completedOn: null,
  completedBy: null,
  completionNotes: '',
  cost: null,
  formSubmission: null,
  attachments: [],
  canComplete: true,
  canReassign: false,
  submissionOptions: [],
};

/** A week without clock-ins, as the TimeSheet's call answers it. */
const emptyWeek = (weekStart: string): TTimesheetWeek => ({
  employee: { _id: EMPLOYEE_ID, name: 'Mia Employee', employeeNumber: null, manager: null },
  weekStart,
  weekEnd: addDays(weekStart, 6),
  timeZone: 'UTC',
  days: Array.from({ length: 7 }, (_, day) => ({ date: addDays(weekStart, day), hours: 0, entries: [] })),
  totalHours: 0,
  missedClockOuts: 0,
  approval: null,
  mayCorrect: 'no',
  mayApprove: 'no',
  log: [],
});

describe('router', { timeout: 20_000 }, () => {
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

  it('opens the Asset Register for a holder of the plant key', async () => {
    signIn({}, { 'POST /api/assetList': () => ok({ rows: [], total: 0 }) });
    renderRoutes(routes, '/asset/register');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asset Register' }, { timeout: LAZY_AREA }),
    ).toBeInTheDocument();
  });

  it.each([
    ['an employee without the plant key (the assignee)', { access: accessMap({ plant: 'no' }) }],
    [
      'a supplier user',
      {
        userType: 'supplier' as const,
        employeeId: null,
        supplierId: testId(4),
        access: accessMap({ supplierPortal: 'yes' }),
      },
    ],
  ])('opens a maintenance record for %s: the server decides what they see', async (_who, profile) => {
    signIn(profile, { 'POST /api/maintenanceDetails': () => ok(RECORD) });
    renderRoutes(routes, `/asset/maintenance/${RECORD._id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: RECORD.title }, { timeout: LAZY_AREA }),
    ).toBeInTheDocument();
  });

  it('opens Reports & Charts and a report for a holder of reportChart', async () => {
    signIn({}, { 'GET /api/savedReportList': () => ok({ rows: [] }) });
    const { router } = renderRoutes(routes, '/report-chart');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reports & Charts' }, { timeout: LAZY_AREA }),
    ).toBeInTheDocument();
    await router.navigate('/report-chart/actions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Actions' }, { timeout: LAZY_AREA }),
    ).toBeInTheDocument();
  });

  it('opens an asset’s QR label page without signing in', async () => {
    mockFetch({
      'POST /api/assetLabel': () =>
        ok({
          companyName: 'Acme',
          number: 'A-00001',
          name: 'Forklift',
          location: 'Bay 3',
          status: 'inService',
        }),
    });
    renderRoutes(routes, `/qr/asset-fault/${testId(2)}`);
    expect(
      await screen.findByRole('heading', { name: 'Report a fault' }, { timeout: LAZY_AREA }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toBeInTheDocument();
  });

  it('guards the form-submission record route', async () => {
    mockFetch({});
    renderRoutes(routes, '/form-submission/record/c1/s1');
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('opens TimeSheet in the shell: the area is built, no longer "not available"', async () => {
    signIn(
      { employeeId: EMPLOYEE_ID },
      {
        'POST /api/timesheetWeek': ({ body }) => ok(emptyWeek((body as { weekStart: string }).weekStart)),
        'POST /api/timesheetPeople': () => ok({ rows: [], total: 1, isPayroll: 'no' }),
      },
    );
    renderRoutes(routes, '/timesheet');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'TimeSheet' }, { timeout: LAZY_AREA }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No clock-ins this week')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /is not available yet/ })).not.toBeInTheDocument();
  });

  it.each([
    ['/configure-vismate/visitor-register', 'Visitor Register'],
    ['/configure-vismate/setup', 'Vismate Setup'],
  ])('opens %s in the shell for a signed-in user', async (path, heading) => {
    signIn({}, { 'POST /api/visitList': () => ok({ rows: [], total: 0 }) });
    renderRoutes(routes, path);
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: LAZY_AREA }),
    ).toBeInTheDocument();
    // The menu stays: Vismate's pages sit inside the app shell.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it.each([
    '/configure-vismate/visitor-register',
    `/configure-vismate/visit/${testId(7)}`,
    `/configure-vismate/on-site/${testId(8)}`,
    '/configure-vismate/setup',
    `/configure-vismate/setup/${testId(8)}`,
    '/timesheet/team',
    `/timesheet/employee/${testId(9)}`,
  ])('guards %s: signed out, it asks to sign in', async (path) => {
    mockFetch({});
    renderRoutes(routes, path);
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('opens the visitor kiosk without signing in, full screen (no shell)', async () => {
    mockFetch({});
    renderRoutes(routes, '/configure-vismate/kiosk');
    // No link on the address: the kiosk page itself says so, with no sign-in redirect.
    expect(
      await screen.findByRole('heading', { name: 'This kiosk is not connected' }, { timeout: LAZY_AREA }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
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
