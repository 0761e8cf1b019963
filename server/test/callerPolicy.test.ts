import { randomUUID } from 'node:crypto';
import { ACCESS_KEYS } from '@compass/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueLink } from '../src/modules/links/service';
import type { DeclaredRoute } from '../src/plugins/auth';
import { refusalOf, type AuthContext, type Caller } from '../src/plugins/callers';
import { setupTestApp, signIn, type TestContext } from './helpers';

/**
 * Every /api route × every kind of caller, through the real app: the route's access decides before
 * the service runs. The expectations are written out here, not read from the declarations, so a
 * route that opens itself to a caller kind by mistake fails this file.
 */

/** Routes anyone may call, signed in or not. */
const PUBLIC = [
  'POST /api/signIn',
  'POST /api/unsubscribe',
  'GET /api/configuration',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/forgotPassword',
  'POST /api/resetPassword',
  'POST /api/qrSubmissionForm',
  'POST /api/qrSubmissionBranches',
  'POST /api/qrSubmissionSave',
  'GET /api/sso/configuration/:provider',
  'GET /api/sso/callback/:provider',
  'GET /api/openapi.json',
  'POST /api/passwordLink',
  'GET /api/organisationLogo/:companyId',
  'POST /api/assetLabel',
  'POST /api/assetLabelFault',
];

/**
 * Taking online training (issue 43): employees, signed-in personnel and the holder of the
 * assignment's link, not a supplier's main account. Whose assignment it is (its trainee, its
 * reviewer, HR; a link's own) the service rules on (trainingAssignments.test.ts, trainingLinks.test.ts).
 */
const TRAINEE = [
  'POST /api/trainingAssignmentOpen',
  'POST /api/trainingAttemptStart',
  'POST /api/trainingAttemptSubmit',
  'POST /api/trainingAttemptDetails',
  'GET /api/trainingCertificate',
];

/**
 * A workplace's kiosk (issue 45): its link only; that the link is a kiosk's, and of that
 * workplace, the service rules on (visitorKiosk.test.ts).
 */
const KIOSK = [
  'POST /api/visitorKiosk',
  'POST /api/visitorKioskHosts',
  'POST /api/visitorKioskSuppliers',
  'POST /api/visitorKioskSignIn',
  'POST /api/visitorKioskOnSite',
  'POST /api/visitorKioskSignOut',
  'GET /api/visitorKioskDocument/:id',
];

/** Routes a link holder may call with the link's token (the service then checks its scope). */
const LINK = [
  'GET /api/files/:id',
  'POST /api/externalTaskDetails',
  'POST /api/externalTaskSave',
  'POST /api/externalTaskFileDelete',
  'POST /api/formSubmissionRelatedLists',
  'POST /api/relatedOptionSearch',
  'POST /api/branchesByWorkplace',
  'POST /api/formSubmissionDetails',
  'POST /api/formSubmissionSave',
  'POST /api/formSubmissionUploadFiles',
  'POST /api/supplierLinkContext',
  'GET /api/supplierLinkLogo',
  'GET /api/formSubmissionLinkFile/:id',
  'POST /api/formSubmissionLinkFileDelete',
  'POST /api/supplierFormSubmit',
  'POST /api/supplierRequirementDetails',
  'POST /api/supplierRequirementUpload',
  'POST /api/supplierAssessmentStatus',
  ...TRAINEE,
  ...KIOSK,
];

/** Routes only a link holder may call: the supplier screens opened from an e-mailed link. */
const LINK_ONLY = [
  'POST /api/supplierLinkContext',
  'GET /api/supplierLinkLogo',
  'GET /api/formSubmissionLinkFile/:id',
  'POST /api/formSubmissionLinkFileDelete',
  ...KIOSK,
];

/** Routes only the organisation's own people may call: no supplier user or personnel. */
const EMPLOYEE_ONLY = [
  'POST /api/formSubmissionClose',
  'POST /api/assignFormCloseOff',
  'POST /api/supplierAssignFormCloseOff',
  'POST /api/supplierFormCloseOff',
  'POST /api/formSubmissionReopen',
  'POST /api/linkTokenRevoke',
  'GET /api/employeeClockInQr/:employeeId',
  'GET /api/formTemplateQrPoster/:templateId',
  'POST /api/clockInEmployee',
  'POST /api/signInsToday',
  'POST /api/clockIn',
  'POST /api/clockOut',
  'POST /api/dashboardBarChart',
  'POST /api/changeLogList',
  'POST /api/supplierAssignmentDetails',
  'POST /api/supplierAssignmentReturn',
  'POST /api/supplierRequirementReview',
  // An employee's Profile and private information: ruled on per employee (employeePrivateInfo.test.ts).
  'POST /api/employeeProfile',
  'POST /api/employeePrivateInfo',
  'POST /api/employeePrivateInfoSave',
];

/**
 * Competencies (issue 42): employees only. The catalogue's changes need hrAdmin, which Mia's role
 * has; records and the matrix are ruled on per employee by the service (competencies.test.ts).
 */
const COMPETENCIES = [
  'POST /api/competencyList',
  'POST /api/competencyOptions',
  'POST /api/competencySave',
  'POST /api/competencySetActive',
  'POST /api/competencyPositionsSet',
  'POST /api/employeeCompetencySummary',
  'POST /api/competencyRecordList',
  'POST /api/competencyRecordSave',
  'POST /api/competencyRecordDelete',
  'POST /api/competencyRecordFilesAdd',
  'POST /api/competencyRecordFileDelete',
  'POST /api/competencyMatrix',
  'GET /api/competencyMatrixExport',
];

/**
 * HR forms (issue 42): employees only. The register, assigning and withdrawing need hrForm or
 * hrAdmin, one assignment its employee, reviewer or HR: ruled on by the service (hrForms.test.ts).
 */
const HR_FORMS = [
  'POST /api/hrFormAssignOptions',
  'POST /api/hrFormPeopleSearch',
  'POST /api/hrFormAssign',
  'POST /api/hrFormList',
  'GET /api/hrFormExport',
  'POST /api/hrFormDetails',
  'POST /api/hrFormOpen',
  'POST /api/hrFormReturn',
  'POST /api/hrFormOfSubmission',
  'POST /api/hrFormCancel',
];

/**
 * Performance reviews (issue 42): employees only. The register needs hrForm or hrAdmin, one review
 * its employee, reviewer, line manager or HR: ruled on by the service (performanceReviews.test.ts).
 */
const PERFORMANCE_REVIEWS = [
  'POST /api/performanceReviewPeopleSearch',
  'POST /api/performanceReviewStart',
  'POST /api/performanceReviewList',
  'GET /api/performanceReviewExport',
  'POST /api/performanceReviewHistory',
  'POST /api/performanceReviewDetails',
  'POST /api/performanceReviewSaveObjectives',
  'POST /api/performanceReviewSaveSelf',
  'POST /api/performanceReviewSaveManager',
  'POST /api/performanceReviewReturn',
  'POST /api/performanceReviewSignOff',
  'POST /api/performanceReviewCancel',
];

/** HR Action (issue 42): employees only; hrForm or hrAdmin, ruled on by the service (hrActions.test.ts). */
const HR_ACTIONS = [
  'POST /api/hrActionList',
  'GET /api/hrActionExport',
  'POST /api/hrActionDetails',
  'POST /api/hrActionReassign',
  'POST /api/hrActionAssignees',
];

/**
 * Online training's catalogue and the assignments' register (issue 43): employees with hrAdmin
 * only (the courses carry their test's answer key), which Mia's role lacks (onlineTraining.test.ts,
 * trainingAssignments.test.ts).
 */
const ONLINE_TRAINING = [
  'POST /api/trainingCourseList',
  'POST /api/trainingCourseDetails',
  'POST /api/trainingCourseSave',
  'POST /api/trainingCoursePublish',
  'POST /api/trainingCourseDiscard',
  'POST /api/trainingCourseSetActive',
  'POST /api/trainingCourseVersion',
  'POST /api/trainingCourseFilesAdd',
  'POST /api/trainingCourseFileDelete',
  'POST /api/trainingAssignOptions',
  'POST /api/trainingAssign',
  'POST /api/trainingAssignmentList',
  'POST /api/trainingAssignmentAllowAttempt',
  'POST /api/trainingAssignmentCancel',
  'POST /api/trainingPersonnelOptions',
  'POST /api/trainingPositionRuleList',
  'POST /api/trainingPositionRuleStop',
];

/**
 * Marking online training and its matrix (issue 43): employees only. Whose attempt (its reviewer)
 * and whose matrix (HR, a manager) the service rules on (trainingAssignments.test.ts,
 * trainingMatrix.test.ts).
 */
const TRAINING_TAKING = [
  'POST /api/trainingAttemptMark',
  'POST /api/trainingMatrix',
  'GET /api/trainingMatrixExport',
];

/** Routes for supplier users and personnel only (their own assigned forms and documents). */
const SUPPLIERS_ONLY = [
  'POST /api/supplierAssignmentOpen',
  'POST /api/supplierRequirementUpload',
  'POST /api/supplierAssessmentStatus',
  'POST /api/supplierProfile',
];

/** Routes for a supplier company's main account only: Access Settings, its Profile's changes. */
const SUPPLIER_MAIN_ONLY = [
  'POST /api/supplierPortalAccounts',
  'POST /api/supplierPortalAccessSet',
  'POST /api/supplierProfileUpdate',
  'POST /api/supplierLogoUpload',
  'POST /api/supplierLogoDelete',
];

/** Routes for employees (with their key) and a supplier's main account, not its personnel. */
const NOT_PERSONNEL = ['POST /api/supplierCompliance'];

/**
 * Administration: employees with the area's key only. Mia's role (the demo's plain employee) lacks
 * `system`, so the gate refuses her with access_key_missing, and the HR keys below.
 */
const SYSTEM_KEY = [
  'POST /api/organisationProfile',
  'POST /api/organisationProfileUpdate',
  'POST /api/organisationLogoUpload',
  'POST /api/organisationLogoDelete',
  'POST /api/ssoSettingsUpdate',
  'POST /api/workplaceList',
  'POST /api/workplaceSave',
  'POST /api/workplaceDelete',
  'POST /api/branchSave',
  'POST /api/branchDelete',
  'POST /api/roleList',
  'POST /api/roleSave',
  'POST /api/roleDelete',
  'POST /api/noticeAdminList',
  'POST /api/noticeAdminDetails',
  'POST /api/noticeAudienceOptions',
  'POST /api/noticeSave',
  'POST /api/noticeAttachmentUpload',
  'POST /api/noticePublish',
  'POST /api/noticeExpire',
  'POST /api/noticeDelete',
  'POST /api/templateAdminList',
  'POST /api/templateAdminDetails',
  'POST /api/templateCoordinators',
  'POST /api/templateVersion',
  'POST /api/templateCreate',
  'POST /api/templateDraftSave',
  'POST /api/templatePublish',
  'POST /api/templateDiscardDraft',
  'POST /api/templateDuplicate',
  'POST /api/templateArchive',
  'POST /api/templateRestore',
  'POST /api/templateExport',
  'POST /api/templateImport',
  'POST /api/unsubscribedUserList',
  'POST /api/unsubscribedUserReEnable',
  'POST /api/mailCategoryList',
  'POST /api/testMailSend',
  'POST /api/testMailStatus',
  'GET /api/apiTokenList',
  'POST /api/apiTokenCreate',
  'POST /api/apiTokenRevoke',
  // Webhooks (issue 47): an integration's token with the key may manage its subscriptions.
  'GET /api/webhookList',
  'POST /api/webhookSave',
  'POST /api/webhookDelete',
  'POST /api/webhookRollSecret',
  'POST /api/webhookTest',
  'GET /api/webhookDeliveryList',
  'POST /api/webhookDeliveryResend',
];
const HR_KEYS = [
  'POST /api/positionList',
  'POST /api/positionSave',
  'POST /api/positionDelete',
  'POST /api/employeeList',
  'POST /api/employeeDetails',
  'POST /api/employeeFormOptions',
  'POST /api/employeeSave',
  'POST /api/employeeInvite',
  'POST /api/employeeUnlock',
  'POST /api/employeeDeactivate',
  'POST /api/employeeReactivate',
];
/** Supplier administration (the supplier key, which Mia's role has). */
const SUPPLIER_KEY = [
  'POST /api/supplierList',
  'POST /api/supplierDetails',
  'POST /api/supplierSave',
  'POST /api/supplierSetActive',
  'POST /api/supplierAccountCreate',
  'POST /api/supplierAccountInvite',
  'POST /api/personnelList',
  'POST /api/personnelSave',
  'POST /api/personnelSetActive',
  'POST /api/supplierAssignmentOptions',
  'POST /api/supplierReviewerSearch',
  'POST /api/supplierAssignmentCreate',
  'POST /api/supplierAssignmentList',
  'POST /api/supplierAssignmentResend',
  'POST /api/requirementTypeList',
  'POST /api/requirementTypeSave',
  'POST /api/requirementTypeSetActive',
  'POST /api/requirementTypeCourseOptions',
  'POST /api/supplierRequirementCreate',
  'POST /api/supplierRequirementList',
  'POST /api/supplierRequirementResend',
  'POST /api/supplierCompanyPortalAccounts',
  'POST /api/supplierCompanyPortalAccessSet',
];

/** The document library (the document and documentEdit keys, which Mia's role has). */
const DOCUMENT_KEYS = [
  'POST /api/documentReviewDetails',
  'POST /api/documentReviewComplete',
  'POST /api/documentList',
  'GET /api/documentListCsv',
  'POST /api/documentFolders',
  'POST /api/documentFolderSave',
  'POST /api/documentOptions',
  'POST /api/documentPeopleSearch',
  'POST /api/documentCreate',
  'POST /api/documentUpdate',
  'POST /api/documentVersionUpload',
  'POST /api/documentDetails',
  'POST /api/documentReaders',
  'GET /api/documentVersionFile/:versionId',
  'POST /api/documentAcknowledgementOpen',
  'POST /api/documentAcknowledge',
  'POST /api/documentMyAcknowledgements',
  'POST /api/documentApprovalOpen',
  'POST /api/documentApprovalDecide',
  'POST /api/documentRevisionWithdraw',
  'POST /api/documentAttachmentUpload',
  'POST /api/documentActionCreate',
  'POST /api/documentActionComplete',
];

/** The Obligations register (the obligation key, which Mia's role has): employees only. */
const OBLIGATION_KEY = [
  'POST /api/obligationList',
  'GET /api/obligationExport',
  'POST /api/obligationDetails',
  'POST /api/obligationOptions',
  'POST /api/obligationPeopleSearch',
  'POST /api/obligationSave',
  'POST /api/obligationDelete',
  'POST /api/obligationAttachmentUpload',
  'POST /api/obligationReviewDetails',
  'POST /api/obligationReviewComplete',
];
/** Audit Inspection (the audit keys, which Mia's role has): employees only. */
const AUDIT_KEYS = [
  'POST /api/auditRegisterList',
  'GET /api/auditRegisterExport',
  'POST /api/myAuditList',
  'GET /api/myAuditExport',
  'POST /api/auditOptions',
  'POST /api/auditPeopleSearch',
  'POST /api/auditCreate',
  'POST /api/auditDetails',
  'POST /api/auditSave',
  'POST /api/auditFinding',
  'POST /api/auditClose',
  'POST /api/auditReopen',
  'POST /api/auditAttachmentUpload',
];
/**
 * The Asset Register and the Maintenance Register (issue 44; the plant key, which Mia's role has)
 * and reporting a fault (any employee): employees only. The maintenance work's own calls (a
 * record's details, completion, files) serve its supplier company's users too: MAINTENANCE_WORK.
 */
const PLANT_KEY = [
  'POST /api/assetList',
  'GET /api/assetExport',
  'POST /api/assetOptions',
  'POST /api/assetPickerSearch',
  'POST /api/assetDetails',
  'POST /api/assetHistory',
  'POST /api/assetSave',
  'POST /api/assetStatusSet',
  'POST /api/assetFilesAdd',
  'POST /api/assetImport',
  'POST /api/assetCategorySave',
  'POST /api/assetCategoryDelete',
  'GET /api/assetQrLabel/:assetId',
  'POST /api/assetFaultReport',
  'POST /api/maintenancePlanList',
  'POST /api/maintenancePlanSave',
  'POST /api/maintenancePlanStop',
  'POST /api/maintenanceList',
  'GET /api/maintenanceExport',
  'POST /api/maintenanceReassign',
];
/** A maintenance record's work: its assignee employee or supplier company (assetMaintenance.test.ts). */
const MAINTENANCE_WORK = [
  'POST /api/maintenanceDetails',
  'POST /api/maintenanceComplete',
  'POST /api/maintenanceFilesAdd',
];
/**
 * TimeSheet (issue 45): employees only, served to every employee (their own week); whose weeks
 * they open, correct and approve the service rules on (timesheets.test.ts).
 */
const TIMESHEETS = [
  'POST /api/timesheetPeople',
  'POST /api/timesheetWeek',
  'POST /api/timesheetEntryCorrect',
  'POST /api/timesheetWeekApprove',
  'POST /api/timesheetWeekUnapprove',
  'GET /api/timesheetExport',
];
/**
 * Vismate (issue 45): the setup, kiosks and the visitor register, employees with the vismate key
 * (which Mia's role has); visitors' personal data stays with them (visitorSetup.test.ts,
 * visitorRegister.test.ts).
 */
const VISMATE_KEY = [
  'POST /api/visitorSetupList',
  'POST /api/visitorSetupDetails',
  'POST /api/visitorSetupSave',
  'POST /api/visitorSetupDocumentsAdd',
  'POST /api/visitorSetupDocumentDelete',
  'POST /api/visitorKioskCreate',
  'POST /api/visitorKioskRevoke',
  'POST /api/visitList',
  'GET /api/visitExport',
  'POST /api/visitDetails',
  'POST /api/visitSignOut',
  'POST /api/onSiteNow',
];
/**
 * Reports & Charts (issue 46): employees with reportChart (which Mia's role has); each report's
 * area key, and whose saved reports are seen, the service rules on (reports.test.ts, reportsSaved.test.ts).
 */
const REPORT_CHART = [
  'POST /api/reportData',
  'POST /api/reportRecords',
  'GET /api/reportOptions',
  'GET /api/reportExport',
  'GET /api/savedReportList',
  'GET /api/savedReportDetails',
  'POST /api/savedReportSave',
  'POST /api/savedReportDelete',
  'GET /api/reportRoles',
];
/** Tasks and reminders (the task key, which Mia's role has): employees only. */
const TASK_KEY = [
  'POST /api/taskList',
  'POST /api/taskDetails',
  'POST /api/taskOptions',
  'POST /api/taskPeopleSearch',
  'POST /api/taskSave',
  'POST /api/taskSignOff',
];
/** The risk and hazardous substances registers (keys `risk` and `hazardous`, which Mia's role lacks). */
const REGISTER_KEYS = ['risk', 'hazardous'].flatMap((prefix) =>
  [
    'List',
    'Details',
    'Save',
    'Delete',
    'People',
    'Workplaces',
    'ActionAdd',
    'FilesAdd',
    'RegisterReviewDetails',
    'RegisterReviewComplete',
    ...(prefix === 'risk' ? ['Matrix'] : ['SdsUpload']),
  ]
    .map((call) => `POST /api/${prefix}${call}`)
    .concat(`GET /api/${prefix}Export`),
);

/** The action register (key `actionRegister`, which Mia's role lacks): employees only. */
const ACTION_REGISTER_KEY = [
  'POST /api/actionRegisterList',
  'GET /api/actionRegisterExport',
  'POST /api/actionRegisterDetails',
  'POST /api/actionRegisterReassign',
  'POST /api/actionRegisterAssignees',
];

/** The competency catalogue's changes (hrAdmin, which Mia's role lacks; COMPETENCIES has the rest). */
const COMPETENCY_CATALOGUE = [
  'POST /api/competencySave',
  'POST /api/competencySetActive',
  'POST /api/competencyPositionsSet',
];

/** What still answers while a forced password change is pending (issue 13: nothing else). */
const DURING_PASSWORD_CHANGE = ['POST /api/logout', 'GET /api/permissions', 'POST /api/changePassword'];

/**
 * What an API token may never call (docs/integrations.md): the calls on a session, a password or
 * another account, managing the tokens themselves, and identity administration (how people sign
 * in, sign-in links and locks) need a person signed in.
 */
const SESSION_ONLY = [
  'POST /api/logout',
  'GET /api/permissions',
  'POST /api/changePassword',
  'GET /api/signIn/switch/:id',
  'GET /api/accounts/:id',
  'POST /api/updateUsername',
  'GET /api/apiTokenList',
  'POST /api/apiTokenCreate',
  'POST /api/apiTokenRevoke',
  'POST /api/ssoSettingsUpdate',
  'POST /api/employeeInvite',
  'POST /api/employeeUnlock',
  'POST /api/supplierAccountInvite',
];

/** What still answers a supplier whose portal is off: leaving (sign-out, switching back) and permissions. */
const WITH_PORTAL_OFF = ['POST /api/logout', 'GET /api/permissions', 'GET /api/signIn/switch/:id'];

const GATE_CODES = [
  'not_signed_in',
  'password_change_required',
  'supplier_portal_disabled',
  'caller_not_served',
  'access_key_missing',
  'session_required',
];

type CallerName =
  | 'guest'
  | 'employee'
  | 'supplier'
  | 'personnel'
  | 'link'
  | 'passwordChange'
  | 'portalOff'
  | 'accessOff'
  | 'apiToken';

/** The gate's expected answer: served (null) or the error_code of its refusal. */
function expected(route: string, caller: CallerName): string | null {
  if (PUBLIC.includes(route)) return null;
  switch (caller) {
    case 'guest':
      return 'not_signed_in';
    case 'link':
      return LINK.includes(route) ? null : 'not_signed_in';
    case 'passwordChange':
      return DURING_PASSWORD_CHANGE.includes(route) ? null : 'password_change_required';
    // An administrator's token with every key: served as that employee, except what needs a person.
    case 'apiToken':
      if (SESSION_ONLY.includes(route)) return 'session_required';
      return [...LINK_ONLY, ...SUPPLIERS_ONLY, ...SUPPLIER_MAIN_ONLY].includes(route)
        ? 'caller_not_served'
        : null;
    // accessOff: a supplier account whose portal access its company turned off.
    case 'portalOff':
    case 'accessOff':
      return WITH_PORTAL_OFF.includes(route) ? null : 'supplier_portal_disabled';
    case 'supplier':
    case 'personnel':
      if (caller === 'personnel' && [...NOT_PERSONNEL, ...SUPPLIER_MAIN_ONLY].includes(route))
        return 'caller_not_served';
      if (NOT_PERSONNEL.includes(route)) return null;
      if (TRAINEE.includes(route)) return caller === 'personnel' ? null : 'caller_not_served';
      return [
        ...EMPLOYEE_ONLY,
        ...LINK_ONLY,
        ...SYSTEM_KEY,
        ...HR_KEYS,
        ...SUPPLIER_KEY,
        ...DOCUMENT_KEYS,
        ...OBLIGATION_KEY,
        ...AUDIT_KEYS,
        ...TASK_KEY,
        ...PLANT_KEY,
        ...TIMESHEETS,
        ...VISMATE_KEY,
        ...REPORT_CHART,
        ...REGISTER_KEYS,
        ...ACTION_REGISTER_KEY,
        ...COMPETENCIES,
        ...HR_FORMS,
        ...PERFORMANCE_REVIEWS,
        ...HR_ACTIONS,
        ...ONLINE_TRAINING,
        ...TRAINING_TAKING,
      ].includes(route)
        ? 'caller_not_served'
        : null;
    case 'employee':
      if (
        [
          ...SYSTEM_KEY,
          ...REGISTER_KEYS,
          ...ACTION_REGISTER_KEY,
          ...HR_KEYS,
          ...COMPETENCY_CATALOGUE,
          ...ONLINE_TRAINING,
        ].includes(route)
      )
        return 'access_key_missing';
      return [...LINK_ONLY, ...SUPPLIERS_ONLY, ...SUPPLIER_MAIN_ONLY].includes(route)
        ? 'caller_not_served'
        : null;
  }
}

let ctx: TestContext;
let routes: DeclaredRoute[];
const credentials: Partial<Record<CallerName, { header?: string; query?: string; bearer?: string }>> = {};

beforeAll(async () => {
  ctx = await setupTestApp({ RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_ADDRESS: '1000' });
  routes = ctx.app.declaredRoutes;
  const sessionOf = async (username: string) => ({ header: await signIn(ctx.app, username) });
  credentials.employee = await sessionOf('mia.employee');
  credentials.supplier = await sessionOf('acme.supplier');
  credentials.personnel = await sessionOf('liam.personnel');
  credentials.passwordChange = await sessionOf('noah.expired');
  credentials.portalOff = await sessionOf('zoe.noportal');
  credentials.accessOff = await sessionOf('ava.nguyen@acme-contracting.example');
  await ctx.db.user.update({
    where: { username: 'ava.nguyen@acme-contracting.example' },
    data: { portalAccess: false },
  });
  const mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
  const link = await ctx.db.$transaction((tx) =>
    issueLink(tx, {
      companyId: mia.companyId,
      resourceType: 'submission',
      resourceId: randomUUID(),
      operations: ['read', 'update'],
    }),
  );
  credentials.link = { query: link.token };
  credentials.guest = {};
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/apiTokenCreate',
    headers: { authtoken: await signIn(ctx.app, 'olivia.admin') },
    payload: { name: 'Every call', accessKeys: ACCESS_KEYS },
  });
  credentials.apiToken = { bearer: made.json().response_data.token };
});

const keyOf = (route: DeclaredRoute) => `${route.method} ${route.url}`;

async function call(route: DeclaredRoute, caller: CallerName): Promise<LightMyRequestResponse> {
  const { header, query, bearer } = credentials[caller] ?? {};
  const url = route.url.replace(':provider', 'microsoft').replace(/:[A-Za-z]+/g, randomUUID());
  return ctx.app.inject({
    method: route.method as 'GET' | 'POST',
    url: query ? `${url}?authtoken=${query}` : url,
    headers: {
      ...(header && { authtoken: header }),
      ...(bearer && { authorization: `Bearer ${bearer}` }),
    },
    ...(route.method === 'POST' ? { payload: {} } : {}),
  });
}

describe('route × caller kind', () => {
  it('every route is in the expectations, and every expectation names a route', () => {
    const declared = routes.map(keyOf);
    for (const list of [
      PUBLIC,
      LINK,
      LINK_ONLY,
      EMPLOYEE_ONLY,
      DOCUMENT_KEYS,
      AUDIT_KEYS,
      TASK_KEY,
      PLANT_KEY,
      MAINTENANCE_WORK,
      TIMESHEETS,
      VISMATE_KEY,
      REPORT_CHART,
      KIOSK,
      DURING_PASSWORD_CHANGE,
      WITH_PORTAL_OFF,
      SESSION_ONLY,
      REGISTER_KEYS,
      COMPETENCIES,
      HR_FORMS,
      PERFORMANCE_REVIEWS,
      HR_ACTIONS,
      ONLINE_TRAINING,
      TRAINEE,
      TRAINING_TAKING,
    ])
      for (const route of list) expect(declared).toContain(route);
    // Every route's access is stated: the public ones listed, the rest signed-in by default.
    expect(routes.length).toBeGreaterThan(50);
  });

  const callers: CallerName[] = [
    'guest',
    'employee',
    'supplier',
    'personnel',
    'link',
    'passwordChange',
    'portalOff',
    'accessOff',
    'apiToken',
  ];

  it.each(callers)(
    'the server answers %s on every route as the access rules say, never with a 5xx',
    async (caller) => {
      const wrong: string[] = [];
      // Sign-out ends the session the other calls use: it goes last.
      const ordered = [...routes].sort(
        (a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'),
      );
      for (const route of ordered) {
        const response = await call(route, caller);
        const route_ = keyOf(route);
        const want = expected(route_, caller);
        const isJson = String(response.headers['content-type'] ?? '').includes('json');
        const code = isJson ? (response.json() as { error_code?: string }).error_code : undefined;
        const got = code && GATE_CODES.includes(code) ? code : null;
        if (response.statusCode >= 500) wrong.push(`${route_}: ${response.statusCode} ${response.body}`);
        else if (got !== want)
          wrong.push(
            `${route_}: wanted ${want ?? 'served'}, got ${got ?? 'served'} (${response.statusCode})`,
          );
      }
      expect(wrong).toEqual([]);
    },
  );
});

describe('refusalOf', () => {
  const auth = (overrides: Partial<AuthContext> = {}): AuthContext => ({
    sessionId: randomUUID(),
    token: 't',
    userId: randomUUID(),
    companyId: 'c1',
    timeZone: 'UTC',
    userType: 'employee',
    employeeId: randomUUID(),
    supplierId: null,
    personnelId: null,
    isForceUpdatePassword: false,
    supplier: null,
    accessKeys: new Set(['risk']),
    ...overrides,
  });
  const employee = (overrides?: Partial<AuthContext>): Caller => ({
    kind: 'employee',
    auth: auth(overrides),
  });
  const supplier = (portal: boolean, portalAccess = true): Caller => ({
    kind: 'supplier',
    auth: auth({
      userType: 'supplier',
      employeeId: null,
      supplierId: 's1',
      accessKeys: new Set(),
      supplier: {
        companyId: 'c1',
        supplierPortal: portal,
        supplierAccess: false,
        isActive: true,
        portalAccess,
      },
    }),
  });

  it('refuses an employee whose role lacks a key the route needs, and serves one that has it', () => {
    expect(refusalOf({ callers: ['employee'], accessKeys: ['risk'] }, employee())).toBeNull();
    expect(refusalOf({ callers: ['employee'], accessKeys: ['risk', 'hazardous'] }, employee())?.code).toBe(
      'access_key_missing',
    );
  });

  it('asks for the password change before anything else, and keeps the portal rule for suppliers', () => {
    const pending = employee({ isForceUpdatePassword: true });
    expect(refusalOf({ callers: ['supplier'] }, pending)?.code).toBe('password_change_required');
    expect(refusalOf({ callers: ['supplier'], duringPasswordChange: true }, pending)?.code).toBe(
      'caller_not_served',
    );
    expect(refusalOf({ callers: ['supplier'] }, supplier(false))?.code).toBe('supplier_portal_disabled');
    expect(refusalOf({ callers: ['supplier'], withPortalOff: true }, supplier(false))).toBeNull();
    expect(refusalOf({ callers: ['supplier'] }, supplier(true))).toBeNull();
  });

  it('refuses an account whose company took its portal access away, as if the portal were off', () => {
    expect(refusalOf({ callers: ['supplier'] }, supplier(true, false))?.code).toBe(
      'supplier_portal_disabled',
    );
    expect(refusalOf({ callers: ['supplier'], withPortalOff: true }, supplier(true, false))).toBeNull();
  });

  it("refuses a supplier of another organisation's company as if the portal were off", () => {
    const foreign: Caller = {
      kind: 'supplier',
      auth: auth({
        userType: 'supplier',
        supplierId: 's1',
        supplier: {
          companyId: 'c2',
          supplierPortal: true,
          supplierAccess: true,
          isActive: true,
          portalAccess: true,
        },
      }),
    };
    expect(refusalOf({ callers: ['supplier'] }, foreign)?.code).toBe('supplier_portal_disabled');
  });

  it('refuses an API token a call that needs a person, before anything else, and serves a session there', () => {
    const sessionOnly = { callers: ['employee'], sessionOnly: true, duringPasswordChange: true } as const;
    const token = employee({ apiTokenId: randomUUID(), isForceUpdatePassword: true });
    expect(refusalOf(sessionOnly, token)?.code).toBe('session_required');
    expect(refusalOf(sessionOnly, token)?.statusCode).toBe(403);
    expect(refusalOf(sessionOnly, employee())).toBeNull();
    expect(refusalOf(sessionOnly, employee({ apiTokenId: null }))).toBeNull();
    expect(
      refusalOf({ callers: ['employee'], accessKeys: ['risk'] }, employee({ apiTokenId: randomUUID() })),
    ).toBeNull();
  });

  it('serves anyone on a public route and no guest elsewhere', () => {
    expect(refusalOf({ callers: 'anyone' }, { kind: 'guest' })).toBeNull();
    expect(refusalOf({ callers: ['employee'] }, { kind: 'guest' })?.statusCode).toBe(401);
  });
});
