import {
  messages,
  type TFormSubmission,
  type TSupplierLinkContext,
  type TTemplateSection,
} from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  templateField,
  type TemplateFieldOver,
  testId,
} from '../../../test/helpers';
import { browser } from '../../lib/browser';
import { setAuthToken } from '../../lib/storage';
import { routes as appRoutes } from '../../router';
import { relatedListsFixture, listPerson, submissionFixture } from './submissions.fixtures';
import { UpdateSubmissionPage } from './UpdateSubmissionPage';
import { ViewSubmissionPage } from './ViewSubmissionPage';

const id = testId;
const COMPANY = id(1);
const SUBMISSION = id(2);
const TEMPLATE = id(3);
const SECTION = id(10);
const SCOPE = id(20);
const ACTIONS = id(21);
const COORDINATOR = id(30);
const FORMER = id(31);
const PERSONNEL = id(40);
const SUPPLIER = id(50);
const ASSIGNMENT = id(60);
const TASK = id(70);
const FILE = id(71);
const WORKPLACE = id(80);
const BRANCH = id(81);
const HOME = 'https://www.northwind.example/';
const TOKEN = 'link-token';

const sections: TTemplateSection[] = [
  { _id: SECTION, level: 'Contractor Details', secMandatoryType: 'newEntry', orderNo: 1, isDelete: 'no' },
];
const field = (over: TemplateFieldOver) => templateField(SECTION, over);
const fieldList = [
  field({ _id: SCOPE, type: 'text', level: 'Scope of Work', isMandatory: 'yes' }),
  field({ _id: ACTIONS, type: 'task', level: 'Action List', orderNo: 2 }),
];
const lists = relatedListsFixture({
  listPlan: [{ _id: id(90), name: 'Forklift FL-2', isActive: true }],
  listSupplier: [{ _id: SUPPLIER, name: 'Acme Contracting', isActive: true }],
  activeSupplierList: [{ _id: SUPPLIER, name: 'Acme Contracting', isActive: true }],
  listEmployee: [listPerson(COORDINATOR, 'Noah', 'Fischer'), listPerson(FORMER, 'Ruth', 'Gale', false)],
  activeEmployeeList: [listPerson(COORDINATOR, 'Noah', 'Fischer')],
  activePersonnelList: [listPerson(PERSONNEL, 'Liam', 'Walker')],
  allPersonnelList: [listPerson(PERSONNEL, 'Liam', 'Walker')],
  workplace: [{ _id: WORKPLACE, name: 'Harbour Site' }],
});

function submission(over: Partial<TFormSubmission> = {}): TFormSubmission {
  return submissionFixture({
    _id: SUBMISSION,
    formTemplateId: TEMPLATE,
    formTemplateName: 'Contractor Safety Assessment',
    formDescription: 'Electrical isolation works',
    workplace: WORKPLACE,
    workplaceName: 'Harbour Site',
    branch: BRANCH,
    branchName: 'North Gate',
    formType: 'supplier',
    submissionUserId: [{ userId: COORDINATOR, name: 'Noah Fischer' }],
    recordedBy: [{ employeeId: null, personnelId: PERSONNEL, name: 'Liam Walker' }],
    formValue: [{ relatedFormId: SCOPE, value: 'Isolate the gate motor' }],
    version: 3,
    templateVersionId: id(4),
    sections,
    fieldList,
    ...over,
  });
}

const context = (over: Partial<TSupplierLinkContext> = {}): TSupplierLinkContext => ({
  companyId: COMPANY,
  companyName: 'Northwind Facilities',
  homeSiteUrl: HOME,
  supplierId: SUPPLIER,
  supplierName: 'Acme Contracting',
  supplierLogo: null,
  supplierAssignmentId: null,
  supplierAssignmentStatus: null,
  operations: ['read', 'update'],
  expiresAt: '2026-12-20T09:00:00.000Z',
  ...over,
});

type Handler = Parameters<typeof mockFetch>[0][string];

function serve(details: TFormSubmission | Handler, extra: Record<string, Handler> = {}, ctx = context()) {
  return mockFetch({
    'GET /api/configuration': () =>
      ok({ productName: 'Compass', homeSiteUrl: 'https://configured.example/', helpCentreUrl: '', sso: {} }),
    'GET /api/permissions': () => ok(permissionsFixture({ employeeId: COORDINATOR })),
    'POST /api/supplierLinkContext': () => ok(ctx),
    'POST /api/formSubmissionDetails': typeof details === 'function' ? details : () => ok(details),
    'POST /api/formSubmissionRelatedLists': () => ok(lists),
    'POST /api/branchesByWorkplace': () => ok([{ _id: BRANCH, name: 'North Gate' }]),
    ...extra,
  });
}

const UPDATE = `/form/form-submission/myactionedit/${COMPANY}/${SUBMISSION}`;
const VIEW = `/form/form-submission/record/${COMPANY}/${SUBMISSION}`;
const routes = [
  { path: 'form/form-submission/myactionedit/:companyId/:id', element: <UpdateSubmissionPage /> },
  { path: 'form/form-submission/record/:companyId/:id', element: <ViewSubmissionPage /> },
  { path: 'dashboard', element: <p>Dashboard page</p> },
  { path: 'login', element: <p>Login page</p> },
  { path: 'form-submission/record/:companyId/:id', element: <p>Employee editor</p> },
  { path: 'form/external-parties/form-submit/*', element: <p>Supplier assessment form</p> },
];

const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === `/api${path}`);
const bodyOf = (call: unknown[]) =>
  JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  assign.mockRestore();
});

const saved = { _id: SUBMISSION, formatedNumber: 'FS 1043', isDraft: 'no', version: 4, mailsQueued: 1 };

describe('Update Form Submission (001 section 2.3)', () => {
  it('loads with the Loading spinner, then the notification header and the supplier logo without navigation', async () => {
    const fetchMock = serve(submission());
    renderRoutes(routes, `${UPDATE}?authtoken=${TOKEN}`);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Update Form Submission' });
    expect(screen.getByTestId('notification-header')).toHaveTextContent(
      'Acme Contracting: please complete the Contractor Safety Assessment form and submit it to Northwind Facilities.',
    );
    expect(screen.getByTestId('notification-header')).toHaveTextContent('This link works until 20/12/2026.');
    expect(screen.getByRole('img', { name: 'Acme Contracting logo' })).toHaveTextContent('AC');
    expect(screen.queryByTestId('navigation-header')).not.toBeInTheDocument();
    expect(screen.getByText('Liam Walker')).toBeInTheDocument();
    // Every call carries the link's token; the editor offers what a link may do, and no History.
    for (const [url] of fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/form')))
      expect(String(url)).toContain(`authtoken=${TOKEN}`);
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'History' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Off' })).not.toBeInTheDocument();
  });

  it('submits, then continues to supplier form submit and to where the assigned form stands', async () => {
    const fetchMock = serve(submission(), {
      'POST /api/formSubmissionSave': () => ok(saved, messages.submission.submitted),
      'POST /api/supplierFormSubmit': () => ok({}, messages.supplierForm.submitted),
    });
    renderRoutes(routes, `${UPDATE}?authtoken=${TOKEN}&supplierassignId=${ASSIGNMENT}`);
    const scope = await screen.findByLabelText(/^Scope of Work/);
    await userEvent.clear(scope);
    await userEvent.type(scope, 'Isolate and replace the gate motor supply');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The link holder is not sent away: the assessment page shows the form submitted, with the link.
    expect(await screen.findByText('Supplier assessment form')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    const [save] = callsTo(fetchMock, '/formSubmissionSave');
    expect(String(save![0])).toContain(`authtoken=${TOKEN}`);
    expect(bodyOf(save!)).toMatchObject({ _id: SUBMISSION, version: 3, isDraft: 'no' });
    const [submit] = callsTo(fetchMock, '/supplierFormSubmit');
    expect(bodyOf(submit!)).toEqual({
      supplierCompanyId: COMPANY,
      supplierId: SUPPLIER,
      _id: ASSIGNMENT,
      formSumissionId: SUBMISSION,
    });
    expect(await screen.findByText(messages.supplierForm.submitted)).toBeInTheDocument();
  });

  it("shows the organisation's workplace, branch and coordinator instead of asking the supplier (issue 40)", async () => {
    serve(submission());
    renderRoutes(routes, `${UPDATE}?authtoken=${TOKEN}`);
    const card = within(await screen.findByRole('region', { name: 'Initial details' }));
    const shown: [string, string][] = [
      ['Workplace', 'Harbour Site'],
      ['Branch', 'North Gate'],
      ['Coordinator', 'Noah Fischer'],
    ];
    for (const [label, value] of shown) {
      expect(card.getByText(label).nextElementSibling).toHaveTextContent(value);
      expect(card.queryByLabelText(new RegExp(`^${label}`))).not.toBeInTheDocument();
    }
  });

  it('saves an assigned form whose organisation gave no workplace, branch or coordinator', async () => {
    const fetchMock = serve(
      submission({ workplace: null, workplaceName: '', branch: null, branchName: '', submissionUserId: [] }),
      {
        'POST /api/formSubmissionSave': () =>
          ok({ ...saved, isDraft: 'yes' }, messages.submission.draftSaved),
      },
    );
    renderRoutes(routes, `${UPDATE}?authtoken=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(callsTo(fetchMock, '/formSubmissionSave')).toHaveLength(1));
    expect(screen.queryByText(messages.submission.workplaceRequired)).not.toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, '/formSubmissionSave')[0]!)).toMatchObject({
      workplace: '',
      branch: '',
      submissionUserId: [],
    });
  });

  it('shows a 202 of supplier form submit as an error, and stays', async () => {
    serve(
      submission(),
      {
        'POST /api/formSubmissionSave': () => ok(saved, messages.submission.submitted),
        'POST /api/supplierFormSubmit': () => ({
          status: 202,
          body: envelope(null, 202, messages.supplierForm.alreadySubmitted),
        }),
      },
      context({ supplierAssignmentId: ASSIGNMENT, supplierAssignmentStatus: 'assigned' }),
    );
    renderRoutes(routes, `${UPDATE}?authtoken=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.supplierForm.alreadySubmitted)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Update Form Submission' })).toBeInTheDocument();
  });

  it('goes to /dashboard/ after a draft save with a supplier assignment (local storage) when signed in', async () => {
    setAuthToken('session-token');
    localStorage.setItem('supplierassignId', ASSIGNMENT);
    const fetchMock = serve(submission(), {
      'POST /api/formSubmissionSave': () => ok({ ...saved, isDraft: 'yes' }, messages.submission.draftSaved),
    });
    renderRoutes(routes, `${UPDATE}?authtoken=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/supplierFormSubmit')).toHaveLength(0);
  });

  it('leaves for the product site after a save without a supplier assignment, and on Cancel', async () => {
    serve(submission(), {
      'POST /api/formSubmissionSave': () => ok({ ...saved, isDraft: 'yes' }, messages.submission.draftSaved),
    });
    renderRoutes(routes, `${UPDATE}?authtoken=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(assign).toHaveBeenCalledWith(HOME);
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
  });

  it('sends a 400 on the details to /dashboard with the message', async () => {
    serve(() => ({ status: 400, body: envelope(null, 400, 'This form is no longer available.') }));
    renderRoutes(routes, `${UPDATE}?authtoken=${TOKEN}`);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(await screen.findByText('This form is no longer available.')).toBeInTheDocument();
  });

  it('sends an internal form with no signed-in employee to sign in, returning to the form', async () => {
    const { router } = (() => {
      serve(submission({ formType: 'form-submission', canEdit: 'no' }));
      return renderRoutes(routes, `${UPDATE}?authtoken=${TOKEN}`);
    })();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      `?returnUrl=${encodeURIComponent(`/form-submission/record/${COMPANY}/${SUBMISSION}`)}`,
    );
  });

  it('continues a submitted supplier assessment (pageType) to its form-submit screen', async () => {
    serve(submission({ isDraft: 'no', formatedNumber: 'FS 1043', status: 'Open' }));
    const { router } = renderRoutes(
      routes,
      `${UPDATE}?authtoken=${TOKEN}&pageType=supplierAssessment&supplierassignId=${ASSIGNMENT}`,
    );
    expect(await screen.findByText('Supplier assessment form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(
      `/form/external-parties/form-submit/supplierAssessment/${SUPPLIER}/${ASSIGNMENT}/${TEMPLATE}/${COMPANY}/${COORDINATOR}`,
    );
    expect(router.state.location.search).toBe('?formSumissionId=');
  });

  it('shows a refused link on the page and signs nobody out', async () => {
    setAuthToken('session-token');
    serve(() => ({ status: 403, body: envelope(null, 403, messages.links.expired) }));
    renderRoutes(routes, `${UPDATE}?authtoken=${TOKEN}`);
    expect(await screen.findByText(messages.links.expired)).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('session-token');
  });
});

describe('View Form Submission (001 section 2.1)', () => {
  const viewed = () =>
    submission({
      isDraft: 'no',
      formatedNumber: 'FS 1043',
      status: 'Open',
      submissionUserId: [{ userId: FORMER, name: 'Ruth Gale' }],
      taskData: [
        {
          _id: TASK,
          id: 1,
          relatedFormId: ACTIONS,
          instruction: 'Upload the isolation certificate.',
          actionType: 'external',
          investigator: PERSONNEL,
          investigatorName: 'Liam Walker',
          due: '2026-11-30',
          assignedOn: '2026-11-20',
          completedOn: null,
          complete: false,
          response: 'Booked for Monday.',
          taskDueDateType: 'nodue',
          attachment: [
            {
              _id: FILE,
              name: 'permit.pdf',
              path: `/api/formSubmissionLinkFile/${FILE}`,
              fileType: 'pdf',
              size: 10,
            },
          ],
          version: 1,
        },
      ],
    });

  it('is read-only with the full lists, the read-only Assign Action dialog and Back', async () => {
    const fetchMock = serve(viewed(), {}, context({ operations: ['read'] }));
    renderRoutes(routes, `${VIEW}?authtoken=${TOKEN}&supplierId=${SUPPLIER}&plantId=${id(90)}`);
    await screen.findByRole('heading', { name: 'View Form Submission' });
    expect(screen.getByTestId('notification-header')).toHaveTextContent(
      'Northwind Facilities shared this form with Acme Contracting. It is read-only.',
    );
    expect(screen.getByTestId('notification-header')).toHaveTextContent('Plant: Forklift FL-2');
    expect(screen.getByRole('heading', { name: 'Initial details' })).toBeInTheDocument();
    // The inactive coordinator keeps its name (full lists), shown as the organisation's, not asked.
    const card = within(screen.getByRole('region', { name: 'Initial details' }));
    expect(card.getByText('Coordinator').nextElementSibling).toHaveTextContent('Ruth Gale');
    expect(screen.queryByLabelText(/^Coordinator/)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Scope of Work/ })).not.toBeInTheDocument();
    for (const name of ['Save', 'Save Draft', 'Submit', 'Sign Off', 'Cancel', 'History'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /View action 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Action' });
    expect(within(dialog).getByRole('tab', { name: 'External' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Internal' })).toBeInTheDocument();
    expect(within(dialog).getByText('Booked for Monday.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'permit.pdf' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(assign).toHaveBeenCalledWith(HOME);
    expect(callsTo(fetchMock, '/formSubmissionDetails')[0]![0]).toContain(`authtoken=${TOKEN}`);
  });

  it('hides the initial-details card for a supplier assessment (pageType in local storage)', async () => {
    localStorage.setItem('pageType', 'supplierAssessment');
    serve(viewed(), {}, context({ operations: ['read'] }));
    renderRoutes(routes, `${VIEW}?authtoken=${TOKEN}`);
    await screen.findByRole('heading', { name: 'View Form Submission' });
    expect(screen.queryByRole('heading', { name: 'Initial details' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Contractor Details' })).toBeInTheDocument();
  });

  it('sends a 400 on the details to /dashboard', async () => {
    serve(() => ({ status: 400, body: envelope(null, 400, 'This form is no longer available.') }));
    renderRoutes(routes, `${VIEW}?authtoken=${TOKEN}`);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });
});

describe('the routes of the supplier screens (001 section 2.5)', () => {
  it.each([
    ['Update', UPDATE],
    ['View', VIEW],
  ])('opens the %s screen without signing in', async (_name, path) => {
    mockFetch({});
    renderRoutes(appRoutes, `${path}?authtoken=${TOKEN}`);
    // The details call answers 404 here: the page itself says so, with no sign-in redirect.
    expect(await screen.findByRole('heading', { name: 'This form cannot be opened' })).toBeInTheDocument();
  });
});
