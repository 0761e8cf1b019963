import { z } from 'zod';
import { defineCall, type CallAccess } from './call';
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
export const EXTERNAL_PARTIES_ADMIN = {
  callers: ['employee'],
  accessKeys: ['supplier'],
} as const satisfies CallAccess;
/** The body of a call about one assignment or requirement. */
export const ZPartyRecordId = z.object({ _id: z.uuid() });

/** What a supplier form or document is asked with: of whom, who reviews it, by when, and a message. */
export const ZPartyRequest = z.object({
  supplierId: z.uuid(),
  /** One person of the company; none: the company itself. */
  personnelId: z.uuid().nullish(),
  reviewerEmployeeId: z.uuid(),
  dueDate: ZDay,
  /** Shown in the invitation or request. */
  message: z.string().trim().max(2000).optional(),
});

/** Set when the count stopped at its cap (RECORDS_COUNT_CAP, less for a search): `total` is the cap. */
export const ZTotalCapped = z.boolean().optional();

/** A register's search, company filter and page. */
export const ZRegisterRequest = z.object({
  search: z.string().trim().max(200).optional(),
  supplierId: z.uuid().optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
});

/** A register row's party, reviewer and due date. */
export const ZPartyRow = z.object({
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
  access: EXTERNAL_PARTIES_ADMIN,
  response: ZSupplierAssignmentOptions,
});

export const supplierReviewerSearchCall = defineCall({
  method: 'POST',
  path: '/supplierReviewerSearch',
  tags: ['externalParties'],
  summary: 'Active employees with an account matching a search, to review a supplier form',
  access: EXTERNAL_PARTIES_ADMIN,
  body: z.object({ search: z.string().trim().max(200).optional() }),
  response: z.array(z.object({ _id: z.uuid(), name: z.string() })),
});

export const supplierAssignmentCreateCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentCreate',
  tags: ['externalParties'],
  summary: 'Assign a supplier form to a company or one of its people; invites them by e-mail with a link',
  access: EXTERNAL_PARTIES_ADMIN,
  body: ZSupplierAssignmentCreate,
  response: z.object({ _id: z.uuid(), mailsQueued: z.number().int() }),
});

export const supplierAssignmentListCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentList',
  tags: ['externalParties'],
  summary: 'The Form Register: every supplier form assignment with its status',
  access: EXTERNAL_PARTIES_ADMIN,
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
  access: EXTERNAL_PARTIES_ADMIN,
  body: ZPartyRecordId,
  response: z.object({ mailsQueued: z.number().int() }),
});

export const supplierAssignmentDetailsCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentDetails',
  tags: ['externalParties'],
  summary: 'One assignment for its review page (its reviewer, or the External Parties key)',
  access: { callers: ['employee'] },
  body: ZPartyRecordId,
  response: ZSupplierAssignmentDetails,
});

export const supplierAssignmentReturnCall = defineCall({
  method: 'POST',
  path: '/supplierAssignmentReturn',
  tags: ['externalParties'],
  summary: 'Return a submitted supplier form with a comment: it is the supplier’s to change again',
  access: { callers: ['employee'] },
  body: ZPartyRecordId.extend({
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
  body: ZPartyRecordId,
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
  body: ZPartyRecordId,
  response: ZSupplierAssessmentStatus,
});
