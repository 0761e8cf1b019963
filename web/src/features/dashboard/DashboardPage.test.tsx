import { messages } from '@compass/shared';
import type {
  TAssignedActionItem,
  TDashboardListResponse,
  TDashboardSupplierListResponse,
  TFormCoordinationItem,
  TNotice,
  TPermissions,
  TScheduledReviewItem,
  TScheduledTaskItem,
} from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queryClient';
import { setAuthToken } from '../../lib/storage';
import {
  accessMap,
  EMPLOYEE_ID,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  queryClient,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { barAxis } from './OverviewCharts';
import { DashboardPage } from './DashboardPage';
import { SECTION_PREVIEW } from './TaskSection';

const id = testId;
const empty = () => ({ total: 0, list: [] });

function scheduledTask(n: number, over: Partial<TScheduledTaskItem> = {}): TScheduledTaskItem {
  return {
    _id: id(n),
    sectionType: 'audit',
    title: `Warehouse audit ${n}`,
    detail: null,
    assignFor: null,
    assignForName: null,
    assignTitle: 'Warehouse audit',
    assignDetails: null,
    formTemplate: null,
    formTemplateName: 'Site inspection',
    formSubmission: null,
    taskOwner: null,
    taskOwnerName: null,
    workplace: null,
    workplaceName: 'Riverside Depot',
    branch: null,
    branchName: null,
    frequency: null,
    dueDate: '2026-11-21',
    createdAt: '2026-11-01',
    taskDueDateType: 'nodue',
    badge: 'Pending Completion',
    ...over,
  };
}

const draftForm: TFormCoordinationItem = {
  _id: id(500),
  formSumissionId: id(500),
  formatedNumber: 'FS 1001',
  formTemplate: 'Incident Report',
  formTemplateId: id(501),
  formType: 'form-submission',
  formDescription: 'Slip in loading bay',
  isDraft: 'yes',
  formDate: '2026-11-03',
  workplaceName: null,
  branchName: null,
  taskDueDateType: 'overdue',
  badge: 'Pending Completion',
};

const review: TScheduledReviewItem = {
  _id: id(600),
  name: 'Forklift operations manual',
  sectionType: 'document',
  itemId: id(601),
  actionType: 'review',
  actionBy: 'Ethan Clarke',
  isCoReviewed: 'no',
  dueDate: '2026-11-20',
  createdAt: '2026-11-01',
  taskDueDateType: 'due',
  badge: 'Pending For Review',
};

const auditAction: TAssignedActionItem = {
  _id: id(700),
  sectionType: 'audit',
  itemName: 'Quarterly safety audit',
  instructionShow: 'Replace the extinguisher',
  question: 'Are the extinguishers in date?',
  dueDate: '2026-11-25',
  auditId: id(701),
  obligationId: null,
  documentId: null,
  formSumissionId: null,
  taskID: id(700),
  taskNumber: null,
  actionType: null,
  isDraft: 'no',
  taskDueDateType: 'nodue',
  badge: 'Pending Completion',
  assigneeName: null,
};

/** A form-kind action: a form task, or an action without a submission (a register's, a review's). */
const formAction = (over: Partial<TAssignedActionItem>): TAssignedActionItem => ({
  ...auditAction,
  sectionType: 'form',
  question: null,
  auditId: null,
  ...over,
});

/** What assignedActionDetails answers for a form-kind action. */
const formActionDetails = (over: Record<string, unknown>) => ({
  _id: id(700),
  sectionType: 'form',
  instruction: 'Replace the extinguisher',
  response: '',
  assignToType: 'internal',
  dueDate: '2026-11-25',
  attachment: [],
  completeStatus: 'no',
  completedOn: null,
  ...over,
});

const notice: TNotice = {
  _id: id(800),
  title: 'Site closure on Friday',
  content: 'The depot closes at noon.',
  isTruncated: 'yes',
  priority: 'high',
  startDate: '2026-11-02',
  expireDate: '2026-11-30',
  attachment: [{ _id: id(801), name: 'map.pdf', path: '' }],
  employeeDetails: { firstName: 'Olivia', lastName: 'Grant', profileImage: null },
  positionDetails: { name: 'HR Manager' },
  createdAt: '2026-11-02',
};

function dashboardList(): TDashboardListResponse {
  const tasks = Array.from({ length: 7 }, (_, index) => scheduledTask(index + 1));
  tasks[1] = scheduledTask(2, { taskDueDateType: 'due' });
  tasks[2] = scheduledTask(3, { taskDueDateType: 'overdue' });
  return {
    list: {
      scheduledTasks: { total: 9, list: tasks },
      hrForms: empty(),
      formCoordination: { total: 1, list: [draftForm] },
      scheduledReviews: { total: 1, list: [review] },
      assignedActions: { total: 1, list: [auditAction] },
      employeeOnlineTrainingAssessment: empty(),
      reviewOnlineTrainingAssessment: empty(),
      externalPartiesForms: empty(),
      scheduledMaintenance: empty(),
      myNoticeboard: { total: 1, list: [notice] },
    },
    filePath: '/api/files/',
  };
}

const supplierEmpty = (): TDashboardSupplierListResponse => ({
  supplierReviewDocuments: empty(),
  personnelReviewDocuments: empty(),
  supplierAssessment: empty(),
  assignedActions: empty(),
  scheduledMaintenance: empty(),
});

/** A supplier company account whose portal is on. */
const supplierWithPortal = () =>
  permissionsFixture({
    userType: 'supplier',
    employeeId: null,
    supplierId: id(900),
    access: accessMap({ supplierPortal: 'yes' }),
  });

const pie = (total: number) => ({ total, today: total, upcoming: 0, due: 0 });

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderDashboard(permissions: TPermissions = permissionsFixture()) {
  setAuthToken('token-1');
  queryClient.setQueryData(queryKeys.permissions, permissions);
  return renderRoutes(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '*', element: <Where /> },
    ],
    '/dashboard',
  );
}

function standardRoutes(overrides: Record<string, () => ReturnType<typeof ok>> = {}) {
  return mockFetch({
    'POST /api/dashboardList': () => ok(dashboardList()),
    'POST /api/dashboardSupplierList': () => ok(supplierEmpty()),
    'POST /api/noticeboardList': () => ok({ total: 1, page: 1, pageSize: 20, list: [notice] }),
    'POST /api/dashboardPieChart': () =>
      ok({ form: pie(3), assignAction: pie(0), scheduledActivites: pie(2) }),
    'POST /api/dashboardBarChart': () =>
      ok({
        form: 3,
        assignAction: 1,
        scheduledActivites: 4,
        period: { selectedDay: 'month', localTimeZone: 'UTC', startDay: '2026-11-01', endDay: '2026-11-30' },
      }),
    [`GET /api/notices/${id(800)}`]: () => ok({ ...notice, content: 'The depot closes at noon. Full text.' }),
    ...overrides,
  });
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith(`/api${path}`));

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('DashboardPage', () => {
  it('shows the two tabs and loads the charts only when their tab is first opened, once', async () => {
    const fetchMock = standardRoutes();
    renderDashboard();
    const tasksTab = screen.getByRole('tab', { name: 'My Tasks' });
    const chartsTab = screen.getByRole('tab', { name: 'Overview Charts' });
    expect(tasksTab).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('Warehouse audit 1');
    expect(calls(fetchMock, '/dashboardPieChart')).toHaveLength(0);
    expect(calls(fetchMock, '/dashboardBarChart')).toHaveLength(0);

    await userEvent.click(chartsTab);
    expect(chartsTab).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('region', { name: 'Form' });
    expect(calls(fetchMock, '/dashboardPieChart')).toHaveLength(1);
    expect(calls(fetchMock, '/dashboardBarChart')).toHaveLength(1);

    await userEvent.click(tasksTab);
    await userEvent.click(chartsTab);
    expect(calls(fetchMock, '/dashboardPieChart')).toHaveLength(1);
    expect(calls(fetchMock, '/dashboardBarChart')).toHaveLength(1);
  });

  it('moves between tabs with the arrow keys', async () => {
    standardRoutes();
    renderDashboard();
    screen.getByRole('tab', { name: 'My Tasks' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Overview Charts' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Overview Charts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('hides the tabs and loads nothing while a password change is forced', () => {
    const fetchMock = standardRoutes();
    renderDashboard(permissionsFixture({ isForceUpdatePassword: 'yes' }));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByText(messages.dashboard.passwordChangeRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/change-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('welcomes an account at its first sign-in instead of calling its password expired (issue 40)', () => {
    const fetchMock = standardRoutes();
    renderDashboard(permissionsFixture({ isForceUpdatePassword: 'yes', isInitialPassword: 'yes' }));
    expect(
      screen.getByText(messages.dashboard.passwordChoiceRequired('Acme Manufacturing')),
    ).toBeInTheDocument();
    expect(screen.queryByText(messages.dashboard.passwordChangeRequired)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose password' })).toHaveAttribute('href', '/change-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads nothing for a supplier whose portal is not enabled, and says why', () => {
    const fetchMock = standardRoutes();
    renderDashboard(
      permissionsFixture({
        userType: 'supplier',
        employeeId: null,
        supplierId: id(900),
        access: accessMap({ supplierPortal: 'no', supplierAccess: 'no' }),
      }),
    );
    expect(screen.getByRole('heading', { name: 'The supplier portal is not enabled' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives a supplier with the portal the supplier sections and Maintenance from dashboardSupplierList only', async () => {
    const fetchMock = standardRoutes({
      'POST /api/dashboardSupplierList': () =>
        ok({
          ...supplierEmpty(),
          supplierReviewDocuments: {
            total: 1,
            list: [
              {
                _id: id(950),
                sectionType: 'reviewUpcomingSupplier',
                companyId: id(951),
                companyName: 'Northwind Logistics',
                supplier: id(900),
                supplierName: 'Acme Contracting',
                personnel: null,
                personnelName: null,
                documentTypeName: 'Public liability insurance',
                formName: null,
                formId: null,
                formSumissionId: null,
                status: 'pending',
                dueDate: '2026-12-01',
                expiryDate: null,
                taskDueDateType: 'nodue',
                badge: 'Pending Completion',
              },
            ],
          },
        }),
    });
    renderDashboard(supplierWithPortal());
    const link = await screen.findByRole('link', { name: /Public liability insurance/ });
    expect(link).toHaveAttribute('href', `/external-parties/document-review/supplier/${id(950)}`);
    for (const name of [
      'Assigned Actions',
      'Assigned Forms',
      'Company Requirements',
      'Personnel Requirements',
      'Maintenance',
    ]) {
      expect(section(name)).toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Scheduled Tasks' })).not.toBeInTheDocument();
    expect(calls(fetchMock, '/dashboardList')).toHaveLength(0);
    expect(calls(fetchMock, '/noticeboardList')).toHaveLength(0);
    // No bar chart for suppliers.
    await userEvent.click(screen.getByRole('tab', { name: 'Overview Charts' }));
    await screen.findByRole('region', { name: 'Form' });
    expect(screen.queryByRole('region', { name: 'Task overview' })).not.toBeInTheDocument();
    expect(calls(fetchMock, '/dashboardBarChart')).toHaveLength(0);
  });

  it('renders every employee section with its total, dates, due markers, badges and (Draft)', async () => {
    standardRoutes();
    renderDashboard();
    await screen.findByText('Warehouse audit 1');
    for (const name of [
      'Scheduled Tasks',
      'HR Forms',
      'Form Coordination',
      'Scheduled Reviews',
      'Assigned Actions',
      'Online Training Assessment',
      'Online Training Form Review',
      'External Parties',
      'Maintenance',
      'Noticeboard',
    ]) {
      expect(section(name)).toBeInTheDocument();
    }
    const tasks = section('Scheduled Tasks');
    expect(within(tasks).getByLabelText('9 items')).toHaveTextContent('9');
    // Long lists show the first items and 'Show all (N)'.
    expect(within(tasks).getAllByRole('link')).toHaveLength(SECTION_PREVIEW);
    await userEvent.click(within(tasks).getByRole('button', { name: 'Show all (7)' }));
    expect(within(tasks).getAllByRole('link')).toHaveLength(7);
    expect(within(tasks).getByText('The first 7 of 9 are listed.')).toBeInTheDocument();

    const first = within(tasks).getByRole('link', { name: /Warehouse audit 1/ });
    expect(first).toHaveTextContent('21/11/2026');
    expect(first).toHaveTextContent('Not due yet');
    expect(first).toHaveTextContent('Pending Completion');
    expect(within(tasks).getByRole('link', { name: /Warehouse audit 2/ })).toHaveTextContent('Due today');
    expect(within(tasks).getByRole('link', { name: /Warehouse audit 3/ })).toHaveTextContent('Overdue');

    const forms = section('Form Coordination');
    expect(within(forms).getByRole('link', { name: /FS 1001 Incident Report \(Draft\)/ })).toHaveTextContent(
      '03/11/2026',
    );
    expect(
      within(section('HR Forms')).getByText('Nothing here — you are all caught up.'),
    ).toBeInTheDocument();
  });

  describe('now and later', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Scheduled Tasks given out of order: two due now, three due after today. */
    function timedList(): TDashboardListResponse {
      const task = (n: number, title: string, dueDate: string) =>
        scheduledTask(n, { title, dueDate, taskDueDateType: 'nodue' });
      const list = dashboardList();
      list.list.scheduledTasks = {
        total: 5,
        list: [
          task(11, 'Risk register review 2031', '2031-03-01'),
          task(12, "Today's forklift check", '2026-11-28'),
          task(13, "Next week's reminder", '2026-12-04'),
          task(14, 'Overdue first aid check', '2026-11-20'),
          task(15, 'Tomorrow toolbox talk', '2026-11-29'),
        ],
      };
      list.list.scheduledReviews = {
        total: 1,
        list: [{ ...review, name: 'Manual handling risk review', dueDate: '2031-06-30' }],
      };
      return list;
    }

    const titles = (list: HTMLElement) =>
      within(list)
        .getAllByRole('link')
        .map((link) => link.querySelector('.task-row-title')?.textContent);

    it('orders each section by due date and lists work due after today apart, as Scheduled', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-28T12:00:00'));
      standardRoutes({ 'POST /api/dashboardList': () => ok(timedList()) });
      renderDashboard();
      await screen.findByText('Overdue first aid check');
      const tasks = section('Scheduled Tasks');

      const now = within(tasks).getByRole('list', { name: 'Scheduled Tasks' });
      expect(titles(now)).toEqual(['Overdue first aid check', "Today's forklift check"]);
      const overdue = within(now).getByRole('link', { name: /Overdue first aid check/ });
      expect(overdue).toHaveTextContent('Pending Completion');
      expect(overdue).toHaveTextContent('Overdue');
      expect(overdue.querySelector('.task-row-date')).toHaveClass('task-row-date-overdue');
      expect(within(now).getByRole('link', { name: /Today's forklift check/ })).not.toHaveTextContent(
        'Scheduled',
      );

      expect(within(tasks).getByRole('heading', { name: 'Later · due after today' })).toBeInTheDocument();
      const later = within(tasks).getByRole('list', { name: 'Scheduled Tasks, later' });
      expect(titles(later)).toEqual([
        'Tomorrow toolbox talk',
        "Next week's reminder",
        'Risk register review 2031',
      ]);
      const distant = within(later).getByRole('link', { name: /Risk register review 2031/ });
      expect(distant).toHaveTextContent('Scheduled');
      expect(distant).toHaveTextContent('01/03/2031');
      expect(distant).not.toHaveTextContent('Pending Completion');

      // A section with only later work has no list of work due now.
      const reviews = section('Scheduled Reviews');
      expect(within(reviews).queryByRole('list', { name: 'Scheduled Reviews' })).not.toBeInTheDocument();
      expect(
        within(within(reviews).getByRole('list', { name: 'Scheduled Reviews, later' })).getByRole('link'),
      ).toHaveTextContent('Scheduled');
    });

    it('previews the work due now first, and shows the rest of the later work on Show all', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-28T12:00:00'));
      const list = timedList();
      list.list.scheduledTasks.list.push(
        scheduledTask(16, { title: 'Overdue audit', dueDate: '2026-11-01' }),
        scheduledTask(17, { title: 'Audit due today', dueDate: '2026-11-28' }),
      );
      standardRoutes({ 'POST /api/dashboardList': () => ok(list) });
      renderDashboard();
      await screen.findByText('Overdue audit');
      const tasks = section('Scheduled Tasks');
      expect(titles(within(tasks).getByRole('list', { name: 'Scheduled Tasks' }))).toEqual([
        'Overdue audit',
        'Overdue first aid check',
        "Today's forklift check",
        'Audit due today',
      ]);
      expect(titles(within(tasks).getByRole('list', { name: 'Scheduled Tasks, later' }))).toEqual([
        'Tomorrow toolbox talk',
      ]);
      await userEvent.click(within(tasks).getByRole('button', { name: 'Show all (7)' }));
      expect(titles(within(tasks).getByRole('list', { name: 'Scheduled Tasks, later' }))).toHaveLength(3);
    });
  });

  it('fetches the noticeboard after the dashboard list and opens a notice with Close only', async () => {
    const fetchMock = standardRoutes();
    renderDashboard();
    const board = await screen.findByRole('region', { name: 'Noticeboard' });
    const card = await within(board).findByRole('button', { name: /Site closure on Friday/ });
    const order = fetchMock.mock.calls.map(([input]) => String(input));
    expect(order.indexOf('/api/noticeboardList')).toBeGreaterThan(order.indexOf('/api/dashboardList'));
    expect(card).toHaveClass('high');
    expect(card).toHaveTextContent('Olivia Grant');
    expect(card).toHaveTextContent('HR Manager');
    expect(card).toHaveTextContent('OG');

    await userEvent.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Site closure on Friday' });
    await within(dialog).findByText('The depot closes at noon. Full text.');
    const buttons = within(dialog).getAllByRole('button');
    expect(
      buttons.every(
        (button) => button.getAttribute('aria-label') === 'Close' || button.textContent === 'Close',
      ),
    ).toBe(true);
    const attachment = within(dialog).getByText('map.pdf').closest('[aria-disabled]');
    expect(attachment).toHaveAttribute('title', 'Downloads arrive with file storage');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hides the pies whose total is 0, and the bar chart asks for the month by default', async () => {
    const fetchMock = standardRoutes();
    renderDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Overview Charts' }));
    await screen.findByRole('region', { name: 'Form' });
    expect(screen.getByRole('region', { name: 'Scheduled Activities' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Assigned Action' })).not.toBeInTheDocument();

    const select = screen.getByLabelText('Period');
    expect(select).toHaveValue('month');
    const [, init] = calls(fetchMock, '/dashboardBarChart')[0]!;
    const body = JSON.parse(String(init?.body)) as Record<string, string>;
    expect(body).toMatchObject({ selectedDay: 'month', barChartType: 'assignAction' });
    expect(body.localTimeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(body.startDay).toMatch(/^\d{4}-\d{2}-01$/);
    expect(body.startToday).toBeTruthy();
    expect(body.endToday).toBeTruthy();
    expect(body.endDay).toBeTruthy();

    await userEvent.selectOptions(select, 'week');
    await userEvent.click(screen.getByRole('button', { name: 'Company Overview' }));
    await waitFor(() => {
      const last = calls(fetchMock, '/dashboardBarChart').at(-1)!;
      expect(JSON.parse(String(last[1]?.body))).toMatchObject({
        selectedDay: 'week',
        barChartType: 'companyOverview',
      });
    });
  });

  it('shows an empty state when no pie has items', async () => {
    standardRoutes({
      'POST /api/dashboardPieChart': () =>
        ok({ form: pie(0), assignAction: pie(0), scheduledActivites: pie(0) }),
    });
    renderDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Overview Charts' }));
    expect(await screen.findByText('No open items to chart')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Form' })).not.toBeInTheDocument();
  });

  it('navigates an item row to its mapped target', async () => {
    standardRoutes();
    renderDashboard();
    const row = await within(section('Scheduled Reviews')).findByRole('link', {
      name: /Forklift operations manual/,
    });
    await userEvent.click(row);
    expect(await screen.findByText(`At /document/review/${id(601)}/review`)).toBeInTheDocument();
  });

  it('opens an audit question action in its dialog: Complete needs a response, then saves and closes', async () => {
    const details = {
      _id: id(700),
      sectionType: 'audit',
      instruction: 'Replace the extinguisher',
      response: '',
      assignTo: EMPLOYEE_ID,
      assignToType: 'internal',
      assignToName: 'Ethan Clarke',
      dueDate: '2026-11-25',
      attachment: [],
      question: 'Are the extinguishers in date?',
      auditId: id(701),
      auditName: 'Quarterly safety audit',
      completeStatus: 'no',
      completedOn: null,
    };
    const fetchMock = standardRoutes({
      'POST /api/assignedActionDetails': () => ok(details),
      'POST /api/assignedActionSave': () => ok(null, 'The action has been completed.'),
    });
    renderDashboard();
    const row = await within(section('Assigned Actions')).findByRole('button', {
      name: /Quarterly safety audit/,
    });
    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Audit action' });
    await within(dialog).findByText('Are the extinguishers in date?');
    expect(dialog).toHaveTextContent('25/11/2026');
    expect(within(dialog).getByRole('link', { name: /Open the audit/ })).toHaveAttribute(
      'href',
      `/audit-inspection/audit-details/${id(701)}`,
    );
    expect(within(dialog).getByRole('button', { name: 'Save Draft' })).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.action.responseRequired);
    expect(calls(fetchMock, '/assignedActionSave')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Response'), 'All in date.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Audit action' })).not.toBeInTheDocument(),
    );
    const saves = calls(fetchMock, '/assignedActionSave');
    expect(saves).toHaveLength(1);
    const form = saves[0]![1]?.body as FormData;
    expect(Object.fromEntries(form.entries())).toMatchObject({
      sectionType: 'audit',
      taskId: id(700),
      response: 'All in date.',
      completeStatus: 'yes',
    });
  });

  it('says whose action each of a company account’s rows is, and its dialog names the assignee', async () => {
    const theirs = formAction({
      itemName: 'FS 1042 Site induction',
      formSumissionId: id(702),
      taskNumber: 1,
      assigneeName: 'Liam Personnel',
    });
    standardRoutes({
      'POST /api/dashboardSupplierList': () =>
        ok({ ...supplierEmpty(), assignedActions: { total: 1, list: [theirs] } }),
      'POST /api/assignedActionDetails': () =>
        ok(
          formActionDetails({
            assignTo: id(703),
            assignToType: 'external',
            assignToName: 'Liam Personnel',
            reference: 'FS 1042 · Site induction',
            formSubmissionId: id(702),
            formatedNumber: 'FS 1042',
          }),
        ),
    });
    renderDashboard(supplierWithPortal());
    const row = await within(section('Assigned Actions')).findByRole('button', {
      name: /FS 1042 Site induction/,
    });
    expect(row).toHaveTextContent('For Liam Personnel · Replace the extinguisher');
    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Form action' });
    await within(dialog).findByText('FS 1042 · Site induction');
    expect(dialog).toHaveTextContent(/Assigned toLiam Personnel/);
  });

  it('names a performance review’s agreed action in its dialog, without a link to the review', async () => {
    const agreed = formAction({ itemName: 'Performance review — Mia Torres' });
    standardRoutes({
      'POST /api/dashboardList': () => {
        const list = dashboardList();
        return ok({ ...list, list: { ...list.list, assignedActions: { total: 1, list: [agreed] } } });
      },
      'POST /api/assignedActionDetails': () =>
        ok(
          formActionDetails({
            assignTo: EMPLOYEE_ID,
            assignToName: 'Mia Torres',
            reference: 'Performance review 2026 · Mia Torres',
            performanceReviewId: id(704),
          }),
        ),
    });
    renderDashboard();
    const row = await within(section('Assigned Actions')).findByRole('button', {
      name: /Performance review — Mia Torres/,
    });
    expect(row).not.toHaveTextContent('For ');
    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Performance review action' });
    await within(dialog).findByText('Performance review 2026 · Mia Torres');
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Complete' })).toBeEnabled();
  });

  it('shows an error with a retry when the list fails, and recovers', async () => {
    let fail = true;
    standardRoutes({
      'POST /api/dashboardList': () =>
        fail ? { status: 200, body: envelope(null, 500, 'Server trouble') } : ok(dashboardList()),
    });
    renderDashboard();
    const tasks = await screen.findByRole('region', { name: 'Scheduled Tasks' });
    const retry = await within(tasks).findByRole('button', { name: 'Retry' });
    expect(within(tasks).getByRole('alert')).toHaveTextContent('Server trouble');
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Warehouse audit 1')).toBeInTheDocument();
  });

  it('adds the supplier sections for an employee only when they have items', async () => {
    standardRoutes();
    renderDashboard(permissionsFixture({ employeeId: EMPLOYEE_ID }));
    await screen.findByText('Warehouse audit 1');
    expect(screen.queryByRole('region', { name: 'Company Requirements' })).not.toBeInTheDocument();
  });
});

describe('barAxis', () => {
  it('is 0..20 in steps of 2, and grows past 20 when a count does', () => {
    expect(barAxis(5)).toEqual({ max: 20, ticks: [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20] });
    const grown = barAxis(37);
    expect(grown.max).toBeGreaterThanOrEqual(37);
    expect(grown.ticks.at(-1)).toBe(grown.max);
  });
});
