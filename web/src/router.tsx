import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageSpinner } from './components/Spinner';
import { ChangePasswordPage } from './features/auth/ChangePasswordPage';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage';
import { LoginPage } from './features/auth/LoginPage';
import { LoginTaskPage } from './features/auth/LoginTaskPage';
import { LogoutPage } from './features/auth/LogoutPage';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage';
import { SwitchUserPage } from './features/auth/SwitchUserPage';
import { UnsubscribePage } from './features/auth/UnsubscribePage';
import { UpdateUsernamePage } from './features/auth/UpdateUsernamePage';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { AppLayout } from './shell/AppLayout';
import type { AreaHandle } from './shell/ModuleUnavailable';
import { NotFoundPage } from './shell/NotFoundPage';
import { RouteErrorPage } from './shell/RouteErrorPage';
import { RouteGuard } from './shell/RouteGuard';

/**
 * An area whose screens are not built yet: a lazy route that shows the shared "module not
 * available" page, inside the shell (guarded) or stand-alone (public). When an area is built,
 * replace its `lazy` with an import of the area's own routes.
 */
function unavailable(area: string, placement: 'shell' | 'public'): Pick<RouteObject, 'handle' | 'lazy'> {
  const handle: AreaHandle = { area };
  return {
    handle,
    lazy: async () => {
      const module = await import('./shell/ModuleUnavailable');
      return {
        Component: placement === 'shell' ? module.ModuleUnavailablePage : module.PublicModuleUnavailablePage,
      };
    },
  };
}

/** A lazily loaded screen of the form-submission area (web/src/features/submissions). */
function submissions(name: keyof typeof import('./features/submissions/routes')): RouteObject['lazy'] {
  return async () => ({ Component: (await import('./features/submissions/routes'))[name] });
}

/** A lazily loaded screen of an administration area: its feature's routes module and the screen's name. */
const administration =
  (name: keyof typeof import('./features/administration/routes')): RouteObject['lazy'] =>
  async () => ({ Component: (await import('./features/administration/routes'))[name] });
const employees =
  (name: keyof typeof import('./features/employees/routes')): RouteObject['lazy'] =>
  async () => ({ Component: (await import('./features/employees/routes'))[name] });
const templates =
  (name: keyof typeof import('./features/templates/routes')): RouteObject['lazy'] =>
  async () => ({ Component: (await import('./features/templates/routes'))[name] });
const externalParties =
  (name: keyof typeof import('./features/externalParties/routes')): RouteObject['lazy'] =>
  async () => ({ Component: (await import('./features/externalParties/routes'))[name] });
const suppliers =
  (name: keyof typeof import('./features/suppliers/routes')): RouteObject['lazy'] =>
  async () => ({ Component: (await import('./features/suppliers/routes'))[name] });
const supplierAccess =
  (name: keyof typeof import('./features/supplierAccess/routes')): RouteObject['lazy'] =>
  async () => ({ Component: (await import('./features/supplierAccess/routes'))[name] });

/**
 * The screens built so far inside the guarded areas; a path here is more specific than its area's
 * `area/*` placeholder, so the rest of the area still says it is not available yet.
 */
const areaScreens: RouteObject[] = [
  {
    path: 'noticeboard',
    handle: { area: 'Noticeboard' } satisfies AreaHandle,
    lazy: async () => ({ Component: (await import('./features/noticeboard/routes')).NoticeboardPage }),
  },
  { path: 'system-administration/preferences', lazy: administration('PreferencesPage') },
  { path: 'system-administration/workplaces', lazy: administration('WorkplacesPage') },
  { path: 'system-administration/roles', lazy: administration('RolesPage') },
  { path: 'system-administration/form-templates', lazy: templates('TemplatesPage') },
  { path: 'system-administration/form-templates/:id', lazy: templates('TemplateBuilderPage') },
  { path: 'human-resource/positions', lazy: administration('PositionsPage') },
  { path: 'human-resource/employees', lazy: employees('EmployeesPage') },
  { path: 'human-resource/employees/:id', lazy: employees('EmployeeEditPage') },
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
  { path: 'timesheet', area: 'TimeSheet' },
  { path: 'plan-check', area: 'Plan Check' },
];

const guardedRoutes: RouteObject[] = [
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'change-password', element: <ChangePasswordPage /> },
  {
    path: 'employeeclockin/:id',
    handle: { area: 'Employee Clock-in' } satisfies AreaHandle,
    lazy: async () => ({ Component: (await import('./features/clockIn/ClockInPage')).ClockInPage }),
  },
  {
    path: 'my-clock-in-qr-code',
    lazy: async () => ({ Component: (await import('./features/clockIn/MyQrCodePage')).MyQrCodePage }),
  },
  { path: 'online-training/employee/form-edit/:id', ...unavailable('Online Training', 'shell') },
  ...areaScreens,
  ...GUARDED_AREAS.map(({ path, area }) => ({ path: `${path}/*`, ...unavailable(area, 'shell') })),
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
      { path: '*', ...unavailable('Form Submission', 'shell') },
    ],
  },
];

const publicRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'login/task', element: <LoginTaskPage /> },
  { path: 'logout', element: <LogoutPage /> },
  { path: 'switch-user', element: <SwitchUserPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password/:token', element: <ResetPasswordPage /> },
  { path: 'update-username', element: <UpdateUsernamePage /> },
  { path: 'unsubscribe/:token', element: <UnsubscribePage /> },
  { path: 'external-parties-account-activate/:token', element: <ResetPasswordPage /> },
  // Not guarded (000 section 2.1).
  { path: 'configure-vismate/*', ...unavailable('Vismate', 'public') },
  // Online training: public attempt routes (000 section 2.1).
  { path: 'online-training/employee/form-submit/*', ...unavailable('Online Training', 'public') },
  { path: 'online-training/employee/form-attempt-view/*', ...unavailable('Online Training', 'public') },
  { path: 'online-training/employee/form-re-test/*', ...unavailable('Online Training', 'public') },
  { path: 'online-training/employee/form-attempt/*', ...unavailable('Online Training', 'public') },
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
    lazy: async () => ({
      Component: (await import('./features/qrSubmissions/QrSubmissionPage')).QrSubmissionPage,
    }),
  })),
  {
    path: 'form/form-submission/task-show/:id/:taskId/:companyId',
    lazy: async () => ({ Component: (await import('./features/links/TaskShowPage')).TaskShowPage }),
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
        element: (
          <RouteGuard>
            <AppLayout />
          </RouteGuard>
        ),
        children: guardedRoutes,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
