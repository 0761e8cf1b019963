import { taskMessages as say, type TTaskDetails, type TTaskRow } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { TaskEditPage } from './TaskEditPage';
import { TaskSignOffPage } from './TaskSignOffPage';
import { TasksPage } from './TasksPage';

const TASK = testId(1);
const NEXT = testId(2);
const ETHAN = testId(3);
const DEPOT = testId(4);

const row = (over: Partial<TTaskRow> = {}): TTaskRow => ({
  _id: TASK,
  title: 'Monthly fire extinguisher inspection',
  assignee: null,
  owner: 'Ethan Clarke',
  workplace: 'Riverside Depot',
  frequency: 'months',
  dueDate: '2027-01-31',
  taskDueDateType: 'nodue',
  hasForm: false,
  completedOn: null,
  ...over,
});

const details = (over: Partial<TTaskDetails> = {}): TTaskDetails => ({
  _id: TASK,
  title: 'Monthly fire extinguisher inspection',
  detail: 'Check every gauge.',
  owner: { _id: ETHAN, name: 'Ethan Clarke' },
  assignee: null,
  workplaceId: DEPOT,
  workplace: 'Riverside Depot',
  frequency: 'months',
  formTemplate: null,
  formSubmissionId: null,
  formSubmission: null,
  formChoices: [],
  anchorDate: '2026-12-31',
  occurrence: 1,
  dueDate: '2027-01-31',
  taskDueDateType: 'nodue',
  nextDueDate: '2027-02-28',
  completedAt: null,
  completedBy: null,
  response: '',
  canSignOff: true,
  next: null,
  history: [
    {
      _id: testId(5),
      occurrence: 0,
      dueDate: '2026-12-31',
      completedBy: 'Ethan Clarke',
      completedAt: '2026-12-30T09:00:00.000Z',
      response: 'All checked.',
      formSubmission: null,
    },
  ],
  ...over,
});

describe('the reminders list', () => {
  it('lists occurrences and filters on the server', async () => {
    const fetchMock = mockFetch({ 'POST /api/taskList': () => ok({ rows: [row()], total: 1 }) });
    renderRoutes([{ path: '/task/reminders', element: <TasksPage /> }], '/task/reminders');
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Monthly fire extinguisher inspection' })).toHaveAttribute(
      'href',
      `/task/form/signoff/${TASK}`,
    );
    expect(within(table).getByText('Monthly')).toBeInTheDocument();
    expect(within(table).getByText('31/01/2027')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Due'), 'Overdue');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Due date ↓');
    await screen.findByRole('table');
    expect(bodiesSent(fetchMock, '/api/taskList').at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      overdue: true,
      sort: 'dueDate',
      sortDirection: 'desc',
    });
  });

  it('says so when there is nothing', async () => {
    mockFetch({ 'POST /api/taskList': () => ok({ rows: [], total: 0 }) });
    renderRoutes([{ path: '/task/reminders', element: <TasksPage /> }], '/task/reminders');
    expect(await screen.findByText('No open reminder: add the first one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New reminder' })).toHaveAttribute('href', '/task/new');
  });

  it('says nothing is open, not that there is nothing, when every reminder is signed off', async () => {
    const fetchMock = mockFetch({
      'POST /api/taskList': ({ body }) =>
        (body as { status?: string }).status === 'completed'
          ? ok({ rows: [row({ completedOn: '2026-11-02' })], total: 1 })
          : ok({ rows: [], total: 0 }),
    });
    renderRoutes([{ path: '/task/reminders', element: <TasksPage /> }], '/task/reminders');
    expect(
      await screen.findByText('No open reminder. Signed-off reminders are under Status: Signed off.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No open reminder: add the first one.')).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/taskList').at(-1)).toMatchObject({
      page: 1,
      pageSize: 1,
      status: 'completed',
    });
  });

  it('shows a failure with a Retry', async () => {
    mockFetch({
      'POST /api/taskList': () => ({ status: 500, body: envelope(null, 500, 'Something went wrong.') }),
    });
    renderRoutes([{ path: '/task/reminders', element: <TasksPage /> }], '/task/reminders');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('the create page', () => {
  it('names what is missing before sending, with the server’s messages', async () => {
    const fetchMock = mockFetch({
      'POST /api/taskOptions': () =>
        ok({ workplaces: [{ _id: DEPOT, name: 'Riverside Depot' }], templates: [] }),
      'POST /api/taskSave': () => ok({ _id: TASK }, say.saved),
      'POST /api/taskPeopleSearch': () => ok([{ _id: ETHAN, name: 'Ethan Clarke' }]),
    });
    renderRoutes([{ path: '/task/new', element: <TaskEditPage /> }], '/task/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create reminder' }));
    expect(await screen.findAllByText(say.titleRequired)).not.toHaveLength(0);
    expect(screen.getAllByText(say.frequencyUnknown)).not.toHaveLength(0);
    expect(screen.getAllByText(say.dueDateRequired)).not.toHaveLength(0);
    expect(screen.getAllByText(say.ownerRequired)).not.toHaveLength(0);
    await user.click(screen.getAllByRole('button', { name: 'Choose' })[0]!);
    await user.type(screen.getByRole('searchbox'), 'Eth');
    await user.click(await screen.findByRole('button', { name: 'Ethan Clarke' }));
    // A weekday schedule may not start on a Saturday.
    await user.type(screen.getByLabelText('Title'), 'Forklift pre-start check');
    await user.selectOptions(screen.getByLabelText('Frequency'), 'Weekdays');
    await user.type(screen.getByLabelText('First due date'), '2030-01-05');
    await user.click(screen.getByRole('button', { name: 'Create reminder' }));
    expect(await screen.findAllByText(say.dueDateWeekend)).not.toHaveLength(0);
    expect(bodiesSent(fetchMock, '/api/taskSave')).toEqual([]);
  });
});

describe('the sign-off page', () => {
  /** The sign-off page of TASK: `before` until it is signed off, `after` once it is. */
  const openSignOff = (before: TTaskDetails, after: TTaskDetails) => {
    let signedOff = false;
    const fetchMock = mockFetch({
      'POST /api/taskDetails': () => ok(signedOff ? after : before),
      'POST /api/taskSignOff': () => {
        signedOff = true;
        return ok({ next: { _id: NEXT, dueDate: '2027-02-28' } }, say.signedOff);
      },
    });
    renderRoutes(
      [{ path: '/task/form/signoff/:id', element: <TaskSignOffPage /> }],
      `/task/form/signoff/${TASK}`,
    );
    return fetchMock;
  };

  it('signs an occurrence off and shows the next one’s due day and the history', async () => {
    const fetchMock = openSignOff(
      details(),
      details({
        completedAt: '2027-01-30T10:00:00.000Z',
        completedBy: 'Ethan Clarke',
        response: 'Two re-tagged.',
        canSignOff: false,
        next: { _id: NEXT, dueDate: '2027-02-28' },
      }),
    );
    const user = userEvent.setup();
    expect(
      await screen.findByText('Signing off schedules the next occurrence, due 28/02/2027.'),
    ).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Earlier occurrences' });
    expect(within(history).getByText('All checked.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Response or comment'), 'Two re-tagged.');
    await user.click(screen.getByRole('button', { name: 'Sign off' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Next occurrence due 28/02/2027');
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/taskSignOff')).toEqual([
      { _id: TASK, response: 'Two re-tagged.', formSubmissionId: null },
    ]);
  });

  it('records the form filled in with the sign-off: the newest by default, and names it after', async () => {
    const form = { _id: testId(7), name: 'Fire Extinguisher Check' };
    const newest = { _id: testId(8), name: 'FS 12 · 30/01/2027' };
    const older = { _id: testId(9), name: 'FS 9 · 31/12/2026' };
    const fetchMock = openSignOff(
      details({ formTemplate: form, formChoices: [newest, older] }),
      details({
        formTemplate: form,
        completedAt: '2027-01-30T10:00:00.000Z',
        completedBy: 'Ethan Clarke',
        canSignOff: false,
        formSubmissionId: older._id,
        formSubmission: older,
      }),
    );
    const user = userEvent.setup();
    const choice = await screen.findByLabelText('Fire Extinguisher Check filled in');
    expect(choice).toHaveValue(newest._id);
    await user.selectOptions(choice, older._id);
    await user.click(screen.getByRole('button', { name: 'Sign off' }));
    expect(await screen.findByRole('link', { name: older.name })).toHaveAttribute(
      'href',
      `/form-submission/Record/${older._id}`,
    );
    expect(bodiesSent(fetchMock, '/api/taskSignOff')).toEqual([
      { _id: TASK, response: '', formSubmissionId: older._id },
    ]);
  });

  it('says when the signer has not filled the form in yet', async () => {
    mockFetch({
      'POST /api/taskDetails': () =>
        ok(details({ formTemplate: { _id: testId(7), name: 'Fire Extinguisher Check' } })),
    });
    renderRoutes(
      [{ path: '/task/form/signoff/:id', element: <TaskSignOffPage /> }],
      `/task/form/signoff/${TASK}`,
    );
    expect(
      await screen.findByText(
        'You have not filled in Fire Extinguisher Check yet: fill it in above, then sign off here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fill in Fire Extinguisher Check' })).toBeInTheDocument();
  });

  it('says when the occurrence cannot be opened', async () => {
    mockFetch({ 'POST /api/taskDetails': () => ({ status: 404, body: envelope(null, 404, 'Not found.') }) });
    renderRoutes(
      [{ path: '/task/form/signoff/:id', element: <TaskSignOffPage /> }],
      `/task/form/signoff/${TASK}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This reminder cannot be opened');
  });
});
