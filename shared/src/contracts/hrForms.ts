import { z } from 'zod';
import { ASSIGNEE_FIELDS, oneKindOfAssignee, repeatSchema } from './assignees';
import { defineCall } from './call';
import { ZStepEvent } from './changeLog';
import { ZTaskDueDateType } from './dashboard';
import { ZDay, ZPage } from './envelope';

/**
 * HR forms (issue 42, Human Resources): an HR template assigned to employees with a reviewer and a
 * due date, once or repeating; the employee fills it in (hrAssessment), the reviewer returns it with
 * a comment or accepts it, which is the close-off of its form with the PDF (assignFormCloseOff).
 * docs/human-resources.md, "HR forms", has the decisions and who sees what.
 */
export const hrFormMessages = {
  templateNotHr: 'Choose a published HR form.',
  whomRequired: 'Choose the employees, a position or a workplace.',
  whomOne: 'Choose employees, a position or a workplace — one of them.',
  employeeUnknown: 'A chosen employee is not an active employee of the organisation.',
  positionUnknown: 'Choose a position of the organisation.',
  workplaceUnknown: 'Choose a workplace of the organisation.',
  nobodyToAssign: 'No active employee holds this position or works at this workplace (the reviewer aside).',
  reviewerUnknown: 'Choose an active employee who signs in as the reviewer.',
  reviewerNotManager:
    'Choose the line manager of every employee as the reviewer: the reviewer reads the answers, and only HR with hrEmployeePrivateInfo may choose someone else.',
  reviewerIsAssignee: 'The reviewer cannot review their own form: choose someone else or leave them out.',
  dueInPast: 'The due date cannot be in the past.',
  frequencyUnknown: 'Choose how often the form repeats.',
  assigned: (count: number, mails: number) =>
    `Assigned to ${count} employee${count === 1 ? '' : 's'}` +
    (mails < count ? ` (${mails} e-mailed; the others have no e-mail address).` : '.'),
  commentRequired: 'Please say what needs to change.',
  notSubmitted: 'Only a submitted form can be returned.',
  returned: 'The form was returned to the employee with your comment.',
  notYours: 'This form is not assigned to you.',
  notReviewer: 'Only the reviewer of this form may review it.',
  finished: 'This form is no longer open.',
  notOpen: 'Only a form that is still to be filled in can be cancelled.',
  cancelled: 'The form was withdrawn.',
  formWithdrawn: 'This HR form is no longer published. Please ask HR.',
} as const;

/**
 * Where an assignment stands: to fill in (assigned; also after a return), to review (submitted),
 * accepted and closed with its PDF (closed), withdrawn by HR before it was submitted (cancelled).
 */
export const HR_FORM_STATUSES = ['assigned', 'submitted', 'closed', 'cancelled'] as const;
export type HrFormStatus = (typeof HR_FORM_STATUSES)[number];
export const HR_FORM_STATUS_LABELS: Record<HrFormStatus, string> = {
  assigned: 'Pending Completion',
  submitted: 'Pending For Review',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/** An assignment that repeats: the next one is assigned on close, due `interval` × `frequency` later. */
export const ZHrFormRepeat = repeatSchema(hrFormMessages.frequencyUnknown);
export type THrFormRepeat = z.output<typeof ZHrFormRepeat>;

const ZRef = z.object({ _id: z.uuid(), name: z.string() });

/** The body of a call about one assignment. */
export const ZHrFormId = z.object({ _id: z.uuid() });

/**
 * Assign an HR template to employees: `employeeIds` (one or several), or everyone active in
 * `positionId`, or everyone active at `workplaceId` — exactly one of the three.
 */
export const ZHrFormAssign = z
  .object({
    formTemplateId: z.uuid(),
    ...ASSIGNEE_FIELDS,
    reviewerEmployeeId: z.uuid(),
    dueDate: ZDay,
    /** Shown in the mail to each employee and on their form's page. */
    message: z.string().trim().max(2000).nullish(),
    /** null or absent: once. */
    repeat: ZHrFormRepeat.nullish(),
  })
  .superRefine(oneKindOfAssignee(hrFormMessages));
export type THrFormAssign = z.input<typeof ZHrFormAssign>;

/** The register's filters, the same for a page and for the CSV export. */
export const ZHrFormFilters = z.object({
  status: z.enum(HR_FORM_STATUSES).optional(),
  formTemplateId: z.uuid().optional(),
  employeeId: z.uuid().optional(),
  reviewerEmployeeId: z.uuid().optional(),
  /** Due on or after / on or before (yyyy-MM-dd). */
  dueFrom: ZDay.optional(),
  dueTo: ZDay.optional(),
  /** Names an employee, a reviewer or a form. */
  search: z.string().trim().max(200).optional(),
});
export type THrFormFilters = z.input<typeof ZHrFormFilters>;

export const ZHrFormListRequest = ZHrFormFilters.extend({
  page: ZPage.optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
});
export type THrFormListRequest = z.input<typeof ZHrFormListRequest>;

export const ZHrFormRow = z.object({
  _id: z.uuid(),
  formTemplateId: z.uuid(),
  formName: z.string(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  reviewerEmployeeId: z.uuid().nullable(),
  reviewerName: z.string().nullable(),
  status: z.enum(HR_FORM_STATUSES),
  /** yyyy-MM-dd. */
  dueDate: z.string(),
  /** Due-date colour while it is the employee's to fill in; 'nodue' otherwise. */
  taskDueDateType: ZTaskDueDateType,
  submissionId: z.uuid().nullable(),
  /** 'FS 1042' once submitted, else null. */
  formNumber: z.string().nullable(),
  /** How often the reviewer returned it. */
  returnCount: z.number().int(),
  repeat: ZHrFormRepeat.nullable(),
  /** ISO timestamp. */
  createdAt: z.string(),
});
export type THrFormRow = z.output<typeof ZHrFormRow>;

export const ZHrFormList = z.object({
  rows: z.array(ZHrFormRow),
  total: z.number().int(),
  /** Set when the count stopped at its cap: `total` is the cap. */
  totalCapped: z.boolean().optional(),
});
export type THrFormList = z.output<typeof ZHrFormList>;

/** One step of an assignment's history (its change log): assigned, submitted, returned, closed, cancelled. */
export const ZHrFormDetails = ZHrFormRow.extend({
  message: z.string().nullable(),
  /** The reviewer's last comment when it was returned. */
  reviewComment: z.string().nullable(),
  /** Which side the caller is on: the employee, the reviewer, or HR (hrForm / hrAdmin). */
  side: z.enum(['employee', 'reviewer', 'hr']),
  /** The employee may open (start or continue) the form: it is theirs and assigned. */
  canFill: z.boolean(),
  /** The reviewer may return or accept it: submitted and theirs to review. */
  canReview: z.boolean(),
  /** HR may withdraw it: still assigned. */
  canCancel: z.boolean(),
  history: z.array(ZStepEvent),
});
export type THrFormDetails = z.output<typeof ZHrFormDetails>;

export const ZHrFormAssignOptions = z.object({
  /** Published templates of form type hr. */
  templates: z.array(ZRef),
  positions: z.array(ZRef),
  workplaces: z.array(ZRef),
});
export type THrFormAssignOptions = z.output<typeof ZHrFormAssignOptions>;

export const ZHrFormPerson = ZRef.extend({ positionName: z.string().nullable() });
export type THrFormPerson = z.output<typeof ZHrFormPerson>;

const employee = { callers: ['employee'] } as const;

export const hrFormAssignOptionsCall = defineCall({
  method: 'POST',
  path: '/hrFormAssignOptions',
  tags: ['hrForms'],
  summary:
    'What an HR form is assigned with: published HR templates, positions, workplaces (hrForm or hrAdmin)',
  access: employee,
  response: ZHrFormAssignOptions,
});

export const hrFormPeopleSearchCall = defineCall({
  method: 'POST',
  path: '/hrFormPeopleSearch',
  tags: ['hrForms'],
  summary:
    'Active employees matching a search (20 at most), to assign an HR form to (role assignee) or to ' +
    'review it (role reviewer: those who sign in) (hrForm or hrAdmin)',
  access: employee,
  body: z.object({
    search: z.string().trim().max(200).optional(),
    role: z.enum(['assignee', 'reviewer']).default('assignee'),
  }),
  response: z.array(ZHrFormPerson),
});

export const hrFormAssignCall = defineCall({
  method: 'POST',
  path: '/hrFormAssign',
  tags: ['hrForms'],
  summary:
    'Assign an HR form to employees (or a position, or a workplace); mails each of them (hrForm or hrAdmin)',
  access: employee,
  body: ZHrFormAssign,
  /** `ids`: the assignments made, one per employee. */
  response: z.object({ count: z.number().int(), ids: z.array(z.uuid()), mailsQueued: z.number().int() }),
});

export const hrFormListCall = defineCall({
  method: 'POST',
  path: '/hrFormList',
  tags: ['hrForms'],
  summary: 'The HR Forms register: every assigned HR form, latest due first (hrForm or hrAdmin)',
  access: employee,
  body: ZHrFormListRequest,
  response: ZHrFormList,
});

export const hrFormExportCall = defineCall({
  method: 'GET',
  path: '/hrFormExport',
  tags: ['hrForms'],
  summary: 'The filtered HR Forms register as a CSV file (the file itself; errors in the envelope)',
  access: employee,
  query: ZHrFormFilters,
  response: 'file',
});

export const hrFormDetailsCall = defineCall({
  method: 'POST',
  path: '/hrFormDetails',
  tags: ['hrForms'],
  summary: 'One assigned HR form: its employee, its reviewer, or HR (hrForm or hrAdmin)',
  access: employee,
  body: ZHrFormId,
  response: ZHrFormDetails,
});

export const hrFormOpenCall = defineCall({
  method: 'POST',
  path: '/hrFormOpen',
  tags: ['hrForms'],
  summary:
    'For its employee: the form of an assigned HR form (started as a draft on first open) and the ' +
    'editor path that fills it in',
  access: employee,
  body: ZHrFormId,
  response: z.object({ submissionId: z.uuid(), path: z.string() }),
});

export const hrFormReturnCall = defineCall({
  method: 'POST',
  path: '/hrFormReturn',
  tags: ['hrForms'],
  summary: 'The reviewer returns a submitted HR form with a comment: the employee’s to change again',
  access: employee,
  body: ZHrFormId.extend({
    comment: z.string().trim().min(1, hrFormMessages.commentRequired).max(2000),
  }),
  response: z.null(),
});

/** 001 §7 "Find assign form for hr": the assignment of an HR form submission (the wire's spelling). */
export const hrFormOfSubmissionCall = defineCall({
  method: 'POST',
  path: '/hrFormOfSubmission',
  tags: ['hrForms'],
  summary:
    'Find assign form for hr: the HR assignment a submission belongs to (its employee, reviewer, or HR)',
  access: employee,
  body: z.object({ formSumissionId: z.uuid() }),
  response: z.object({ _id: z.uuid() }),
});

export const hrFormCancelCall = defineCall({
  method: 'POST',
  path: '/hrFormCancel',
  tags: ['hrForms'],
  summary: 'Withdraw an HR form not yet submitted (hrForm or hrAdmin); its repeats stop',
  access: employee,
  body: ZHrFormId,
  response: z.null(),
});

/** The HR Forms register's page (HR Admin > HR Forms). */
export const HR_FORMS_PATH = '/human-resource/admin/forms';
/** The form editor for an assigned HR form's submission (the assignment rides along as assignFormId). */
export const hrFormEditorPath = (submissionId: string, assignmentId: string) =>
  `/form-submission/my-action-edit/${encodeURIComponent(submissionId)}?assignFormId=${encodeURIComponent(assignmentId)}`;

/** The pages of an assigned HR form (the dashboard's targets, shared/contractRules/workItemTarget.ts). */
export const hrFormPagePath = (
  side: 'assessment' | 'review',
  assignment: { _id: string; employeeId: string; formTemplateId: string },
) =>
  `/human-resource/employee/form-submit/${side}/${[
    assignment.employeeId,
    assignment._id,
    assignment.formTemplateId,
  ]
    .map(encodeURIComponent)
    .join('/')}`;
