import { actionRegisterMessages, type TActionRow } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { ActionRegisterPage } from './ActionRegisterPage';
import { HrActionsPage } from './HrActionsPage';

const row = (over: Partial<TActionRow> = {}): TActionRow => ({
  _id: testId(1),
  kind: 'form',
  source: 'form',
  parentId: testId(9),
  parentName: 'FS 12 · Incident Report',
  instruction: 'Replace the guard rail',
  assigneeName: 'Ethan Clarke',
  assigneeType: 'internal',
  dueDate: '2026-11-01',
  assignedOn: '2026-10-20',
  status: 'overdue',
  completedOn: null,
  ...over,
});

const ROWS = [
  row(),
  row({
    _id: testId(2),
    kind: 'audit',
    source: 'audit',
    parentName: 'Site audit',
    instruction: 'Check the tags',
  }),
  row({ _id: testId(3), status: 'completed', completedOn: '2026-11-02', instruction: 'Done already' }),
];

/** An open form action of someone else, as the action dialog loads it. */
const actionDetails = (over: Record<string, unknown>) => ({
  _id: testId(1),
  sectionType: 'form',
  instruction: 'Replace the guard rail',
  response: '',
  assignTo: testId(4),
  assignToType: 'internal',
  assignToName: 'Ethan Clarke',
  dueDate: '2026-11-01',
  attachment: [],
  completeStatus: 'no',
  completedOn: null,
  mine: false,
  ...over,
});

const render = () =>
  renderRoutes([{ path: '/action-register', element: <ActionRegisterPage /> }], '/action-register');

describe('ActionRegisterPage', () => {
  it('lists the actions with their parents, filters on the server and reassigns the selected ones', async () => {
    const fetchMock = mockFetch({
      'POST /api/actionRegisterList': () => ok({ rows: ROWS, total: 3 }),
      'POST /api/actionRegisterAssignees': () =>
        ok({
          options: [{ _id: testId(5), type: 'external', name: 'Liam Walker', detail: 'Acme' }],
          hasMore: false,
        }),
      'POST /api/actionRegisterReassign': () => ok({ reassigned: 2 }),
    });
    render();
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Actions' });
    expect(
      (await within(table).findAllByRole('link', { name: 'FS 12 · Incident Report' }))[0],
    ).toHaveAttribute('href', `/form-submission/Record/${testId(9)}`);
    expect(within(table).getByRole('link', { name: 'Site audit' })).toHaveAttribute(
      'href',
      `/audit-inspection/audit-details/${testId(9)}`,
    );
    expect(within(table).getByLabelText('Select: Done already')).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Status'), 'overdue');
    await user.selectOptions(screen.getByLabelText('Source'), 'audit');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'assignee');
    expect(bodiesSent(fetchMock, '/api/actionRegisterList').at(-1)).toMatchObject({
      status: 'overdue',
      source: 'audit',
      sort: 'assignee',
      page: 1,
    });

    await user.click(screen.getByLabelText('Select the open actions of this page'));
    await user.click(screen.getByRole('button', { name: 'Reassign selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign 2 actions' });
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(within(dialog).getByText('Choose the new assignee.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New assignee'), 'li');
    await user.click(await within(dialog).findByRole('button', { name: /Liam Walker/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByText(actionRegisterMessages.reassignedMany(2))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/actionRegisterReassign')).toEqual([
      {
        actions: [
          { kind: 'form', _id: testId(1) },
          { kind: 'audit', _id: testId(2) },
        ],
        assignee: { type: 'external', _id: testId(5) },
      },
    ]);
  }, 20_000);

  it('opens an action in the dialog, read-only for someone else’s', async () => {
    mockFetch({
      'POST /api/actionRegisterList': () => ok({ rows: ROWS, total: 3 }),
      'POST /api/actionRegisterDetails': () =>
        ok(
          actionDetails({
            reference: 'FS 12 · Incident Report',
            formSubmissionId: testId(9),
            formatedNumber: 'FS 12',
          }),
        ),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Replace the guard rail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Form action' });
    expect(await within(dialog).findByText('Ethan Clarke')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByRole('dialog', { name: 'Reassign the action' })).toBeInTheDocument();
  }, 20_000);

  it('opens a document’s action read-only, with the way to its document', async () => {
    const documentRow = row({
      _id: testId(6),
      kind: 'document',
      source: 'document',
      parentId: testId(7),
      parentName: 'Evacuation Procedure',
      instruction: 'Replace the laminated copy',
      status: 'open',
    });
    mockFetch({
      'POST /api/actionRegisterList': () => ok({ rows: [documentRow], total: 1 }),
      'POST /api/actionRegisterDetails': () =>
        ok(
          actionDetails({
            _id: testId(6),
            sectionType: 'document',
            instruction: 'Replace the laminated copy',
            documentId: testId(7),
          }),
        ),
    });
    render();
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Actions' });
    expect(await within(table).findByRole('link', { name: 'Evacuation Procedure' })).toHaveAttribute(
      'href',
      `/document/library/${testId(7)}`,
    );
    await user.click(within(table).getByRole('button', { name: 'Replace the laminated copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Document action' });
    expect(await within(dialog).findByText('Ethan Clarke')).toBeInTheDocument();
    expect(within(dialog).getByText('Its assignee completes it on the document’s page.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open the document' })).toHaveAttribute(
      'href',
      `/document/library/${testId(7)}`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByRole('dialog', { name: 'Reassign the action' })).toBeInTheDocument();
  }, 20_000);

  it('shows the empty state', async () => {
    mockFetch({ 'POST /api/actionRegisterList': () => ok({ rows: [], total: 0 }) });
    render();
    expect(await screen.findByText('No actions yet.')).toBeInTheDocument();
  }, 20_000);

  it('says there is nothing open, not nothing at all, when only completed actions exist', async () => {
    const completed = [row({ _id: testId(3), status: 'completed', completedOn: '2026-11-02' })];
    const fetchMock = mockFetch({
      'POST /api/actionRegisterList': ({ body }) => {
        const { status } = body as { status?: string };
        return status === 'completed' || status === 'all'
          ? ok({ rows: completed, total: 1 })
          : ok({ rows: [], total: 0 });
      },
    });
    render();
    const user = userEvent.setup();
    expect(
      await screen.findByText('No open actions. Completed actions are under Status: Completed.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No actions yet.')).not.toBeInTheDocument();
    // One row is enough to know.
    expect(bodiesSent(fetchMock, '/api/actionRegisterList')).toContainEqual({
      page: 1,
      pageSize: 1,
      status: 'completed',
    });

    // An order is not a filter: the list is still the default one.
    await user.selectOptions(screen.getByLabelText('Sort by'), 'assignee');
    expect(
      await screen.findByText('No open actions. Completed actions are under Status: Completed.'),
    ).toBeInTheDocument();
    // A filter the user chose that lets nothing through: no match.
    await user.selectOptions(screen.getByLabelText('Status'), 'overdue');
    expect(await screen.findByText('No action matches.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    expect(await screen.findByRole('button', { name: 'Replace the guard rail' })).toBeInTheDocument();
  }, 20_000);

  it('takes the due range as dd/mm/yyyy and sends it as yyyy-MM-dd', async () => {
    const fetchMock = mockFetch({ 'POST /api/actionRegisterList': () => ok({ rows: ROWS, total: 3 }) });
    render();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Check the tags' });
    const from = screen.getByLabelText('Due from');
    const to = screen.getByLabelText('Due to');
    expect(from).toHaveAttribute('type', 'text');
    expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await user.type(from, '05/11/2026');
    await user.type(to, '30/11/2026');
    await user.tab();
    expect(bodiesSent(fetchMock, '/api/actionRegisterList').at(-1)).toMatchObject({
      dueFrom: '2026-11-05',
      dueTo: '2026-11-30',
    });
    // Shown back as typed: day first.
    expect(from).toHaveValue('05/11/2026');
    expect(to).toHaveValue('30/11/2026');
    // Emptied, the bound is open again.
    await user.clear(from);
    expect(bodiesSent(fetchMock, '/api/actionRegisterList').at(-1)).not.toHaveProperty('dueFrom');
  }, 20_000);

  it('shows the failed state with a retry', async () => {
    mockFetch({
      'POST /api/actionRegisterList': () => ({
        status: 500,
        body: envelope(null, 500, 'Something went wrong.'),
      }),
    });
    render();
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);
});

describe('HrActionsPage', () => {
  const HR_ROWS = [
    row({
      source: 'hrForm',
      parentName: 'FS 31 · Annual Wellbeing Check',
      instruction: 'Book the counselling',
    }),
    row({
      _id: testId(2),
      source: 'review',
      parentId: testId(8),
      employeeId: testId(4),
      parentName: 'Performance review — Mia Torres · 2026 annual review',
      instruction: 'Enrol in the leadership course',
      status: 'open',
    }),
  ];

  it('lists the HR actions by their source, with the HR sources only, and reassigns to employees', async () => {
    const fetchMock = mockFetch({
      'POST /api/hrActionList': () => ok({ rows: HR_ROWS, total: 2 }),
      'POST /api/hrActionAssignees': () =>
        ok({
          options: [{ _id: testId(5), type: 'internal', name: 'Ava Chen', detail: null }],
          hasMore: false,
        }),
      'POST /api/hrActionReassign': () => ok({ reassigned: 1 }),
    });
    renderRoutes(
      [{ path: '/human-resource/actions', element: <HrActionsPage /> }],
      '/human-resource/actions',
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'HR Action' })).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Actions' });
    expect(within(table).getByRole('columnheader', { name: 'Source' })).toBeInTheDocument();
    expect(
      await within(table).findByRole('link', {
        name: 'Performance review — Mia Torres · 2026 annual review',
      }),
    ).toHaveAttribute('href', `/human-resource/employee/performance-review/${testId(4)}/${testId(8)}`);
    expect(within(table).getByRole('link', { name: 'FS 31 · Annual Wellbeing Check' })).toHaveAttribute(
      'href',
      `/form-submission/Record/${testId(9)}`,
    );
    const sources = within(screen.getByLabelText('Source')).getAllByRole('option');
    expect(sources.map((option) => option.textContent)).toEqual([
      'Any source',
      'HR form',
      'Performance review',
    ]);
    await user.selectOptions(screen.getByLabelText('Source'), 'review');
    expect(bodiesSent(fetchMock, '/api/hrActionList').at(-1)).toMatchObject({ source: 'review' });

    await user.click(screen.getByLabelText('Select: Enrol in the leadership course'));
    await user.click(screen.getByRole('button', { name: 'Reassign selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign the action' });
    expect(within(dialog).getByText('Choose an active employee. They get an e-mail.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New assignee'), 'av');
    await user.click(await within(dialog).findByRole('button', { name: /Ava Chen/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByText(actionRegisterMessages.reassignedOne)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/hrActionReassign')).toEqual([
      { actions: [{ kind: 'form', _id: testId(2) }], assignee: { type: 'internal', _id: testId(5) } },
    ]);
  }, 20_000);
});
