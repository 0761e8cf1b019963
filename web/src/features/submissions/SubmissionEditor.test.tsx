import {
  messages,
  type TFormSubmission,
  type TFormTemplateDetail,
  type TRelatedOptionPage,
  type TRelatedOptionSearchRequest,
  type TTemplateSection,
} from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/storage';
import {
  EMPLOYEE_ID,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  templateField,
  type TemplateFieldOver,
  testId,
} from '../../../test/helpers';
import { MY_RECORDS_PATH } from './paths';
import { SubmissionEditorPage } from './SubmissionEditorPage';
import { listPerson, relatedListsFixture, submissionFixture } from './submissions.fixtures';
import { UNSAVED_MESSAGE, UNSAVED_TITLE } from '../../components/UnsavedChanges';

const id = testId;
const OTHER_EMPLOYEE = id(90);
const PERSONNEL = id(91);
const WORKPLACE = id(80);
const BRANCH = id(81);
const TEMPLATE = id(1);
const SUBMISSION = id(2);
const SECTION = id(10);
const TITLE = id(20);
const ACTIONS = id(21);

const sections: TTemplateSection[] = [
  { _id: SECTION, level: 'Details', secMandatoryType: 'newEntry', orderNo: 1, isDelete: 'no' },
];

const field = (over: TemplateFieldOver) => templateField(SECTION, over);

const fieldList = [
  field({
    _id: TITLE,
    type: 'text',
    level: 'Title',
    isMandatory: 'yes',
    mandatoryComment: 'Please enter a title',
  }),
  field({ _id: ACTIONS, type: 'task', level: 'Action List', orderNo: 2 }),
];

const relatedLists = relatedListsFixture({
  formTemplate: [{ _id: TEMPLATE, name: 'Incident Report', formType: 'form-submission' }],
  listEmployee: [listPerson(EMPLOYEE_ID, 'Alex', 'Morgan'), listPerson(OTHER_EMPLOYEE, 'Ethan', 'Clarke')],
  activeEmployeeList: [
    listPerson(EMPLOYEE_ID, 'Alex', 'Morgan'),
    listPerson(OTHER_EMPLOYEE, 'Ethan', 'Clarke'),
  ],
  activePersonnelList: [listPerson(PERSONNEL, 'Liam', 'Walker')],
  allPersonnelList: [listPerson(PERSONNEL, 'Liam', 'Walker')],
  workplace: [{ _id: WORKPLACE, name: 'Riverside Depot' }],
});

const template: TFormTemplateDetail = {
  _id: TEMPLATE,
  name: 'Incident Report',
  formType: 'form-submission',
  formBranchType: 'manualEntry',
  emailNotification: [],
  coordinate: null,
  templateVersionId: id(3),
  version: 1,
  sections,
  fieldList,
};

function submission(over: Partial<TFormSubmission> = {}): TFormSubmission {
  return submissionFixture({
    _id: SUBMISSION,
    formTemplateId: TEMPLATE,
    formTemplateName: 'Incident Report',
    formatedNumber: 'FS 1042',
    number: 1042,
    formDescription: 'Slip near loading bay',
    workplace: WORKPLACE,
    workplaceName: 'Riverside Depot',
    branch: BRANCH,
    branchName: 'Workshop',
    formType: 'form-submission',
    isDraft: 'no',
    status: 'Open',
    submissionUserId: [{ userId: EMPLOYEE_ID, name: 'Alex Morgan' }],
    recordedBy: [{ employeeId: EMPLOYEE_ID, personnelId: null, name: 'Alex Morgan' }],
    formValue: [{ relatedFormId: TITLE, value: 'Wet floor' }],
    version: 4,
    templateVersionId: id(3),
    sections,
    fieldList,
    ...over,
  });
}

type Handler = Parameters<typeof mockFetch>[0][string];

/** relatedOptionSearch over the fixture's active people (the server pages and scopes it). */
function searchPeople({ kind, search = '' }: TRelatedOptionSearchRequest): TRelatedOptionPage {
  const people = kind === 'personnel' ? relatedLists.activePersonnelList : relatedLists.activeEmployeeList;
  const options = people
    .map((row) => ({ _id: row._id, name: `${row.firstName} ${row.lastName}` }))
    .filter((row) => row.name.toLowerCase().includes(search.toLowerCase()));
  return { options, hasMore: false };
}

/** Opens a search choice (Change or Choose), types and picks the match. */
async function pickByName(
  user: ReturnType<typeof userEvent.setup>,
  scope: { getByRole: typeof screen.getByRole; findByRole: typeof screen.findByRole },
  label: string | RegExp,
  name: string,
) {
  await user.click(scope.getByRole('button', { name: /^(Change|Choose)$/ }));
  await user.type(scope.getByRole('searchbox', { name: label }), name.split(' ')[0]!);
  await user.click(await scope.findByRole('button', { name }));
}

function serve(extra: Record<string, Handler> = {}, details?: TFormSubmission) {
  setAuthToken('token-1');
  return mockFetch({
    'GET /api/permissions': () => ok(permissionsFixture()),
    'POST /api/formSubmissionRelatedLists': () => ok(relatedLists),
    'POST /api/relatedOptionSearch': ({ body }) => ok(searchPeople(body as TRelatedOptionSearchRequest)),
    'POST /api/formTemplateDetail': () => ok(template),
    'POST /api/branchesByWorkplace': () => ok([{ _id: BRANCH, name: 'Workshop' }]),
    ...(details ? { 'POST /api/formSubmissionDetails': () => ok(details) } : {}),
    ...extra,
  });
}

const editorRoutes = [
  { path: '/form-submission/Record/:id', element: <SubmissionEditorPage /> },
  { path: '/form-submission/new/:templateId', element: <SubmissionEditorPage /> },
  { path: '/dashboard', element: <p>Dashboard</p> },
];

async function openStored(details: TFormSubmission) {
  serve({}, details);
  renderRoutes(editorRoutes, `/form-submission/Record/${SUBMISSION}`);
  await screen.findByRole('heading', { name: 'Initial details' });
}

async function openNew(extra: Record<string, Handler> = {}) {
  const fetchMock = serve(extra);
  renderRoutes(editorRoutes, `/form-submission/new/${TEMPLATE}`);
  await screen.findByRole('heading', { name: 'Initial details' });
  return fetchMock;
}

const button = (name: string) => screen.getByRole('button', { name });
const saveCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/formSubmissionSave'));

describe('submission editor: banners and buttons (001 sections 2.2 and 4)', () => {
  it('lets the coordinator of an open form Save, Sign Off and Save and Close, with no banner', async () => {
    await openStored(submission());
    expect(screen.queryByTestId('edit-banner')).not.toBeInTheDocument();
    expect(screen.getByTestId('form-number')).toHaveTextContent('FS 1042');
    for (const name of ['Save', 'Sign Off', 'Save and Close', 'Cancel']) expect(button(name)).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Wet floor');
  });

  it('shows the not-coordinator banner and disables the buttons for anyone else', async () => {
    await openStored(
      submission({
        submissionUserId: [{ userId: OTHER_EMPLOYEE, name: 'Ethan Clarke' }],
        canEdit: 'no',
        editBlockedMessage: messages.submission.notCoordinator,
      }),
    );
    expect(screen.getByTestId('edit-banner')).toHaveTextContent(messages.submission.notCoordinator);
    for (const name of ['Save', 'Sign Off', 'Save and Close']) expect(button(name)).toBeDisabled();
    expect(button('Cancel')).toBeEnabled();
    // Read-only: the answer is shown, not editable.
    expect(screen.queryByRole('textbox', { name: /^Title/ })).not.toBeInTheDocument();
  });

  it("shows the not-recorder banner on someone else's draft, with Save Draft and Submit disabled", async () => {
    await openStored(
      submission({
        isDraft: 'yes',
        status: 'Draft',
        number: null,
        formatedNumber: '(Draft)',
        recordedBy: [{ employeeId: OTHER_EMPLOYEE, personnelId: null, name: 'Ethan Clarke' }],
        canEdit: 'no',
        editBlockedMessage: messages.submission.notRecorder,
      }),
    );
    expect(screen.getByTestId('edit-banner')).toHaveTextContent(messages.submission.notRecorder);
    expect(screen.getByTestId('form-number')).toHaveTextContent('Draft');
    // The page's subtitle says it once.
    expect(screen.getByText('(Draft)', { selector: '.page-header p' })).toBeInTheDocument();
    expect(button('Save Draft')).toBeDisabled();
    expect(button('Submit')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('shows the closed banner; only the coordinator may Re-Open', async () => {
    await openStored(
      submission({
        isClose: 'yes',
        status: 'Closed',
        canEdit: 'no',
        editBlockedMessage: messages.submission.closed,
      }),
    );
    expect(screen.getByTestId('edit-banner')).toHaveTextContent(messages.submission.closed);
    expect(screen.getByText(/ · Closed$/, { selector: '.page-header p' })).toBeInTheDocument();
    expect(button('Re-Open')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('disables Re-Open of a closed form for a viewer who is not the coordinator', async () => {
    await openStored(
      submission({
        isClose: 'yes',
        status: 'Closed',
        submissionUserId: [{ userId: OTHER_EMPLOYEE, name: 'Ethan Clarke' }],
        canEdit: 'no',
        editBlockedMessage: messages.submission.closed,
      }),
    );
    expect(button('Re-Open')).toBeDisabled();
  });

  it('shows the closed-task dialog instead of closing while an action is open', async () => {
    const task = {
      _id: id(30),
      id: 1,
      relatedFormId: ACTIONS,
      instruction: 'Mop the floor',
      actionType: 'internal' as const,
      investigator: OTHER_EMPLOYEE,
      investigatorName: 'Ethan Clarke',
      due: '2030-01-01',
      assignedOn: '2026-11-20',
      completedOn: null,
      complete: false,
      response: null,
      taskDueDateType: 'nodue' as const,
      attachment: [],
      version: 1,
    };
    await openStored(submission({ taskData: [task] }));
    await userEvent.click(button('Sign Off'));
    const dialog = await screen.findByRole('dialog', { name: 'Closed task' });
    expect(dialog).toHaveTextContent(messages.submission.openTaskBlocksClose);
  });

  it('shows a stale save as a conflict with a Reload button that reads the form again', async () => {
    let reads = 0;
    serve({
      'POST /api/formSubmissionDetails': () => {
        reads += 1;
        return ok(submission({ version: 4 + reads }));
      },
      'POST /api/formSubmissionSave': () => ({
        status: 409,
        body: envelope(null, 409, messages.closeOff.stale, { error_code: 'stale_version' }),
      }),
    });
    renderRoutes(editorRoutes, `/form-submission/Record/${SUBMISSION}`);
    await screen.findByRole('heading', { name: 'Initial details' });
    await userEvent.click(button('Save'));
    const alert = await screen.findByText(/Someone else saved this submission/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent(messages.closeOff.stale);
    await userEvent.click(button('Reload'));
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() =>
      expect(screen.queryByText(/Someone else saved this submission/)).not.toBeInTheDocument(),
    );
  });
});

describe('submission editor: validation (001 section 5)', () => {
  it('checks the header in the spec order, then the mandatory fields, before anything is sent', async () => {
    const fetchMock = await openNew({
      'GET /api/permissions': () => ok(permissionsFixture({ employeeId: null })),
      'POST /api/formSubmissionSave': () =>
        ok(
          { _id: SUBMISSION, formatedNumber: 'FS 1', isDraft: 'no', version: 1, mailsQueued: 0 },
          messages.submission.submitted,
        ),
      'POST /api/formSubmissionDetails': () => ok(submission({ version: 1 })),
    });
    const user = userEvent.setup();
    // An account that is no employee coordinates nothing by default; with no coordinator, nor a
    // description, date or workplace, the first message is the coordinator's.
    expect(screen.getByLabelText(/^Coordinator/)).toHaveValue('');
    await user.clear(screen.getByLabelText(/^Date/));
    await user.click(button('Submit'));
    expect(await screen.findAllByText(messages.submission.coordinatorRequired)).not.toHaveLength(0);

    await pickByName(user, screen, /^Coordinator/, 'Alex Morgan');
    expect(screen.getByLabelText(/^Coordinator/)).toHaveValue('Alex Morgan');
    await user.click(button('Submit'));
    expect(await screen.findAllByText(messages.submission.descriptionRequired)).not.toHaveLength(0);

    await user.type(screen.getByLabelText(/^Description/), 'Slip near loading bay');
    await user.click(button('Submit'));
    expect(await screen.findAllByText(messages.submission.dateRequired)).not.toHaveLength(0);

    await user.type(screen.getByLabelText(/^Date/), '20/11/2026');
    await user.click(button('Submit'));
    expect(await screen.findAllByText(messages.submission.workplaceRequired)).not.toHaveLength(0);

    await user.selectOptions(screen.getByLabelText(/^Workplace/), 'Riverside Depot');
    // The workplace's only branch is preselected (001 section 5).
    await waitFor(() => expect(screen.getByLabelText(/^Branch/)).toHaveValue(BRANCH));
    await user.selectOptions(screen.getByLabelText(/^Branch/), '');
    await user.click(button('Submit'));
    expect(await screen.findAllByText(messages.submission.branchRequired)).not.toHaveLength(0);

    await user.selectOptions(screen.getByLabelText(/^Branch/), 'Workshop');
    await user.click(button('Submit'));
    // The mandatory field's own comment.
    expect(await screen.findAllByText('Please enter a title')).not.toHaveLength(0);
    expect(saveCalls(fetchMock)).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Title/), 'Wet floor');
    await user.click(button('Submit'));
    await waitFor(() => expect(saveCalls(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(saveCalls(fetchMock)[0]![1]!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      formTemplateId: TEMPLATE,
      formDescription: 'Slip near loading bay',
      formDate: '2026-11-20',
      workplace: WORKPLACE,
      branch: BRANCH,
      submissionUserId: [{ userId: EMPLOYEE_ID }],
      formValue: [{ relatedFormId: TITLE, value: 'Wet floor' }],
      taskData: [],
      isDraft: 'no',
    });
    expect(body).not.toHaveProperty('_id');
  });

  it('shows the branch of a workplace without branches as not applicable, and submits without one', async () => {
    const fetchMock = await openNew({
      'POST /api/branchesByWorkplace': () => ok([]),
      'POST /api/formSubmissionSave': () =>
        ok(
          { _id: SUBMISSION, formatedNumber: 'FS 1', isDraft: 'no', version: 1, mailsQueued: 0 },
          messages.submission.submitted,
        ),
      'POST /api/formSubmissionDetails': () => ok(submission({ version: 1, branch: null, branchName: '' })),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Description/), 'Slip near loading bay');
    await user.selectOptions(screen.getByLabelText(/^Workplace/), 'Riverside Depot');
    expect(await screen.findByText(messages.submission.branchNotApplicable)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Branch/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Title/), 'Wet floor');
    await user.click(button('Submit'));
    // Sent: nothing asked for the branch first.
    await waitFor(() => expect(saveCalls(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(saveCalls(fetchMock)[0]![1]!.body))).toMatchObject({
      workplace: WORKPLACE,
      branch: '',
      isDraft: 'no',
    });
  });

  it('saves a draft without the mandatory fields (only the header is checked)', async () => {
    const fetchMock = await openNew({
      'POST /api/formSubmissionSave': () =>
        ok(
          { _id: SUBMISSION, formatedNumber: '(Draft)', isDraft: 'yes', version: 1, mailsQueued: 0 },
          messages.submission.draftSaved,
        ),
      'POST /api/formSubmissionDetails': () => ok(submission({ isDraft: 'yes', version: 1 })),
    });
    const user = userEvent.setup();
    // The signed-in employee coordinates by default, by name.
    expect(screen.getByLabelText(/^Coordinator/)).toHaveValue('Alex Morgan');
    await pickByName(user, screen, /^Coordinator/, 'Ethan Clarke');
    await user.type(screen.getByLabelText(/^Description/), 'Draft only');
    await user.selectOptions(screen.getByLabelText(/^Workplace/), 'Riverside Depot');
    await waitFor(() => expect(screen.getByLabelText(/^Branch/)).toHaveValue(BRANCH));
    await user.click(button('Save Draft'));
    await waitFor(() => expect(saveCalls(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(saveCalls(fetchMock)[0]![1]!.body))).toMatchObject({
      isDraft: 'yes',
      submissionUserId: [{ userId: OTHER_EMPLOYEE }],
    });
  });
});

describe('Assign Action dialog (001 sections 3 and 5)', () => {
  it('shows the four messages in order, then adds an internal and an external action', async () => {
    await openStored(submission());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Action' });
    const inDialog = within(dialog);
    // Internal is the default tab.
    expect(inDialog.getByRole('tab', { name: 'Internal' })).toHaveAttribute('aria-selected', 'true');

    await user.click(inDialog.getByRole('button', { name: 'Add' }));
    expect(inDialog.getByText(messages.action.instructionRequired)).toBeInTheDocument();
    await user.type(inDialog.getByLabelText(/^Instruction/), 'Mop the floor');
    await user.click(inDialog.getByRole('button', { name: 'Add' }));
    expect(inDialog.getByText(messages.action.investigatorRequired)).toBeInTheDocument();
    await pickByName(user, inDialog, 'Assigned to (Internal)', 'Ethan Clarke');
    await user.click(inDialog.getByRole('button', { name: 'Add' }));
    expect(inDialog.getByText(messages.action.dueDateRequired)).toBeInTheDocument();
    await user.type(inDialog.getByLabelText(/^Due/), '30/12/2030');
    await user.click(inDialog.getByRole('button', { name: 'Add' }));
    expect(screen.queryByRole('dialog', { name: 'Assign Action' })).not.toBeInTheDocument();
    expect(screen.getByText('Mop the floor')).toBeInTheDocument();

    // External: the personnel list, not the employees.
    await user.click(screen.getByRole('button', { name: 'Add Action' }));
    const second = within(await screen.findByRole('dialog', { name: 'Assign Action' }));
    await user.click(second.getByRole('tab', { name: 'External' }));
    await user.type(second.getByLabelText(/^Instruction/), 'Check the drains');
    await user.click(second.getByRole('button', { name: 'Choose' }));
    const box = second.getByRole('searchbox', { name: 'Assigned to (External)' });
    await user.type(box, 'Ethan');
    expect(await second.findByText('No active personnel matches.')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'Liam');
    // The keyboard: down from the box to the match, Enter picks it.
    await second.findByRole('button', { name: 'Liam Walker' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(second.getByLabelText('Assigned to (External)')).toHaveValue('Liam Walker');
    await user.type(second.getByLabelText(/^Due/), '30/12/2030');
    await user.click(second.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Liam Walker')).toBeInTheDocument();
  });

  it('opens a completed action view-only, with its response', async () => {
    await openStored(
      submission({
        taskData: [
          {
            _id: id(31),
            id: 1,
            relatedFormId: ACTIONS,
            instruction: 'Replace the mat',
            actionType: 'external',
            investigator: PERSONNEL,
            investigatorName: 'Liam Walker',
            due: '2026-11-25',
            assignedOn: '2026-11-20',
            completedOn: '2026-11-21',
            complete: true,
            response: 'Mat replaced.',
            taskDueDateType: 'nodue',
            attachment: [],
            version: 2,
          },
        ],
      }),
    );
    expect(screen.queryByRole('button', { name: 'Edit action 1' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View action 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Action' }));
    expect(dialog.getByText('Mat replaced.')).toBeInTheDocument();
    expect(dialog.getByText('Liam Walker')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('submission editor: unsaved changes', () => {
  const withRecords = [...editorRoutes, { path: MY_RECORDS_PATH, element: <p>My Records list</p> }];
  const unload = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('asks before leaving with changes: Stay keeps them, Leave goes; a reload asks too', async () => {
    serve({}, submission());
    renderRoutes(withRecords, `/form-submission/Record/${SUBMISSION}`);
    await screen.findByRole('heading', { name: 'Initial details' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Title/), ' and oil');
    expect(unload()).toBe(true);

    await user.click(button('Cancel'));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_TITLE });
    expect(dialog).toHaveTextContent(UNSAVED_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: UNSAVED_TITLE })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Wet floor and oil');

    await user.click(button('Cancel'));
    const again = await screen.findByRole('dialog', { name: UNSAVED_TITLE });
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('My Records list')).toBeInTheDocument();
  });

  it('leaves at once without changes, or when the changes were undone', async () => {
    serve({}, submission());
    renderRoutes(withRecords, `/form-submission/Record/${SUBMISSION}`);
    await screen.findByRole('heading', { name: 'Initial details' });
    const user = userEvent.setup();
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText(/^Title/), '!');
    await user.type(screen.getByLabelText(/^Title/), '{Backspace}');
    expect(unload()).toBe(false);
    await user.click(button('Cancel'));
    expect(await screen.findByText('My Records list')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: UNSAVED_TITLE })).not.toBeInTheDocument();
  });

  it('opens the stored form after the first save of a new one without asking', async () => {
    serve({
      'POST /api/formSubmissionSave': () =>
        ok(
          { _id: SUBMISSION, formatedNumber: '(Draft)', isDraft: 'yes', version: 1, mailsQueued: 0 },
          messages.submission.draftSaved,
        ),
      'POST /api/formSubmissionDetails': () => ok(submission({ isDraft: 'yes', version: 1 })),
    });
    const { router } = renderRoutes(editorRoutes, `/form-submission/new/${TEMPLATE}`);
    await screen.findByRole('heading', { name: 'Initial details' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Description/), 'Draft only');
    await user.selectOptions(screen.getByLabelText(/^Workplace/), 'Riverside Depot');
    await waitFor(() => expect(screen.getByLabelText(/^Branch/)).toHaveValue(BRANCH));
    await user.click(button('Save Draft'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/form-submission/Record/${SUBMISSION}`));
    expect(screen.queryByRole('dialog', { name: UNSAVED_TITLE })).not.toBeInTheDocument();
  });
});

describe('submission editor: the close call by form type (001 section 4)', () => {
  const closed = {
    _id: SUBMISSION,
    isClose: 'yes',
    closedAt: '2026-11-21T09:00:00.000Z',
    version: 5,
    pdf: { _id: id(40), name: 'FS 1042.pdf', path: `/api/files/${id(40)}`, fileType: 'pdf', size: 1000 },
    mailsQueued: 0,
  };
  const cases: [TFormSubmission['formType'], string, object][] = [
    ['form-submission', '/api/formSubmissionClose', { _id: SUBMISSION, version: 4 }],
    ['hr', '/api/formSubmissionClose', { _id: SUBMISSION, version: 4 }],
    ['supplier', '/api/supplierFormCloseOff', { formSumissionId: SUBMISSION }],
  ];
  for (const [formType, call, payload] of cases) {
    it(`Sign Off of a ${formType} form calls ${call}, then goes to the dashboard`, async () => {
      const fetchMock = serve(
        {
          'POST /api/formSubmissionClose': () => ok(closed, messages.closeOff.closed),
          'POST /api/supplierFormCloseOff': () => ok(closed, messages.closeOff.closed),
        },
        submission({ formType }),
      );
      renderRoutes(editorRoutes, `/form-submission/Record/${SUBMISSION}`);
      await screen.findByRole('heading', { name: 'Initial details' });
      await userEvent.click(button('Sign Off'));
      expect(await screen.findByText('Dashboard')).toBeInTheDocument();
      const closes = fetchMock.mock.calls.filter(([url]) => /CloseOff|Close$/.test(String(url)));
      expect(closes.map(([url]) => new URL(String(url), 'http://localhost').pathname)).toEqual([call]);
      expect(JSON.parse(String(closes[0]![1]!.body))).toMatchObject(payload);
    });
  }
});
