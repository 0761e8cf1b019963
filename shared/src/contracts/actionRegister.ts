import { z } from 'zod';
import { auditDetailsPath, documentLibraryPath, obligationEditPath } from '../rules/appPaths';
import { ZAssignedActionDetails, ZAssignedActionKind } from './assignedActions';
import { defineCall } from './call';
import { ZDay, ZPage } from './envelope';
import { hazardousPath } from './hazardous';
import { performanceReviewPagePath } from './performanceReviews';
import { riskPath } from './risks';

/**
 * The action register (access key `actionRegister`, issue 20): every follow-up action of the
 * organisation, from forms, audits, obligations, documents and the risk and hazardous substance
 * registers, in one list; docs/action-register.md. Document approvals and acknowledgements are not
 * actions. HR actions (of HR forms and performance reviews) are in the HR Action register instead
 * (issue 42, the hrAction calls; docs/human-resources.md "HR Action").
 */
export const actionRegisterMessages = {
  dueRange: 'The "due from" date must not be after the "due to" date.',
  noActions: 'Choose at least one action.',
  tooMany: 'Choose at most 500 actions at a time.',
  assigneeMissing: 'The new assignee is not an active employee or personnel of the organisation.',
  notFound: 'An action was not found.',
  completed: 'A completed action cannot be reassigned.',
  duplicate: 'An action is listed twice.',
  documentToEmployee: 'An action raised from a document can only be given to an employee.',
  hrToEmployee: 'An HR action can only be given to an employee.',
  reassignedOne: 'Action reassigned.',
  reassignedMany: (count: number) => `${count} actions reassigned.`,
} as const;

const access = { callers: ['employee'], accessKeys: ['actionRegister'] } as const;
/** The HR register's keys are either of two (hrForm or hrAdmin): the server's policy checks them. */
const hrAccess = { callers: ['employee'] } as const;

/** The two registers: the Action Register, and HR Action (the HR actions only). */
export type ActionRegisterKind = 'general' | 'hr';

/** Where an action of the Action Register comes from: a form's submission, an audit, an obligation or a register item. */
export const ACTION_SOURCES = ['form', 'audit', 'obligation', 'document', 'risk', 'hazardous'] as const;
/** Where an HR action comes from: a submission of an HR form, or a performance review's agreed actions. */
export const HR_ACTION_SOURCES = ['hrForm', 'review'] as const;
export type ActionSource = (typeof ACTION_SOURCES)[number] | (typeof HR_ACTION_SOURCES)[number];
/** Each register's sources. */
export const REGISTER_SOURCES: Record<ActionRegisterKind, readonly ActionSource[]> = {
  general: ACTION_SOURCES,
  hr: HR_ACTION_SOURCES,
};
export const ACTION_SOURCE_LABELS: Record<ActionSource, string> = {
  form: 'Form',
  audit: 'Audit',
  obligation: 'Obligation',
  document: 'Document',
  risk: 'Risk',
  hazardous: 'Hazardous substance',
  hrForm: 'HR form',
  review: 'Performance review',
};

/**
 * The table an action is in, named with its id by the details and reassign calls: the dashboard's
 * three dialog kinds, and a document's actions (completed on the document's page).
 */
export const ZActionKind = z.enum([...ZAssignedActionKind.options, 'document']);
export type TActionKind = z.output<typeof ZActionKind>;

/** overdue: open and due before the organisation's today. */
export const ACTION_STATUSES = ['open', 'overdue', 'completed', 'all'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
export const ACTION_STATUS_LABELS: Record<ActionStatus, string> = {
  open: 'Open',
  overdue: 'Overdue',
  completed: 'Completed',
  all: 'All',
};

export const ACTION_SORTS = ['due', 'assignedOn', 'assignee', 'source'] as const;
export type ActionSort = (typeof ACTION_SORTS)[number];
export const ACTION_SORT_LABELS: Record<ActionSort, string> = {
  due: 'Due date',
  assignedOn: 'Assigned on (newest)',
  assignee: 'Assignee',
  source: 'Source',
};

/** The filters and the sort of a register's list and exports: its own sources. */
const filterFields = <const S extends readonly [ActionSource, ...ActionSource[]]>(sources: S) =>
  z.object({
    status: z.enum(ACTION_STATUSES).default('open'),
    source: z.enum(sources).optional(),
    /** One assignee: an employee (internal) or a personnel (external). */
    assigneeEmployeeId: z.uuid().optional(),
    assigneePersonnelId: z.uuid().optional(),
    dueFrom: ZDay.optional(),
    dueTo: ZDay.optional(),
    /** In the instruction. */
    search: z.string().trim().max(200).optional(),
    sort: z.enum(ACTION_SORTS).default('due'),
  });
const ZFilterFields = filterFields(ACTION_SOURCES);
const ZHrFilterFields = filterFields(HR_ACTION_SOURCES);
export type TActionRegisterFilters = Omit<z.output<typeof ZFilterFields>, 'source'> & {
  source?: ActionSource;
};

function checkDueRange(value: { dueFrom?: string; dueTo?: string }, context: z.RefinementCtx) {
  if (value.dueFrom && value.dueTo && value.dueFrom > value.dueTo)
    context.addIssue({ code: 'custom', path: ['dueFrom'], message: actionRegisterMessages.dueRange });
}

const ZPaging = { page: ZPage.default(1), pageSize: z.number().int().min(1).max(100).default(20) };
export const ZActionRegisterListRequest = ZFilterFields.extend(ZPaging).superRefine(checkDueRange);
export const ZHrActionListRequest = ZHrFilterFields.extend(ZPaging).superRefine(checkDueRange);
/** Either register's list request (the web's list sends one of them). */
export type TActionRegisterListRequest = Omit<z.input<typeof ZActionRegisterListRequest>, 'source'> & {
  source?: ActionSource;
};

export const ZActionRow = z.object({
  _id: z.uuid(),
  /** Which table: what the details and reassign calls take with the id. */
  kind: ZActionKind,
  source: z.enum([...ACTION_SOURCES, ...HR_ACTION_SOURCES]),
  parentId: z.uuid(),
  /**
   * 'FS 12 · Incident Report', the audit's, obligation's, risk's or substance's name; a performance
   * review's 'Performance review — Mia Torres · 2026 annual review'.
   */
  parentName: z.string(),
  /** A performance review's employee: its page's path names them. */
  employeeId: z.uuid().optional(),
  instruction: z.string(),
  assigneeName: z.string(),
  assigneeType: z.enum(['internal', 'external']),
  dueDate: z.string(),
  assignedOn: z.string(),
  status: z.enum(['open', 'overdue', 'completed']),
  completedOn: z.string().nullable(),
});
export type TActionRow = z.output<typeof ZActionRow>;

export const ZActionRegisterList = z.object({
  rows: z.array(ZActionRow),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});

export const ZActionRef = z.object({ kind: ZActionKind, _id: z.uuid() });
export type TActionRef = z.output<typeof ZActionRef>;

export const ZActionReassign = z.object({
  actions: z
    .array(ZActionRef)
    .min(1, actionRegisterMessages.noActions)
    .max(500, actionRegisterMessages.tooMany),
  assignee: z.object({ type: z.enum(['internal', 'external']), _id: z.uuid() }),
});
export type TActionReassign = z.input<typeof ZActionReassign>;

export const ZActionAssigneeSearch = z.object({
  search: z.string().trim().max(100).default(''),
  page: ZPage.default(1),
});
export const ACTION_ASSIGNEE_PAGE = 20;
export const ZActionAssignee = z.object({
  _id: z.uuid(),
  type: z.enum(['internal', 'external']),
  name: z.string(),
  /** The supplier of an external person. */
  detail: z.string().nullable(),
});
export type TActionAssignee = z.output<typeof ZActionAssignee>;

export const ACTION_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** How many rows an export holds at most; the file says when it was cut. */
export const ACTION_EXPORT_LIMIT = 50_000;
const ZFormat = { format: z.enum(ACTION_EXPORT_FORMATS).default('csv') };
export const ZActionRegisterExportQuery = ZFilterFields.extend(ZFormat).superRefine(checkDueRange);
export const ZHrActionExportQuery = ZHrFilterFields.extend(ZFormat).superRefine(checkDueRange);
export type TActionRegisterExportQuery = z.input<typeof ZActionRegisterExportQuery>;

const ZActionRegisterDetails = ZAssignedActionDetails.extend({
  sectionType: ZActionKind,
  mine: z.boolean(),
  /** A document's action: the document it was raised from. */
  documentId: z.uuid().optional(),
});
const ZReassigned = z.object({ reassigned: z.number().int() });
const ZAssigneePage = z.object({ options: z.array(ZActionAssignee), hasMore: z.boolean() });

export const actionRegisterListCall = defineCall({
  method: 'POST',
  path: '/actionRegisterList',
  tags: ['actionRegister'],
  summary: 'The action register: a page of the organisation’s actions of every source, filtered and sorted',
  access,
  body: ZActionRegisterListRequest,
  response: ZActionRegisterList,
});

export const actionRegisterExportCall = defineCall({
  method: 'GET',
  path: '/actionRegisterExport',
  tags: ['actionRegister'],
  summary:
    'The filtered register as a CSV or XLSX file (format), at most 50,000 rows (header x-export-truncated when cut)',
  access,
  query: ZActionRegisterExportQuery,
  response: 'file',
});

export const actionRegisterDetailsCall = defineCall({
  method: 'POST',
  path: '/actionRegisterDetails',
  tags: ['actionRegister'],
  summary:
    'Any action of the organisation as the action dialog shows it; mine: the caller is its assignee (a document’s action is completed on the document’s page)',
  access,
  body: ZActionRef,
  response: ZActionRegisterDetails,
});

export const actionRegisterReassignCall = defineCall({
  method: 'POST',
  path: '/actionRegisterReassign',
  tags: ['actionRegister'],
  summary: 'Reassign open actions (one, or up to 500) to an active employee or personnel: all or nothing',
  access,
  body: ZActionReassign,
  response: ZReassigned,
});

export const actionRegisterAssigneesCall = defineCall({
  method: 'POST',
  path: '/actionRegisterAssignees',
  tags: ['actionRegister'],
  summary: 'Active employees and personnel by name, a page at a time: the filter and the new assignee',
  access,
  body: ZActionAssigneeSearch,
  response: ZAssigneePage,
});

// HR Action (issue 42): the same register of the HR actions only, for holders of hrForm or hrAdmin.

export const hrActionListCall = defineCall({
  method: 'POST',
  path: '/hrActionList',
  tags: ['actionRegister'],
  summary:
    'HR Action: a page of the organisation’s HR actions (of HR forms and performance reviews), hrForm or hrAdmin',
  access: hrAccess,
  body: ZHrActionListRequest,
  response: ZActionRegisterList,
});

export const hrActionExportCall = defineCall({
  method: 'GET',
  path: '/hrActionExport',
  tags: ['actionRegister'],
  summary: 'The filtered HR actions as a CSV or XLSX file, at most 50,000 rows (hrForm or hrAdmin)',
  access: hrAccess,
  query: ZHrActionExportQuery,
  response: 'file',
});

export const hrActionDetailsCall = defineCall({
  method: 'POST',
  path: '/hrActionDetails',
  tags: ['actionRegister'],
  summary: 'An HR action of the organisation as the action dialog shows it (hrForm or hrAdmin)',
  access: hrAccess,
  body: ZActionRef,
  response: ZActionRegisterDetails,
});

export const hrActionReassignCall = defineCall({
  method: 'POST',
  path: '/hrActionReassign',
  tags: ['actionRegister'],
  summary:
    'Reassign open HR actions (one, or up to 500) to an active employee: all or nothing (hrForm or hrAdmin)',
  access: hrAccess,
  body: ZActionReassign,
  response: ZReassigned,
});

export const hrActionAssigneesCall = defineCall({
  method: 'POST',
  path: '/hrActionAssignees',
  tags: ['actionRegister'],
  summary:
    'Active employees by name, a page at a time: the HR register’s filter and new assignee (hrForm or hrAdmin)',
  access: hrAccess,
  body: ZActionAssigneeSearch,
  response: ZAssigneePage,
});

/** Each register's export's file name, without its extension. */
export const ACTION_EXPORT_FILE_NAMES: Record<ActionRegisterKind, string> = {
  general: 'action-register',
  hr: 'hr-actions',
};

/** Each register's calls: the same handlers and pages serve both. */
export const ACTION_REGISTER_CALLS = {
  general: {
    list: actionRegisterListCall,
    export: actionRegisterExportCall,
    details: actionRegisterDetailsCall,
    reassign: actionRegisterReassignCall,
    assignees: actionRegisterAssigneesCall,
  },
  hr: {
    list: hrActionListCall,
    export: hrActionExportCall,
    details: hrActionDetailsCall,
    reassign: hrActionReassignCall,
    assignees: hrActionAssigneesCall,
  },
} as const;

export const ACTION_REGISTER_PATH = '/action-register';
export const HR_ACTIONS_PATH = '/human-resource/actions';

/**
 * The page of the action's parent: the submission's record, the audit, obligation, register item or
 * performance review.
 */
export function actionParentPath(row: Pick<TActionRow, 'source' | 'parentId' | 'employeeId'>): string {
  switch (row.source) {
    case 'form':
    case 'hrForm':
      return `/form-submission/Record/${encodeURIComponent(row.parentId)}`;
    case 'review':
      return performanceReviewPagePath({ _id: row.parentId, employeeId: row.employeeId ?? '' });
    case 'audit':
      return auditDetailsPath(row.parentId);
    case 'obligation':
      return obligationEditPath(row.parentId);
    case 'document':
      return documentLibraryPath(row.parentId);
    case 'risk':
      return riskPath(row.parentId);
    case 'hazardous':
      return hazardousPath(row.parentId);
  }
}
