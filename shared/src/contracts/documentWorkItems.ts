/**
 * The document work items of the dashboard: acknowledging a version, approving or rejecting one, and
 * the owner withdrawing a rejected one (the library itself: documents.ts).
 */
import { z } from 'zod';
import { defineCall } from './call';
import { DOCUMENT_READER, documentMessages, ZDocumentApproval, ZDocumentVersion } from './documents';
import { ZDay } from './envelope';

const say = documentMessages;
const reader = DOCUMENT_READER;

/** The work item pages name the document and the employee (the route's {id}/{employeeId}). */
export const ZDocumentWorkItem = z.object({ _id: z.uuid(), employeeId: z.uuid() });

export const ZDocumentReading = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  ownerName: z.string().nullable(),
  version: ZDocumentVersion.pick({ _id: true, number: true, note: true, publishedAt: true, file: true }),
  dueDate: ZDay.nullable(),
  acknowledgedAt: z.string().nullable(),
});
export type TDocumentReading = z.output<typeof ZDocumentReading>;

export const ZDocumentApprovalOpen = z.object({
  _id: z.uuid(),
  name: z.string(),
  ownerName: z.string().nullable(),
  version: ZDocumentVersion,
  currentVersion: z.number().int().nullable(),
  /** The caller's approval: requested (to decide) or already decided. */
  mine: ZDocumentApproval,
});
export type TDocumentApprovalOpen = z.output<typeof ZDocumentApprovalOpen>;

export const ZDocumentDecision = ZDocumentWorkItem.extend({
  decision: z.enum(['approve', 'reject']),
  comment: z.string().trim().max(2000).optional(),
}).superRefine((decision, ctx) => {
  if (decision.decision === 'reject' && !decision.comment)
    ctx.addIssue({ code: 'custom', path: ['comment'], message: say.commentRequired });
});
export type TDocumentDecision = z.input<typeof ZDocumentDecision>;

// ---------- Calls ----------

export const documentAcknowledgementOpenCall = defineCall({
  method: 'POST',
  path: '/documentAcknowledgementOpen',
  tags: ['documents'],
  summary: "The current version to read, and the caller's acknowledgement of it",
  access: reader,
  body: ZDocumentWorkItem,
  response: ZDocumentReading,
});

export const documentAcknowledgeCall = defineCall({
  method: 'POST',
  path: '/documentAcknowledge',
  tags: ['documents'],
  summary: 'Confirm having read the current version (completes the dashboard item)',
  access: reader,
  body: ZDocumentWorkItem,
  response: z.null(),
});

export const documentMyAcknowledgementsCall = defineCall({
  method: 'POST',
  path: '/documentMyAcknowledgements',
  tags: ['documents'],
  summary: "The caller's documents to read, and those read, a page at a time",
  access: reader,
  body: z.object({
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
    state: z.enum(['toRead', 'read']).default('toRead'),
  }),
  response: z.object({
    rows: z.array(
      z.object({
        _id: z.uuid(),
        documentId: z.uuid(),
        name: z.string(),
        versionNumber: z.number().int(),
        dueDate: ZDay,
        acknowledgedAt: z.string().nullable(),
      }),
    ),
    total: z.number().int(),
  }),
});

export const documentApprovalOpenCall = defineCall({
  method: 'POST',
  path: '/documentApprovalOpen',
  tags: ['documents'],
  summary: "The version waiting for the caller's approval (or the one they last decided)",
  access: reader,
  body: ZDocumentWorkItem,
  response: ZDocumentApprovalOpen,
});

export const documentApprovalDecideCall = defineCall({
  method: 'POST',
  path: '/documentApprovalDecide',
  tags: ['documents'],
  summary:
    'Approve or reject (with a comment) a version; the last approval publishes it, a rejection asks the owner to revise',
  access: reader,
  body: ZDocumentDecision,
  response: z.object({ published: z.boolean() }),
});

export const documentRevisionWithdrawCall = defineCall({
  method: 'POST',
  path: '/documentRevisionWithdraw',
  tags: ['documents'],
  summary: 'The owner gives up a rejected version: the current version stays, the work item goes',
  access: reader,
  body: z.object({ _id: z.uuid() }),
  response: z.null(),
});
