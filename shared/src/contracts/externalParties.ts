import { z } from 'zod';
import { defineCall, type CallAccess } from './call';
import { ZTaskDueDateType } from './dashboard';
import { ZDay } from './envelope';

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
  resent: (mails: number) =>
    mails === 0 ? 'No one at the company has an e-mail address.' : `Invitation sent again (${mails}).`,
} as const;

export const SUPPLIER_ASSIGNMENT_STATUSES = ['assigned', 'submitted', 'reviewed', 'closed'] as const;
export type SupplierAssignmentStatus = (typeof SUPPLIER_ASSIGNMENT_STATUSES)[number];

/** What the organisation's people with the External Parties key do. */
const administered = { callers: ['employee'], accessKeys: ['supplier'] } as const satisfies CallAccess;
const ZId = z.object({ _id: z.uuid() });

export const ZSupplierAssignmentCreate = z.object({
  formTemplateId: z.uuid(),
  supplierId: z.uuid(),
  /** One person of the company; none: the company itself. */
  personnelId: z.uuid().nullish(),
  reviewerEmployeeId: z.uuid(),
  dueDate: ZDay,
  /** Shown in the invitation. */
  message: z.string().trim().max(2000).optional(),
});
export type TSupplierAssignmentCreate = z.input<typeof ZSupplierAssignmentCreate>;

export const ZSupplierAssignmentListRequest = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(SUPPLIER_ASSIGNMENT_STATUSES).optional(),
  supplierId: z.uuid().optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
});
export type TSupplierAssignmentListRequest = z.input<typeof ZSupplierAssignmentListRequest>;

export const ZSupplierAssignmentRow = z.object({
  _id: z.uuid(),
  formTemplateId: z.uuid(),
  formName: z.string(),
  supplierId: z.uuid(),
  supplierName: z.string(),
  personnelId: z.uuid().nullable(),
  personnelName: z.string().nullable(),
  reviewerEmployeeId: z.uuid().nullable(),
  reviewerName: z.string().nullable(),
  status: z.enum(SUPPLIER_ASSIGNMENT_STATUSES),
  dueDate: z.string(),
  taskDueDateType: ZTaskDueDateType,
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
  response: z.object({ rows: z.array(ZSupplierAssignmentRow), total: z.number().int() }),
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
