/**
 * The read calls the API benchmarks measure (bench/api.ts, bench/compare.ts): each call's path and
 * body for the scale organisation, and who asks. `caseIdsOf` looks up the rows the bodies name.
 */
import type pg from 'pg';
import { SCALE_USERS } from '../seed/scaleDb';
import { ASSET_CASES } from './assetCases';
import { COMPETENCY_CASES } from './competencyCases';
import { HR_FORM_CASES } from './hrFormCases';
import { ONLINE_TRAINING_CASES } from './onlineTrainingCases';
import { TRAINING_MATRIX_CASES } from './trainingMatrixCases';
import { PERFORMANCE_REVIEW_CASES } from './performanceReviewCases';
import { REPORT_CASES } from './reportCases';
import { TIMESHEET_VISITOR_CASES, timesheetVisitorIdsOf } from './timesheetVisitorCases';

export interface Ids {
  submissionId: string;
  templateId: string;
  actionId: string;
  busyUserId: string;
  employeeId: string;
  supplierId: string;
  /** The asset with the most maintenance records, and its latest done one. */
  assetId: string;
  maintenanceRecordId: string;
  /** The employee with the most timesheet entries last week; the workplace with the most visits. */
  timesheetEmployeeId: string;
  visitWorkplaceId: string;
}

export interface Case {
  name: string;
  who: 'busy' | 'admin' | 'supplier';
  method: 'GET' | 'POST';
  path: (ids: Ids) => string;
  body?: (ids: Ids) => Record<string, unknown>;
  /** Sent as a browser's accept-encoding: the answer goes out compressed, as the screens get it. */
  acceptEncoding?: string;
}

/** Chromium's accept-encoding. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** A case again, asked for as a browser asks: its answer compressed (over 1 KB) as the screens get it. */
const asBrowser = (base: Case): Case => ({
  ...base,
  name: `${base.name}, as a browser asks (br)`,
  acceptEncoding: BROWSER_ACCEPT_ENCODING,
});

const post = (name: string, who: Case['who'], url: string, body: Case['body'] = () => ({})): Case => ({
  name,
  who,
  method: 'POST',
  path: () => url,
  body,
});

const storedFormDetails = post('formSubmissionDetails', 'busy', '/api/formSubmissionDetails', (ids) => ({
  formSubmissionId: ids.submissionId,
}));
const storedFormLists = post(
  'formSubmissionRelatedLists: a stored form',
  'busy',
  '/api/formSubmissionRelatedLists',
  (ids) => ({ formSubmissionId: ids.submissionId }),
);
const dashboard = post('dashboardList (cached)', 'busy', '/api/dashboardList', () => ({}));
const riskList = post('riskList', 'admin', '/api/riskList');

/** The read calls, in the order they run; add a call (or a module's list: `...X_CASES`) here. */
export const CASES: Case[] = [
  post('formSubmissionList: My Records', 'busy', '/api/formSubmissionList', () => ({ scope: 'my' })),
  post('formSubmissionList: My Records, open', 'busy', '/api/formSubmissionList', () => ({
    scope: 'my',
    status: 'Open',
  })),
  post('formSubmissionList: My Records, by number', 'busy', '/api/formSubmissionList', () => ({
    scope: 'my',
    sort: 'number',
  })),
  post('formSubmissionList: Records', 'admin', '/api/formSubmissionList', () => ({ scope: 'all' })),
  post('formSubmissionList: Records, one template', 'admin', '/api/formSubmissionList', (ids) => ({
    scope: 'all',
    formTemplateId: ids.templateId,
  })),
  post('formSubmissionList: Records, by number', 'admin', '/api/formSubmissionList', () => ({
    scope: 'all',
    sort: 'number',
  })),
  post('formSubmissionList: Records, by description', 'admin', '/api/formSubmissionList', () => ({
    scope: 'all',
    sort: 'formDescription',
    sortDirection: 'asc',
  })),
  post('formSubmissionList: Records, searched', 'admin', '/api/formSubmissionList', () => ({
    scope: 'all',
    search: 'inspection',
  })),
  storedFormDetails,
  asBrowser(storedFormDetails),
  post('formSubmissionHistory', 'busy', '/api/formSubmissionHistory', (ids) => ({
    formSubmissionId: ids.submissionId,
  })),
  post('formSubmissionRelatedLists: a new form', 'busy', '/api/formSubmissionRelatedLists', (ids) => ({
    formTemplateId: ids.templateId,
  })),
  storedFormLists,
  asBrowser(storedFormLists),
  post('relatedOptionSearch: employees', 'busy', '/api/relatedOptionSearch', () => ({
    kind: 'employee',
    search: 'son',
  })),
  post('relatedOptionSearch: employees, page 5', 'busy', '/api/relatedOptionSearch', () => ({
    kind: 'employee',
    search: '',
    page: 5,
  })),
  post('relatedOptionSearch: personnel', 'busy', '/api/relatedOptionSearch', () => ({
    kind: 'personnel',
    search: 'an',
  })),
  post('relatedOptionSearch: a number', 'busy', '/api/relatedOptionSearch', () => ({
    kind: 'submission',
    search: 'FS 1042',
  })),
  post('formSubmissionRelatedLists: a supplier user', 'supplier', '/api/formSubmissionRelatedLists'),
  post('relatedOptionSearch: a supplier user', 'supplier', '/api/relatedOptionSearch', () => ({
    kind: 'employee',
    search: '',
  })),
  post('relatedOptionSearch: submissions', 'busy', '/api/relatedOptionSearch', () => ({
    kind: 'submission',
    search: 'inspection',
  })),
  post('formTemplateList', 'busy', '/api/formTemplateList'),
  post('formTemplateDetail', 'busy', '/api/formTemplateDetail', (ids) => ({ _id: ids.templateId })),
  { name: 'permissions', who: 'busy', method: 'GET', path: () => '/api/permissions' },
  { name: 'accounts', who: 'busy', method: 'GET', path: (ids) => `/api/accounts/${ids.busyUserId}` },
  post('noticeboardList', 'busy', '/api/noticeboardList', () => ({ page: 1, pageSize: 20 })),
  post('assignedActionDetails', 'busy', '/api/assignedActionDetails', (ids) => ({
    sectionType: 'form',
    taskId: ids.actionId,
  })),
  dashboard,
  asBrowser(dashboard),
  post('employeeList', 'admin', '/api/employeeList'),
  post('employeeList: page 50', 'admin', '/api/employeeList', () => ({ page: 50 })),
  post('employeeList: invited', 'admin', '/api/employeeList', () => ({ status: 'invited' })),
  post('employeeFormOptions', 'admin', '/api/employeeFormOptions'),
  post('roleList', 'admin', '/api/roleList'),
  post('workplaceList', 'admin', '/api/workplaceList'),
  post('positionList', 'admin', '/api/positionList'),
  post('employeeList: searched', 'admin', '/api/employeeList', () => ({ search: 'son' })),
  post('employeeDetails', 'admin', '/api/employeeDetails', (ids) => ({ _id: ids.employeeId })),
  post('supplierList', 'admin', '/api/supplierList'),
  post('personnelList', 'admin', '/api/personnelList'),
  post('personnelList: one company', 'admin', '/api/personnelList', (ids) => ({
    supplierId: ids.supplierId,
  })),
  post('noticeAdminList', 'admin', '/api/noticeAdminList'),
  post('noticeAdminList: live', 'admin', '/api/noticeAdminList', () => ({ status: 'live' })),
  post('noticeAdminList: searched', 'admin', '/api/noticeAdminList', () => ({ search: 'safety' })),
  post('templateAdminList', 'admin', '/api/templateAdminList'),
  post('supplierAssignmentList', 'admin', '/api/supplierAssignmentList'),
  post('supplierAssignmentList: submitted', 'admin', '/api/supplierAssignmentList', () => ({
    status: 'submitted',
  })),
  post('supplierAssignmentList: one company', 'admin', '/api/supplierAssignmentList', (ids) => ({
    supplierId: ids.supplierId,
  })),
  post('supplierAssignmentOptions', 'admin', '/api/supplierAssignmentOptions'),
  post('supplierRequirementList', 'admin', '/api/supplierRequirementList'),
  post('supplierRequirementList: expiring soon', 'admin', '/api/supplierRequirementList', () => ({
    state: 'expiringSoon',
  })),
  post('supplierRequirementList: searched', 'admin', '/api/supplierRequirementList', () => ({
    search: 'insurance',
  })),
  post('requirementTypeList', 'admin', '/api/requirementTypeList'),
  post('documentList', 'admin', '/api/documentList'),
  post('documentList: searched', 'admin', '/api/documentList', () => ({ search: 'procedure 01' })),
  post('documentList: review overdue, by next review', 'admin', '/api/documentList', () => ({
    review: 'overdue',
    sort: 'nextReviewDate',
  })),
  post('documentList: approval pending', 'admin', '/api/documentList', () => ({ status: 'approvalPending' })),
  post('documentList: page 50, recently changed', 'admin', '/api/documentList', () => ({
    page: 50,
    sort: '-updatedAt',
  })),
  post('documentMyAcknowledgements', 'busy', '/api/documentMyAcknowledgements'),
  post('supplierCompliance', 'admin', '/api/supplierCompliance', (ids) => ({ supplierId: ids.supplierId })),
  post('changeLogList', 'admin', '/api/changeLogList', (ids) => ({
    entityType: 'employee',
    entityId: ids.employeeId,
  })),
  post('obligationList', 'admin', '/api/obligationList'),
  post('obligationList: overdue questions', 'admin', '/api/obligationList', () => ({
    compliance: 'overdue',
  })),
  post('obligationList: compliant', 'admin', '/api/obligationList', () => ({ compliance: 'compliant' })),
  post('obligationList: permits, by name', 'admin', '/api/obligationList', () => ({
    type: 'permit',
    sort: 'name',
  })),
  post('obligationList: searched', 'admin', '/api/obligationList', () => ({ search: 'fire' })),
  post('obligationList: page 50', 'admin', '/api/obligationList', () => ({ page: 50 })),
  post('auditRegisterList', 'admin', '/api/auditRegisterList'),
  post('auditRegisterList: in progress, by name', 'admin', '/api/auditRegisterList', () => ({
    status: 'inProgress',
    sort: 'name',
  })),
  post('auditRegisterList: searched', 'admin', '/api/auditRegisterList', () => ({ search: 'audit 12' })),
  post('auditRegisterList: page 50', 'admin', '/api/auditRegisterList', () => ({ page: 50 })),
  post('myAuditList', 'busy', '/api/myAuditList'),
  post('taskList', 'admin', '/api/taskList'),
  post('taskList: overdue', 'admin', '/api/taskList', () => ({ overdue: true })),
  post('taskList: signed off, latest first', 'admin', '/api/taskList', () => ({
    status: 'completed',
    sortDirection: 'desc',
  })),
  post('taskList: searched', 'admin', '/api/taskList', () => ({ search: 'inspection' })),
  post('taskList: page 50', 'admin', '/api/taskList', () => ({ page: 50 })),
  post('actionRegisterList', 'admin', '/api/actionRegisterList'),
  post('actionRegisterList: overdue', 'admin', '/api/actionRegisterList', () => ({ status: 'overdue' })),
  post('actionRegisterList: the busy employee', 'admin', '/api/actionRegisterList', (ids) => ({
    assigneeEmployeeId: ids.employeeId,
  })),
  post('actionRegisterList: audits', 'admin', '/api/actionRegisterList', () => ({ source: 'audit' })),
  post('actionRegisterList: searched', 'admin', '/api/actionRegisterList', () => ({ search: 'procedure' })),
  // A word in no instruction: without the trigram indexes every open action is read twice.
  post('actionRegisterList: searched, no match', 'admin', '/api/actionRegisterList', () => ({
    search: 'xylophone',
  })),
  post('actionRegisterList: by assignee', 'admin', '/api/actionRegisterList', () => ({ sort: 'assignee' })),
  post('actionRegisterList: all, newest assigned', 'admin', '/api/actionRegisterList', () => ({
    status: 'all',
    sort: 'assignedOn',
  })),
  // HR Action: the HR forms' and reviews' actions, found among the form actions one lookup a row.
  post('hrActionList', 'admin', '/api/hrActionList'),
  post('hrActionList: reviews', 'admin', '/api/hrActionList', () => ({ source: 'review' })),
  post('hrActionList: searched', 'admin', '/api/hrActionList', () => ({ search: 'procedure' })),
  post('hrActionList: by assignee', 'admin', '/api/hrActionList', () => ({ sort: 'assignee' })),
  riskList,
  asBrowser(riskList),
  post('riskList: highest rating', 'admin', '/api/riskList', () => ({ sort: 'rating' })),
  post('riskList: red, due for review', 'admin', '/api/riskList', () => ({ colour: 'red', due: 'yes' })),
  post('riskList: searched', 'admin', '/api/riskList', () => ({ search: 'height' })),
  post('riskList: page 100', 'admin', '/api/riskList', () => ({ page: 100, sort: 'name' })),
  post('riskMatrix', 'admin', '/api/riskMatrix'),
  post('hazardousList', 'admin', '/api/hazardousList'),
  post('hazardousList: SDS due', 'admin', '/api/hazardousList', () => ({ sdsDue: 'yes', sort: 'sdsIssue' })),
  post('hazardousList: flammable, searched', 'admin', '/api/hazardousList', () => ({
    hazardClass: 'flammable',
    search: 'diesel',
  })),
  ...COMPETENCY_CASES,
  ...HR_FORM_CASES,
  ...PERFORMANCE_REVIEW_CASES,
  ...ONLINE_TRAINING_CASES,
  ...TRAINING_MATRIX_CASES,
  ...ASSET_CASES,
  ...TIMESHEET_VISITOR_CASES,
  ...REPORT_CASES,
];

/** The rows the cases name, looked up in the scale organisation `companyId`. */
export async function caseIdsOf(client: pg.ClientBase, companyId: string): Promise<Ids> {
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) => {
    const row = (await client.query<T>(text, values)).rows[0];
    if (!row) throw new Error(`The scale seed lacks: ${text}`);
    return row;
  };
  const busy = await one<{ id: string; employeeId: string }>(
    `SELECT id, "employeeId" FROM "User" WHERE username = $1`,
    [SCALE_USERS.busy],
  );
  // The busy user's submission with the most actions: the heaviest details and history.
  const submission = await one<{ id: string; templateId: string }>(
    `SELECT f.id, f."templateId" FROM "SubmissionCoordinator" c JOIN "FormSubmission" f ON f.id = c."submissionId"
     WHERE c."companyId" = $1 AND c."employeeId" = $2
     ORDER BY (SELECT count(*) FROM "Action" a WHERE a."submissionId" = f.id) DESC, f.id LIMIT 1`,
    [companyId, busy.employeeId],
  );
  const asset = await one<{ id: string }>(
    `SELECT "assetId" AS id FROM "MaintenanceRecord" WHERE "companyId" = $1
     GROUP BY "assetId" ORDER BY count(*) DESC, "assetId" LIMIT 1`,
    [companyId],
  );
  return {
    ...(await timesheetVisitorIdsOf(client, companyId)),
    assetId: asset.id,
    maintenanceRecordId: (
      await one<{ id: string }>(
        `SELECT id FROM "MaintenanceRecord" WHERE "assetId" = $1 AND status = 'done'
         ORDER BY "completedOn" DESC, id LIMIT 1`,
        [asset.id],
      )
    ).id,
    submissionId: submission.id,
    templateId: submission.templateId,
    busyUserId: busy.id,
    employeeId: busy.employeeId,
    actionId: (
      await one<{ id: string }>(
        `SELECT id FROM "Action" WHERE "companyId" = $1 AND "assigneeEmployeeId" = $2 ORDER BY id LIMIT 1`,
        [companyId, busy.employeeId],
      )
    ).id,
    supplierId: (
      await one<{ id: string }>(
        `SELECT id FROM "SupplierCompany" WHERE "companyId" = $1 ORDER BY name LIMIT 1`,
        [companyId],
      )
    ).id,
  };
}
