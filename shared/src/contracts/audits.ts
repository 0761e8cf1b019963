import { z } from 'zod';
import { FIELD_REGISTRY, type FieldType } from '../fields/registry';
import { FREQUENCY_KEYS } from '../rules/frequency';
import { TASK_DUE_TYPES } from '../rules/taskDueType';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { ZDay } from './envelope';
import { ZTemplateField, ZTemplateSection } from './submissions';

/**
 * Audit Inspection (access key `audit`; `auditMyAudit` for My Audit, `auditManageAudit` for the
 * Audit Register and creating audits). The specification names the routes only (000 §2.2); the
 * screens, rules and messages are this product's (docs/audits.md).
 */
export const auditMessages = {
  templateRequired: 'Choose the audit template.',
  templateUnknown: 'Choose a published audit template of your organisation.',
  auditorRequired: 'Choose the auditor.',
  personUnknown: 'Choose an active employee of your organisation.',
  workplaceRequired: 'Choose the workplace.',
  workplaceUnknown: 'Choose an active workplace of your organisation.',
  branchUnknown: 'The branch must be an active branch of the chosen workplace.',
  dueDateInvalid: 'Enter the due date as a date.',
  instructionRequired: 'Please enter the instruction of the finding.',
  assigneeRequired: 'Choose who the finding is assigned to.',
  questionUnknown: 'This question is not part of the audit.',
  notAuditor: 'Only the auditor of this audit can conduct or close it.',
  closed: 'This audit is closed and cannot be changed.',
  stale: 'This audit was changed by someone else. Reload it to see the changes.',
  /** The specification's close rule (001 §6), worded for an audit. */
  openTasks: 'This audit is assigned an open task, and cannot be closed until the task is completed.',
  created: 'Audit created.',
  saved: 'Audit saved.',
  findingRaised: 'Finding raised.',
  closedOff: 'Audit closed.',
  filesAdded: 'Files added.',
  reopened: 'Audit reopened.',
  notClosed: 'This audit is not closed.',
  reopenReasonRequired: 'Please say why the audit is reopened.',
  notReopener: 'Only the auditor or someone who manages audits can reopen this audit.',
} as const;
const say = auditMessages;

export const AUDIT_STATUSES = ['scheduled', 'inProgress', 'closed'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];
export const AUDIT_STATUS_LABELS: Record<AuditStatus, string> = {
  scheduled: 'Scheduled',
  inProgress: 'In progress',
  closed: 'Closed',
};

/**
 * The questions an audit answers: the registry's value fields that name no other record (the
 * record pickers, tables, action lists and file fields of a template are left out of audits: a
 * finding is the audit's action, files are the audit's attachments). Headings are shown.
 */
const REFERENCE_TYPES: readonly FieldType[] = ['employee', 'asset', 'risk', 'supplier', 'submission'];
export function isAuditQuestion(type: FieldType): boolean {
  return FIELD_REGISTRY[type].storage === 'value' && !REFERENCE_TYPES.includes(type);
}
export function isAuditField(type: FieldType): boolean {
  return type === 'section' || isAuditQuestion(type);
}

export const AUDIT_SORTS = ['dueDate', 'name', 'status', 'createdAt'] as const;

const ZPerson = z.object({ _id: z.uuid(), name: z.string() });
const ZId = z.object({ _id: z.uuid() });
const ZDueDay = z.string({ error: say.dueDateInvalid }).refine((day) => ZDay.safeParse(day).success, {
  error: say.dueDateInvalid,
});

/** What narrows a list, the same for a page and for its CSV export. */
export const ZAuditFilters = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(AUDIT_STATUSES).optional(),
  templateId: z.uuid().optional(),
  workplaceId: z.uuid().optional(),
  /** The Audit Register only: My Audit is always the caller's. */
  auditorId: z.uuid().optional(),
  dueFrom: ZDay.optional(),
  dueTo: ZDay.optional(),
  sort: z.enum(AUDIT_SORTS).default('dueDate'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
});
export type TAuditFilters = z.input<typeof ZAuditFilters>;

export const ZAuditListRequest = ZAuditFilters.extend({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type TAuditListRequest = z.input<typeof ZAuditListRequest>;

export const ZAuditRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  templateName: z.string().nullable(),
  auditor: z.string().nullable(),
  workplace: z.string().nullable(),
  branch: z.string().nullable(),
  dueDate: ZDay,
  taskDueDateType: z.enum(TASK_DUE_TYPES),
  status: z.enum(AUDIT_STATUSES),
  frequency: z.enum(FREQUENCY_KEYS).nullable(),
  score: z.number().int().nullable(),
  openTasks: z.number().int(),
});
export type TAuditRow = z.output<typeof ZAuditRow>;

/** Counted up to RECORDS_COUNT_CAP (totalCapped says there are more). */
export const ZAuditList = z.object({
  rows: z.array(ZAuditRow),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});

export const ZAuditOptions = z.object({
  templates: z.array(ZPerson),
  workplaces: z.array(ZPerson.extend({ branches: z.array(ZPerson) })),
});
export type TAuditOptions = z.output<typeof ZAuditOptions>;

export const ZAuditCreate = z.object({
  templateId: z.uuid({ error: say.templateRequired }),
  auditorId: z.uuid({ error: say.auditorRequired }),
  workplaceId: z.uuid({ error: say.workplaceRequired }),
  branchId: z.uuid({ error: say.branchUnknown }).nullable().default(null),
  dueDate: ZDueDay,
  /** Repeats every unit from the due date; null: once. */
  frequency: z.enum(FREQUENCY_KEYS).nullable().default(null),
});
export type TAuditCreate = z.input<typeof ZAuditCreate>;

export const ZAuditTask = z.object({
  _id: z.uuid(),
  /** The template field the finding was raised on (null: an older task). */
  fieldId: z.uuid().nullable(),
  question: z.string(),
  instruction: z.string(),
  assignee: z.string().nullable(),
  dueDate: ZDay,
  taskDueDateType: z.enum(TASK_DUE_TYPES),
  isComplete: z.boolean(),
  completedOn: ZDay.nullable(),
  response: z.string(),
});
export type TAuditTask = z.output<typeof ZAuditTask>;

export const ZAuditDetails = z.object({
  _id: z.uuid(),
  name: z.string(),
  templateName: z.string().nullable(),
  status: z.enum(AUDIT_STATUSES),
  auditor: ZPerson.nullable(),
  workplace: z.string().nullable(),
  branch: z.string().nullable(),
  dueDate: ZDay,
  frequency: z.enum(FREQUENCY_KEYS).nullable(),
  occurrence: z.number().int(),
  version: z.number().int(),
  /** The caller is the auditor and the audit is open: they may answer, raise findings, close. */
  canConduct: z.boolean(),
  /** The audit is closed and the caller is its auditor or manages audits: they may reopen it. */
  canReopen: z.boolean(),
  closedAt: z.string().nullable(),
  sections: z.array(ZTemplateSection),
  fieldList: z.array(ZTemplateField),
  answers: z.record(z.string(), z.unknown()),
  score: z.number().int().nullable(),
  tasks: z.array(ZAuditTask),
  attachments: z.array(ZAttachment),
  /** The close-off PDF, once closed. */
  pdf: ZAttachment.nullable(),
});
export type TAuditDetails = z.output<typeof ZAuditDetails>;

export const ZAuditSave = z.object({
  _id: z.uuid(),
  version: z.number().int(),
  answers: z
    .array(z.object({ fieldId: z.uuid({ error: say.questionUnknown }), value: z.unknown() }))
    .max(1000),
});
export type TAuditSave = z.input<typeof ZAuditSave>;

export const ZAuditFinding = z.object({
  auditId: z.uuid(),
  fieldId: z.uuid({ error: say.questionUnknown }),
  instruction: z.string({ error: say.instructionRequired }).trim().min(1, say.instructionRequired).max(4000),
  assigneeId: z.uuid({ error: say.assigneeRequired }),
  dueDate: ZDueDay,
});
export type TAuditFinding = z.input<typeof ZAuditFinding>;

const access = { callers: ['employee'], accessKeys: ['audit'] } as const;
const manage = { callers: ['employee'], accessKeys: ['audit', 'auditManageAudit'] } as const;
const mine = { callers: ['employee'], accessKeys: ['audit', 'auditMyAudit'] } as const;

export const auditRegisterListCall = defineCall({
  method: 'POST',
  path: '/auditRegisterList',
  tags: ['audits'],
  summary: 'A page of the Audit Register (every audit of the organisation), filtered and sorted',
  access: manage,
  body: ZAuditListRequest,
  response: ZAuditList,
});

export const auditRegisterExportCall = defineCall({
  method: 'GET',
  path: '/auditRegisterExport',
  tags: ['audits'],
  summary: 'The filtered Audit Register as CSV',
  access: manage,
  query: ZAuditFilters,
  response: 'file',
});

export const myAuditListCall = defineCall({
  method: 'POST',
  path: '/myAuditList',
  tags: ['audits'],
  summary: 'A page of My Audit: the audits the caller is the auditor of',
  access: mine,
  body: ZAuditListRequest,
  response: ZAuditList,
});

export const myAuditExportCall = defineCall({
  method: 'GET',
  path: '/myAuditExport',
  tags: ['audits'],
  summary: 'My Audit as CSV',
  access: mine,
  query: ZAuditFilters,
  response: 'file',
});

export const auditOptionsCall = defineCall({
  method: 'POST',
  path: '/auditOptions',
  tags: ['audits'],
  summary: 'The published audit templates and the active workplaces with their branches',
  access,
  response: ZAuditOptions,
});

export const auditPeopleSearchCall = defineCall({
  method: 'POST',
  path: '/auditPeopleSearch',
  tags: ['audits'],
  summary: 'Active employees with an account matching a search: auditors and finding assignees',
  access,
  body: z.object({ search: z.string().trim().max(200).optional() }),
  response: z.array(ZPerson),
});

export const auditCreateCall = defineCall({
  method: 'POST',
  path: '/auditCreate',
  tags: ['audits'],
  summary: 'Schedule an audit from an audit template; it is on its auditor’s dashboard until closed',
  access: manage,
  body: ZAuditCreate,
  response: ZId,
});

export const auditDetailsCall = defineCall({
  method: 'POST',
  path: '/auditDetails',
  tags: ['audits'],
  summary: 'One audit: its questions and answers, findings, files, score and close-off PDF',
  access,
  body: ZId,
  response: ZAuditDetails,
});

export const auditSaveCall = defineCall({
  method: 'POST',
  path: '/auditSave',
  tags: ['audits'],
  summary: 'The auditor saves answers (each checked by the field registry); the score follows',
  access,
  body: ZAuditSave,
  response: z.object({ version: z.number().int(), score: z.number().int().nullable() }),
});

export const auditFindingCall = defineCall({
  method: 'POST',
  path: '/auditFinding',
  tags: ['audits'],
  summary: 'The auditor raises a finding on a question: a task on the assignee’s dashboard and a mail',
  access,
  body: ZAuditFinding,
  response: ZId,
});

export const auditCloseCall = defineCall({
  method: 'POST',
  path: '/auditClose',
  tags: ['audits'],
  summary:
    'The auditor closes the audit: refused while a finding is open; stores the PDF and schedules ' +
    'the next occurrence of a recurring audit',
  access,
  body: z.object({ _id: z.uuid(), version: z.number().int() }),
  response: z.object({ pdf: ZAttachment, nextAuditId: z.uuid().nullable() }),
});

export const ZAuditReopen = z.object({
  _id: z.uuid(),
  version: z.number().int(),
  reason: z.string().trim().min(1, say.reopenReasonRequired).max(1000),
});
export type TAuditReopen = z.input<typeof ZAuditReopen>;
export const auditReopenCall = defineCall({
  method: 'POST',
  path: '/auditReopen',
  tags: ['audits'],
  summary:
    'The auditor (or a manager of audits) reopens a closed audit, with a reason: it is conducted and ' +
    'closed again; the earlier PDF stays among its files',
  access,
  body: ZAuditReopen,
  response: z.null(),
});

export const ZAuditAttachmentUpload = ZId;
export const auditAttachmentUploadCall = defineCall({
  method: 'POST',
  path: '/auditAttachmentUpload',
  tags: ['audits'],
  summary: 'The auditor adds files to an open audit (multipart: _id and files)',
  access,
  multipart: ZAuditAttachmentUpload,
  response: z.null(),
});
