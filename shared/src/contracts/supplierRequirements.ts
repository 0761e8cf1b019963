/**
 * Requirements (docs/external-parties.md): documents a supplier company or one of its people must
 * provide, their review and the company's compliance (the supplier forms: externalParties.ts).
 */
import { z } from 'zod';
import { addDays } from '../rules/dashboardPeriods';
import { occurrenceDay, type FrequencyUnit } from '../rules/frequency';
import { ACCESS, defineCall } from './call';
import { ZDay } from './envelope';
import {
  EXTERNAL_PARTIES_ADMIN,
  ZPartyRecordId,
  ZPartyRequest,
  ZPartyRow,
  ZRegisterRequest,
  ZTotalCapped,
} from './externalParties';
import { ZLinkQuery } from './links';
import { TRAINING_ASSIGNMENT_STATUSES } from './trainingAssignments';

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
  courseUnknown: 'Choose a published online course that is in use.',
  courseForPersonnel: 'Only a requirement of a person can be met by an online course.',
  courseInUse: 'This type is in use: the course that meets it cannot change.',
  courseTypeNoUpload: 'This requirement is met by passing its online course, not by a document.',
  passedCourse: (course: string, score: number) => `Met: passed the online course ${course} with ${score}%.`,
  metAtOnce: 'Requested, and already met: the person has passed the course.',
  courseMet: 'This requirement is met: the person has passed the course and has nothing to take now.',
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

/**
 * The last day a pass of an online course meets a requirement (yyyy-MM-dd): its refresher's due
 * day, interval × frequency after the pass day; null when the course is taken once.
 */
export function inductionExpiry(
  passDay: string,
  repeat: { frequency: FrequencyUnit | null; repeatInterval: number | null },
): string | null {
  return repeat.frequency ? occurrenceDay(passDay, repeat.frequency, repeat.repeatInterval ?? 1) : null;
}

export const REQUIREMENT_APPLIES_TO = ['company', 'personnel'] as const;

export const ZRequirementType = z.object({
  _id: z.uuid(),
  name: z.string(),
  appliesTo: z.enum(REQUIREMENT_APPLIES_TO),
  description: z.string().nullable(),
  /** The document carries an expiry date, asked for with the upload. */
  expires: z.boolean(),
  /**
   * Met by passing this online course instead of a document (a person's type: a site induction).
   * Requesting it assigns the course and mails its link; passing it approves the request.
   */
  trainingCourseId: z.uuid().nullable(),
  trainingCourseName: z.string().nullable(),
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
  /** A published course in use; a personnel type only. */
  trainingCourseId: z.uuid().nullish(),
});
export type TRequirementTypeSave = z.input<typeof ZRequirementTypeSave>;

export const requirementTypeListCall = defineCall({
  method: 'POST',
  path: '/requirementTypeList',
  tags: ['externalParties'],
  summary: 'The requirement types (insurance, licences, inductions…), archived ones last',
  access: EXTERNAL_PARTIES_ADMIN,
  response: z.array(ZRequirementType),
});

export const requirementTypeCourseOptionsCall = defineCall({
  method: 'POST',
  path: '/requirementTypeCourseOptions',
  tags: ['externalParties'],
  summary: 'The published online courses in use that a personnel requirement type may be met by, by name',
  access: EXTERNAL_PARTIES_ADMIN,
  response: z.array(z.object({ _id: z.uuid(), name: z.string() })),
});

export const requirementTypeSaveCall = defineCall({
  method: 'POST',
  path: '/requirementTypeSave',
  tags: ['externalParties'],
  summary: 'Add a requirement type, or change one (_id given)',
  access: EXTERNAL_PARTIES_ADMIN,
  body: ZRequirementTypeSave,
  response: ZRequirementType,
});

export const requirementTypeSetActiveCall = defineCall({
  method: 'POST',
  path: '/requirementTypeSetActive',
  tags: ['externalParties'],
  summary: 'Archive a requirement type (no new requests; existing ones stay) or restore it',
  access: EXTERNAL_PARTIES_ADMIN,
  body: ZPartyRecordId.extend({ isActive: z.boolean() }),
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
  access: EXTERNAL_PARTIES_ADMIN,
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
  access: EXTERNAL_PARTIES_ADMIN,
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
  access: EXTERNAL_PARTIES_ADMIN,
  body: ZPartyRecordId,
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
  /** Met by an online course: the course and its assignment to the person (null otherwise). */
  training: z
    .object({
      courseName: z.string(),
      assignmentId: z.uuid().nullable(),
      status: z.enum(TRAINING_ASSIGNMENT_STATUSES).nullable(),
      score: z.number().int().nullable(),
      passedAt: z.string().nullable(),
    })
    .nullable(),
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
  body: ZPartyRecordId,
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
  ZPartyRecordId.extend({ decision: z.literal('approve') }),
  ZPartyRecordId.extend({
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
