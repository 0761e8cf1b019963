import { z } from 'zod';
import { ZDay } from '../rules/day';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { ZPage, ZYesNo } from './envelope';

/**
 * Vismate, the visitor register (docs/timesheets-and-visitors.md): visitors and contractors sign in
 * and out at a workplace's kiosk (visitorKiosk.ts); holders of `vismate` set up each workplace's
 * kiosk, read the register and print who is on site now. A visitor's personal data is theirs alone.
 */

export const visitorMessages = {
  workplaceUnknown: 'The chosen workplace does not exist.',
  branchUnknown: 'The chosen branch is not a branch of the chosen workplace.',
  questionLabelRequired: 'Every question needs its text.',
  questionsDuplicate: 'Two questions have the same text.',
  retentionInvalid: 'Keep visit records for 1 to 3,650 days.',
  setupSaved: 'Setup saved.',
  kioskNameRequired: 'Please name the kiosk (for example "Reception tablet").',
  kioskCreated: 'Kiosk registered. Open its link on the kiosk device; it is shown only now.',
  kioskRevoked: 'Kiosk revoked: its link no longer works.',
  kioskAlreadyRevoked: 'This kiosk is already revoked.',
  documentsAdded: 'Documents added.',
  documentDeleted: 'Document deleted.',
  signedOut: 'Signed out.',
  alreadySignedOut: 'This visitor has already signed out.',
  periodReversed: 'The end of the period must not be before its start.',
} as const;
const say = visitorMessages;

export const VISIT_KINDS = ['visitor', 'contractor'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];
export const VISIT_KIND_LABELS: Record<VisitKind, string> = { visitor: 'Visitor', contractor: 'Contractor' };
export const VISIT_STATUSES = ['all', 'onSite', 'signedOut'] as const;
export const VISIT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const VISIT_EXPORT_LIMIT = 50_000;
export const VISITOR_QUESTION_TYPES = ['text', 'yesNo'] as const;
export const VISITOR_QUESTIONS_MAX = 20;
export const VISITOR_RETENTION_DEFAULT_DAYS = 365;

export const visitorRegisterPath = '/configure-vismate/visitor-register';
export const visitorSetupPath = (workplaceId?: string) =>
  workplaceId ? `/configure-vismate/setup/${encodeURIComponent(workplaceId)}` : '/configure-vismate/setup';
export const visitPath = (visitId: string) => `/configure-vismate/visit/${encodeURIComponent(visitId)}`;
export const onSiteNowPath = (workplaceId: string) =>
  `/configure-vismate/on-site/${encodeURIComponent(workplaceId)}`;
/** The kiosk's full-screen page; the device's link adds ?authtoken=. */
export const VISITOR_KIOSK_PATH = '/configure-vismate/kiosk';

const access = { callers: ['employee'], accessKeys: ['vismate'] } as const;
const ZId = z.object({ _id: z.uuid() });
const ZInstant = z.iso.datetime({ offset: true });

// ---------- Setup ----------

export const ZVisitorQuestion = z.object({
  _id: z.uuid(),
  label: z.string({ error: say.questionLabelRequired }).trim().min(1, say.questionLabelRequired).max(200),
  type: z.enum(VISITOR_QUESTION_TYPES),
  required: z.boolean(),
});
export type TVisitorQuestion = z.output<typeof ZVisitorQuestion>;

export const ZVisitorSetupFields = z.object({
  questions: z
    .array(ZVisitorQuestion)
    .max(VISITOR_QUESTIONS_MAX)
    .refine(
      (list) => new Set(list.map((q) => q.label.toLowerCase())).size === list.length,
      say.questionsDuplicate,
    )
    // Answers are keyed by the question's id: two questions with one id would share an answer.
    .refine((list) => new Set(list.map((q) => q._id)).size === list.length, say.questionsDuplicate),
  /** Shown on the kiosk; when not empty the visitor accepts them to sign in. */
  siteRules: z.string().max(20_000),
  takeSignature: z.boolean(),
  takePhoto: z.boolean(),
  notifyHost: z.boolean(),
  retentionDays: z
    .number({ error: say.retentionInvalid })
    .int(say.retentionInvalid)
    .min(1, say.retentionInvalid)
    .max(3650, say.retentionInvalid),
});

export const ZVisitorSetupSave = ZVisitorSetupFields.extend({ workplaceId: z.uuid() });
export type TVisitorSetupSave = z.input<typeof ZVisitorSetupSave>;

export const ZVisitorKiosk = z.object({
  _id: z.uuid(),
  name: z.string(),
  branch: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: ZInstant,
  lastSeenAt: ZInstant.nullable(),
  revokedAt: ZInstant.nullable(),
});
export type TVisitorKiosk = z.output<typeof ZVisitorKiosk>;

/** A workplace's setup (the defaults until it is first saved), its kiosks and documents. */
export const ZVisitorSetup = ZVisitorSetupFields.extend({
  workplaceId: z.uuid(),
  workplace: z.string(),
  /** 'no' until the setup is first saved. */
  configured: ZYesNo,
  kiosks: z.array(ZVisitorKiosk),
  documents: z.array(ZAttachment),
});
export type TVisitorSetup = z.output<typeof ZVisitorSetup>;

export const ZVisitorSetupRow = z.object({
  workplaceId: z.uuid(),
  workplace: z.string(),
  configured: ZYesNo,
  /** Kiosks not revoked. */
  kiosks: z.number().int(),
  /** Visitors and contractors on site now. */
  onSite: z.number().int(),
});
export const ZVisitorSetupList = z.object({ rows: z.array(ZVisitorSetupRow) });
export type TVisitorSetupList = z.output<typeof ZVisitorSetupList>;

export const ZVisitorKioskCreate = z.object({
  workplaceId: z.uuid(),
  branchId: z.uuid().nullable().optional(),
  name: z.string({ error: say.kioskNameRequired }).trim().min(1, say.kioskNameRequired).max(100),
});
export type TVisitorKioskCreate = z.input<typeof ZVisitorKioskCreate>;

/** The new kiosk and its device link (with the token: shown once, only its hash is kept). */
export const ZVisitorKioskCreated = z.object({ _id: z.uuid(), link: z.string() });

// ---------- The register ----------

export const ZVisitFilters = z.object({
  /** Name or company, in part. */
  search: z.string().trim().max(200).optional(),
  workplaceId: z.uuid().optional(),
  kind: z.enum(VISIT_KINDS).optional(),
  status: z.enum(VISIT_STATUSES).default('all'),
  /** Signed in on or after this day, and on or before `to` (the organisation's days). */
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export type TVisitFilters = z.input<typeof ZVisitFilters>;

export const ZVisitListRequest = ZVisitFilters.extend({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(25),
});
export type TVisitListRequest = z.input<typeof ZVisitListRequest>;

export const ZVisitExportQuery = ZVisitFilters.extend({
  format: z.enum(VISIT_EXPORT_FORMATS).default('csv'),
});
export type TVisitExportQuery = z.input<typeof ZVisitExportQuery>;

export const ZVisitRow = z.object({
  _id: z.uuid(),
  kind: z.enum(VISIT_KINDS),
  fullName: z.string(),
  visitorCompany: z.string(),
  host: z.string().nullable(),
  purpose: z.string(),
  phone: z.string(),
  Workplaces: z.string(),
  Branchs: z.string().nullable(),
  SigninTime: ZInstant,
  SignoutTime: ZInstant.nullable(),
  /** To 2 decimals, once signed out. */
  hours: z.number().nullable(),
});
export type TVisitRow = z.output<typeof ZVisitRow>;

/** Counted up to RECORDS_COUNT_CAP (totalCapped says there are more). */
export const ZVisitList = z.object({
  rows: z.array(ZVisitRow),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});
export type TVisitList = z.output<typeof ZVisitList>;

export const ZVisitDetails = ZVisitRow.extend({
  answers: z.array(z.object({ label: z.string(), value: z.string() })),
  rulesAcceptedAt: ZInstant.nullable(),
  signature: z.string().nullable(),
  photo: ZAttachment.nullable(),
  kiosk: z.string().nullable(),
  /** Who signed the visitor out from the register; null when they signed out at the kiosk. */
  signedOutBy: z.string().nullable(),
  /** The supplier personnel a contractor was matched to. */
  personnel: z.string().nullable(),
});
export type TVisitDetails = z.output<typeof ZVisitDetails>;

/** "On site now" of a workplace: its visitors, contractors and clocked-in employees (the roll call). */
export const ZOnSitePerson = z.object({
  _id: z.uuid(),
  kind: z.enum(['visitor', 'contractor', 'employee']),
  fullName: z.string(),
  company: z.string(),
  host: z.string().nullable(),
  Branchs: z.string().nullable(),
  SigninTime: ZInstant,
});
export type TOnSitePerson = z.output<typeof ZOnSitePerson>;

export const ZOnSiteNow = z.object({
  workplaceId: z.uuid(),
  workplace: z.string(),
  /** When the list was read (printed on the roll call). */
  at: ZInstant,
  people: z.array(ZOnSitePerson),
});
export type TOnSiteNow = z.output<typeof ZOnSiteNow>;

// ---------- Calls ----------

export const visitorSetupListCall = defineCall({
  method: 'POST',
  path: '/visitorSetupList',
  tags: ['visitors'],
  summary: 'Every active workplace: whether its kiosk is set up, its kiosks and who is on site',
  access,
  response: ZVisitorSetupList,
});

export const visitorSetupDetailsCall = defineCall({
  method: 'POST',
  path: '/visitorSetupDetails',
  tags: ['visitors'],
  summary: "A workplace's kiosk setup (defaults until saved), its kiosks and its documents",
  access,
  body: z.object({ workplaceId: z.uuid() }),
  response: ZVisitorSetup,
});

export const visitorSetupSaveCall = defineCall({
  method: 'POST',
  path: '/visitorSetupSave',
  tags: ['visitors'],
  summary: 'Save what a workplace’s kiosk asks and shows, and how long its visit records are kept',
  access,
  body: ZVisitorSetupSave,
  response: z.null(),
});

export const visitorSetupDocumentsAddCall = defineCall({
  method: 'POST',
  path: '/visitorSetupDocumentsAdd',
  tags: ['visitors'],
  summary: 'Add documents the workplace’s kiosk shows visitors (multipart: workplaceId and the files)',
  access,
  multipart: z.object({ workplaceId: z.uuid() }),
  response: z.null(),
});

export const visitorSetupDocumentDeleteCall = defineCall({
  method: 'POST',
  path: '/visitorSetupDocumentDelete',
  tags: ['visitors'],
  summary: 'Remove a document from a workplace’s kiosk',
  access,
  body: ZId,
  response: z.null(),
});

export const visitorKioskCreateCall = defineCall({
  method: 'POST',
  path: '/visitorKioskCreate',
  tags: ['visitors'],
  summary: 'Register a kiosk device for a workplace: answers its device link, shown once',
  access,
  body: ZVisitorKioskCreate,
  response: ZVisitorKioskCreated,
});

export const visitorKioskRevokeCall = defineCall({
  method: 'POST',
  path: '/visitorKioskRevoke',
  tags: ['visitors'],
  summary: 'Revoke a kiosk: its link stops working at once',
  access,
  body: ZId,
  response: z.null(),
});

export const visitListCall = defineCall({
  method: 'POST',
  path: '/visitList',
  tags: ['visitors'],
  summary: 'A page of the visitor register, newest first, searched and filtered',
  access,
  body: ZVisitListRequest,
  response: ZVisitList,
});

export const visitExportCall = defineCall({
  method: 'GET',
  path: '/visitExport',
  tags: ['visitors'],
  summary:
    'The filtered visitor register as a CSV or XLSX file (format), at most 50,000 rows (header x-export-truncated when cut)',
  access,
  query: ZVisitExportQuery,
  response: 'file',
});

export const visitDetailsCall = defineCall({
  method: 'POST',
  path: '/visitDetails',
  tags: ['visitors'],
  summary: 'One visit: the visitor’s answers, signature, photo and who signed them out',
  access,
  body: ZId,
  response: ZVisitDetails,
});

export const visitSignOutCall = defineCall({
  method: 'POST',
  path: '/visitSignOut',
  tags: ['visitors'],
  summary: 'Sign a visitor or contractor out from the register (one who left without signing out)',
  access,
  body: ZId,
  response: z.null(),
});

export const onSiteNowCall = defineCall({
  method: 'POST',
  path: '/onSiteNow',
  tags: ['visitors'],
  summary:
    'Who is on site at a workplace now: visitors, contractors and clocked-in employees (the roll call)',
  access,
  body: z.object({ workplaceId: z.uuid() }),
  response: ZOnSiteNow,
});
