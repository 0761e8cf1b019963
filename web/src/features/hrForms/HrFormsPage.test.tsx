import { addDays, hrFormMessages as say } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserToday } from '../../lib/timeZone';
import {
  bodiesSent,
  choosePerson,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  stubObjectUrls,
  testId,
} from '../../../test/helpers';
import {
  ASSIGNMENT,
  ETHAN,
  hrFormDetails,
  hrFormRow,
  MIA,
  NOAH,
  peopleSearch,
  TEMPLATE,
  WELLBEING,
} from './hrForms.fixtures';
import { HrFormsPage } from './HrFormsPage';

const STOREMAN = testId(30);
const options = () =>
  ok({
    templates: [{ _id: TEMPLATE, name: WELLBEING }],
    positions: [{ _id: STOREMAN, name: 'Storeman' }],
    workplaces: [{ _id: testId(31), name: 'Riverside Depot' }],
  });

const render = () =>
  renderRoutes(
    [{ path: '/human-resource/admin/forms', element: <HrFormsPage /> }],
    '/human-resource/admin/forms',
  );

describe('HR Admin > HR Forms', () => {
  it('lists the assigned forms, filters them on the server and exports what is shown', async () => {
    const fetchMock = mockFetch({
      'POST /api/hrFormList': () =>
        ok({
          rows: [
            hrFormRow(),
            hrFormRow({
              _id: testId(7),
              employeeId: NOAH._id,
              employeeName: NOAH.name,
              status: 'assigned',
              taskDueDateType: 'overdue',
              submissionId: null,
              formNumber: null,
              returnCount: 1,
            }),
          ],
          total: 2,
        }),
      'POST /api/hrFormAssignOptions': options,
      'GET /api/hrFormExport': () => ok(null),
      ...peopleSearch,
    });
    const saved = stubObjectUrls();
    render();
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Assigned HR forms' });
    const mia = (await within(table).findByText(MIA.name)).closest('tr')!;
    expect(within(mia).getByText('FS 1020')).toBeInTheDocument();
    expect(within(mia).getByText('Pending For Review')).toBeInTheDocument();
    const noah = within(table).getByText(NOAH.name).closest('tr')!;
    expect(within(noah).getByText('Pending Completion')).toBeInTheDocument();
    expect(within(noah).getByText('Returned 1 time')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'submitted');
    await user.selectOptions(await screen.findByLabelText('Form'), WELLBEING);
    await choosePerson(user, screen.getByRole('form', { name: 'Filters' }), 'Reviewer', ETHAN.name);
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/hrFormList').at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        status: 'submitted',
        formTemplateId: TEMPLATE,
        reviewerEmployeeId: ETHAN._id,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const exported = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/hrFormExport'));
    expect(Object.fromEntries(new URL(String(exported![0]), 'http://localhost').searchParams)).toEqual({
      status: 'submitted',
      formTemplateId: TEMPLATE,
      reviewerEmployeeId: ETHAN._id,
    });
  }, 20_000);

  it('says what to do when nothing is assigned yet', async () => {
    mockFetch({
      'POST /api/hrFormList': () => ok({ rows: [], total: 0 }),
      'POST /api/hrFormAssignOptions': options,
    });
    render();
    expect(await screen.findByText('No HR forms assigned yet: assign the first one.')).toBeInTheDocument();
  });

  it('checks the assign dialog before sending, then assigns to the chosen employees, repeating', async () => {
    const fetchMock = mockFetch({
      'POST /api/hrFormList': () => ok({ rows: [], total: 0 }),
      'POST /api/hrFormAssignOptions': options,
      'POST /api/hrFormAssign': () =>
        ok({ count: 2, ids: [testId(8), testId(9)], mailsQueued: 2 }, say.assigned(2, 2)),
      ...peopleSearch,
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign HR form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign HR form' });
    await user.click(await within(dialog).findByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText(say.templateNotHr)).toBeInTheDocument();
    expect(within(dialog).getByText(say.whomRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(say.reviewerUnknown)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Form'), WELLBEING);
    for (const person of [MIA, NOAH]) {
      await user.type(
        within(dialog).getByRole('searchbox', { name: 'Employees' }),
        person.name.split(' ')[0]!,
      );
      await user.click(await within(dialog).findByRole('button', { name: new RegExp(`^${person.name}`) }));
    }
    await choosePerson(user, dialog, 'Reviewer', MIA.name);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText(say.reviewerIsAssignee)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/hrFormAssign')).toEqual([]);

    await choosePerson(user, dialog, 'Reviewer', ETHAN.name);
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'Annual');
    await user.type(
      within(dialog).getByLabelText('Message (optional)'),
      'Before the end of the year, please.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(say.assigned(2, 2))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/hrFormAssign')).toEqual([
      {
        formTemplateId: TEMPLATE,
        employeeIds: [MIA._id, NOAH._id],
        positionId: null,
        workplaceId: null,
        reviewerEmployeeId: ETHAN._id,
        dueDate: addDays(browserToday(), 14),
        message: 'Before the end of the year, please.',
        repeat: { frequency: 'years', interval: 1 },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 20_000);

  it('assigns to everyone in a position, and shows the server’s refusal on its field', async () => {
    const fetchMock = mockFetch({
      'POST /api/hrFormList': () => ok({ rows: [], total: 0 }),
      'POST /api/hrFormAssignOptions': options,
      'POST /api/hrFormAssign': () => ({
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
    await user.click(await screen.findByRole('button', { name: 'Assign HR form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign HR form' });
    await user.selectOptions(await within(dialog).findByLabelText('Form'), WELLBEING);
    await user.click(within(dialog).getByRole('button', { name: 'A position' }));
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'Storeman');
    await choosePerson(user, dialog, 'Reviewer', ETHAN.name);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findAllByText(say.nobodyToAssign)).not.toHaveLength(0);
    expect(bodiesSent(fetchMock, '/api/hrFormAssign')).toEqual([
      expect.objectContaining({ employeeIds: null, positionId: STOREMAN, workplaceId: null, repeat: null }),
    ]);
  }, 20_000);

  it('shows a form’s history and withdraws it once confirmed', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/hrFormList': () =>
        ok({ rows: [hrFormRow({ status: 'assigned', submissionId: null, formNumber: null })], total: 1 }),
      'POST /api/hrFormAssignOptions': options,
      'POST /api/hrFormDetails': () =>
        ok(
          hrFormDetails({
            status: 'assigned',
            submissionId: null,
            formNumber: null,
            side: 'hr',
            canReview: false,
            canCancel: true,
            returnCount: 1,
            reviewComment: 'Add your goals for next year.',
            repeat: { frequency: 'months', interval: 3 },
            history: [
              { action: 'assigned', at: '2026-11-01T01:00:00.000Z', byName: 'Olivia Admin', comment: null },
              {
                action: 'returned',
                at: '2026-11-03T01:00:00.000Z',
                byName: ETHAN.name,
                comment: 'Add your goals for next year.',
              },
            ],
          }),
        ),
      'POST /api/hrFormCancel': () => ok(null, say.cancelled),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Details of ${WELLBEING} for ${MIA.name}` }));
    const dialog = await screen.findByRole('dialog', { name: WELLBEING });
    const history = await within(dialog).findByRole('list', { name: 'Status history' });
    expect(within(history).getByText('Returned to the employee')).toBeInTheDocument();
    expect(within(history).getByText('“Add your goals for next year.”')).toBeInTheDocument();
    expect(within(dialog).getByText('Monthly, every 3 periods')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Open the form' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    const confirm = screen.getByRole('dialog', { name: `Withdraw ${WELLBEING}?` });
    expect(bodiesSent(fetchMock, '/api/hrFormCancel')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(say.cancelled)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/hrFormCancel')).toEqual([{ _id: ASSIGNMENT }]);
  }, 20_000);
});
