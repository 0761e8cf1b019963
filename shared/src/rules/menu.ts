import type { AccessKey, AccessMap } from './access';

export type UserType = 'employee' | 'supplier' | 'company';

/** Who a menu item is for, beyond its access keys (000 section 6 exceptions). */
type MenuRule = 'alwaysForSuppliers' | 'supplierPortal' | 'employeeOnly';

export interface MenuItem {
  id: string;
  label: string;
  /** Application path, or an external address when `external` is set. */
  path?: string;
  external?: boolean;
  /** One key, or several that must all be 'yes'. None: shown to everyone. */
  access?: AccessKey | AccessKey[];
  rule?: MenuRule;
  children?: MenuItem[];
}

export const HELP_CENTRE_URL = 'https://help.compass-compliance.example/';

/** The left navigation of 000 section 2.6, in order. */
export const MENU: MenuItem[] = [
  { id: 'home', label: 'Home', path: '/dashboard' },
  { id: 'noticeboard', label: 'Noticeboard', path: '/noticeboard' },
  {
    id: 'quickAdd',
    label: 'Quick Add',
    children: [
      {
        id: 'quickAddForm',
        label: 'Form Submission',
        path: '/form-submission/new',
        access: ['formSubmission', 'formSubmissionNewSubmission'],
        rule: 'alwaysForSuppliers',
      },
      {
        id: 'quickAddAudit',
        label: 'Audit Inspection',
        path: '/audit-inspection/add',
        access: ['audit', 'auditManageAudit'],
      },
    ],
  },
  {
    id: 'formSubmission',
    label: 'Form Submission',
    access: 'formSubmission',
    rule: 'alwaysForSuppliers',
    children: [
      {
        id: 'newSubmission',
        label: 'New Submission',
        path: '/form-submission/new',
        access: 'formSubmissionNewSubmission',
        rule: 'alwaysForSuppliers',
      },
      {
        id: 'myRecords',
        label: 'My Records',
        path: '/form-submission/my-records',
        access: 'formSubmissionMyAction',
      },
      {
        id: 'records',
        label: 'Records',
        path: '/form-submission/records',
        access: 'formSubmissionAllRecord',
      },
      {
        id: 'templates',
        label: 'Templates',
        path: '/system-administration/form-templates',
        access: ['formSubmission', 'system'],
      },
    ],
  },
  {
    id: 'auditInspection',
    label: 'Audit Inspection',
    access: 'audit',
    children: [
      { id: 'myAudit', label: 'My Audit', path: '/audit-inspection/my-audit', access: 'auditMyAudit' },
      {
        id: 'auditRegister',
        label: 'Audit Register',
        path: '/audit-inspection/register',
        access: 'auditManageAudit',
      },
    ],
  },
  {
    id: 'documents',
    label: 'Documents',
    access: 'document',
    children: [
      { id: 'library', label: 'Library', path: '/document/library' },
      { id: 'acknowledgement', label: 'Acknowledgement', path: '/document/acknowledgement' },
    ],
  },
  { id: 'actionRegister', label: 'Action Register', path: '/action-register', access: 'actionRegister' },
  { id: 'reminders', label: 'Reminders', path: '/task/reminders', access: 'task' },
  {
    id: 'humanResources',
    label: 'Human Resources',
    access: 'hr',
    children: [
      { id: 'employees', label: 'Employees', path: '/human-resource/employees', access: 'hrEmployee' },
      {
        id: 'roles',
        label: 'Roles & Responsibilities',
        path: '/human-resource/positions',
        access: 'hrPosition',
      },
      { id: 'hrAction', label: 'Action', path: '/human-resource/actions', access: 'hrForm' },
      {
        id: 'hrAdmin',
        label: 'HR Admin',
        access: 'hrAdmin',
        children: [
          { id: 'hrForms', label: 'HR Forms', path: '/human-resource/admin/forms' },
          {
            id: 'performanceReviews',
            label: 'Performance Reviews',
            path: '/human-resource/admin/performance-reviews',
          },
          { id: 'competencies', label: 'Competencies', path: '/human-resource/admin/competencies' },
          { id: 'onlineTraining', label: 'Online Training', path: '/human-resource/admin/online-training' },
        ],
      },
    ],
  },
  {
    id: 'assets',
    label: 'Assets',
    access: 'plant',
    children: [
      { id: 'assetRegister', label: 'Asset Register', path: '/asset/register' },
      { id: 'maintenanceRegister', label: 'Maintenance Register', path: '/asset/maintenance' },
    ],
  },
  {
    id: 'externalParties',
    label: 'External Parties',
    access: 'supplier',
    children: [
      { id: 'companies', label: 'Companies', path: '/external-parties/companies' },
      { id: 'personnel', label: 'Personnel', path: '/external-parties/personnel' },
      { id: 'formRegister', label: 'Form Register', path: '/external-parties/form-register' },
      { id: 'requirements', label: 'Requirements', path: '/external-parties/requirements' },
    ],
  },
  {
    id: 'externalPartiesPortal',
    label: 'External Parties portal',
    rule: 'supplierPortal',
    children: [{ id: 'accessSettings', label: 'Access Settings', path: '/external-parties/portal-access' }],
  },
  { id: 'risk', label: 'Risk Management', path: '/risk/register', access: 'risk' },
  { id: 'hazardous', label: 'Hazardous Substances', path: '/hazardous/register', access: 'hazardous' },
  { id: 'obligations', label: 'Obligations', path: '/obligation/register', access: 'obligation' },
  { id: 'reportChart', label: 'Reports & Charts', path: '/report-chart', access: 'reportChart' },
  {
    id: 'vismate',
    label: 'Vismate',
    access: 'vismate',
    children: [
      { id: 'visitorRegister', label: 'Visitor Register', path: '/configure-vismate/visitor-register' },
      { id: 'vismateSetup', label: 'Setup', path: '/configure-vismate/setup' },
    ],
  },
  { id: 'timesheet', label: 'TimeSheet', path: '/timesheet', access: 'vismate', rule: 'employeeOnly' },
  {
    id: 'system',
    label: 'System Administration',
    access: 'system',
    children: [
      { id: 'preferences', label: 'Preferences', path: '/system-administration/preferences' },
      { id: 'workplaces', label: 'Workplaces & Branches', path: '/system-administration/workplaces' },
      { id: 'formTemplates', label: 'Form Templates', path: '/system-administration/form-templates' },
      { id: 'usersRoles', label: 'Users & Roles', path: '/system-administration/roles' },
      { id: 'notifications', label: 'Notifications', path: '/system-administration/notifications' },
      { id: 'apiTokens', label: 'API tokens', path: '/system-administration/api-tokens' },
      { id: 'webhooks', label: 'Webhooks', path: '/system-administration/webhooks' },
    ],
  },
  { id: 'helpCentre', label: 'Help Centre', path: HELP_CENTRE_URL, external: true },
];

export interface MenuViewer {
  userType: UserType;
  employeeId?: string | null;
  /** A supplier account tied to one person (not the company's main account). */
  personnelId?: string | null;
  access: AccessMap;
}

function hasAccess(item: MenuItem, access: AccessMap): boolean {
  if (!item.access) return true;
  const keys = Array.isArray(item.access) ? item.access : [item.access];
  return keys.every((key) => access[key] === 'yes');
}

/** Items a supplier keeps when its company's portal and access are both off: the server refuses the rest. */
const PORTAL_OFF_ITEMS = new Set(['home', 'helpCentre']);

/** Whether one item is shown, by its keys and the exceptions of 000 section 6. */
export function isMenuItemVisible(item: MenuItem, viewer: MenuViewer): boolean {
  const portalOff =
    viewer.userType !== 'employee' &&
    viewer.access.supplierPortal !== 'yes' &&
    viewer.access.supplierAccess !== 'yes';
  if (portalOff) return PORTAL_OFF_ITEMS.has(item.id);
  switch (item.rule) {
    case 'alwaysForSuppliers':
      if (viewer.userType === 'supplier') return true;
      break;
    case 'supplierPortal':
      // Access Settings are the company's main account's to keep, not its people's.
      return viewer.userType === 'supplier' && !viewer.personnelId && viewer.access.supplierPortal === 'yes';
    case 'employeeOnly':
      if (!viewer.employeeId) return false;
      break;
  }
  return hasAccess(item, viewer.access);
}

/** The menu as this viewer sees it: hidden items dropped, and groups left empty dropped too. */
export function visibleMenu(viewer: MenuViewer, items: MenuItem[] = MENU): MenuItem[] {
  const shown: MenuItem[] = [];
  for (const item of items) {
    if (!isMenuItemVisible(item, viewer)) continue;
    if (item.children) {
      const children = visibleMenu(viewer, item.children);
      if (children.length === 0) continue;
      shown.push({ ...item, children });
    } else {
      shown.push(item);
    }
  }
  return shown;
}
