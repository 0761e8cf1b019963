import { z } from 'zod';
import { FREQUENCY_KEYS } from '../rules/frequency';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { reviewCalls, ZReviewHistoryEntry } from './reviews';
import { ZDay } from './envelope';

/** What the document library says (the specification names the screens, not their messages). */
export const documentMessages = {
  nameRequired: 'Please enter the document name.',
  nameTaken: 'A document with this name already exists.',
  folderNameRequired: 'Please enter the folder name.',
  folderNameTaken: 'A folder with this name already exists.',
  folderMissing: 'The chosen folder does not exist.',
  ownerRequired: 'Please choose the owner.',
  reviewerRequired: 'Please choose the reviewer.',
  coReviewerSame: 'The co-reviewer must be someone other than the reviewer.',
  personMissing: 'A chosen person is not an active employee of the organisation.',
  reviewerWithoutAccess:
    'The reviewer must be an employee who signs in and whose role opens the document library, or they could not open the review.',
  approverWithoutAccess:
    'An approver must be an employee who signs in and whose role opens the document library, or they could not approve.',
  readerWithoutAccess:
    'A reader must be an employee who signs in and whose role opens the document library, or they could not acknowledge.',
  audienceMissing: 'A chosen workplace or role does not exist.',
  frequencyUnknown: 'Please choose a review frequency from the list.',
  nextReviewRequired: 'Please enter the next review date.',
  nextReviewPast: 'The next review date cannot be before today.',
  nextReviewBeforeLast: 'The next review date cannot be before the last review.',
  fileRequired: 'Please choose the file to upload.',
  oneFile: 'Upload one file per version.',
  commentRequired: 'Please enter the reason for rejecting.',
  instructionRequired: 'Please enter the instruction.',
  assigneeRequired: 'Please choose who does the action.',
  notYours: 'This work item belongs to someone else.',
  notPublished: 'This document has no published version to read yet.',
  nothingToApprove: 'There is no approval of yours waiting on this document.',
  nothingToRevise: 'This document has no rejected version to revise.',
  alreadyAcknowledged: 'You have already acknowledged this version.',
  created: 'Document uploaded.',
  saved: 'Document saved.',
  folderSaved: 'Folder saved.',
  versionUploaded: 'New version uploaded.',
  acknowledged: 'Thank you: your acknowledgement is recorded.',
  approved: 'Version approved.',
  rejected: 'Version rejected: the owner is asked to revise it.',
  withdrawn: 'The rejected version is withdrawn; the current version stays.',
  filesAdded: 'Files added.',
  actionCreated: 'Action raised.',
  actionCompleted: 'Action completed.',
} as const;

const say = documentMessages;
/** The access of every call that reads the library (the work-item calls too: documentWorkItems.ts). */
export const DOCUMENT_READER = { callers: ['employee'], accessKeys: ['document'] } as const;
const reader = DOCUMENT_READER;
const editor = { callers: ['employee'], accessKeys: ['document', 'documentEdit'] } as const;

const ZId = z.object({ _id: z.uuid() });

/** A version's standing: the badge the library and the detail show. */
export const DOCUMENT_VERSION_STATUSES = ['approvalPending', 'published', 'rejected'] as const;
export type DocumentVersionStatus = (typeof DOCUMENT_VERSION_STATUSES)[number];
export const DOCUMENT_VERSION_STATUS_LABELS: Record<DocumentVersionStatus, string> = {
  approvalPending: 'Approval Pending',
  published: 'Published',
  rejected: 'Rejected',
};

/** A review frequency of spec 000 §3; anything else is refused with a message, not a schema dump. */
const ZFrequency = z.enum(FREQUENCY_KEYS, { error: say.frequencyUnknown });

// ---------- Library list ----------

export const DOCUMENT_SORTS = ['name', '-name', 'nextReviewDate', '-nextReviewDate', '-updatedAt'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
export const DOCUMENT_SORT_LABELS: Record<DocumentSort, string> = {
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  nextReviewDate: 'Next review (soonest)',
  '-nextReviewDate': 'Next review (latest)',
  '-updatedAt': 'Recently changed',
};

/** The library's review filter: past the next review date, or due within 30 days. */
export const DOCUMENT_REVIEW_FILTERS = ['overdue', 'dueSoon'] as const;
export const DOCUMENT_REVIEW_FILTER_LABELS: Record<(typeof DOCUMENT_REVIEW_FILTERS)[number], string> = {
  overdue: 'Review overdue',
  dueSoon: 'Review due within 30 days',
};

export const ZDocumentListRequest = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  folderId: z.uuid().optional(),
  status: z.enum(DOCUMENT_VERSION_STATUSES).optional(),
  review: z.enum(DOCUMENT_REVIEW_FILTERS).optional(),
  sort: z.enum(DOCUMENT_SORTS).default('name'),
});
export type TDocumentListRequest = z.input<typeof ZDocumentListRequest>;

/** The CSV export takes the list's filters as a query string (a download is a GET). */
export const ZDocumentCsvRequest = ZDocumentListRequest.omit({ page: true, pageSize: true });

export const ZDocumentRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  folderName: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** The published version readers see; null before the first is published. */
  currentVersion: z.number().int().nullable(),
  /** The latest version's standing (a newer version may wait for approval). */
  status: z.enum(DOCUMENT_VERSION_STATUSES),
  reviewFrequency: ZFrequency,
  nextReviewDate: ZDay.nullable(),
  updatedAt: z.string(),
});
export type TDocumentRow = z.output<typeof ZDocumentRow>;

export const ZDocumentList = z.object({
  rows: z.array(ZDocumentRow),
  total: z.number().int(),
  /** More match than were counted (the count stops at a cap). */
  totalCapped: z.literal(true).optional(),
});

// ---------- Folders, options, people ----------

const ZOption = z.object({ _id: z.uuid(), name: z.string() });
export const ZDocumentFolder = ZOption.extend({ documentCount: z.number().int() });
export type TDocumentFolder = z.output<typeof ZDocumentFolder>;

export const ZDocumentFolderSave = z.object({
  _id: z.uuid().optional(),
  name: z.string().trim().min(1, say.folderNameRequired).max(120),
});

export const ZDocumentOptions = z.object({ workplaces: z.array(ZOption), roles: z.array(ZOption) });
export type TDocumentOptions = z.output<typeof ZDocumentOptions>;

/**
 * What a picked person will do: review, approve or read (acknowledge) are done through calls that
 * need the document key, so those pickers offer only people who can make them; `anyone` (owners,
 * action assignees) offers every active employee.
 */
export const DOCUMENT_PICKED_AS = ['anyone', 'reviewer', 'approver', 'reader'] as const;
export type DocumentPickedAs = (typeof DOCUMENT_PICKED_AS)[number];

export const ZDocumentPeopleSearch = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.number().int().min(1).max(1000).default(1),
  role: z.enum(DOCUMENT_PICKED_AS).default('anyone'),
});
export const ZDocumentPeople = z.object({ options: z.array(ZOption), hasMore: z.boolean() });

// ---------- Saving ----------

/** What describes a document, without its file: written on upload and when edited. */
export const ZDocumentFields = z.object({
  name: z.string().trim().min(1, say.nameRequired).max(200, 'The name is at most 200 characters.'),
  description: z.string().trim().max(5000).optional(),
  folderId: z.uuid().nullable().optional(),
  ownerId: z.uuid({ error: say.ownerRequired }),
  reviewerId: z.uuid({ error: say.reviewerRequired }),
  coReviewerId: z.uuid().nullable().optional(),
  reviewFrequency: ZFrequency,
  nextReviewDate: ZDay.or(z.literal('')).refine((day) => day !== '', say.nextReviewRequired),
  audienceWorkplaceIds: z.array(z.uuid()).max(500).default([]),
  audienceRoleIds: z.array(z.uuid()).max(500).default([]),
  audienceEmployeeIds: z.array(z.uuid()).max(2000).default([]),
});

const checkReviewers = (
  fields: { reviewerId: string; coReviewerId?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (fields.coReviewerId && fields.coReviewerId === fields.reviewerId)
    ctx.addIssue({ code: 'custom', path: ['coReviewerId'], message: say.coReviewerSame });
};

/** A new document: its fields, the note of version 1 and who approves it (none: published at once). */
export const ZDocumentCreate = ZDocumentFields.extend({
  note: z.string().trim().max(2000).optional(),
  approverIds: z.array(z.uuid()).max(20).default([]),
}).superRefine(checkReviewers);
export type TDocumentCreate = z.input<typeof ZDocumentCreate>;
export type TDocumentCreateParsed = z.output<typeof ZDocumentCreate>;

export const ZDocumentUpdate = ZDocumentFields.extend({ _id: z.uuid() }).superRefine(checkReviewers);
export type TDocumentUpdate = z.input<typeof ZDocumentUpdate>;
export type TDocumentUpdateParsed = z.output<typeof ZDocumentUpdate>;

/**
 * The multipart fields of an upload: `details` is the JSON of the document (or the version), the
 * file travels beside it.
 */
export const ZDocumentUploadForm = z.object({ details: z.string().max(200_000) });

export const ZDocumentVersionCreate = z.object({
  _id: z.uuid(),
  note: z.string().trim().max(2000).optional(),
  approverIds: z.array(z.uuid()).max(20).default([]),
});
export type TDocumentVersionCreate = z.input<typeof ZDocumentVersionCreate>;

// ---------- Details ----------

export const ZDocumentApproval = z.object({
  _id: z.uuid(),
  employeeId: z.uuid(),
  name: z.string(),
  status: z.enum(['requested', 'approved', 'rejected', 'withdrawn']),
  comment: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

export const ZDocumentVersion = z.object({
  _id: z.uuid(),
  number: z.number().int(),
  status: z.enum(DOCUMENT_VERSION_STATUSES),
  isCurrent: z.boolean(),
  note: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  file: ZAttachment.nullable(),
  approvals: z.array(ZDocumentApproval),
  acknowledged: z.number().int(),
  toAcknowledge: z.number().int(),
});
export type TDocumentVersion = z.output<typeof ZDocumentVersion>;

export const ZDocumentAction = z.object({
  _id: z.uuid(),
  instruction: z.string(),
  assigneeId: z.uuid(),
  assigneeName: z.string(),
  dueDate: ZDay,
  completedOn: ZDay.nullable(),
  canComplete: z.boolean(),
});

export const ZDocumentDetails = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  folder: ZOption.nullable(),
  owner: ZOption.nullable(),
  reviewer: ZOption.nullable(),
  coReviewer: ZOption.nullable(),
  reviewFrequency: ZFrequency,
  nextReviewDate: ZDay.nullable(),
  lastReviewDate: ZDay.nullable(),
  audienceWorkplaces: z.array(ZOption),
  audienceRoles: z.array(ZOption),
  audienceEmployees: z.array(ZOption),
  status: z.enum(DOCUMENT_VERSION_STATUSES),
  versions: z.array(ZDocumentVersion),
  attachments: z.array(ZAttachment),
  actions: z.array(ZDocumentAction),
  /** The completed reviews, newest first. */
  reviews: z.array(ZReviewHistoryEntry),
  /** The caller manages it (documentEdit) or owns it: versions, attachments, actions, readers. */
  canManage: z.boolean(),
});
export type TDocumentDetails = z.output<typeof ZDocumentDetails>;

export const ZDocumentReaders = z.object({
  versionNumber: z.number().int(),
  rows: z.array(
    z.object({
      employeeId: z.uuid(),
      name: z.string(),
      dueDate: ZDay,
      acknowledgedAt: z.string().nullable(),
      /** A newer version came before they read this one. */
      lapsed: z.boolean(),
    }),
  ),
});
export type TDocumentReaders = z.output<typeof ZDocumentReaders>;

export const ZDocumentActionCreate = z.object({
  _id: z.uuid(),
  instruction: z.string().trim().min(1, say.instructionRequired).max(2000),
  assigneeId: z.uuid({ error: say.assigneeRequired }),
  dueDate: ZDay,
});
export type TDocumentActionCreate = z.input<typeof ZDocumentActionCreate>;

// ---------- Calls ----------

export const documentListCall = defineCall({
  method: 'POST',
  path: '/documentList',
  tags: ['documents'],
  summary: 'The document library: searched, filtered by folder, status and review, sorted, a page at a time',
  access: reader,
  body: ZDocumentListRequest,
  response: ZDocumentList,
});

export const documentListCsvCall = defineCall({
  method: 'GET',
  path: '/documentListCsv',
  tags: ['documents'],
  summary: 'The filtered library as a CSV file (every matching document, not one page)',
  access: reader,
  query: ZDocumentCsvRequest,
  response: 'file',
});

export const documentFoldersCall = defineCall({
  method: 'POST',
  path: '/documentFolders',
  tags: ['documents'],
  summary: "The library's folders with the number of documents in each",
  access: reader,
  response: z.array(ZDocumentFolder),
});

export const documentFolderSaveCall = defineCall({
  method: 'POST',
  path: '/documentFolderSave',
  tags: ['documents'],
  summary: 'Create a folder, or rename one (_id given)',
  access: editor,
  body: ZDocumentFolderSave,
  response: ZId,
});

export const documentOptionsCall = defineCall({
  method: 'POST',
  path: '/documentOptions',
  tags: ['documents'],
  summary: 'The workplaces and roles a document can be addressed to',
  access: editor,
  response: ZDocumentOptions,
});

export const documentPeopleSearchCall = defineCall({
  method: 'POST',
  path: '/documentPeopleSearch',
  tags: ['documents'],
  summary: 'Active employees by name, 20 at a time: owners, reviewers, approvers, readers, assignees',
  access: editor,
  body: ZDocumentPeopleSearch,
  response: ZDocumentPeople,
});

export const documentCreateCall = defineCall({
  method: 'POST',
  path: '/documentCreate',
  tags: ['documents'],
  summary:
    'Upload a new document (multipart: details, the JSON of its fields, and one file): version 1 is ' +
    'published at once, or waits for the approvers named',
  access: editor,
  multipart: ZDocumentUploadForm,
  response: ZId,
});

export const documentUpdateCall = defineCall({
  method: 'POST',
  path: '/documentUpdate',
  tags: ['documents'],
  summary: "Change a document's name, folder, owner, reviewers, review frequency, next review or audience",
  access: editor,
  body: ZDocumentUpdate,
  response: z.null(),
});

export const documentVersionUploadCall = defineCall({
  method: 'POST',
  path: '/documentVersionUpload',
  tags: ['documents'],
  summary:
    'Upload a new version (multipart: details and one file) by an editor or the owner; the old ' +
    'versions stay. A rejected version is thereby revised.',
  access: reader,
  multipart: ZDocumentUploadForm,
  response: ZId,
});

export const documentDetailsCall = defineCall({
  method: 'POST',
  path: '/documentDetails',
  tags: ['documents'],
  summary:
    'One document: its fields, versions with approvals and acknowledgement counts, attachments, actions',
  access: reader,
  body: ZId,
  response: ZDocumentDetails,
});

export const documentReadersCall = defineCall({
  method: 'POST',
  path: '/documentReaders',
  tags: ['documents'],
  summary: 'Who has and has not acknowledged a version (editors and the owner)',
  access: reader,
  body: z.object({ versionId: z.uuid() }),
  response: ZDocumentReaders,
});

export const documentVersionFileCall = defineCall({
  method: 'GET',
  path: '/documentVersionFile/:versionId',
  tags: ['documents'],
  summary:
    "A version's file: shown in the browser (inline) when it is a PDF or an image and inline=yes, else saved",
  access: reader,
  params: z.object({ versionId: z.uuid() }),
  query: z.object({ inline: z.enum(['yes', 'no']).optional() }),
  response: 'file',
});

export const documentAttachmentUploadCall = defineCall({
  method: 'POST',
  path: '/documentAttachmentUpload',
  tags: ['documents'],
  summary:
    "Add supporting files to a document (multipart: _id and files); removed with deleteAttachment (fileType 'document')",
  access: reader,
  multipart: ZId,
  response: z.null(),
});

export const documentActionCreateCall = defineCall({
  method: 'POST',
  path: '/documentActionCreate',
  tags: ['documents'],
  summary: 'Raise a follow-up action from a document (editors and the owner)',
  access: reader,
  body: ZDocumentActionCreate,
  response: ZId,
});

export const documentActionCompleteCall = defineCall({
  method: 'POST',
  path: '/documentActionComplete',
  tags: ['documents'],
  summary: 'Complete an action raised from a document (its assignee, an editor or the owner)',
  access: reader,
  body: ZId,
  response: z.null(),
});

/** The scheduled review of a document (/document/review/:id/:x, x = review or coReview). */
export const documentReviewCalls = reviewCalls('document', { tag: 'documents', accessKey: 'document' });
