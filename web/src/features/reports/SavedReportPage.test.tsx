import { reportMessages, type TReportData, type TSavedReport } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bodiesSent,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { SavedReportPage } from './SavedReportPage';
import { SavedReportsCard } from './SavedReportsCard';

const SAVED_ID = testId(90);

const saved = (over: Partial<TSavedReport> = {}): TSavedReport => ({
  _id: SAVED_ID,
  name: 'Overdue by source',
  report: 'actions',
  by: 'source',
  filters: { period: 'last3Months' },
  sharedRoleId: null,
  sharedRole: null,
  schedule: 'none',
  owner: 'Alex Morgan',
  isOwner: 'yes',
  nextSendAt: null,
  lastSentAt: null,
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...over,
});

const DATA: TReportData = {
  report: 'actions',
  by: 'source',
  chart: 'stackedBar',
  columns: [
    { id: 'open', label: 'Open', unit: 'count', charted: 'yes', drill: 'yes' },
    { id: 'closed', label: 'Closed', unit: 'count', charted: 'yes', drill: 'yes' },
  ],
  rows: [{ key: 'audit', label: 'Audit', values: [4, 6] }],
  total: [4, 6],
  rowCount: 1,
  page: 1,
  pageSize: 100,
  period: { from: '2026-09', to: '2026-11', label: 'Last 3 months' },
  asOf: null,
};

function setup(details: () => ReturnType<typeof ok>, onDelete = () => undefined) {
  const fetchMock = mockFetch({
    'GET /api/permissions': () => ok(permissionsFixture()),
    'GET /api/savedReportDetails': details,
    'POST /api/reportData': () => ok(DATA),
    'GET /api/reportOptions': () => ok({ categories: [], templates: [], companies: [], person: null }),
    'GET /api/reportRoles': () => ok({ rows: [] }),
    'POST /api/savedReportSave': () => ok({ _id: SAVED_ID }, reportMessages.saved),
    'POST /api/savedReportDelete': () => {
      onDelete();
      return ok(null, reportMessages.deleted);
    },
    'GET /api/savedReportList': () => ok({ rows: [] }),
  });
  const { router } = renderRoutes(
    [
      { path: '/report-chart/saved/:savedId', element: <SavedReportPage /> },
      { path: '/report-chart', element: <h1>Reports home</h1> },
    ],
    `/report-chart/saved/${SAVED_ID}`,
  );
  return { fetchMock, router, user: userEvent.setup() };
}

describe('SavedReportPage', () => {
  it('draws the saved grouping and filters, and lets its owner delete it', async () => {
    const { fetchMock, router, user } = setup(() => ok(saved()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overdue by source' })).toBeInTheDocument();
    expect(screen.getByText('Actions · saved by Alex Morgan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports & Charts' })).toHaveAttribute('href', '/report-chart');
    await screen.findByRole('figure', { name: 'Actions by Source' });
    expect(bodiesSent(fetchMock, '/reportData')[0]).toMatchObject({
      report: 'actions',
      by: 'source',
      filters: { period: 'last3Months' },
    });
    expect(screen.getByRole('button', { name: 'Save report' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete saved report' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(reportMessages.deleted)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/savedReportDelete')).toEqual([{ _id: SAVED_ID }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/report-chart'));
  }, 15_000);

  it('forgets a deleted report: Back asks again and says it is not there', async () => {
    let deleted = false;
    const { fetchMock, router, user } = setup(
      () => (deleted ? { status: 404, body: envelope(null, 404, 'Not found.') } : ok(saved())),
      () => {
        deleted = true;
      },
    );
    await screen.findByRole('figure', { name: 'Actions by Source' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete saved report' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/report-chart'));
    await router.navigate(-1);
    expect(await screen.findByRole('alert')).toHaveTextContent('This saved report cannot be opened');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/savedReportDetails'))).toHaveLength(
      2,
    );
  }, 15_000);

  it('lets a stale grouping or filter go: the report draws, and its owner saves it as drawn', async () => {
    // Saved before the catalogue changed: a grouping Actions no longer has, a filter it does not take, a bad id.
    const stale = {
      period: 'last3Months',
      workplaceId: testId(3),
      personId: 'gone',
    } as TSavedReport['filters'];
    const { fetchMock, user } = setup(() => ok(saved({ by: 'payroll', filters: stale })));
    await screen.findByRole('figure', { name: 'Actions by Assignee' });
    expect(bodiesSent(fetchMock, '/reportData')).toEqual([
      { report: 'actions', by: 'assignee', filters: { period: 'last3Months' }, page: 1 },
    ]);
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Save report' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText(reportMessages.saved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/savedReportSave')[0]).toMatchObject({
      _id: SAVED_ID,
      by: 'assignee',
      filters: { period: 'last3Months' },
    });
  }, 15_000);

  it('shows a report shared with the caller’s role without its owner’s buttons', async () => {
    setup(() =>
      ok(saved({ isOwner: 'no', owner: 'Priya Shah', sharedRoleId: testId(71), sharedRole: 'Managers' })),
    );
    expect(await screen.findByText('Actions · saved by Priya Shah')).toBeInTheDocument();
    await screen.findByRole('figure', { name: 'Actions by Source' });
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save report' })).not.toBeInTheDocument();
  });

  it('says a saved report it cannot open is not there', async () => {
    setup(() => ({ status: 404, body: envelope(null, 404, 'This saved report was not found.') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This saved report cannot be opened');
    expect(screen.getByRole('link', { name: 'Back to Reports & Charts' })).toHaveAttribute(
      'href',
      '/report-chart',
    );
  });
});

describe('SavedReportsCard', () => {
  const renderCard = (rows: TSavedReport[]) => {
    mockFetch({ 'GET /api/savedReportList': () => ok({ rows }) });
    renderRoutes([{ path: '/report-chart', element: <SavedReportsCard /> }], '/report-chart');
    return screen.getByRole('region', { name: 'Saved reports' });
  };

  it('lists each saved report with its report, sharing, schedule and, for others’, its owner', async () => {
    const card = renderCard([
      saved({ sharedRoleId: testId(71), sharedRole: 'Managers', schedule: 'weekly' }),
      saved({ _id: testId(91), name: 'Scores', report: 'auditScores', isOwner: 'no', owner: 'Priya Shah' }),
    ]);
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Overdue by sourceActions · Shared with Managers · Every Monday',
      'ScoresAudit scores · by Priya Shah',
    ]);
    expect(within(card).getByRole('link', { name: 'Scores' })).toHaveAttribute(
      'href',
      `/report-chart/saved/${testId(91)}`,
    );
  });

  it('says how to save one when there is none', async () => {
    const card = renderCard([]);
    expect(
      await within(card).findByText('No saved reports yet. Open a report and choose Save report.'),
    ).toBeInTheDocument();
  });
});
