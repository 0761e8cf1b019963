import { z } from 'zod';
import { auditDetailsPath, documentLibraryPath, obligationEditPath } from '../rules/appPaths';
import { ZAssignedActionDetails, ZAssignedActionKind } from './assignedActions';
import { defineCall } from './call';
import { ZDay, ZPage } from './envelope';
import { hazardousPath } from './hazardous';
import { riskPath } from './risks';

/**
 * The action register (access key `actionRegister`, issue 20): every follow-up action of the
 * organisation, from forms, audits, obligations, documents and the risk and hazardous substance
 * registers, in one list; docs/action-register.md. Document approvals and acknowledgements are not
 * actions.
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
  reassignedOne: 'Action reassigned.',
  reassignedMany: (count: number) => `${count} actions reassigned.`,
} as const;

const access = { callers: ['employee'], accessKeys: ['actionRegister'] } as const;

/** Where an action comes from: a form's submission, an audit, an obligation or a register item. */
export const ACTION_SOURCES = ['form', 'audit', 'obligation', 'document', 'risk', 'hazardous'] as const;
export type ActionSource = (typeof ACTION_SOURCES)[number];
export const ACTION_SOURCE_LABELS: Record<ActionSource, string> = {
  form: 'Form',
  audit: 'Audit',
  obligation: 'Obligation',
  document: 'Document',
  risk: 'Risk',
  hazardous: 'Hazardous substance',
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

/** The filters and the sort of the list and the exports. */
const ZFilterFields = z.object({
  status: z.enum(ACTION_STATUSES).default('open'),
  source: z.enum(ACTION_SOURCES).optional(),
  /** One assignee: an employee (internal) or a personnel (external). */
  assigneeEmployeeId: z.uuid().optional(),
  assigneePersonnelId: z.uuid().optional(),
  dueFrom: ZDay.optional(),
  dueTo: ZDay.optional(),
  /** In the instruction. */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(ACTION_SORTS).default('due'),
});
export type TActionRegisterFilters = z.output<typeof ZFilterFields>;

function checkDueRange(value: { dueFrom?: string; dueTo?: string }, context: z.RefinementCtx) {
  if (value.dueFrom && value.dueTo && value.dueFrom > value.dueTo)
    context.addIssue({ code: 'custom', path: ['dueFrom'], message: actionRegisterMessages.dueRange });
}

export const ZActionRegisterListRequest = ZFilterFields.extend({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
}).superRefine(checkDueRange);
export type TActionRegisterListRequest = z.input<typeof ZActionRegisterListRequest>;

export const ZActionRow = z.object({
  _id: z.uuid(),
  /** Which table: what the details and reassign calls take with the id. */
  kind: ZActionKind,
  source: z.enum(ACTION_SOURCES),
  parentId: z.uuid(),
  /** 'FS 12 · Incident Report', the audit's, obligation's, risk's or substance's name. */
  parentName: z.string(),
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
export const ZActionRegisterExportQuery = ZFilterFields.extend({
  format: z.enum(ACTION_EXPORT_FORMATS).default('csv'),
}).superRefine(checkDueRange);
export type TActionRegisterExportQuery = z.input<typeof ZActionRegisterExportQuery>;

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
  response: ZAssignedActionDetails.extend({
    sectionType: ZActionKind,
    mine: z.boolean(),
    /** A document's action: the document it was raised from. */
    documentId: z.uuid().optional(),
  }),
});

export const actionRegisterReassignCall = defineCall({
  method: 'POST',
  path: '/actionRegisterReassign',
  tags: ['actionRegister'],
  summary: 'Reassign open actions (one, or up to 500) to an active employee or personnel: all or nothing',
  access,
  body: ZActionReassign,
  response: z.object({ reassigned: z.number().int() }),
});

export const actionRegisterAssigneesCall = defineCall({
  method: 'POST',
  path: '/actionRegisterAssignees',
  tags: ['actionRegister'],
  summary: 'Active employees and personnel by name, a page at a time: the filter and the new assignee',
  access,
  body: ZActionAssigneeSearch,
  response: z.object({ options: z.array(ZActionAssignee), hasMore: z.boolean() }),
});

export const ACTION_REGISTER_PATH = '/action-register';

/** The page of the action's parent: the submission's record, the audit, obligation or register item. */
export function actionParentPath(row: Pick<TActionRow, 'source' | 'parentId'>): string {
  switch (row.source) {
    case 'form':
      return `/form-submission/Record/${encodeURIComponent(row.parentId)}`;
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
