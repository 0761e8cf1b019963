/**
 * The submission registers (spec 001 section 2.2): My Records / Records, a page at a time, and one
 * submission's history (the form itself: submissions.ts).
 */
import { z } from 'zod';
import { ACCESS, defineCall } from './call';
import { ZDay, ZPage } from './envelope';
import { ZFormType, ZSubmissionStatus } from './submissions';

export const SUBMISSION_LIST_SORTS = ['formDate', 'number', 'formDescription', 'createdAt'] as const;

export const ZFormSubmissionListRequest = z.object({
  /** 'my': submissions the caller recorded or coordinates; 'all': the organisation's Records. */
  scope: z.enum(['my', 'all']).default('my'),
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  sort: z.enum(SUBMISSION_LIST_SORTS).default('formDate'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  formTemplateId: z.uuid().optional(),
  status: ZSubmissionStatus.optional(),
  fromDate: ZDay.optional(),
  toDate: ZDay.optional(),
  workplace: z.uuid().optional(),
  search: z.string().max(200).optional(),
});
export type TFormSubmissionListRequest = z.input<typeof ZFormSubmissionListRequest>;

export const ZFormSubmissionListRow = z.object({
  _id: z.uuid(),
  formatedNumber: z.string(),
  formTemplateId: z.uuid(),
  formTemplateName: z.string(),
  formDescription: z.string(),
  formDate: z.string(),
  workplaceName: z.string(),
  branchName: z.string(),
  status: ZSubmissionStatus,
  coordinator: z.string(),
  recordedBy: z.string(),
  formType: ZFormType,
});
export type TFormSubmissionListRow = z.infer<typeof ZFormSubmissionListRow>;

/**
 * The Records list counts at most this many rows: past it the count alone would read the whole
 * organisation's submissions on every page (issue 18), and nobody pages that far; they filter.
 * A searched list counts less: four pages past the one shown (server/src/db/reader.ts).
 */
export const RECORDS_COUNT_CAP = 1_000;

export const ZFormSubmissionList = z.object({
  rows: z.array(ZFormSubmissionListRow),
  total: z.number().int(),
  /** Set when the count stopped at its cap (RECORDS_COUNT_CAP, less for a search): `total` is the cap. */
  totalCapped: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TFormSubmissionList = z.infer<typeof ZFormSubmissionList>;

// ---------- History ----------

export const ZFormSubmissionHistoryRequest = z.object({ formSubmissionId: z.uuid() });
export const ZChangeLogEntry = z.object({
  _id: z.uuid(),
  entityType: z.enum(['submission', 'action']),
  entityId: z.uuid(),
  action: z.string(),
  /** Who: the user's full name ('Guest User' for none). */
  who: z.string(),
  /** When: ISO timestamp. */
  when: z.string(),
  /** What: one entry per changed attribute. */
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type TChangeLogEntry = z.infer<typeof ZChangeLogEntry>;
export const ZFormSubmissionHistory = z.array(ZChangeLogEntry);

export const formSubmissionListCall = defineCall({
  method: 'POST',
  path: '/formSubmissionList',
  tags: ['submissions'],
  summary: 'My Records / Records: a page of submissions',
  access: ACCESS.signedIn,
  body: ZFormSubmissionListRequest,
  response: ZFormSubmissionList,
});

export const formSubmissionHistoryCall = defineCall({
  method: 'POST',
  path: '/formSubmissionHistory',
  tags: ['submissions'],
  summary: 'The change log of a submission and its actions, newest first',
  access: ACCESS.signedIn,
  body: ZFormSubmissionHistoryRequest,
  response: ZFormSubmissionHistory,
});
