import { z } from 'zod';
import { FREQUENCY_KEYS } from '../rules/frequency';
import { OBLIGATION_COMPLIANCE } from '../rules/obligationCompliance';
import { TASK_DUE_TYPES } from '../rules/taskDueType';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { ZDay } from './envelope';
import { reviewCalls, ZReviewHistoryEntry } from './reviews';

/**
 * The Obligations register (access key `obligation`): legal and other obligations, the questions
 * asked about each (answered from the dashboard) and their scheduled reviews. The specification
 * names only the routes (000 §2.2); the screens and messages are this product's (docs/registers.md).
 */
export const obligationMessages = {
  nameRequired: 'Please enter the name of the obligation.',
  nameTaken: 'The register already has an obligation with this name.',
  typeUnknown: 'Choose the type of obligation.',
  frequencyUnknown: 'Choose how often the obligation is reviewed.',
  nextReviewRequired: 'Please enter the date of the next review.',
  nextReviewPast: 'The next review cannot be before today.',
  reviewerRequired: 'Choose who reviews the obligation.',
  coReviewerSame: 'The co-reviewer must be someone other than the reviewer.',
  personUnknown: 'Choose an active employee of your organisation.',
  reviewerWithoutAccess:
    'The reviewer must be an employee who signs in and whose role opens this register, or they could not open the review.',
  workplaceUnknown: 'A chosen workplace does not exist.',
  referenceRequired: 'Please enter the reference of the question.',
  instructionRequired: 'Please enter the question or instruction.',
  assigneeRequired: 'Choose who answers the question.',
  assigneeWithoutAccess:
    'The assignee must be an employee who signs in, or they could not answer the question.',
  dueDateInvalid: 'Enter the due date as a date.',
  questionUnknown: 'This question is not part of the obligation (it may have been removed).',
  questionAnswered: 'An answered question cannot be changed or removed.',
  saved: 'Obligation saved.',
  filesAdded: 'Files added.',
  deleted: 'Obligation deleted.',
} as const;
const say = obligationMessages;

/** The kinds of obligation the register holds; the database enum ObligationType has the same keys. */
export const OBLIGATION_TYPES = [
  'legislation',
  'regulation',
  'codeOfPractice',
  'standard',
  'permit',
  'contract',
  'other',
] as const;
export type ObligationType = (typeof OBLIGATION_TYPES)[number];
export const OBLIGATION_TYPE_LABELS: Record<ObligationType, string> = {
  legislation: 'Legislation',
  regulation: 'Regulation',
  codeOfPractice: 'Code of practice',
  standard: 'Standard',
  permit: 'Permit / licence',
  contract: 'Contract',
  other: 'Other',
};

export const OBLIGATION_SORTS = ['nextReviewDate', 'name', 'type', 'createdAt'] as const;
export type ObligationSort = (typeof OBLIGATION_SORTS)[number];

const access = { callers: ['employee'], accessKeys: ['obligation'] } as const;
const ZId = z.object({ _id: z.uuid() });
const ZPerson = z.object({ _id: z.uuid(), name: z.string() });

/** What narrows the list, the same for a page of it and for its CSV export. */
export const ZObligationFilters = z.object({
  search: z.string().trim().max(200).optional(),
  type: z.enum(OBLIGATION_TYPES).optional(),
  compliance: z.enum(OBLIGATION_COMPLIANCE).optional(),
  workplaceId: z.uuid().optional(),
  ownerId: z.uuid().optional(),
  sort: z.enum(OBLIGATION_SORTS).default('nextReviewDate'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
});
export type TObligationFilters = z.input<typeof ZObligationFilters>;

export const ZObligationListRequest = ZObligationFilters.extend({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type TObligationListRequest = z.input<typeof ZObligationListRequest>;

export const ZObligationRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  type: z.enum(OBLIGATION_TYPES),
  authority: z.string(),
  reference: z.string(),
  owner: z.string().nullable(),
  /** Empty: it applies to every workplace. */
  workplaceNames: z.array(z.string()),
  reviewFrequency: z.enum(FREQUENCY_KEYS).nullable(),
  reviewer: z.string().nullable(),
  nextReviewDate: z.string().nullable(),
  taskDueDateType: z.enum(TASK_DUE_TYPES),
  compliance: z.enum(OBLIGATION_COMPLIANCE),
  questions: z.number().int(),
  openQuestions: z.number().int(),
});
export type TObligationRow = z.output<typeof ZObligationRow>;

/** The list is counted up to RECORDS_COUNT_CAP (totalCapped says there are more). */
export const ZObligationList = z.object({
  rows: z.array(ZObligationRow),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});

/** A question as the edit page holds it; an answered question is shown with its answer, read-only. */
export const ZObligationQuestion = z.object({
  _id: z.uuid(),
  reference: z.string(),
  instruction: z.string(),
  assignee: ZPerson.nullable(),
  dueDate: z.string(),
  taskDueDateType: z.enum(TASK_DUE_TYPES),
  response: z.string(),
  isComplete: z.boolean(),
  /** Who answered (the assignee, who alone can) and when: the completion day. */
  answeredBy: z.string().nullable(),
  completedOn: z.string().nullable(),
});
export type TObligationQuestion = z.output<typeof ZObligationQuestion>;

export const ZObligationDetails = z.object({
  _id: z.uuid(),
  name: z.string(),
  type: z.enum(OBLIGATION_TYPES),
  authority: z.string(),
  reference: z.string(),
  description: z.string(),
  owner: ZPerson.nullable(),
  workplaceIds: z.array(z.uuid()),
  reviewFrequency: z.enum(FREQUENCY_KEYS).nullable(),
  reviewer: ZPerson.nullable(),
  coReviewer: ZPerson.nullable(),
  nextReviewDate: z.string().nullable(),
  /** The caller's part of the open review, if they have one (a link to the review page). */
  myReview: z.enum(['review', 'coReview']).nullable(),
  compliance: z.enum(OBLIGATION_COMPLIANCE),
  questions: z.array(ZObligationQuestion),
  attachments: z.array(ZAttachment),
  reviewHistory: z.array(ZReviewHistoryEntry),
});
export type TObligationDetails = z.output<typeof ZObligationDetails>;

export const ZObligationOptions = z.object({
  workplaces: z.array(ZPerson),
});
export type TObligationOptions = z.output<typeof ZObligationOptions>;

/** A due day that must be a real calendar day, with a message for people rather than programs. */
const ZDueDay = z.string({ error: say.dueDateInvalid }).refine((day) => ZDay.safeParse(day).success, {
  error: say.dueDateInvalid,
});

/** A question to keep or add (no _id); open questions left out of a save are removed. */
export const ZObligationQuestionSave = z.object({
  _id: z.uuid().optional(),
  reference: z.string().trim().min(1, say.referenceRequired).max(200),
  instruction: z.string().trim().min(1, say.instructionRequired).max(4000),
  assigneeId: z.uuid({ error: say.assigneeRequired }),
  dueDate: ZDueDay,
});
export type TObligationQuestionSave = z.input<typeof ZObligationQuestionSave>;

/**
 * Create an obligation (no _id) or change one, with its open questions. The next review may not
 * be before today in the organisation's time zone: the server checks that (see nextReviewProblem).
 */
export const ZObligationSave = z
  .object({
    _id: z.uuid().optional(),
    name: z.string({ error: say.nameRequired }).trim().min(1, say.nameRequired).max(200),
    type: z.enum(OBLIGATION_TYPES, { error: say.typeUnknown }),
    authority: z.string().trim().max(200).default(''),
    reference: z.string().trim().max(200).default(''),
    description: z.string().trim().max(10_000).default(''),
    ownerId: z.uuid({ error: say.personUnknown }).nullable().default(null),
    workplaceIds: z
      .array(z.uuid({ error: say.workplaceUnknown }))
      .max(500)
      .default([]),
    reviewFrequency: z.enum(FREQUENCY_KEYS, { error: say.frequencyUnknown }),
    reviewerId: z.uuid({ error: say.reviewerRequired }),
    coReviewerId: z.uuid({ error: say.personUnknown }).nullable().default(null),
    nextReviewDate: z
      .string({ error: say.nextReviewRequired })
      .refine((day) => ZDay.safeParse(day).success, { error: say.nextReviewRequired }),
    questions: z.array(ZObligationQuestionSave).max(200).default([]),
  })
  .superRefine((input, ctx) => {
    if (input.coReviewerId && input.coReviewerId === input.reviewerId)
      ctx.addIssue({ code: 'custom', path: ['coReviewerId'], message: say.coReviewerSame });
  });
export type TObligationSave = z.input<typeof ZObligationSave>;
export type TObligationSaveParsed = z.output<typeof ZObligationSave>;

/** The rule on the next review day, for the edit page and the server alike. */
export function nextReviewProblem(nextReviewDate: string, today: string): string | null {
  return nextReviewDate < today ? say.nextReviewPast : null;
}

export const obligationListCall = defineCall({
  method: 'POST',
  path: '/obligationList',
  tags: ['obligations'],
  summary: 'A page of the Obligations register, searched, filtered and sorted',
  access,
  body: ZObligationListRequest,
  response: ZObligationList,
});

export const obligationExportCall = defineCall({
  method: 'GET',
  path: '/obligationExport',
  tags: ['obligations'],
  summary: 'The filtered Obligations register as CSV (every matching row, in the list’s order)',
  access,
  query: ZObligationFilters,
  response: 'file',
});

export const obligationDetailsCall = defineCall({
  method: 'POST',
  path: '/obligationDetails',
  tags: ['obligations'],
  summary: 'One obligation with its questions and their answers, files and review history',
  access,
  body: ZId,
  response: ZObligationDetails,
});

export const obligationOptionsCall = defineCall({
  method: 'POST',
  path: '/obligationOptions',
  tags: ['obligations'],
  summary: 'The active workplaces an obligation can apply to',
  access,
  response: ZObligationOptions,
});

export const obligationPeopleSearchCall = defineCall({
  method: 'POST',
  path: '/obligationPeopleSearch',
  tags: ['obligations'],
  summary: 'Active employees with an account matching a search: owners, reviewers and question assignees',
  access,
  // As reviewers only those the review call serves (role `reviewer`), as question assignees those
  // the assigned action's save serves (`assignee`), as registerParts pickers do.
  body: z.object({
    search: z.string().trim().max(200).optional(),
    role: z.enum(['anyone', 'reviewer', 'assignee']).default('anyone'),
  }),
  response: z.array(ZPerson),
});

export const obligationSaveCall = defineCall({
  method: 'POST',
  path: '/obligationSave',
  tags: ['obligations'],
  summary:
    'Create or change an obligation and its open questions; an assigned question is on the assignee’s ' +
    'dashboard, the review on the reviewer’s',
  access,
  body: ZObligationSave,
  response: ZId,
});

export const obligationDeleteCall = defineCall({
  method: 'POST',
  path: '/obligationDelete',
  tags: ['obligations'],
  summary:
    'Delete an obligation, its questions (answered ones too), files and open review; its history stays in the change log',
  access,
  body: ZId,
  response: z.null(),
});

export const ZObligationAttachmentUpload = ZId;
export const obligationAttachmentUploadCall = defineCall({
  method: 'POST',
  path: '/obligationAttachmentUpload',
  tags: ['obligations'],
  summary:
    "Add files to an obligation (multipart: _id and files); removed with deleteAttachment (fileType 'obligation')",
  access,
  multipart: ZObligationAttachmentUpload,
  response: z.null(),
});

/** `/obligationReviewDetails` and `/obligationReviewComplete` (the page `obligation/review/{id}/{x}`). */
export const obligationReviewCalls = reviewCalls('obligation', {
  tag: 'obligations',
  accessKey: 'obligation',
});
