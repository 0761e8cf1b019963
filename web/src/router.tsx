import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { prefetchPermissions } from './api/auth';
import { PageSpinner } from './components/Spinner';
import { LoginPage } from './features/auth/LoginPage';
import { loadDashboard } from './features/dashboard/loader';
import type { AreaHandle } from './shell/ModuleUnavailable';
import { NotFoundPage } from './shell/NotFoundPage';
import { RouteErrorPage } from './shell/RouteErrorPage';
import { RouteGuard } from './shell/RouteGuard';

/**
 * An area whose screens are not built yet: a lazy route that shows the shared "module not
 * available" page inside the shell. When an area is built, replace its `lazy` with an import of
 * the area's own routes.
 */
function unavailable(area: string): Pick<RouteObject, 'handle' | 'lazy'> {
  const handle: AreaHandle = { area };
  return {
    handle,
    lazy: async () => ({ Component: (await import('./shell/ModuleUnavailable')).ModuleUnavailablePage }),
  };
}

/**
 * Screens loaded when first opened, from one module (a feature's routes.ts): `lazyFrom(load)(name)`
 * is the route's `lazy`. Only the sign-in page, the guard and the error pages ship with the entry,
 * so the sign-in page downloads none of the shell, the dashboard or the editors (docs/architecture.md).
 */
const lazyFrom =
  <M,>(load: () => Promise<M>) =>
  (name: { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M]): RouteObject['lazy'] =>
  async () => ({ Component: (await load())[name] as ComponentType });

const auth = lazyFrom(() => import('./features/auth/routes'));
const submissions = lazyFrom(() => import('./features/submissions/routes'));
const administration = lazyFrom(() => import('./features/administration/routes'));
const employees = lazyFrom(() => import('./features/employees/routes'));
const templates = lazyFrom(() => import('./features/templates/routes'));
const externalParties = lazyFrom(() => import('./features/externalParties/routes'));
const suppliers = lazyFrom(() => import('./features/suppliers/routes'));
const supplierAccess = lazyFrom(() => import('./features/supplierAccess/routes'));
const documents = lazyFrom(() => import('./features/documents/routes'));
const obligations = lazyFrom(() => import('./features/obligations/routes'));
const risks = lazyFrom(() => import('./features/risks/routes'));
const hazardous = lazyFrom(() => import('./features/hazardous/routes'));
const audits = lazyFrom(() => import('./features/audits/routes'));
const tasks = lazyFrom(() => import('./features/tasks/routes'));
const competencies = lazyFrom(() => import('./features/competencies/routes'));
const onlineTraining = lazyFrom(() => import('./features/onlineTraining/routes'));
const hrForms = lazyFrom(() => import('./features/hrForms/routes'));
const performanceReviews = lazyFrom(() => import('./features/performanceReviews/routes'));
const assets = lazyFrom(() => import('./features/assets/routes'));
const assetMaintenance = lazyFrom(() => import('./features/assetMaintenance/routes'));
const timesheets = lazyFrom(() => import('./features/timesheets/routes'));
const visitors = lazyFrom(() => import('./features/visitors/routes'));
const reports = lazyFrom(() => import('./features/reports/routes'));
const apiTokens = lazyFrom(() => import('./features/apiTokens/routes'));
const webhooks = lazyFrom(() => import('./features/webhooks/routes'));

/**
 * The screens built so far inside the guarded areas; a path here is more specific than its area's
 * `area/*` placeholder, so the rest of the area still says it is not available yet.
 */
const areaScreens: RouteObject[] = [
  {
    path: 'action-register',
    handle: { area: 'Action Register' } satisfies AreaHandle,
    lazy: lazyFrom(() => import('./features/actionRegister/routes'))('ActionRegisterPage'),
  },
  {
    path: 'noticeboard',
    handle: { area: 'Noticeboard' } satisfies AreaHandle,
    lazy: lazyFrom(() => import('./features/noticeboard/routes'))('NoticeboardPage'),
  },
  { path: 'system-administration/preferences', lazy: administration('PreferencesPage') },
  { path: 'system-administration/workplaces', lazy: administration('WorkplacesPage') },
  { path: 'system-administration/roles', lazy: administration('RolesPage') },
  {
    path: 'system-administration/notifications',
    lazy: lazyFrom(() => import('./features/notifications/routes'))('NotificationsPage'),
  },
  { path: 'system-administration/api-tokens', lazy: apiTokens('ApiTokensPage') },
  { path: 'system-administration/webhooks', lazy: webhooks('WebhooksPage') },
  { path: 'system-administration/webhooks/:id', lazy: webhooks('WebhookDeliveriesPage') },
  { path: 'system-administration/form-templates', lazy: templates('TemplatesPage') },
  { path: 'system-administration/form-templates/:id', lazy: templates('TemplateBuilderPage') },
  { path: 'human-resource/positions', lazy: administration('PositionsPage') },
  { path: 'human-resource/employees', lazy: employees('EmployeesPage') },
  { path: 'human-resource/employees/:id', lazy: employees('EmployeeEditPage') },
  // The profile menu's Profile (shared/src/contracts/employees.ts profilePagePath).
  { path: 'human-resource/employee/edit/:employeeId', lazy: employees('ProfilePage') },
  { path: 'human-resource/admin/competencies', lazy: competencies('CompetenciesPage') },
  { path: 'human-resource/admin/competencies/matrix', lazy: competencies('CompetencyMatrixPage') },
  { path: 'human-resource/admin/online-training', lazy: onlineTraining('CoursesPage') },
  { path: 'human-resource/admin/online-training/matrix', lazy: onlineTraining('TrainingMatrixPage') },
  { path: 'human-resource/admin/online-training/:id', lazy: onlineTraining('CourseEditorPage') },
  // The dashboard's Online Training items and the mails' links (shared/src/contracts/trainingAssignments.ts).
  {
    path: 'human-resource/employee/online-training-form-submit/:courseId/:employeeId',
    lazy: onlineTraining('TakeCoursePage'),
  },
  {
    path: 'human-resource/employee/online-training-form-attempt-view/:id',
    lazy: onlineTraining('AttemptViewPage'),
  },
  {
    path: 'human-resource/employee/online-training-form-edit/:id',
    lazy: onlineTraining('AttemptReviewPage'),
  },
  // My Competency (the profile menu), and the same page for HR and a manager.
  { path: 'human-resource/employee/competency/:employeeId', lazy: competencies('EmployeeCompetencyPage') },
  { path: 'human-resource/admin/forms', lazy: hrForms('HrFormsPage') },
  {
    path: 'human-resource/actions',
    lazy: lazyFrom(() => import('./features/actionRegister/routes'))('HrActionsPage'),
  },
  // The dashboard's HR Forms items and the mails' links (shared/src/contracts/hrForms.ts hrFormPagePath).
  {
    path: 'human-resource/employee/form-submit/assessment/:employee/:id/:formId',
    lazy: hrForms('HrAssessmentPage'),
  },
  { path: 'human-resource/employee/form-submit/review/:employee/:id/:formId', lazy: hrForms('HrReviewPage') },
  { path: 'human-resource/admin/performance-reviews', lazy: performanceReviews('PerformanceReviewsPage') },
  // An employee's reviews, and one review (the dashboard's item, shared/src/contractRules/workItemTarget.ts).
  {
    path: 'human-resource/employee/performance-review/:employee',
    lazy: performanceReviews('EmployeeReviewsPage'),
  },
  {
    path: 'human-resource/employee/performance-review/:employee/:id',
    lazy: performanceReviews('PerformanceReviewPage'),
  },
  { path: 'external-parties/companies', lazy: suppliers('CompaniesPage') },
  { path: 'external-parties/companies/:id', lazy: suppliers('CompanyPage') },
  { path: 'external-parties/personnel', lazy: suppliers('PersonnelPage') },
  { path: 'external-parties/form-register', lazy: externalParties('FormRegisterPage') },
  { path: 'external-parties/form-submit/assessment/:id/:formId', lazy: externalParties('AssessmentPage') },
  { path: 'external-parties/form-submit/review/:id/:formId', lazy: externalParties('ReviewPage') },
  { path: 'external-parties/requirements', lazy: externalParties('RequirementsPage') },
  { path: 'external-parties/portal-access', lazy: supplierAccess('AccessSettingsPage') },
  { path: 'external-parties/company/edit/:id', lazy: supplierAccess('SupplierProfilePage') },
  {
    path: 'external-parties/company-document-review/:supplierId/:id',
    lazy: externalParties('DocumentReviewPage'),
  },
  {
    path: 'external-parties/personnel-document-review/:personnelId/:id',
    lazy: externalParties('DocumentReviewPage'),
  },
  { path: 'external-parties/document-review/:kind/:id', lazy: externalParties('DocumentSendPage') },
  { path: 'document/library', lazy: documents('LibraryPage') },
  { path: 'document/library/:id', lazy: documents('DocumentPage') },
  { path: 'document/acknowledgement', lazy: documents('MyAcknowledgementsPage') },
  // The dashboard's targets (shared/src/rules/workItemTarget.ts).
  { path: 'document/action/acknowledgement/:id/:employeeId', lazy: documents('AcknowledgementPage') },
  { path: 'document/action/approval/:id/:employeeId', lazy: documents('ApprovalPage') },
  { path: 'document/review/:id/:x', lazy: documents('DocumentReviewPage') },
  { path: 'obligation/register', lazy: obligations('ObligationsPage') },
  { path: 'obligation/new', lazy: obligations('ObligationEditPage') },
  { path: 'obligation/edit/:id', lazy: obligations('ObligationEditPage') },
  { path: 'obligation/review/:id/:x', lazy: obligations('ObligationReviewPage') },
  { path: 'audit-inspection/register', lazy: audits('AuditRegisterPage') },
  { path: 'audit-inspection/my-audit', lazy: audits('MyAuditPage') },
  { path: 'audit-inspection/add', lazy: audits('AuditAddPage') },
  { path: 'audit-inspection/audit-update/:id', lazy: audits('AuditConductPage') },
  { path: 'audit-inspection/audit-details/:auditId', lazy: audits('AuditDetailsPage') },
  { path: 'risk/register', lazy: risks('RiskRegisterPage') },
  { path: 'risk/register/new', lazy: risks('RiskEditPage') },
  { path: 'risk/register/:id', lazy: risks('RiskPage') },
  { path: 'risk/register/:id/edit', lazy: risks('RiskEditPage') },
  { path: 'risk/register-review/:id/:x/:flag', lazy: risks('RiskReviewPage') },
  { path: 'hazardous/register', lazy: hazardous('HazardousRegisterPage') },
  { path: 'hazardous/register/new', lazy: hazardous('HazardousEditPage') },
  { path: 'hazardous/register/:id', lazy: hazardous('HazardousPage') },
  { path: 'hazardous/register/:id/edit', lazy: hazardous('HazardousEditPage') },
  { path: 'hazardous/register-review/:id/:x/:flag', lazy: hazardous('HazardousReviewPage') },
  { path: 'asset/register', lazy: assets('AssetRegisterPage') },
  { path: 'asset/register/new', lazy: assets('AssetEditPage') },
  { path: 'asset/register/:id', lazy: assets('AssetPage') },
  { path: 'asset/register/:id/edit', lazy: assets('AssetEditPage') },
  { path: 'asset/maintenance', lazy: assetMaintenance('MaintenanceRegisterPage') },
  // Also a maintenance assignee's and a supplier user's target (dashboard, portal) without the plant
  // key: like every screen here it is guarded by sign-in only, and the server decides what each sees.
  { path: 'asset/maintenance/:id', lazy: assetMaintenance('MaintenanceRecordPage') },
  // TimeSheet: the caller's own week, the team's weeks, one employee's week (timesheetPath).
  { path: 'timesheet', lazy: timesheets('TimesheetPage') },
  { path: 'timesheet/team', lazy: timesheets('TimesheetTeamPage') },
  { path: 'timesheet/employee/:employeeId', lazy: timesheets('TimesheetEmployeePage') },
  // Vismate's signed-in screens, in the shell; only its kiosk page is public (publicRoutes).
  { path: 'configure-vismate/visitor-register', lazy: visitors('VisitorRegisterPage') },
  { path: 'configure-vismate/visit/:id', lazy: visitors('VisitPage') },
  { path: 'configure-vismate/on-site/:workplaceId', lazy: visitors('OnSiteNowPage') },
  { path: 'configure-vismate/setup', lazy: visitors('VisitorSetupListPage') },
  { path: 'configure-vismate/setup/:workplaceId', lazy: visitors('VisitorSetupPage') },
  // Reports & Charts: the reports the caller runs, one report (reportPath), a saved one (savedReportPath).
  { path: 'report-chart', lazy: reports('ReportsHomePage') },
  { path: 'report-chart/:report', lazy: reports('ReportPage') },
  { path: 'report-chart/saved/:savedId', lazy: reports('SavedReportPage') },
  { path: 'task/reminders', lazy: tasks('TasksPage') },
  { path: 'task/new', lazy: tasks('TaskEditPage') },
  { path: 'task/edit/:id', lazy: tasks('TaskEditPage') },
  { path: 'task/form/signoff/:id', lazy: tasks('TaskSignOffPage') },
  { path: 'task/form-submit/employeeAssessment/:owner/:id/:template', lazy: tasks('TaskSignOffPage') },
];

/** The guarded, lazily loaded areas of 000 section 2.1 (each `area/*`). */
export const GUARDED_AREAS: { path: string; area: string }[] = [
  { path: 'hazardous', area: 'Hazardous Substances' },
  { path: 'action-register', area: 'Action Register' },
  { path: 'noticeboard', area: 'Noticeboard' },
  { path: 'system-administration', area: 'System Administration' },
  { path: 'report-chart', area: 'Reports & Charts' },
  { path: 'obligation', area: 'Obligations' },
  { path: 'human-resource', area: 'Human Resources' },
  { path: 'task', area: 'Tasks & Reminders' },
  { path: 'asset', area: 'Assets' },
  { path: 'external-parties', area: 'External Parties' },
  { path: 'risk', area: 'Risk Management' },
  { path: 'audit-inspection', area: 'Audit Inspection' },
  { path: 'document', area: 'Documents' },
  { path: 'plan-check', area: 'Plan Check' },
];

const guardedRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    // The loader ships with the entry: the first list is asked for while the page's code downloads.
    loader: loadDashboard,
    lazy: lazyFrom(() => import('./features/dashboard/DashboardPage'))('DashboardPage'),
  },
  { path: 'change-password', lazy: auth('ChangePasswordPage') },
  {
    path: 'employeeclockin/:id',
    handle: { area: 'Employee Clock-in' } satisfies AreaHandle,
    lazy: lazyFrom(() => import('./features/clockIn/ClockInPage'))('ClockInPage'),
  },
  {
    path: 'my-clock-in-qr-code',
    lazy: lazyFrom(() => import('./features/clockIn/MyQrCodePage'))('MyQrCodePage'),
  },
  // The reviewer's page under the training link's paths (000 section 2.1: not public).
  { path: 'online-training/employee/form-edit/:id', lazy: onlineTraining('AttemptReviewPage') },
  ...areaScreens,
  ...GUARDED_AREAS.map(({ path, area }) => ({ path: `${path}/*`, ...unavailable(area) })),
  {
    path: 'form-submission',
    handle: { area: 'Form Submission' } satisfies AreaHandle,
    children: [
      { path: 'new', lazy: submissions('NewSubmissionPage') },
      { path: 'new/:templateId', lazy: submissions('SubmissionEditorPage') },
      { path: 'my-records', lazy: submissions('MyRecordsPage') },
      { path: 'records', lazy: submissions('RecordsPage') },
      // The dashboard's targets (shared/src/rules/workItemTarget.ts); paths match case-insensitively.
      { path: 'Record/:id', lazy: submissions('SubmissionEditorPage') },
      { path: 'record/:companyId/:id', lazy: submissions('SubmissionEditorPage') },
      { path: 'my-action-edit/:id', lazy: submissions('SubmissionEditorPage') },
      { path: 'my-action-edit/:id/:taskId', lazy: submissions('SubmissionEditorPage') },
      // Where a sign-in link with employeeId and formId leads (000 section 2.3).
      {
        path: 'form-submit/employeeAssessment/:employeeId/:formId',
        lazy: submissions('EmployeeAssessmentPage'),
      },
      { path: '*', ...unavailable('Form Submission') },
    ],
  },
];

const publicRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'login/task', lazy: auth('LoginTaskPage') },
  { path: 'logout', lazy: auth('LogoutPage') },
  { path: 'switch-user', lazy: auth('SwitchUserPage') },
  { path: 'forgot-password', lazy: auth('ForgotPasswordPage') },
  { path: 'reset-password/:token', lazy: auth('ResetPasswordPage') },
  { path: 'update-username', lazy: auth('UpdateUsernamePage') },
  { path: 'unsubscribe/:token', lazy: auth('UnsubscribePage') },
  { path: 'external-parties-account-activate/:token', lazy: auth('ResetPasswordPage') },
  // The visitor kiosk (000 section 2.1's unguarded configure-vismate): a device's link, full screen.
  {
    path: 'configure-vismate/kiosk',
    lazy: lazyFrom(() => import('./features/visitors/kioskRoutes'))('KioskPage'),
  },
  // Online training: the pages of a training's link (000 section 2.1; trainingLinkPaths).
  { path: 'online-training/employee/form-attempt/:assignmentId', lazy: onlineTraining('TrainingStatusPage') },
  {
    path: 'online-training/employee/form-submit/:assignmentId',
    lazy: onlineTraining('TrainingLinkTakePage'),
  },
  {
    path: 'online-training/employee/form-re-test/:assignmentId',
    lazy: onlineTraining('TrainingLinkTakePage'),
  },
  {
    path: 'online-training/employee/form-attempt-view/:attemptId',
    lazy: onlineTraining('TrainingLinkAttemptPage'),
  },
  // Token-link form screens (001 section 2.5), opened without signing in.
  { path: 'form/form-submission/record/:companyId/:id', lazy: submissions('ViewSubmissionPage') },
  { path: 'form/form-submission/myactionedit/:companyId/:id', lazy: submissions('UpdateSubmissionPage') },
  {
    path: 'form/external-parties/form-submit/:pageType/:employeeId/:assignFormId/:formId/:companyId/:reviewerId',
    lazy: externalParties('SupplierAssessmentPage'),
  },
  // The request mail's link to send a required document.
  { path: 'form/external-parties/document-review/:kind/:id', lazy: externalParties('DocumentSendPage') },
  // The guest form of a template's QR poster (001 section 2.5): two paths, one page.
  ...[
    'qr/:pageType/:employeeId/:formId/:companyId',
    'form/qr-form-submit/:pageType/:employeeId/:formId/:companyId',
  ].map((path) => ({
    path,
    lazy: lazyFrom(() => import('./features/qrSubmissions/QrSubmissionPage'))('QrSubmissionPage'),
  })),
  // The page an asset's QR label opens: anyone who scans it reports a fault (assetFaultLabelPath).
  {
    path: 'qr/asset-fault/:assetId',
    lazy: lazyFrom(() => import('./features/assets/AssetLabelPage'))('AssetLabelPage'),
  },
  {
    path: 'form/form-submission/task-show/:id/:taskId/:companyId',
    lazy: lazyFrom(() => import('./features/links/TaskShowPage'))('TaskShowPage'),
  },
];

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...publicRoutes,
      {
        element: <RouteGuard />,
        // The permission profile loads while the shell's and the screen's code download.
        loader: prefetchPermissions,
        children: [
          {
            lazy: lazyFrom(() => import('./shell/AppLayout'))('AppLayout'),
            children: guardedRoutes,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
