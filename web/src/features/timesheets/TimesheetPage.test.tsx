import { addDays, localDateOf } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import { people, timesheetMocks, timesheetWeek, WEEK, ZONE } from './timesheets.fixtures';
import { TimesheetPage } from './TimesheetPage';
import { mondayOf } from './week';

const render = (path = `/timesheet?week=${WEEK}`) =>
  renderRoutes([{ path: '/timesheet', element: <TimesheetPage /> }], path);

/** The week's table rows as their cells' texts. */
function rowTexts(): string[][] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

/** Tuesday 15 December 2026, 13:00 in Auckland: this week starts on the 14th. */
const NOW = new Date('2026-12-15T00:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const setupUser = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

describe('TimesheetPage', () => {
  it('shows the week by day in the organisation’s zone, with badges, signatures and the total', async () => {
    mockFetch(timesheetMocks());
    render();
    const user = setupUser();
    expect(await screen.findByRole('heading', { level: 1, name: 'TimeSheet' })).toBeInTheDocument();
    expect(screen.getByText('23 Nov – 29 Nov 2026')).toBeInTheDocument();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    const rows = rowTexts();
    expect(rows[0]).toEqual(['In', 'Out', 'Hours', 'Workplace', 'Signature']);
    expect(rows[1]).toEqual(['Mon 23 Nov', '8.50', '']);
    // 19:00 UTC on Sunday is 08:00 on Monday in Auckland.
    expect(rows[2]).toEqual(['08:00 Corrected', '16:30', '8.50', 'Riverside Depot · North Yard', '']);
    expect(rows[3]).toEqual(['Tue 24 Nov', '0.00', '']);
    expect(rows[4]).toEqual(['09:00', 'Missed clock-out', '—', 'Riverside Depot · North Yard', '—']);
    expect(rows.at(-1)).toEqual(['Total hours', '8.50', '']);
    expect(screen.getByText('Not approved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show the signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signature' });
    expect(within(dialog).getByRole('img', { name: 'Signature' })).toHaveAttribute(
      'src',
      timesheetWeek().days[0]!.entries[0]!.signature,
    );
  });

  it('says who approved the week and when', async () => {
    mockFetch(
      timesheetMocks(
        timesheetWeek(undefined, {
          // 09:30 on Monday 30 November in Auckland; still the 29th in UTC.
          approval: { approvedBy: 'Ethan Clarke', approvedAt: '2026-11-29T20:30:00.000Z', totalHours: 8.5 },
        }),
      ),
    );
    render();
    expect(await screen.findByText(/Approved by Ethan Clarke on 30\/11\/2026/)).toBeInTheDocument();
  });

  it('moves between weeks in the address and asks for each', async () => {
    const fetchMock = mockFetch(timesheetMocks());
    const { router } = render();
    const user = setupUser();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('30 Nov – 6 Dec 2026')).toBeInTheDocument();
    expect(await screen.findByText('No clock-ins this week')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?week=${addDays(WEEK, 7)}`);
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('16 Nov – 22 Nov 2026')).toBeInTheDocument();
    const asked = bodiesSent(fetchMock, '/api/timesheetWeek').map((body) => body.weekStart);
    expect(asked).toEqual(expect.arrayContaining([WEEK, addDays(WEEK, 7), addDays(WEEK, -7)]));
    expect(bodiesSent(fetchMock, '/api/timesheetWeek').every((body) => !('employeeId' in body))).toBe(true);
  });

  it('opens this week of the organisation when the address names no Monday', async () => {
    const fetchMock = mockFetch(timesheetMocks(timesheetWeek({})));
    render('/timesheet?week=2026-11-25');
    const current = mondayOf(localDateOf(NOW, ZONE));
    expect(current).toBe('2026-12-14');
    expect(await screen.findByText('No clock-ins this week')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This week' })).toBeDisabled();
    expect(bodiesSent(fetchMock, '/api/timesheetWeek').at(-1)).toEqual({ weekStart: current });
  });

  it('shows the Team tab only to someone with a team', async () => {
    mockFetch(timesheetMocks(undefined, people({ total: 3 })));
    render();
    expect(await screen.findByRole('link', { name: 'Team' })).toHaveAttribute(
      'href',
      `/timesheet/team?week=${WEEK}`,
    );
    expect(screen.getByRole('link', { name: 'My timesheet' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides the Team tab from someone who only has their own timesheet', async () => {
    const fetchMock = mockFetch(timesheetMocks(undefined, people({ total: 1 })));
    render();
    await screen.findByRole('table');
    await vi.waitFor(() => expect(bodiesSent(fetchMock, '/api/timesheetPeople')).toHaveLength(1));
    expect(bodiesSent(fetchMock, '/api/timesheetPeople')[0]).toMatchObject({ pageSize: 1 });
    expect(screen.queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('shows a failure with a Retry', async () => {
    mockFetch({
      ...timesheetMocks(),
      'POST /api/timesheetWeek': () => ({ status: 500, body: envelope(null, 500, 'Something went wrong.') }),
      'POST /api/timesheetPeople': () => ok(people()),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
