import { ACCESS_KEYS, reportPath, savedReportPath, type AccessMap, type TSavedReport } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, permissionsFixture, renderRoutes, testId } from '../../../test/helpers';
import { ReportsHomePage } from './ReportsHomePage';

/** An access map holding only `keys`. */
const holding = (...keys: (keyof AccessMap)[]): AccessMap =>
  Object.fromEntries(ACCESS_KEYS.map((key) => [key, keys.includes(key) ? 'yes' : 'no'])) as AccessMap;

const SAVED: TSavedReport = {
  _id: testId(1),
  name: 'Overdue by assignee',
  report: 'actions',
  by: 'assignee',
  filters: { period: 'last3Months' },
  sharedRoleId: testId(2),
  sharedRole: 'Supervisors',
  schedule: 'weekly',
  owner: 'Alex Morgan',
  isOwner: 'yes',
  nextSendAt: '2026-12-07T07:00:00.000Z',
  lastSentAt: null,
  updatedAt: '2026-11-30T05:00:00.000Z',
};

function show(access: AccessMap, saved: TSavedReport[] = [SAVED]) {
  localStorage.setItem('authToken', 't');
  const fetchMock = mockFetch({
    'GET /api/permissions': () => ok(permissionsFixture({ access })),
    'GET /api/savedReportList': () => ok({ rows: saved }),
  });
  renderRoutes([{ path: '/report-chart', element: <ReportsHomePage /> }], '/report-chart');
  return fetchMock;
}

describe('ReportsHomePage', () => {
  it('shows a card for each report the keys run, under its area, below the saved reports', async () => {
    show(holding('reportChart', 'actionRegister', 'hrEmployeeRecord'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports & Charts' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "The organisation's figures, area by area. Open a report to filter it, draw it, export it or save it.",
      ),
    ).toBeInTheDocument();

    const actions = screen.getByRole('region', { name: 'Action Register' });
    expect(within(actions).getByRole('link', { name: 'Actions' })).toHaveAttribute(
      'href',
      reportPath('actions'),
    );
    // Competencies run with either HR key; Training and Timesheet hours need hrAdmin, not held here.
    const hr = screen.getByRole('region', { name: 'Human Resources' });
    expect(
      within(hr)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Competencies']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Saved reports',
      'Action Register',
      'Human Resources',
    ]);
    expect(screen.queryByRole('link', { name: 'Form submissions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Training compliance' })).not.toBeInTheDocument();

    const saved = screen.getByRole('region', { name: 'Saved reports' });
    expect(await within(saved).findByRole('link', { name: 'Overdue by assignee' })).toHaveAttribute(
      'href',
      savedReportPath(SAVED._id),
    );
  });

  it('shows every report to a holder of every key', async () => {
    show(holding(...ACCESS_KEYS), []);
    expect(await screen.findByRole('link', { name: 'Timesheet hours' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('listitem').filter((item) => item.classList.contains('report-card')),
    ).toHaveLength(14);
    expect(
      await screen.findByText('No saved reports yet. Open a report and choose Save report.'),
    ).toBeInTheDocument();
  });

  it('says so when the role runs no report: reportChart without an area key, or an area key alone', async () => {
    const fetchMock = show(holding('reportChart', 'system'));
    expect(
      await screen.findByText(
        'Your role has no reports. Ask an administrator for the access keys of the areas you report on.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Saved reports' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('savedReportList'))).toBe(false);
  });

  it('runs nothing with the area keys but without reportChart', async () => {
    show(holding('actionRegister', 'risk', 'hrAdmin'));
    expect(await screen.findByText(/Your role has no reports/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
