import { z } from 'zod';
import { messages } from '../messages';
import { ACCESS, defineCall } from './call';
import { ZAttachment } from './attachments';
import { ZYesNo } from './envelope';

/** The link token travels in the query string of the page and of the calls it makes. */
export const ZLinkQuery = z.object({ authtoken: z.string().optional() });

/** What a scoped link token can name (the LinkResource of the schema). */
export const LINK_RESOURCES = [
  'submission',
  'action',
  'supplierAssignment',
  'supplierRequirement',
  'employeeClockIn',
  'trainingAssignment',
  'visitorKiosk',
] as const;
export const ZLinkResource = z.enum(LINK_RESOURCES);
export type TLinkResource = z.infer<typeof ZLinkResource>;

/** What a link may do with its resource: read it, or change it (save, complete, add and delete files). */
export const LINK_OPERATIONS = ['read', 'update'] as const;
export const ZLinkOperation = z.enum(LINK_OPERATIONS);
export type TLinkOperation = z.infer<typeof ZLinkOperation>;

/** Revokes one link (_id) or every live link of a resource. */
export const ZLinkTokenRevokeRequest = z.object({
  resourceType: ZLinkResource,
  resourceId: z.uuid(),
  _id: z.uuid().optional(),
});
export type TLinkTokenRevokeRequest = z.infer<typeof ZLinkTokenRevokeRequest>;

export const ZLinkTokenRevoked = z.object({ revoked: z.number().int() });

/** The external task-action page (001 section 2.4): /form/form-submission/task-show/{id}/{taskId}/{companyId}. */
export function externalTaskPath(submissionId: string, taskId: string, companyId: string): string {
  return `/form/form-submission/task-show/${encodeURIComponent(submissionId)}/${encodeURIComponent(taskId)}/${encodeURIComponent(companyId)}`;
}

/** The task action details call ("Task action details" of 001 section 7). */
export const ZExternalTaskDetailsRequest = z.object({
  formSubmissionId: z.uuid(),
  taskId: z.uuid(),
});
export type TExternalTaskDetailsRequest = z.infer<typeof ZExternalTaskDetailsRequest>;

export const ZExternalTaskDetails = z.object({
  _id: z.uuid(),
  formSubmissionId: z.uuid(),
  /** The organisation: the companyId of the login and record links. */
  companyId: z.uuid(),
  formatedNumber: z.string(),
  formName: z.string(),
  formDescription: z.string(),
  instruction: z.string(),
  actionType: z.enum(['internal', 'external']),
  assignTo: z.uuid().nullable(),
  assignToName: z.string(),
  /** yyyy-MM-dd */
  due: z.string(),
  response: z.string(),
  attachment: z.array(ZAttachment),
  complete: z.boolean(),
  completedOn: z.string().nullable(),
  /** Open or Completed: the task's status. */
  status: z.enum(['Open', 'Completed']),
  /** 'yes' when this viewer may Save Draft, Complete and change the files. */
  editable: ZYesNo,
});
export type TExternalTaskDetails = z.infer<typeof ZExternalTaskDetails>;

/**
 * Complete (complete 'true') or Save Draft ('false'), sent as multipart form fields beside the
 * files. Completing needs a response; completedOn is the local date of localTimeZone.
 */
export const ZExternalTaskSaveRequest = z
  .object({
    formSubmissionId: z.uuid(),
    taskId: z.uuid(),
    response: z.string().max(10_000).default(''),
    complete: z.enum(['true', 'false']),
    localTimeZone: z.string().optional(),
  })
  .superRefine((value, context) => {
    if (value.complete === 'true' && value.response.trim() === '') {
      context.addIssue({ code: 'custom', path: ['response'], message: messages.action.responseRequired });
    }
  });
export type TExternalTaskSaveRequest = z.input<typeof ZExternalTaskSaveRequest>;

/** Deletes a file of the task ("file delete" of the external task page). */
export const ZExternalTaskFileDeleteRequest = ZExternalTaskDetailsRequest.extend({ fileId: z.uuid() });
export type TExternalTaskFileDeleteRequest = z.infer<typeof ZExternalTaskFileDeleteRequest>;

/** The delay before the external task page leaves after a save (001 section 9). */
export const EXTERNAL_TASK_REDIRECT_MS = 2_000;

export const linkTokenRevokeCall = defineCall({
  method: 'POST',
  path: '/linkTokenRevoke',
  tags: ['links'],
  summary:
    'Revoke one link (_id) or every live link of a resource: system administrators, or a ' +
    'coordinator of the form the resource belongs to',
  access: ACCESS.employee,
  body: ZLinkTokenRevokeRequest,
  response: ZLinkTokenRevoked,
});

export const externalTaskDetailsCall = defineCall({
  method: 'POST',
  path: '/externalTaskDetails',
  tags: ['links'],
  summary: 'The action of the external task page, by its link (?authtoken=) or for a signed-in user',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  body: ZExternalTaskDetailsRequest,
  response: ZExternalTaskDetails,
});

export const externalTaskSaveCall = defineCall({
  method: 'POST',
  path: '/externalTaskSave',
  tags: ['links'],
  summary:
    'Complete (complete true) or Save Draft (false) the action of the external task page; multipart ' +
    'form: formSubmissionId, taskId, response, complete, localTimeZone and files',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  multipart: ZExternalTaskSaveRequest,
  response: z.null(),
});

export const externalTaskFileDeleteCall = defineCall({
  method: 'POST',
  path: '/externalTaskFileDelete',
  tags: ['links'],
  summary: 'Delete a file of the action of the external task page',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  body: ZExternalTaskFileDeleteRequest,
  response: z.null(),
});
