import { z } from 'zod';
import { FREQUENCY_KEYS, nextDueDay, type FrequencyUnit } from '../rules/frequency';
import { TASK_DUE_TYPES } from '../rules/taskDueType';
import { ASSET_EXPORT_FORMATS, ASSET_STATUSES, ZAssetRef, ZMoney } from './assets';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { ZDay, ZPage } from './envelope';

/**
 * Maintenance of the Asset Register (docs/assets.md): plans per asset or per category, done by an
 * employee or a supplier company, and the records they schedule one at a time (the next when one
 * is done); corrective records come from faults (assets.ts). An open record is a work item on its
 * assignee's dashboard (section scheduledMaintenance) or in its supplier's portal.
 */
export const maintenanceMessages = {
  titleRequired: 'Please enter what the maintenance is.',
  frequencyUnknown: 'Choose how often the maintenance is done.',
  targetRequired: 'Choose the asset or the category the maintenance is for.',
  assetUnknown: 'The chosen asset does not exist.',
  assetDisposed: 'The asset has been disposed of: it has no more maintenance.',
  categoryUnknown: 'The chosen category does not exist.',
  assigneeRequired: 'Choose who does the maintenance: an employee or a supplier company.',
  employeeUnknown: 'Choose an active employee of your organisation who signs in.',
  supplierUnknown: 'Choose an active supplier company of your organisation.',
  formTemplateUnknown: 'The chosen form does not exist.',
  firstDueRequired: 'Please enter the date it is first due.',
  firstDuePast: 'The first due date cannot be before today.',
  planStopped: 'This maintenance plan has been stopped.',
  planSaved: 'Maintenance plan saved.',
  planStoppedDone: 'Maintenance plan stopped: its open maintenance is cancelled.',
  recordNotOpen: 'This maintenance is no longer open: it was completed or cancelled.',
  completedOnRequired: 'Please enter the date the maintenance was done.',
  completedInFuture: 'The date it was done cannot be after today.',
  notesTooLong: 'Notes are at most 4,000 characters.',
  submissionUnknown: 'The chosen form submission does not name this asset or cannot be opened.',
  completed: 'Maintenance completed.',
  completedNext: (day: string) => `Maintenance completed. The next one is due on ${day}.`,
  dueRequired: 'Please enter the due date.',
  reassigned: 'Maintenance updated.',
  filesAdded: 'Files added.',
} as const;
const say = maintenanceMessages;

export const MAINTENANCE_KINDS = ['planned', 'corrective'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];
export const MAINTENANCE_KIND_LABELS: Record<MaintenanceKind, string> = {
  planned: 'Planned',
  corrective: 'Corrective',
};
export const MAINTENANCE_STATUSES = ['open', 'done', 'cancelled'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  open: 'Open',
  done: 'Done',
  cancelled: 'Cancelled',
};

/** The web path of a record's page (completion, details), for dashboards, the portal and history. */
export const maintenanceRecordPath = (recordId: string) => `/asset/maintenance/${recordId}`;

/**
 * The due day of the next record of a plan when one is done on `completedOn`: a frequency after the
 * done one's due day, stepped on until it is after the completion day (a late completion does not
 * leave a record already overdue). Both sides use it: the completion message, the server's schedule.
 */
export function nextMaintenanceDue(dueDate: string, frequency: FrequencyUnit, completedOn: string): string {
  let next = nextDueDay(dueDate, frequency);
  while (next <= completedOn) next = nextDueDay(next, frequency);
  return next;
}

const registerAccess = { callers: ['employee'], accessKeys: ['plant'] } as const;
/** The record's own calls: the register, its employee assignee, its supplier company's users (the policy rules). */
const workAccess = { callers: ['employee', 'supplier', 'personnel'] } as const;
const ZId = z.object({ _id: z.uuid() });

/** Who does it: an employee or a supplier company; null for unassigned corrective work. */
export const ZMaintenanceAssignee = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('employee'), _id: z.uuid(), name: z.string() }),
  z.object({ kind: z.literal('supplier'), _id: z.uuid(), name: z.string() }),
]);
export type TMaintenanceAssignee = z.output<typeof ZMaintenanceAssignee>;
export const ZMaintenanceAssigneeInput = z.object(
  { kind: z.enum(['employee', 'supplier']), _id: z.uuid({ error: say.assigneeRequired }) },
  { error: say.assigneeRequired },
);

const ZDayInput = (message: string) =>
  z.string({ error: message }).refine((day) => ZDay.safeParse(day).success, { error: message });

// ---------- Plans ----------

export const ZMaintenancePlan = z.object({
  _id: z.uuid(),
  /** One of the two: the plan is of this asset, or of every asset of this category. */
  asset: ZAssetRef.nullable(),
  category: ZAssetRef.nullable(),
  title: z.string(),
  instructions: z.string(),
  frequency: z.enum(FREQUENCY_KEYS),
  assignee: ZMaintenanceAssignee,
  formTemplate: ZAssetRef.nullable(),
  firstDueDate: z.string(),
  isActive: z.boolean(),
  /** Open records of the plan, and the due day of the one due first. */
  openRecords: z.number().int(),
  nextDue: z.string().nullable(),
});
export type TMaintenancePlan = z.output<typeof ZMaintenancePlan>;

export const ZMaintenancePlanListRequest = z.object({
  /** The plans that apply to an asset: its own and its category's. */
  assetId: z.uuid().optional(),
  categoryId: z.uuid().optional(),
  search: z.string().trim().max(200).optional(),
  includeStopped: z.boolean().default(false),
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type TMaintenancePlanListRequest = z.input<typeof ZMaintenancePlanListRequest>;
export const ZMaintenancePlanList = z.object({ rows: z.array(ZMaintenancePlan), total: z.number().int() });
export type TMaintenancePlanList = z.output<typeof ZMaintenancePlanList>;

/**
 * Create a plan (no _id: its first record, or one per asset of the category, is due on
 * firstDueDate) or change one (title, instructions, assignee and form follow to its open records;
 * the frequency counts from the next completion; target and first day stay).
 */
export const ZMaintenancePlanSave = z
  .object({
    _id: z.uuid().optional(),
    assetId: z.uuid({ error: say.assetUnknown }).nullable().default(null),
    categoryId: z.uuid({ error: say.categoryUnknown }).nullable().default(null),
    title: z.string({ error: say.titleRequired }).trim().min(1, say.titleRequired).max(200),
    instructions: z.string().trim().max(4000).default(''),
    frequency: z.enum(FREQUENCY_KEYS, { error: say.frequencyUnknown }),
    assignee: ZMaintenanceAssigneeInput,
    formTemplateId: z.uuid({ error: say.formTemplateUnknown }).nullable().default(null),
    firstDueDate: ZDayInput(say.firstDueRequired),
  })
  .superRefine((input, ctx) => {
    if (!input._id && (input.assetId === null) === (input.categoryId === null))
      ctx.addIssue({ code: 'custom', path: ['assetId'], message: say.targetRequired });
  });
export type TMaintenancePlanSave = z.input<typeof ZMaintenancePlanSave>;
export type TMaintenancePlanSaveParsed = z.output<typeof ZMaintenancePlanSave>;

// ---------- Records ----------

/** What narrows the Maintenance Register, the same for a page of it and for its export. */
export const ZMaintenanceFilters = z.object({
  /** Asset number or name, or the maintenance's title, in part. */
  search: z.string().trim().max(200).optional(),
  /** Default open: the work to do; done: the history; all. */
  status: z.enum(['open', 'done', 'cancelled', 'all']).default('open'),
  /** Open records only: overdue, due today, or due later. */
  due: z.enum(TASK_DUE_TYPES).optional(),
  kind: z.enum(MAINTENANCE_KINDS).optional(),
  assetId: z.uuid().optional(),
  categoryId: z.uuid().optional(),
  workplaceId: z.uuid().optional(),
  assigneeEmployeeId: z.uuid().optional(),
  assigneeSupplierId: z.uuid().optional(),
  /** 'yes': only corrective work nobody has yet. */
  unassigned: z.enum(['yes']).optional(),
});
export type TMaintenanceFilters = z.input<typeof ZMaintenanceFilters>;

export const ZMaintenanceListRequest = ZMaintenanceFilters.extend({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type TMaintenanceListRequest = z.input<typeof ZMaintenanceListRequest>;

export const ZMaintenanceExportQuery = ZMaintenanceFilters.extend({
  format: z.enum(ASSET_EXPORT_FORMATS).default('csv'),
});
export type TMaintenanceExportQuery = z.input<typeof ZMaintenanceExportQuery>;

/** A row of the register: open work by due day (oldest first), done work by completion (newest first). */
export const ZMaintenanceRow = z.object({
  _id: z.uuid(),
  asset: z.object({ _id: z.uuid(), number: z.string(), name: z.string() }),
  title: z.string(),
  kind: z.enum(MAINTENANCE_KINDS),
  frequency: z.enum(FREQUENCY_KEYS).nullable(),
  assignee: ZMaintenanceAssignee.nullable(),
  workplace: z.string().nullable(),
  dueDate: z.string(),
  taskDueDateType: z.enum(TASK_DUE_TYPES),
  status: z.enum(MAINTENANCE_STATUSES),
  completedOn: z.string().nullable(),
  cost: z.string().nullable(),
});
export type TMaintenanceRow = z.output<typeof ZMaintenanceRow>;

/** Counted up to RECORDS_COUNT_CAP (totalCapped says there are more). */
export const ZMaintenanceList = z.object({
  rows: z.array(ZMaintenanceRow),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});
export type TMaintenanceList = z.output<typeof ZMaintenanceList>;

/** A record as its page shows it, to the register, its assignee or its supplier company's users. */
export const ZMaintenanceDetails = z.object({
  _id: z.uuid(),
  asset: z.object({
    _id: z.uuid(),
    number: z.string(),
    name: z.string(),
    location: z.string(),
    workplace: z.string().nullable(),
    status: z.enum(ASSET_STATUSES),
  }),
  kind: z.enum(MAINTENANCE_KINDS),
  title: z.string(),
  instructions: z.string(),
  /** The plan's frequency; null for corrective work. */
  frequency: z.enum(FREQUENCY_KEYS).nullable(),
  planId: z.uuid().nullable(),
  assignee: ZMaintenanceAssignee.nullable(),
  dueDate: z.string(),
  taskDueDateType: z.enum(TASK_DUE_TYPES),
  status: z.enum(MAINTENANCE_STATUSES),
  /** The fault a corrective record came from. */
  fault: z
    .object({
      description: z.string(),
      reportedBy: z.string(),
      reportedAt: z.string(),
      tookOutOfService: z.boolean(),
      photos: z.array(ZAttachment),
    })
    .nullable(),
  /** The plan's checklist form: the page offers to fill it in (employees). */
  formTemplate: ZAssetRef.nullable(),
  completedOn: z.string().nullable(),
  completedBy: z.string().nullable(),
  completionNotes: z.string(),
  cost: z.string().nullable(),
  formSubmission: ZAssetRef.nullable(),
  attachments: z.array(ZAttachment),
  /** What the caller may do here: complete it (and add files), change its assignee and due day (the register). */
  canComplete: z.boolean(),
  canReassign: z.boolean(),
  /**
   * The latest submissions (at most 20) that chose the asset and the caller may open, to link one
   * to the completion; empty for supplier users.
   */
  submissionOptions: z.array(ZAssetRef),
});
export type TMaintenanceDetails = z.output<typeof ZMaintenanceDetails>;

/** Complete an open record; a planned one schedules its plan's next record (nextMaintenanceDue). */
export const ZMaintenanceComplete = z.object({
  _id: z.uuid(),
  completedOn: ZDayInput(say.completedOnRequired),
  notes: z.string().trim().max(4000, say.notesTooLong).default(''),
  cost: ZMoney.nullable().default(null),
  formSubmissionId: z.uuid({ error: say.submissionUnknown }).nullable().default(null),
});
export type TMaintenanceComplete = z.input<typeof ZMaintenanceComplete>;
export const ZMaintenanceCompleted = z.object({ nextDueDate: z.string().nullable() });

/** The register changes an open record's assignee (null: unassigned) or due day. */
export const ZMaintenanceReassign = z.object({
  _id: z.uuid(),
  assignee: ZMaintenanceAssigneeInput.nullable(),
  dueDate: ZDayInput(say.dueRequired),
});
export type TMaintenanceReassign = z.input<typeof ZMaintenanceReassign>;

// ---------- Calls ----------

export const maintenancePlanListCall = defineCall({
  method: 'POST',
  path: '/maintenancePlanList',
  tags: ['assetMaintenance'],
  summary: 'A page of maintenance plans: of an asset (its own and its category’s), of a category, or all',
  access: registerAccess,
  body: ZMaintenancePlanListRequest,
  response: ZMaintenancePlanList,
});

export const maintenancePlanSaveCall = defineCall({
  method: 'POST',
  path: '/maintenancePlanSave',
  tags: ['assetMaintenance'],
  summary:
    'Create or change a maintenance plan of an asset or a category; its open records are on the assignee’s dashboard or in the supplier’s portal',
  access: registerAccess,
  body: ZMaintenancePlanSave,
  response: ZId,
});

export const maintenancePlanStopCall = defineCall({
  method: 'POST',
  path: '/maintenancePlanStop',
  tags: ['assetMaintenance'],
  summary: 'Stop a maintenance plan: its open records are cancelled, its done ones stay in the history',
  access: registerAccess,
  body: ZId,
  response: z.null(),
});

export const maintenanceListCall = defineCall({
  method: 'POST',
  path: '/maintenanceList',
  tags: ['assetMaintenance'],
  summary: 'A page of the Maintenance Register: open, done or cancelled maintenance, filtered',
  access: registerAccess,
  body: ZMaintenanceListRequest,
  response: ZMaintenanceList,
});

export const maintenanceExportCall = defineCall({
  method: 'GET',
  path: '/maintenanceExport',
  tags: ['assetMaintenance'],
  summary:
    'The filtered Maintenance Register as a CSV or XLSX file (format), at most 50,000 rows (header x-export-truncated when cut)',
  access: registerAccess,
  query: ZMaintenanceExportQuery,
  response: 'file',
});

export const maintenanceDetailsCall = defineCall({
  method: 'POST',
  path: '/maintenanceDetails',
  tags: ['assetMaintenance'],
  summary:
    'One maintenance record, to the register (key plant), its employee assignee, or the users of its supplier company',
  access: workAccess,
  body: ZId,
  response: ZMaintenanceDetails,
});

export const maintenanceCompleteCall = defineCall({
  method: 'POST',
  path: '/maintenanceComplete',
  tags: ['assetMaintenance'],
  summary:
    'Complete open maintenance (day, notes, cost, optionally a submission that chose the asset); a planned one schedules the next',
  access: workAccess,
  body: ZMaintenanceComplete,
  response: ZMaintenanceCompleted,
});

export const maintenanceFilesAddCall = defineCall({
  method: 'POST',
  path: '/maintenanceFilesAdd',
  tags: ['assetMaintenance'],
  summary:
    "Add files to a maintenance record (multipart: _id and files): while open by whoever may complete it, afterwards by the register; removed with deleteAttachment (fileType 'maintenanceRecord')",
  access: workAccess,
  multipart: ZId,
  response: z.null(),
});

export const maintenanceReassignCall = defineCall({
  method: 'POST',
  path: '/maintenanceReassign',
  tags: ['assetMaintenance'],
  summary: 'Change who does open maintenance (or leave it unassigned) and its due day',
  access: registerAccess,
  body: ZMaintenanceReassign,
  response: z.null(),
});
