import { timesheetMessages } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodiesSent,
  envelope,
  mockFetch,
  ok,
  renderRoutes,
  stubObjectUrls,
  testId,
} from '../../../test/helpers';
import { TimesheetTeamPage } from './TimesheetTeamPage';
import { EMPLOYEE, people, personWeek, timesheetMocks, timesheetWeek, WEEK } from './timesheets.fixtures';

const render = (path = `/timesheet/team?week=${WEEK}`) =>
  renderRoutes([{ path: '/timesheet/team', element: <TimesheetTeamPage /> }], path);

const TEAM = people({
  rows: [
    personWeek(),
    personWeek({
      employeeId: testId(8),
      name: 'Noah Approved',
      employeeNumber: null,
      workplace: null,
      dayHours: [8, 8, 0, 0, 0, 0, 0],
      totalHours: 16,
      missedClockOuts: 0,
      approved: 'yes',
      approvedBy: 'Ethan Clarke',
      approvedAt: '2026-11-30T20:00:00.000Z',
    }),
  ],
  total: 2,
});

/** Tuesday 15 December 2026 in Auckland. */
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-12-15T00:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

const setupUser = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

describe('TimesheetTeamPage', () => {
  it('lists each person’s week, linked to their timesheet of the same week', async () => {
    const fetchMock = mockFetch(timesheetMocks(undefined, TEAM));
    render();
    const user = setupUser();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team timesheets' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Team timesheets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Employee', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Total', 'Status']);
    expect(within(table).getByRole('link', { name: 'Mia Employee' })).toHaveAttribute(
      'href',
      `/timesheet/employee/${EMPLOYEE}?week=${WEEK}`,
    );
    const [, mia, noah] = within(table).getAllByRole('row');
    expect(mia).toHaveTextContent('Missed clock-out');
    expect(noah).toHaveTextContent('16.00');
    expect(noah).toHaveTextContent('Approved');
    // Only payroll exports.
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'mia');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'To approve');
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/timesheetPeople').at(-1)).toEqual({
        weekStart: WEEK,
        page: 1,
        pageSize: 20,
        search: 'mia',
        status: 'toApprove',
      }),
    );
  });

  it('waits for the organisation’s week when the caller has no timesheet of their own', async () => {
    // Sunday evening in the browser's UTC is Monday 30 November already in Auckland.
    vi.setSystemTime(new Date('2026-11-29T12:00:00.000Z'));
    const fetchMock = mockFetch({
      'POST /api/timesheetWeek': ({ body }) => {
        const { employeeId, weekStart } = body as { employeeId?: string; weekStart: string };
        if (!employeeId) return { status: 404, body: envelope(null, 404, 'Not found.') };
        return ok(timesheetWeek({}, { weekStart }));
      },
      'POST /api/timesheetPeople': () => ok(people({ ...TEAM, isPayroll: 'yes' })),
    });
    render('/timesheet/team');
    await screen.findByRole('table', { name: 'Team timesheets' });
    const lists = bodiesSent(fetchMock, '/api/timesheetPeople').filter((body) => body.pageSize !== 1);
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((body) => body.weekStart === '2026-11-30')).toBe(true);
    expect(bodiesSent(fetchMock, '/api/timesheetWeek').at(-1)).toEqual({
      employeeId: EMPLOYEE,
      weekStart: '2026-11-23',
    });
  });

  it('moves to another week and keeps it in the address', async () => {
    const fetchMock = mockFetch(timesheetMocks(undefined, TEAM));
    const { router } = render();
    const user = setupUser();
    await screen.findByRole('table', { name: 'Team timesheets' });
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('16 Nov – 22 Nov 2026')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?week=2026-11-16');
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/timesheetPeople').at(-1)).toMatchObject({ weekStart: '2026-11-16' }),
    );
    expect(screen.getByRole('link', { name: 'Mia Employee' })).toHaveAttribute(
      'href',
      `/timesheet/employee/${EMPLOYEE}?week=2026-11-16`,
    );
  });

  it('exports the approved hours of a period for payroll', async () => {
    const saved = stubObjectUrls();
    const fetchMock = mockFetch(timesheetMocks(undefined, { ...TEAM, isPayroll: 'yes' }));
    const files: string[] = [];
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/timesheetExport')) {
        files.push(String(input));
        return new Response('employee,hours', { status: 200 });
      }
      return base(input, init);
    });
    render();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Export XLSX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export approved hours' });
    const from = within(dialog).getByLabelText(/From/);
    const to = within(dialog).getByLabelText(/^To/);
    expect(from).toHaveValue('23/11/2026');
    expect(to).toHaveValue('29/11/2026');
    await user.clear(to);
    await user.type(to, '01/11/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(timesheetMessages.periodReversed);
    await user.clear(to);
    await user.type(to, '31/12/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(files).toEqual(['/api/timesheetExport?from=2026-11-23&to=2026-12-31&format=xlsx']);
    expect(saved).toHaveBeenCalledTimes(1);
  });
});
