import { auditMessages as say, type TAuditDetails, type TAuditRow } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { AuditAddPage } from './AuditAddPage';
import { AuditConductPage } from './AuditConductPage';
import { AuditDetailsPage } from './AuditDetailsPage';
import { AuditRegisterPage, MyAuditPage } from './AuditListPage';

const AUDIT = testId(1);
const TEMPLATE = testId(2);
const DEPOT = testId(3);
const SECTION = testId(4);
const EXITS = testId(5);
const WALKWAYS = testId(6);
const NOTES = testId(7);
const TASK = testId(8);
const PDF = testId(9);

const row = (over: Partial<TAuditRow> = {}): TAuditRow => ({
  _id: AUDIT,
  name: 'Workplace Safety Audit',
  templateName: 'Workplace Safety Audit',
  auditor: 'Ethan Clarke',
  workplace: 'Riverside Depot',
  branch: 'Warehouse',
  dueDate: '2026-12-01',
  taskDueDateType: 'nodue',
  status: 'inProgress',
  frequency: 'months',
  score: 50,
  openTasks: 1,
  ...over,
});

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'n-a', label: 'N/A' },
];
const field = (id: string, type: 'radio' | 'textarea', label: string, orderNo: number) => ({
  _id: id,
  type,
  level: label,
  section: SECTION,
  orderNo,
  colSize: 12,
  isMandatory: 'no' as const,
  isDelete: 'no' as const,
  optionVal: type === 'radio' ? yesNo : null,
  itemList: null,
  webLink: null,
  contentEditor: null,
  placeholder: null,
  mandatoryComment: null,
});

const details = (over: Partial<TAuditDetails> = {}): TAuditDetails => ({
  _id: AUDIT,
  name: 'Workplace Safety Audit',
  templateName: 'Workplace Safety Audit',
  status: 'inProgress',
  auditor: { _id: testId(10), name: 'Ethan Clarke' },
  workplace: 'Riverside Depot',
  branch: 'Warehouse',
  dueDate: '2026-12-01',
  frequency: 'months',
  occurrence: 0,
  version: 3,
  canConduct: true,
  canReopen: false,
  closedAt: null,
  sections: [
    { _id: SECTION, level: 'Emergency Readiness', secMandatoryType: null, orderNo: 1, isDelete: 'no' },
  ],
  fieldList: [
    field(EXITS, 'radio', 'Are emergency exits clear?', 1),
    field(WALKWAYS, 'radio', 'Are walkways clear?', 2),
    field(NOTES, 'textarea', 'Auditor notes', 3),
  ],
  answers: { [EXITS]: 'yes' },
  score: 100,
  tasks: [
    {
      _id: TASK,
      fieldId: WALKWAYS,
      question: 'Are walkways clear?',
      instruction: 'Move the pallets.',
      assignee: 'Mia Torres',
      dueDate: '2026-12-05',
      taskDueDateType: 'nodue',
      isComplete: false,
      completedOn: null,
      response: '',
    },
  ],
  attachments: [],
  pdf: null,
  ...over,
});

const options = {
  templates: [{ _id: TEMPLATE, name: 'Workplace Safety Audit' }],
  workplaces: [{ _id: DEPOT, name: 'Riverside Depot', branches: [{ _id: testId(11), name: 'Warehouse' }] }],
};

describe('the lists', () => {
  it('the register lists audits, filters and sorts on the server, and offers Add', async () => {
    const fetchMock = mockFetch({
      'POST /api/auditRegisterList': () => ok({ rows: [row()], total: 1 }),
      'POST /api/auditOptions': () => ok(options),
    });
    renderRoutes([{ path: '/r', element: <AuditRegisterPage /> }], '/r');
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Workplace Safety Audit' })).toHaveAttribute(
      'href',
      `/audit-inspection/audit-update/${AUDIT}`,
    );
    expect(within(table).getByText('1 open finding')).toBeInTheDocument();
    expect(within(table).getByText('50%')).toBeInTheDocument();
    expect(within(table).getByText('Repeats: Monthly')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add audit' })).toHaveAttribute('href', '/audit-inspection/add');

    await user.selectOptions(screen.getByLabelText('Status'), 'In progress');
    await user.selectOptions(await screen.findByLabelText('Template'), 'Workplace Safety Audit');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name ↓');
    await screen.findByRole('table');
    expect(bodiesSent(fetchMock, '/api/auditRegisterList').at(-1)).toMatchObject({
      status: 'inProgress',
      templateId: TEMPLATE,
      sort: 'name',
      sortDirection: 'desc',
    });
  });

  it('My Audit says when there is nothing to conduct, and shows failures', async () => {
    mockFetch({
      'POST /api/myAuditList': () => ok({ rows: [], total: 0 }),
      'POST /api/auditOptions': () => ok(options),
    });
    renderRoutes([{ path: '/m', element: <MyAuditPage /> }], '/m');
    expect(await screen.findByText('You have no audit to conduct.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add audit' })).not.toBeInTheDocument();
  });

  it('shows a failure with a Retry', async () => {
    mockFetch({
      'POST /api/myAuditList': () => ({ status: 500, body: envelope(null, 500, 'Something went wrong.') }),
      'POST /api/auditOptions': () => ok(options),
    });
    renderRoutes([{ path: '/m', element: <MyAuditPage /> }], '/m');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('add', () => {
  it('names what is missing before sending', async () => {
    const fetchMock = mockFetch({ 'POST /api/auditOptions': () => ok(options) });
    renderRoutes([{ path: '/a', element: <AuditAddPage /> }], '/a');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add audit' }));
    expect(await screen.findAllByText(say.templateRequired)).not.toHaveLength(0);
    expect(bodiesSent(fetchMock, '/api/auditCreate')).toHaveLength(0);
  });
});

describe('conduct', () => {
  it('answers with the field components, scores live, and saves the answers', async () => {
    const fetchMock = mockFetch({
      'POST /api/auditDetails': () => ok(details()),
      'POST /api/auditSave': () => ok({ version: 4, score: 50 }, say.saved),
    });
    renderRoutes([{ path: '/c/:id', element: <AuditConductPage /> }], `/c/${AUDIT}`);
    const user = userEvent.setup();
    expect(await screen.findByText('100%')).toBeInTheDocument();
    const walkways = screen.getByRole('group', { name: /Are walkways clear/ });
    await user.click(within(walkways).getByLabelText('No'));
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByText('Unsaved answers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText(say.saved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/auditSave')[0]).toEqual({
      _id: AUDIT,
      version: 3,
      answers: [
        { fieldId: EXITS, value: 'yes' },
        { fieldId: WALKWAYS, value: 'no' },
      ],
    });
    const findings = screen.getByRole('table');
    expect(within(findings).getByText('Move the pallets.')).toBeInTheDocument();
  });

  it('raises a finding on a question, checked before sending', async () => {
    const fetchMock = mockFetch({
      'POST /api/auditDetails': () => ok(details()),
      'POST /api/auditFinding': () => ok({ _id: TASK }, say.findingRaised),
    });
    renderRoutes([{ path: '/c/:id', element: <AuditConductPage /> }], `/c/${AUDIT}`);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Raise finding: Are emergency exits clear?' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Raise finding' });
    await user.click(within(dialog).getByRole('button', { name: 'Raise finding' }));
    expect(within(dialog).getByText(say.instructionRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/auditFinding')).toHaveLength(0);
  });

  it('is read-only for someone who is not the auditor', async () => {
    mockFetch({ 'POST /api/auditDetails': () => ok(details({ canConduct: false })) });
    renderRoutes([{ path: '/c/:id', element: <AuditConductPage /> }], `/c/${AUDIT}`);
    expect(await screen.findByText(/Only the auditor of this audit can conduct it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save answers' })).not.toBeInTheDocument();
  });

  it('says so when the audit cannot be opened', async () => {
    mockFetch({ 'POST /api/auditDetails': () => ({ status: 404, body: envelope(null, 404, 'Not found.') }) });
    renderRoutes([{ path: '/c/:id', element: <AuditConductPage /> }], `/c/${AUDIT}`);
    expect(await screen.findByText(/This audit cannot be opened/)).toBeInTheDocument();
  });
});

describe('details', () => {
  it('warns about open findings, and shows the close refusal', async () => {
    const fetchMock = mockFetch({
      'POST /api/auditDetails': () => ok(details()),
      'POST /api/auditClose': () => ({
        status: 409,
        body: { ...envelope(null, 409, say.openTasks), error_code: 'open_tasks_block_close' },
      }),
    });
    renderRoutes([{ path: '/d/:auditId', element: <AuditDetailsPage /> }], `/d/${AUDIT}`);
    const user = userEvent.setup();
    expect(await screen.findByText(say.openTasks)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close off' }));
    expect(bodiesSent(fetchMock, '/api/auditClose')[0]).toEqual({ _id: AUDIT, version: 3 });
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('offers the PDF once closed, and no more conducting', async () => {
    mockFetch({
      'POST /api/auditDetails': () =>
        ok(
          details({
            status: 'closed',
            canConduct: false,
            pdf: { _id: PDF, name: 'Audit.pdf', path: `/api/files/${PDF}`, fileType: 'pdf', size: 100 },
          }),
        ),
    });
    renderRoutes([{ path: '/d/:auditId', element: <AuditDetailsPage /> }], `/d/${AUDIT}`);
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close off' })).not.toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
  });

  it('reopens a closed audit with a reason, asked for before sending', async () => {
    let reopened = false;
    const closed = details({ status: 'closed', canConduct: false, canReopen: true });
    const fetchMock = mockFetch({
      'POST /api/auditDetails': () => ok(reopened ? details({ version: 4 }) : closed),
      'POST /api/auditReopen': () => {
        reopened = true;
        return ok(null, say.reopened);
      },
    });
    renderRoutes([{ path: '/d/:auditId', element: <AuditDetailsPage /> }], `/d/${AUDIT}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = screen.getByRole('dialog', { name: 'Reopen this audit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen audit' }));
    expect(within(dialog).getByText(say.reopenReasonRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/auditReopen')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Why is it reopened?'), 'The fire exit answer was wrong.');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen audit' }));
    expect(await screen.findByText(say.reopened)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/auditReopen')).toEqual([
      { _id: AUDIT, version: 3, reason: 'The fire exit answer was wrong.' },
    ]);
    expect(await screen.findByRole('button', { name: 'Close off' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
