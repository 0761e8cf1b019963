/**
 * The dashboard calls of 000 sections 2.2, 3, 4, 6 and 7: dashboardList, dashboardSupplierList,
 * dashboardPieChart, dashboardBarChart, and the noticeboard. Wire names are the specification's,
 * odd spellings included (hrReviwer, formSumissionId, formatedNumber, scheduledActivites).
 * What each section contains is described in docs/dashboard.md.
 */
import { z } from 'zod';
import { NOTICE_PRIORITIES } from '../constants';
import { DASHBOARD_PERIODS, DEFAULT_TIME_ZONE, isValidTimeZone } from '../rules/dashboardPeriods';
import { TASK_DUE_TYPES } from '../rules/taskDueType';
import { messages } from '../messages';
import { ACCESS, defineCall } from './call';
import { ZDay, ZPage, ZYesNo } from './envelope';

export const TIME_ZONE_MESSAGE = 'Please send a valid IANA time zone (for example Australia/Sydney).';

/** An IANA time zone, checked against the runtime's Intl data. */
export const ZTimeZone = z.string().refine(isValidTimeZone, TIME_ZONE_MESSAGE);

/** The item badges of 000 section 4. */
export const DASHBOARD_BADGES = [
  'Pending Completion',
  'Pending For Review',
  'Pending For Review by co-Reviewer',
  'Approval Pending',
  'Assessment pending',
  'Ready For Review',
] as const;
export const ZBadge = z.enum(DASHBOARD_BADGES);
export type TBadge = z.infer<typeof ZBadge>;

export const ZTaskDueDateType = z.enum(TASK_DUE_TYPES);

/** Every dashboard section: the full count of open items and the first of them (capped). */
export function sectionOf<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int().min(0), list: z.array(item) });
}

/** How many items a section's list carries at most; `total` is always the full count. */
export const DASHBOARD_LIST_LIMIT = 50;

// ---------- Items ----------

/** Task item (scheduled tasks): an audit or reminder to do, assigned to the caller. */
export const ZScheduledTaskItem = z.object({
  _id: z.uuid(),
  sectionType: z.enum(['audit', 'reminder']),
  title: z.string(),
  detail: z.string().nullable(),
  /** The employee the task is for, and their name. */
  assignFor: z.uuid().nullable(),
  assignForName: z.string().nullable(),
  /** The title and details of the assigned task, as the task dialog shows them. */
  assignTitle: z.string(),
  assignDetails: z.string().nullable(),
  formTemplate: z.uuid().nullable(),
  formTemplateName: z.string().nullable(),
  formSubmission: z.uuid().nullable(),
  taskOwner: z.uuid().nullable(),
  taskOwnerName: z.string().nullable(),
  workplace: z.uuid().nullable(),
  workplaceName: z.string().nullable(),
  branch: z.uuid().nullable(),
  branchName: z.string().nullable(),
  frequency: z.string().nullable(),
  dueDate: ZDay,
  createdAt: ZDay,
  taskDueDateType: ZTaskDueDateType,
  badge: ZBadge,
});
export type TScheduledTaskItem = z.infer<typeof ZScheduledTaskItem>;

/** HR form item: an HR form to fill in (hrAssessment, performanceReview) or to review (hrReviwer). */
export const ZHrFormItem = z.object({
  _id: z.uuid(),
  sectionType: z.enum(['hrAssessment', 'hrReviwer', 'performanceReview']),
  formName: z.string(),
  formId: z.uuid(),
  employee: z.uuid(),
  employeeName: z.string(),
  reviewer: z.uuid().nullable(),
  reviewerName: z.string().nullable(),
  formSumissionId: z.uuid().nullable(),
  status: z.enum(['assigned', 'submitted']),
  createdAt: ZDay,
  dueDate: ZDay,
  taskDueDateType: ZTaskDueDateType,
  badge: ZBadge,
});
export type THrFormItem = z.infer<typeof ZHrFormItem>;

/** Form coordination item: an open or draft submission the caller coordinates. */
export const ZFormCoordinationItem = z.object({
  _id: z.uuid(),
  formSumissionId: z.uuid(),
  /** 'FS 1001'; null for a submission without a number. */
  formatedNumber: z.string().nullable(),
  formTemplate: z.string(),
  formTemplateId: z.uuid(),
  formType: z.enum(['form-submission', 'supplier', 'hr', 'qr']),
  formDescription: z.string(),
  isDraft: ZYesNo,
  formDate: ZDay,
  workplaceName: z.string().nullable(),
  branchName: z.string().nullable(),
  /** Judged on formDate (the date the pie chart buckets forms by). */
  taskDueDateType: ZTaskDueDateType,
  badge: ZBadge,
});
export type TFormCoordinationItem = z.infer<typeof ZFormCoordinationItem>;

/**
 * Scheduled review item: a register item review the caller does as reviewer or co-reviewer, or a
 * competency to renew (sectionType competency: _id the latest record, itemId its employee, the
 * caller or one of their direct reports; actionBy that employee; dueDate the expiry).
 */
export const ZScheduledReviewItem = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** The register: decides the review page (document, risk, hazardous, obligation, competency). */
  sectionType: z.enum(['document', 'riskRegister', 'hazardousRegister', 'obligation', 'competency']),
  itemId: z.uuid(),
  /** What the caller does: the review itself, or the co-review. */
  actionType: z.enum(['review', 'coReview']),
  /** The reviewer the review belongs to. */
  actionBy: z.string(),
  isCoReviewed: ZYesNo,
  dueDate: ZDay,
  createdAt: ZDay,
  taskDueDateType: ZTaskDueDateType,
  badge: ZBadge,
});
export type TScheduledReviewItem = z.infer<typeof ZScheduledReviewItem>;

export const ASSIGNED_ACTION_TYPES = [
  'document-requestApprove',
  'document-rejected',
  'document-assign',
  /** An action raised from a document (not in the specification's list: docs/decisions.md). */
  'document-action',
] as const;

/** Assigned action item: a form task, audit or obligation question, or document to act on. */
export const ZAssignedActionItem = z.object({
  _id: z.uuid(),
  sectionType: z.enum(['audit', 'obligation', 'form', 'document']),
  /**
   * The parent: 'FS 1001 Incident Report', the audit, obligation or document name, a risk's or
   * substance's name, or 'Performance review — <employee>' for a review's agreed action.
   */
  itemName: z.string(),
  /** The instruction (form, audit, obligation) or what to do with the document. */
  instructionShow: z.string(),
  /** The audit question or obligation reference; null for forms and documents. */
  question: z.string().nullable(),
  dueDate: ZDay,
  auditId: z.uuid().nullable(),
  obligationId: z.uuid().nullable(),
  documentId: z.uuid().nullable(),
  formSumissionId: z.uuid().nullable(),
  /** The task row's id (what the action dialog and my-action-edit/{submission}/{id} open). */
  taskID: z.uuid(),
  /** The task number within its submission (forms only). */
  taskNumber: z.number().int().nullable(),
  /** Documents only: approve a requested document, or acknowledge an assigned one. */
  actionType: z.enum(ASSIGNED_ACTION_TYPES).nullable(),
  /** A response is saved as a draft. */
  isDraft: ZYesNo,
  taskDueDateType: ZTaskDueDateType,
  badge: ZBadge,
  /**
   * Whose action it is when it is not the caller's own: a supplier company account lists its
   * people's actions (which it completes on their behalf). Null for the caller's own.
   */
  assigneeName: z.string().nullable(),
});
export type TAssignedActionItem = z.infer<typeof ZAssignedActionItem>;

/** Online training item: a training to attempt (employee) or an attempt to review (reviewer). */
export const ZOnlineTrainingItem = z.object({
  _id: z.uuid(),
  /** The assignment id, the assignFormId query of the training pages. */
  assignFormId: z.uuid(),
  formName: z.string(),
  formId: z.uuid(),
  /** The trainee: an employee, or a supplier's person (a site induction, on its reviewer's list). */
  employee: z.uuid(),
  employeeName: z.string(),
  formSumissionId: z.uuid().nullable(),
  completeBy: ZDay,
  /** Minutes. */
  expectationDuration: z.number().int(),
  completedTestAttempt: z.number().int(),
  noTestAttempt: z.number().int(),
  /** attempt (first try), reTest (tries left), view (no tries left), review (reviewer). */
  action: z.enum(['attempt', 'reTest', 'view', 'review']),
  isAttempted: ZYesNo,
  actionType: z.enum(['employee', 'reviewer']),
  taskDueDateType: ZTaskDueDateType,
  badge: ZBadge,
});
export type TOnlineTrainingItem = z.infer<typeof ZOnlineTrainingItem>;

/**
 * Maintenance item: open maintenance of an asset (docs/assets.md) assigned to the caller, or to the
 * caller's supplier company in the portal; it opens maintenanceRecordPath(_id).
 */
export const ZMaintenanceItem = z.object({
  _id: z.uuid(),
  assetId: z.uuid(),
  assetNumber: z.string(),
  assetName: z.string(),
  title: z.string(),
  /** Planned (from a plan) or corrective (from a fault). */
  kind: z.enum(['planned', 'corrective']),
  location: z.string(),
  workplaceName: z.string().nullable(),
  dueDate: ZDay,
  createdAt: ZDay,
  taskDueDateType: ZTaskDueDateType,
  badge: ZBadge,
});
export type TMaintenanceItem = z.infer<typeof ZMaintenanceItem>;

/** Supplier item: a supplier form (assessment) or a document requirement of an external party. */
export const ZSupplierItem = z.object({
  _id: z.uuid(),
  sectionType: z.enum([
    'supplierAssessment',
    'supplierReviwer',
    'reviewUpcomingSupplier',
    'reviewUpcomingPersonnel',
  ]),
  /** The organisation (tenant) the item belongs to, as the external-party links need it. */
  companyId: z.uuid(),
  companyName: z.string(),
  /** The supplier company. */
  supplier: z.uuid(),
  supplierName: z.string(),
  personnel: z.uuid().nullable(),
  personnelName: z.string().nullable(),
  /** Requirements: the document type; null for forms. */
  documentTypeName: z.string().nullable(),
  /** Forms: the template; null for requirements. */
  formName: z.string().nullable(),
  formId: z.uuid().nullable(),
  formSumissionId: z.uuid().nullable(),
  status: z.enum(['assigned', 'submitted', 'pending', 'rejected']),
  dueDate: ZDay,
  expiryDate: ZDay.nullable(),
  taskDueDateType: ZTaskDueDateType,
  badge: ZBadge,
});
export type TSupplierItem = z.infer<typeof ZSupplierItem>;

/** A notice of the noticeboard; content is cut at 1000 characters in lists (isTruncated 'yes'). */
export const ZNotice = z.object({
  _id: z.uuid(),
  title: z.string(),
  content: z.string(),
  isTruncated: ZYesNo,
  priority: z.enum(NOTICE_PRIORITIES),
  startDate: ZDay,
  expireDate: ZDay.nullable(),
  /** path is the stored attachment's id; the download URL is filePath + path. */
  attachment: z.array(z.object({ _id: z.uuid(), name: z.string(), path: z.string() })),
  employeeDetails: z
    .object({ firstName: z.string(), lastName: z.string(), profileImage: z.string().nullable() })
    .nullable(),
  positionDetails: z.object({ name: z.string() }).nullable(),
  createdAt: ZDay,
});
export type TNotice = z.infer<typeof ZNotice>;

// ---------- Calls ----------

const timeZoneField = ZTimeZone.default(DEFAULT_TIME_ZONE);

/** POST /api/dashboardList: `{}`; localTimeZone decides "today" (default UTC). */
export const ZDashboardListRequest = z.object({ localTimeZone: timeZoneField });
export type TDashboardListRequest = z.input<typeof ZDashboardListRequest>;

export const ZDashboardSections = z.object({
  scheduledTasks: sectionOf(ZScheduledTaskItem),
  hrForms: sectionOf(ZHrFormItem),
  formCoordination: sectionOf(ZFormCoordinationItem),
  scheduledReviews: sectionOf(ZScheduledReviewItem),
  assignedActions: sectionOf(ZAssignedActionItem),
  employeeOnlineTrainingAssessment: sectionOf(ZOnlineTrainingItem),
  reviewOnlineTrainingAssessment: sectionOf(ZOnlineTrainingItem),
  externalPartiesForms: sectionOf(ZSupplierItem),
  /** Open maintenance of assets assigned to the caller (not in the specification: docs/assets.md). */
  scheduledMaintenance: sectionOf(ZMaintenanceItem),
  myNoticeboard: sectionOf(ZNotice),
});
export type TDashboardSections = z.infer<typeof ZDashboardSections>;

export const ZDashboardListResponse = z.object({
  list: ZDashboardSections,
  /** Prefix of file URLs: a notice attachment downloads from filePath + attachment.path. */
  filePath: z.string(),
});
export type TDashboardListResponse = z.infer<typeof ZDashboardListResponse>;

/** POST /api/dashboardSupplierList: `{}`. */
export const ZDashboardSupplierListRequest = z.object({ localTimeZone: timeZoneField });
export type TDashboardSupplierListRequest = z.input<typeof ZDashboardSupplierListRequest>;

export const ZDashboardSupplierListResponse = z.object({
  /** Company requirements (Company Requirements). */
  supplierReviewDocuments: sectionOf(ZSupplierItem),
  /** Personnel requirements (Personnel Requirements). */
  personnelReviewDocuments: sectionOf(ZSupplierItem),
  /** Supplier forms (Assigned Forms). */
  supplierAssessment: sectionOf(ZSupplierItem),
  /** Actions assigned to the supplier's personnel (Assigned Actions). */
  assignedActions: sectionOf(ZAssignedActionItem),
  /** Open maintenance of the organisation's assets assigned to the supplier company (docs/assets.md). */
  scheduledMaintenance: sectionOf(ZMaintenanceItem),
});
export type TDashboardSupplierListResponse = z.infer<typeof ZDashboardSupplierListResponse>;

/** POST /api/dashboardPieChart. */
export const ZDashboardPieChartRequest = z.object({ localTimeZone: timeZoneField });
export type TDashboardPieChartRequest = z.input<typeof ZDashboardPieChartRequest>;

/** One pie: total = today + upcoming + due ('due' is overdue). */
export const ZPieEntry = z.object({
  total: z.number().int().min(0),
  today: z.number().int().min(0),
  upcoming: z.number().int().min(0),
  due: z.number().int().min(0),
});
export type TPieEntry = z.infer<typeof ZPieEntry>;

export const ZDashboardPieChartResponse = z.object({
  form: ZPieEntry,
  assignAction: ZPieEntry,
  scheduledActivites: ZPieEntry,
});
export type TDashboardPieChartResponse = z.infer<typeof ZDashboardPieChartResponse>;

export const ZBarChartType = z.enum(['assignAction', 'companyOverview']);
export const ZSelectedDay = z.enum(DASHBOARD_PERIODS);

/**
 * POST /api/dashboardBarChart. The client also sends its own range (startToday, endToday,
 * startDay, endDay); the server recomputes the range from selectedDay and localTimeZone and uses
 * that, so these four are informative only.
 */
export const ZDashboardBarChartRequest = z.object({
  barChartType: ZBarChartType.default('assignAction'),
  selectedDay: ZSelectedDay.default('month'),
  localTimeZone: timeZoneField,
  startToday: z.string().max(64).optional(),
  endToday: z.string().max(64).optional(),
  startDay: z.string().max(64).optional(),
  endDay: z.string().max(64).optional(),
});
export type TDashboardBarChartRequest = z.input<typeof ZDashboardBarChartRequest>;

export const ZDashboardBarChartResponse = z.object({
  form: z.number().int().min(0),
  assignAction: z.number().int().min(0),
  scheduledActivites: z.number().int().min(0),
  /** The range the server counted (inclusive local days). */
  period: z.object({
    selectedDay: ZSelectedDay,
    localTimeZone: z.string(),
    startDay: ZDay,
    endDay: ZDay,
  }),
});
export type TDashboardBarChartResponse = z.infer<typeof ZDashboardBarChartResponse>;

/** POST /api/noticeboardList. */
export const ZNoticeboardListRequest = z.object({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  localTimeZone: timeZoneField,
});
export type TNoticeboardListRequest = z.input<typeof ZNoticeboardListRequest>;

export const ZNoticeboardListResponse = z.object({
  total: z.number().int().min(0),
  page: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(ZNotice),
});
export type TNoticeboardListResponse = z.infer<typeof ZNoticeboardListResponse>;

export const dashboardListCall = defineCall({
  method: 'POST',
  path: '/dashboardList',
  tags: ['dashboard'],
  summary: "The employee's My Tasks sections, each with its total and first items",
  access: ACCESS.signedIn,
  body: ZDashboardListRequest,
  response: ZDashboardListResponse,
});

export const dashboardSupplierListCall = defineCall({
  method: 'POST',
  path: '/dashboardSupplierList',
  tags: ['dashboard'],
  summary: 'The supplier dashboard: requirements, assigned forms and assigned actions',
  access: ACCESS.signedIn,
  body: ZDashboardSupplierListRequest,
  response: ZDashboardSupplierListResponse,
});

export const dashboardPieChartCall = defineCall({
  method: 'POST',
  path: '/dashboardPieChart',
  tags: ['dashboard'],
  summary: 'Forms, assigned actions and scheduled activities split into today, upcoming and due',
  access: ACCESS.signedIn,
  body: ZDashboardPieChartRequest,
  response: ZDashboardPieChartResponse,
});

export const dashboardBarChartCall = defineCall({
  method: 'POST',
  path: '/dashboardBarChart',
  tags: ['dashboard'],
  summary: "Items due in today, this week or this month: the caller's own or the organisation's",
  access: { callers: ACCESS.employee.callers, refusal: messages.dashboard.suppliersHaveNoBarChart },
  body: ZDashboardBarChartRequest,
  response: ZDashboardBarChartResponse,
});

export const noticeboardListCall = defineCall({
  method: 'POST',
  path: '/noticeboardList',
  tags: ['noticeboard'],
  summary: "Active notices of the caller's organisation, newest first",
  access: ACCESS.signedIn,
  body: ZNoticeboardListRequest,
  response: ZNoticeboardListResponse,
});

export const noticeCall = defineCall({
  method: 'GET',
  path: '/notices/:id',
  tags: ['noticeboard'],
  summary: 'One active notice with its whole content',
  access: ACCESS.signedIn,
  params: z.object({ id: z.uuid() }),
  query: z.object({ localTimeZone: ZTimeZone.default(DEFAULT_TIME_ZONE) }),
  response: ZNotice,
});
