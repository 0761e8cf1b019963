import { timesheetMessages } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import { TimesheetEmployeePage } from './TimesheetEmployeePage';
import {
  EMPLOYEE,
  entry,
  MONDAY_ENTRY,
  missedEntry,
  timesheetMocks,
  timesheetWeek,
  WEEK,
} from './timesheets.fixtures';

const render = (path = `/timesheet/employee/${EMPLOYEE}?week=${WEEK}`) =>
  renderRoutes([{ path: '/timesheet/employee/:employeeId', element: <TimesheetEmployeePage /> }], path);

const decidable = { mayCorrect: 'yes', mayApprove: 'yes' } as const;

describe('TimesheetEmployeePage', () => {
  it('corrects an entry on the organisation’s wall clock, with a reason', async () => {
    const fetchMock = mockFetch({
      ...timesheetMocks(timesheetWeek(undefined, decidable)),
      'POST /api/timesheetEntryCorrect': () => ok(null, timesheetMessages.corrected),
    });
    render();
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mia Employee — TimeSheet' }),
    ).toBeInTheDocument();
    await user.click((await screen.findAllByRole('button', { name: 'Correct' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Correct entry' });
    const signIn = within(dialog).getByLabelText(/Clock-in time/);
    const signOut = within(dialog).getByLabelText(/Clock-out time/);
    // Shown as Auckland's clock reads them.
    expect(signIn).toHaveValue('2026-11-23T08:00');
    expect(signOut).toHaveValue('2026-11-23T16:30');
    await user.clear(signOut);
    await user.type(signOut, '2026-11-23T17:15');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(timesheetMessages.reasonRequired);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Forgot to clock out on time');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByText(timesheetMessages.corrected)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/timesheetEntryCorrect')).toEqual([
      {
        _id: MONDAY_ENTRY,
        SigninTime: '2026-11-22T19:00:00.000Z',
        SignoutTime: '2026-11-23T04:15:00.000Z',
        reason: 'Forgot to clock out on time',
      },
    ]);
  });

  it('shows the server’s refusal in the dialog', async () => {
    mockFetch({
      ...timesheetMocks(timesheetWeek(undefined, decidable)),
      'POST /api/timesheetEntryCorrect': () => ({
        status: 409,
        body: envelope(null, 409, timesheetMessages.entryOverlaps),
      }),
    });
    render();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Correct' }))[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Correct entry' });
    // The missed clock-out has no clock-out yet: it must be given.
    expect(within(dialog).getByLabelText(/Clock-out time/)).toHaveValue('');
    await user.type(within(dialog).getByLabelText(/Clock-out time/), '2026-11-24T17:00');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Left at five');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(timesheetMessages.entryOverlaps);
  });

  it('holds the approval while missed clock-outs remain', async () => {
    mockFetch(timesheetMocks(timesheetWeek(undefined, decidable)));
    render();
    const approve = await screen.findByRole('button', { name: 'Approve week' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(timesheetMessages.missedClockOuts);
    expect(screen.getByText('Missed clock-out')).toBeInTheDocument();
  });

  it('holds the approval of a week not over yet', async () => {
    const future = timesheetWeek({ 0: [entry()] }, { ...decidable, weekStart: '2099-01-05' });
    mockFetch({ 'POST /api/timesheetWeek': () => ok(future) });
    render();
    const early = await screen.findByRole('button', { name: 'Approve week' });
    expect(early).toBeDisabled();
    expect(early).toHaveAccessibleDescription(timesheetMessages.weekNotOver);
  });

  it('holds the approval of a week without hours', async () => {
    mockFetch(timesheetMocks(timesheetWeek({}, decidable)));
    render();
    const empty = await screen.findByRole('button', { name: 'Approve week' });
    expect(empty).toBeDisabled();
    expect(empty).toHaveAccessibleDescription(timesheetMessages.emptyWeek);
    expect(screen.queryByText(timesheetMessages.missedClockOuts)).not.toBeInTheDocument();
  });

  it('sends the untouched clock-in exactly as it was, seconds and all', async () => {
    const precise = entry({ SigninTime: '2026-11-22T19:00:37.250Z' });
    const fetchMock = mockFetch({
      ...timesheetMocks(timesheetWeek({ 0: [precise] }, decidable)),
      'POST /api/timesheetEntryCorrect': () => ok(null, timesheetMessages.corrected),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Correct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct entry' });
    const signOut = within(dialog).getByLabelText(/Clock-out time/);
    await user.clear(signOut);
    await user.type(signOut, '2026-11-23T17:15');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Stayed late');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, '/api/timesheetEntryCorrect')).toEqual([
      {
        _id: MONDAY_ENTRY,
        SigninTime: '2026-11-22T19:00:37.250Z',
        SignoutTime: '2026-11-23T04:15:00.000Z',
        reason: 'Stayed late',
      },
    ]);
  });

  it('approves a complete week, then offers to withdraw the approval', async () => {
    let approved = false;
    const week = () =>
      timesheetWeek(
        { 0: [entry()] },
        {
          ...decidable,
          approval: approved
            ? { approvedBy: 'Ethan Clarke', approvedAt: '2026-11-30T20:00:00.000Z', totalHours: 8.5 }
            : null,
          log: approved
            ? [{ at: '2026-11-30T20:00:00.000Z', by: 'Ethan Clarke', action: 'approved', detail: '' }]
            : [],
        },
      );
    const fetchMock = mockFetch({
      'POST /api/timesheetWeek': () => ok(week()),
      'POST /api/timesheetWeekApprove': () => {
        approved = true;
        return ok(null, timesheetMessages.approved);
      },
    });
    render();
    const user = userEvent.setup();
    const history = await screen.findByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('No corrections or approvals in this week.');
    await user.click(await screen.findByRole('button', { name: 'Approve week' }));
    expect(await screen.findByRole('button', { name: 'Withdraw approval' })).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/timesheetWeekApprove')).toEqual([
      { employeeId: EMPLOYEE, weekStart: WEEK },
    ]);
    expect(screen.getByText(/Approved by Ethan Clarke on 01\/12\/2026/)).toBeInTheDocument();
    expect(within(history).getByText('Approved')).toBeInTheDocument();
    expect(history).toHaveTextContent('01/12/2026 09:00 · Ethan Clarke');
  });

  it('shows the employee’s own week read-only', async () => {
    mockFetch(timesheetMocks(timesheetWeek({ 1: [missedEntry] })));
    render();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Correct' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve week' })).not.toBeInTheDocument();
  });

  it('says not found for an id that is no employee’s, without asking', async () => {
    const fetchMock = mockFetch(timesheetMocks());
    render(`/timesheet/employee/nobody?week=${WEEK}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
    expect(bodiesSent(fetchMock, '/api/timesheetWeek').every((body) => !('employeeId' in body))).toBe(true);
  });
});
