import { z } from 'zod';
import { messages } from '../messages';
import { ZAttachment } from './attachments';
import { ACCESS, defineCall } from './call';
import { ZYesNo } from './envelope';

/** The three kinds of assigned action that open a dialog on the dashboard. */
export const ZAssignedActionKind = z.enum(['audit', 'obligation', 'form']);
export type TAssignedActionKind = z.infer<typeof ZAssignedActionKind>;

export const ZAssignedActionDetailsRequest = z.object({
  sectionType: ZAssignedActionKind,
  taskId: z.uuid(),
});

/** Audit question, obligation question or form-submission task (000 section 3). */
export const ZAssignedActionDetails = z.object({
  _id: z.uuid(),
  sectionType: ZAssignedActionKind,
  instruction: z.string(),
  response: z.string(),
  assignTo: z.uuid().nullable(),
  assignToType: z.enum(['internal', 'external']),
  assignToName: z.string(),
  dueDate: z.string(),
  attachment: z.array(ZAttachment),
  question: z.string().optional(),
  reference: z.string().optional(),
  auditId: z.uuid().optional(),
  auditName: z.string().optional(),
  obligationId: z.uuid().optional(),
  obligationsName: z.string().optional(),
  formSubmissionId: z.uuid().optional(),
  formatedNumber: z.string().optional(),
  /** A register's action: the risk or hazardous substance it was raised from. */
  riskId: z.uuid().optional(),
  hazardousId: z.uuid().optional(),
  /** A performance review's agreed action: the review (its reference is the title and employee). */
  performanceReviewId: z.uuid().optional(),
  completeStatus: ZYesNo,
  completedOn: z.string().nullable(),
});
export type TAssignedActionDetails = z.infer<typeof ZAssignedActionDetails>;

/**
 * Save Draft (completeStatus 'no') or Complete ('yes'). Sent as multipart form fields beside the
 * files; a response is required to complete.
 */
export const ZAssignedActionSaveRequest = z
  .object({
    sectionType: ZAssignedActionKind,
    taskId: z.uuid(),
    response: z.string().max(10_000).default(''),
    completeStatus: ZYesNo,
    localTimeZone: z.string().optional(),
  })
  .superRefine((value, context) => {
    if (value.completeStatus === 'yes' && value.response.trim() === '') {
      context.addIssue({ code: 'custom', path: ['response'], message: messages.action.responseRequired });
    }
  });
export type TAssignedActionSaveRequest = z.input<typeof ZAssignedActionSaveRequest>;

export const assignedActionDetailsCall = defineCall({
  method: 'POST',
  path: '/assignedActionDetails',
  tags: ['assignedActions'],
  summary: 'An audit question, obligation question or form task assigned to the caller',
  access: ACCESS.signedIn,
  body: ZAssignedActionDetailsRequest,
  response: ZAssignedActionDetails,
});

export const assignedActionSaveCall = defineCall({
  method: 'POST',
  path: '/assignedActionSave',
  tags: ['assignedActions'],
  summary:
    'Save Draft (completeStatus no) or Complete (yes) an assigned action; multipart form: sectionType, ' +
    'taskId, response, completeStatus, localTimeZone and files',
  access: ACCESS.signedIn,
  multipart: ZAssignedActionSaveRequest,
  response: z.null(),
});
