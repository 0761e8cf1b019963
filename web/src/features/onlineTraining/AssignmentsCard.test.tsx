import { addDays, trainingAssignmentMessages as say, trainingAttemptViewPath } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, choosePerson, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { browserToday } from '../../lib/timeZone';
import { AssignmentsCard } from './AssignmentsCard';
import {
  ASSIGNMENT,
  assignmentRow,
  ATTEMPT,
  COURSE,
  ETHAN,
  MIA,
  peopleSearch,
} from './onlineTraining.fixtures';

const FORKLIFT = { _id: COURSE, name: 'Forklift refresher', currentVersion: 1, isActive: true };
const STOREMAN = testId(75);
const options = () =>
  ok({
    courses: [{ ...FORKLIFT, expectedMinutes: 20, attemptsAllowed: 3, hasShortAnswers: true }],
    positions: [{ _id: STOREMAN, name: 'Storeman' }],
    workplaces: [{ _id: testId(76), name: 'Riverside Depot' }],
  });

/** No standing assignment to a position yet. */
const noRules = { 'POST /api/trainingPositionRuleList': () => ok({ rows: [] }) };

const render = (course = FORKLIFT) =>
  renderRoutes([{ path: '/', element: <AssignmentsCard course={course} /> }], '/');

describe('AssignmentsCard', () => {
  it('lists the course’s assignments, filtered by status on the server', async () => {
    const fetchMock = mockFetch({
      ...noRules,
      'POST /api/trainingAssignmentList': () =>
        ok({
          rows: [
            assignmentRow({ status: 'failed', attemptsUsed: 3, score: 40, lastAttemptId: ATTEMPT }),
            assignmentRow({ _id: testId(62), employeeName: 'Noah Patel', taskDueDateType: 'overdue' }),
          ],
          total: 2,
        }),
    });
    render();
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Assigned training' });
    const mia = (await within(table).findByText(MIA.name)).closest('tr')!;
    expect(within(mia).getByText('3 of 3')).toBeInTheDocument();
    expect(within(mia).getByText('Not passed')).toBeInTheDocument();
    expect(within(mia).getByText('40%')).toBeInTheDocument();
    expect(within(mia).getByRole('link', { name: `View attempt of ${MIA.name}` })).toHaveAttribute(
      'href',
      trainingAttemptViewPath(ATTEMPT),
    );
    const noah = within(table).getByText('Noah Patel').closest('tr')!;
    expect(within(noah).getByText('To complete')).toBeInTheDocument();
    expect(within(noah).getByText('Overdue')).toBeInTheDocument();
    expect(within(noah).queryByRole('button', { name: /another attempt/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/trainingAssignmentList').at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        status: 'failed',
        courseId: COURSE,
      }),
    );
  });

  it('gives a failed training another attempt, and withdraws one once confirmed', async () => {
    const fetchMock = mockFetch({
      ...noRules,
      'POST /api/trainingAssignmentList': () =>
        ok({ rows: [assignmentRow({ status: 'failed', attemptsUsed: 3 })], total: 1 }),
      'POST /api/trainingAssignmentAllowAttempt': () => ok({ attemptsAllowed: 4 }, say.attemptAllowed),
      'POST /api/trainingAssignmentCancel': () => ok({ ok: true }, say.cancelled),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Allow ${MIA.name} another attempt` }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/trainingAssignmentAllowAttempt')).toEqual([{ _id: ASSIGNMENT }]),
    );

    await user.click(screen.getByRole('button', { name: `Withdraw from ${MIA.name}` }));
    const confirm = screen.getByRole('dialog', { name: `Withdraw Forklift refresher from ${MIA.name}?` });
    expect(bodiesSent(fetchMock, '/api/trainingAssignmentCancel')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, '/api/trainingAssignmentCancel')).toEqual([{ _id: ASSIGNMENT }]);
  }, 20_000);

  it('checks the assign dialog, then assigns the course to the chosen employees as a refresher', async () => {
    const fetchMock = mockFetch({
      ...noRules,
      'POST /api/trainingAssignmentList': () => ok({ rows: [], total: 0 }),
      'POST /api/trainingAssignOptions': options,
      'POST /api/trainingAssign': () =>
        ok({ count: 1, ids: [ASSIGNMENT], mailsQueued: 1 }, say.assigned(1, 1)),
      ...peopleSearch,
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('Not assigned to anyone yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Forklift refresher' });
    await user.click(await within(dialog).findByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText(say.whomRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(say.reviewerUnknown)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('searchbox', { name: 'Employees' }), 'Mia');
    await user.click(await within(dialog).findByRole('button', { name: new RegExp(`^${MIA.name}`) }));
    await choosePerson(user, dialog, 'Reviewer', ETHAN.name);
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'Annual');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Before the audit, please.');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, '/api/trainingAssign')).toEqual([
      {
        courseId: COURSE,
        employeeIds: [MIA._id],
        positionId: null,
        workplaceId: null,
        reviewerEmployeeId: ETHAN._id,
        completeBy: addDays(browserToday(), 14),
        message: 'Before the audit, please.',
        repeat: { frequency: 'years', interval: 1 },
        personnelIds: null,
        followPosition: false,
      },
    ]);
  }, 20_000);

  it('assigns to a position and shows the server’s refusal at its field', async () => {
    const fetchMock = mockFetch({
      ...noRules,
      'POST /api/trainingAssignmentList': () => ok({ rows: [], total: 0 }),
      'POST /api/trainingAssignOptions': options,
      'POST /api/trainingAssign': () => ({
        status: 400,
        body: {
          response_code: 400,
          response_message: say.nobodyToAssign,
          response_data: null,
          validation_errors: [{ field: 'positionId', message: say.nobodyToAssign }],
        },
      }),
      ...peopleSearch,
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Forklift refresher' });
    await user.click(await within(dialog).findByRole('button', { name: 'A position' }));
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'Storeman');
    await choosePerson(user, dialog, 'Reviewer', ETHAN.name);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findAllByText(say.nobodyToAssign)).not.toHaveLength(0);
    expect(bodiesSent(fetchMock, '/api/trainingAssign')).toEqual([
      expect.objectContaining({
        employeeIds: null,
        positionId: STOREMAN,
        workplaceId: null,
        personnelIds: null,
        followPosition: true,
        repeat: null,
      }),
    ]);
  }, 20_000);

  it('cannot assign a course never published', async () => {
    mockFetch({ ...noRules, 'POST /api/trainingAssignmentList': () => ok({ rows: [], total: 0 }) });
    render({ ...FORKLIFT, currentVersion: 0 });
    expect(await screen.findByRole('button', { name: 'Assign' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Assign' })).toHaveAccessibleDescription(
      'Publish the course to assign it.',
    );
  });
});
