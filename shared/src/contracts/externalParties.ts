import { z } from 'zod';
import { addDays } from '../rules/dashboardPeriods';
import { ACCESS, defineCall, type CallAccess } from './call';
import { ZTaskDueDateType } from './dashboard';
import { ZDay } from './envelope';
import { ZLinkQuery } from './links';

/**
 * The External Parties area (docs/external-parties.md): supplier forms assigned to a supplier
 * company or one of its people, the invitation that carries a link to fill it in, the reviewer's
 * return or acceptance, and the Form Register of every assignment.
 */

export const externalPartiesMessages = {
  templateNotSupplier: 'Choose a published supplier form.',
  supplierUnknown: 'Choose an active supplier company.',
  personnelNotOfSupplier: 'This person is not active personnel of the chosen company.',
  reviewerUnknown: 'Choose an active employee who signs in as the reviewer.',
  dueInPast: 'The due date cannot be in the past.',
  assigned: (mails: number) =>
    mails === 0
      ? 'Assigned. No one at the company has an e-mail address, so no invitation was sent: share the form from the Form Register.'
      : `Assigned. ${mails} invitation${mails === 1 ? '' : 's'} sent.`,
  commentRequired: 'Please say what needs to change.',
  notSubmitted: 'Only a submitted form can be returned to the supplier.',
  returned: 'The form was returned to the supplier with your comment.',
  notReviewer: 'Only the reviewer of this form or an External Parties administrator may review it.',
  notYours: 'This form is not assigned to you.',
  finished: 'This form has been reviewed; there is nothing left to fill in.',
  formWithdrawn: 'This form can no longer be filled in. Please contact the organisation that asked for it.',
  openedElsewhere: 'This form was just opened elsewhere. Please try again.',
  resent: (mails: number) =>
    mails === 0 ? 'No one at the company has an e-mail address.' : `Invitation sent again (${mails}).`,
} as const;

export const SUPPLIER_ASSIGNMENT_STATUSES = ['assigned', 'submitted', 'reviewed', 'closed'] as const;
export type SupplierAssignmentStatus = (typeof SUPPLIER_ASSIGNMENT_STATUSES)[number];

/** What the organisation's people with the External Parties key do. */
const administered = { callers: ['employee'], accessKeys: ['supplier'] } as const satisfies CallAccess;
const ZId = z.object({ _id: z.uuid() });

/** What a supplier form or document is asked with: of whom, who reviews it, by when, and a message. */
const ZPartyRequest = z.object({
  supplierId: z.uuid(),
  /** One person of the company; none: the company itself. */
  personnelId: z.uuid().nullish(),
  reviewerEmployeeId: z.uuid(),
  dueDate: ZDay,
  /** Shown in the invitation or request. */
  message: z.string().trim().max(2000).optional(),
});

/** Set when the count stopped at its cap (RECORDS_COUNT_CAP, less for a search): `total` is the cap. */
const ZTotalCapped = z.boolean().optional();

/** A register's search, company filter and page. */
const ZRegisterRequest = z.object({
  search: z.string().trim().max(200).optional(),
  supplierId: z.uuid().optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
});

/** A register row's party, reviewer and due date. */
const ZPartyRow = z.object({
  _id: z.uuid(),
  supplierId: z.uuid(),
  supplierName: z.string(),
  personnelId: z.uuid().nullable(),
  personnelName: z.string().nullable(),
  reviewerEmployeeId: z.uuid().nullable(),
  reviewerName: z.string().nullable(),
  dueDate: z.string(),
  /** Due-date colour while it is the supplier's to act on; 'nodue' otherwise. */
  taskDueDateType: ZTaskDueDateType,
});

export const ZSupplierAssignmentCreate = ZPartyRequest.extend({ formTemplateId: z.uuid() });
export type TSupplierAssignmentCreate = z.input<typeof ZSupplierAssignmentCreate>;

export const ZSupplierAssignmentListRequest = ZRegisterRequest.extend({
  status: z.enum(SUPPLIER_ASSIGNMENT_STATUSES).optional(),
});
export type TSupplierAssignmentListRequest = z.input<typeof ZSupplierAssignmentListRequest>;

export const ZSupplierAssignmentRow = ZPartyRow.extend({
  formTemplateId: z.uuid(),
  formName: z.string(),
  status: z.enum(SUPPLIER_ASSIGNMENT_STATUSES),
  submissionId: z.uuid().nullable(),
  /** 'FS 1042' once submitted, else null. */
  formNumber: z.string().nullable(),
  /** How often the reviewer returned it. */
  returnCount: z.number().int(),
  createdAt: z.string(),
});
export type TSupplierAssignmentRow = z.output<typeof ZSupplierAssignmentRow>;

export const ZSupplierAssignmentDetails = ZSupplierAssignmentRow.extend({
  message: z.string().nullable(),
  /** The reviewer's last comment when it was returned. */
  reviewComment: z.string().nullable(),
  /** The caller may return or accept it (its reviewer, or an External Parties administrator). */
  canReview: z.boolean(),
});
export type TSupplierAssignmentDetails = z.output<typeof ZSupplierAssignmentDetails>;

export const ZSupplierAssignmentOptions = z.object({
  templates: z.array(z.object({ _id: z.uuid(), name: z.string() })),
  suppliers: z.array(
    z.object({
      _id: z.uuid(),
      name: z.string(),
      personnel: z.array(z.object({ _id: z.uuid(), name: z.string() })),
    }),
  ),
});
export type TSupplierAssignmentOptions = z.output<typeof ZSupplierAssignmentOptions>;

export const supplierAssignmentOptionsCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentOptions',
  tags: ['externalParties'],
  summary: 'What a supplier form can be assigned with: published supplier forms, active companies and people',
  access: administered,
  response: ZSupplierAssignmentOptions,
});

export const supplierReviewerSearchCall = defineCall({
  method: 'POST',
  path: '/supplierReviewerSearch',
  tags: ['externalParties'],
  summary: 'Active employees with an account matching a search, to review a supplier form',
  access: administered,
  body: z.object({ search: z.string().trim().max(200).optional() }),
  response: z.array(z.object({ _id: z.uuid(), name: z.string() })),
});

export const supplierAssignmentCreateCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentCreate',
  tags: ['externalParties'],
  summary: 'Assign a supplier form to a company or one of its people; invites them by e-mail with a link',
  access: administered,
  body: ZSupplierAssignmentCreate,
  response: z.object({ _id: z.uuid(), mailsQueued: z.number().int() }),
});

export const supplierAssignmentListCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentList',
  tags: ['externalParties'],
  summary: 'The Form Register: every supplier form assignment with its status',
  access: administered,
  body: ZSupplierAssignmentListRequest,
  response: z.object({
    rows: z.array(ZSupplierAssignmentRow),
    total: z.number().int(),
    totalCapped: ZTotalCapped,
  }),
});

export const supplierAssignmentResendCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentResend',
  tags: ['externalParties'],
  summary: 'Send the invitation of an open assignment again, with a new link',
  access: administered,
  body: ZId,
  response: z.object({ mailsQueued: z.number().int() }),
});

export const supplierAssignmentDetailsCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentDetails',
  tags: ['externalParties'],
  summary: 'One assignment for its review page (its reviewer, or the External Parties key)',
  access: { callers: ['employee'] },
  body: ZId,
  response: ZSupplierAssignmentDetails,
});

export const supplierAssignmentReturnCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentReturn',
  tags: ['externalParties'],
  summary: 'Return a submitted supplier form with a comment: it is the supplier’s to change again',
  access: { callers: ['employee'] },
  body: ZId.extend({
    comment: z.string().trim().min(1, externalPartiesMessages.commentRequired).max(2000),
  }),
  response: z.null(),
});

export const supplierAssignmentOpenCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentOpen',
  tags: ['externalParties'],
  summary: 'For a signed-in supplier or person: the page that fills in one of their assigned forms',
  access: { callers: ['supplier', 'personnel'] },
  body: ZId,
  response: z.object({ path: z.string() }),
});

export const ZSupplierAssessmentStatus = z.object({
  _id: z.uuid(),
  organisationName: z.string(),
  formName: z.string(),
  status: z.enum(SUPPLIER_ASSIGNMENT_STATUSES),
  dueDate: z.string(),
  reviewerName: z.string().nullable(),
  /** The reviewer's last comment when it was returned, and how often it was. */
  reviewComment: z.string().nullable(),
  returnCount: z.number().int(),
  submissionId: z.uuid().nullable(),
  /** 'FS 1042' once submitted. */
  formNumber: z.string().nullable(),
});
export type TSupplierAssessmentStatus = z.output<typeof ZSupplierAssessmentStatus>;

export const supplierAssessmentStatusCall = defineCall({
  method: 'POST',
  path: '/supplierAssessmentStatus',
  tags: ['externalParties'],
  summary:
    'Where an assigned supplier form stands, for the supplier assessment page: the holder of its ' +
    'link (?authtoken=), or its signed-in supplier or person',
  access: { callers: ['supplier', 'personnel', 'link'] },
  query: ZLinkQuery,
  body: ZId,
  response: ZSupplierAssessmentStatus,
});

// ---------- Requirements: documents a supplier or one of its people must provide ----------

export const requirementMessages = {
  typeNameTaken: 'There is already a requirement type with this name for the same kind of party.',
  typeUnknown: 'Choose an active requirement type.',
  typeInUse: 'This type is in use: what it applies to cannot change.',
  awaitingReview: 'The document has been sent and is awaiting review.',
  typeForPersonnel: 'This requirement is for a person: choose one of the company’s people.',
  typeForCompany: 'This requirement is for the company itself: leave the person empty.',
  alreadyOpen: 'This requirement has already been requested and is not approved yet.',
  requested: (mails: number) =>
    mails === 0
      ? 'Requested. No one has an e-mail address, so no request was sent: share it from the Requirements register.'
      : `Requested. ${mails} request${mails === 1 ? '' : 's'} sent.`,
  fileRequired: 'Choose the document to send.',
  oneFile: 'Send one document at a time.',
  expiryRequired: 'Enter the date the document expires.',
  expiryPassed: 'This document has already expired: send a current one.',
  sent: 'Thank you: your document was sent for review.',
  notProvider: 'This requirement is not yours to provide.',
  notReviewer: 'Only the reviewer of this requirement or an External Parties administrator may review it.',
  notSubmitted: 'Only a document awaiting review can be approved or rejected.',
  reasonRequired: 'Please say why the document is rejected.',
  approved: 'The document was approved.',
  rejected: 'The document was rejected; the supplier has been told why.',
  resent: (mails: number) =>
    mails === 0 ? 'No one has an e-mail address.' : `Request sent again (${mails}).`,
} as const;

/** Days before a document's expiry from which it counts as expiring soon, and its reminder goes out. */
export const REQUIREMENT_EXPIRY_NOTICE_DAYS = 30;

export const REQUIREMENT_STATUSES = ['pending', 'submitted', 'approved', 'rejected'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

/** Where a requirement stands for the compliance view: its status, and an approved one's expiry. */
export const REQUIREMENT_STATES = [
  'toProvide',
  'rejected',
  'awaitingReview',
  'valid',
  'expiringSoon',
  'expired',
] as const;
export type RequirementState = (typeof REQUIREMENT_STATES)[number];

export const REQUIREMENT_STATE_LABELS: Record<RequirementState, string> = {
  toProvide: 'To provide',
  rejected: 'Rejected',
  awaitingReview: 'Awaiting review',
  valid: 'Valid',
  expiringSoon: 'Expiring soon',
  expired: 'Expired',
};

/** The states a company is compliant in: an approved document that has not expired. */
export const COMPLIANT_STATES: ReadonlySet<RequirementState> = new Set(['valid', 'expiringSoon']);

/** `today` and `expiryDate` are YYYY-MM-DD days of the organisation. */
export function requirementState(
  requirement: { status: RequirementStatus; expiryDate: string | null },
  today: string,
): RequirementState {
  switch (requirement.status) {
    case 'pending':
      return 'toProvide';
    case 'rejected':
      return 'rejected';
    case 'submitted':
      return 'awaitingReview';
    case 'approved': {
      const expiry = requirement.expiryDate;
      if (expiry === null) return 'valid';
      if (expiry < today) return 'expired';
      return expiry <= addDays(today, REQUIREMENT_EXPIRY_NOTICE_DAYS) ? 'expiringSoon' : 'valid';
    }
  }
}

export const REQUIREMENT_APPLIES_TO = ['company', 'personnel'] as const;

export const ZRequirementType = z.object({
  _id: z.uuid(),
  name: z.string(),
  appliesTo: z.enum(REQUIREMENT_APPLIES_TO),
  description: z.string().nullable(),
  /** The document carries an expiry date, asked for with the upload. */
  expires: z.boolean(),
  isActive: z.boolean(),
  /** How many requests use it. */
  inUse: z.number().int(),
});
export type TRequirementType = z.output<typeof ZRequirementType>;

export const ZRequirementTypeSave = z.object({
  _id: z.uuid().optional(),
  name: z.string().trim().min(1, 'Enter a name.').max(120),
  appliesTo: z.enum(REQUIREMENT_APPLIES_TO),
  description: z.string().trim().max(2000).optional(),
  expires: z.boolean(),
});
export type TRequirementTypeSave = z.input<typeof ZRequirementTypeSave>;

export const requirementTypeListCall = defineCall({
  method: 'POST',
  path: '/requirementTypeList',
  tags: ['externalParties'],
  summary: 'The requirement types (insurance, licences, inductions…), archived ones last',
  access: administered,
  response: z.array(ZRequirementType),
});

export const requirementTypeSaveCall = defineCall({
  method: 'POST',
  path: '/requirementTypeSave',
  tags: ['externalParties'],
  summary: 'Add a requirement type, or change one (_id given)',
  access: administered,
  body: ZRequirementTypeSave,
  response: ZRequirementType,
});

export const requirementTypeSetActiveCall = defineCall({
  method: 'POST',
  path: '/requirementTypeSetActive',
  tags: ['externalParties'],
  summary: 'Archive a requirement type (no new requests; existing ones stay) or restore it',
  access: administered,
  body: ZId.extend({ isActive: z.boolean() }),
  response: ZRequirementType,
});

/** The person is required for a personnel requirement type, refused for a company one. */
export const ZSupplierRequirementCreate = ZPartyRequest.extend({ requirementTypeId: z.uuid() });
export type TSupplierRequirementCreate = z.input<typeof ZSupplierRequirementCreate>;

export const supplierRequirementCreateCall = defineCall({
  method: 'POST',
  path: '/supplierRequirementCreate',
  tags: ['externalParties'],
  summary: 'Request a document of a company or one of its people; mails them a link to upload it',
  access: administered,
  body: ZSupplierRequirementCreate,
  response: z.object({ _id: z.uuid(), mailsQueued: z.number().int() }),
});

export const ZSupplierRequirementListRequest = ZRegisterRequest.extend({
  state: z.enum(REQUIREMENT_STATES).optional(),
});
export type TSupplierRequirementListRequest = z.input<typeof ZSupplierRequirementListRequest>;

export const ZSupplierRequirementRow = ZPartyRow.extend({
  requirementTypeId: z.uuid(),
  typeName: z.string(),
  status: z.enum(REQUIREMENT_STATUSES),
  state: z.enum(REQUIREMENT_STATES),
  expiryDate: z.string().nullable(),
});
export type TSupplierRequirementRow = z.output<typeof ZSupplierRequirementRow>;

export const supplierRequirementListCall = defineCall({
  method: 'POST',
  path: '/supplierRequirementList',
  tags: ['externalParties'],
  summary: 'The Requirements register: every requested document with where it stands',
  access: administered,
  body: ZSupplierRequirementListRequest,
  response: z.object({
    rows: z.array(ZSupplierRequirementRow),
    total: z.number().int(),
    totalCapped: ZTotalCapped,
  }),
});

export const supplierRequirementResendCall = defineCall({
  method: 'POST',
  path: '/supplierRequirementResend',
  tags: ['externalParties'],
  summary: 'Send the request of a requirement again, with a new link',
  access: administered,
  body: ZId,
  response: z.object({ mailsQueued: z.number().int() }),
});

export const ZRequirementDocument = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** GET; a link holder adds ?authtoken=. */
  path: z.string(),
  size: z.number().int(),
  fileType: z.string().nullable(),
  uploadedAt: z.string(),
});

export const ZSupplierRequirementDetails = ZSupplierRequirementRow.extend({
  organisationName: z.string(),
  description: z.string().nullable(),
  expires: z.boolean(),
  appliesTo: z.enum(REQUIREMENT_APPLIES_TO),
  message: z.string().nullable(),
  note: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  /** Newest first: the first is the document under review or approved. */
  documents: z.array(ZRequirementDocument),
  /** The caller provides it (the supplier, the person or the link's holder). */
  canUpload: z.boolean(),
  /** The caller may approve or reject it now. */
  canReview: z.boolean(),
});
export type TSupplierRequirementDetails = z.output<typeof ZSupplierRequirementDetails>;

export const supplierRequirementDetailsCall = defineCall({
  method: 'POST',
  path: '/supplierRequirementDetails',
  tags: ['externalParties'],
  summary:
    'One requirement with its documents: for its reviewer or the External Parties key, its supplier ' +
    'or person, or the holder of its link (?authtoken=)',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  body: ZId,
  response: ZSupplierRequirementDetails,
});

export const ZSupplierRequirementUpload = z.object({
  _id: z.uuid(),
  /** Required when the requirement type expires. */
  expiryDate: z.union([ZDay, z.literal('')]).optional(),
  note: z.string().trim().max(2000).optional(),
});

export const supplierRequirementUploadCall = defineCall({
  method: 'POST',
  path: '/supplierRequirementUpload',
  tags: ['externalParties'],
  summary:
    'Send the document of a requirement for review (multipart: _id, expiryDate, note and one file): ' +
    'by its supplier, its person or the holder of its link',
  access: { callers: ['supplier', 'personnel', 'link'] },
  query: ZLinkQuery,
  multipart: ZSupplierRequirementUpload,
  response: z.null(),
});

export const ZSupplierRequirementReview = z.discriminatedUnion('decision', [
  ZId.extend({ decision: z.literal('approve') }),
  ZId.extend({
    decision: z.literal('reject'),
    reason: z.string().trim().min(1, requirementMessages.reasonRequired).max(2000),
  }),
]);
export type TSupplierRequirementReview = z.input<typeof ZSupplierRequirementReview>;

export const supplierRequirementReviewCall = defineCall({
  method: 'POST',
  path: '/supplierRequirementReview',
  tags: ['externalParties'],
  summary: 'Approve a document awaiting review, or reject it with a reason (the supplier is told)',
  access: { callers: ['employee'] },
  body: ZSupplierRequirementReview,
  response: z.null(),
});

export const ZSupplierCompliance = z.object({
  supplierId: z.uuid(),
  supplierName: z.string(),
  /** Every requirement of the company and of its active people is valid or expiring soon. */
  compliant: z.boolean(),
  counts: z.record(z.enum(REQUIREMENT_STATES), z.number().int()),
  /** The earliest expiry of an approved document still valid, or null. */
  nextExpiry: z.string().nullable(),
  /** The company's own requirements, then each person's (newest request of each type). */
  company: z.array(ZSupplierRequirementRow),
  personnel: z.array(
    z.object({
      personnelId: z.uuid(),
      name: z.string(),
      compliant: z.boolean(),
      requirements: z.array(ZSupplierRequirementRow),
    }),
  ),
});
export type TSupplierCompliance = z.output<typeof ZSupplierCompliance>;

export const supplierComplianceCall = defineCall({
  method: 'POST',
  path: '/supplierCompliance',
  tags: ['externalParties'],
  summary:
    "A company's compliance at a glance: its requirements and its people's, each with where it " +
    'stands (the External Parties key, or the company’s own main account)',
  access: { callers: ['employee', 'supplier'], accessKeys: ['supplier'] },
  body: z.object({ supplierId: z.uuid() }),
  response: ZSupplierCompliance,
});

/**
 * The page where a requirement's document is sent: signed in (the dashboard's target), or opened
 * from the request mail's link without signing in (`/form/…` with ?authtoken=).
 */
export function requirementProvidePath(
  requirement: { _id: string; personnelId: string | null },
  authtoken?: string,
): string {
  const path = `external-parties/document-review/${requirement.personnelId ? 'personnel' : 'supplier'}/${encodeURIComponent(requirement._id)}`;
  return authtoken ? `/form/${path}?authtoken=${encodeURIComponent(authtoken)}` : `/${path}`;
}

/** The reviewer's page of a requirement (the dashboard's target of 000 section 2.2). */
export function requirementReviewPath(requirement: {
  _id: string;
  supplierId: string;
  personnelId: string | null;
}): string {
  const id = encodeURIComponent(requirement._id);
  return requirement.personnelId
    ? `/external-parties/personnel-document-review/${encodeURIComponent(requirement.personnelId)}/${id}`
    : `/external-parties/company-document-review/${encodeURIComponent(requirement.supplierId)}/${id}`;
}
