import { z } from 'zod';
import { ACCESS, defineCall } from './call';
import { ZAttachment } from './attachments';
import { ZTimeZone } from './dashboard';
import { ZVersion, ZYesNo } from './envelope';

/**
 * Close-off of a form submission (001 sections 4 and 7): the PDF, the close calls by form type
 * and Re-Open. Every call answers in the envelope; refusals change nothing.
 */

/** The browser's IANA time zone (400 when not one): the close date on the PDF and in the mails is its local day; default UTC. */
const ZLocalTimeZone = ZTimeZone.optional();

/** POST /api/formSubmissionPdf (GET with the same query fields): the submission as a PDF file. */
export const ZFormSubmissionPdfRequest = z.object({
  formSubmissionId: z.uuid(),
  localTimeZone: ZLocalTimeZone,
});
export type TFormSubmissionPdfRequest = z.infer<typeof ZFormSubmissionPdfRequest>;

/**
 * POST /api/formSubmissionClose: Sign Off / Save and Close of any form type. `version`, when sent,
 * must be the version the screen read (a stale screen gets a 409).
 */
export const ZFormSubmissionCloseRequest = z.object({
  _id: z.uuid(),
  version: ZVersion.positive().optional(),
  localTimeZone: ZLocalTimeZone,
});
export type TFormSubmissionCloseRequest = z.infer<typeof ZFormSubmissionCloseRequest>;

/** POST /api/assignFormCloseOff: HR assigned-form close-off, by the HR assignment's id. */
export const ZAssignFormCloseOffRequest = z.object({
  _id: z.uuid(),
  localTimeZone: ZLocalTimeZone,
});
export type TAssignFormCloseOffRequest = z.infer<typeof ZAssignFormCloseOffRequest>;

/** POST /api/supplierAssignFormCloseOff: supplier assigned-form close-off, by the supplier assignment's id. */
export const ZSupplierAssignFormCloseOffRequest = ZAssignFormCloseOffRequest;
export type TSupplierAssignFormCloseOffRequest = TAssignFormCloseOffRequest;

/** POST /api/supplierFormCloseOff: supplier close-off, by the submission (its assignment closes too). */
export const ZSupplierFormCloseOffRequest = z.object({
  formSumissionId: z.uuid(),
  localTimeZone: ZLocalTimeZone,
});
export type TSupplierFormCloseOffRequest = z.infer<typeof ZSupplierFormCloseOffRequest>;

/** The closed submission. */
export const ZFormSubmissionClosed = z.object({
  _id: z.uuid(),
  isClose: ZYesNo,
  /** ISO timestamp of the close. */
  closedAt: z.string(),
  version: z.number().int(),
  /** The stored PDF, now an attachment of the submission. */
  pdf: ZAttachment,
  /** How many notification e-mails were queued (codes 2 and 4). */
  mailsQueued: z.number().int(),
});
export type TFormSubmissionClosed = z.infer<typeof ZFormSubmissionClosed>;

/** POST /api/formSubmissionReopen: Re-Open by the coordinator. */
export const ZFormSubmissionReopenRequest = z.object({
  _id: z.uuid(),
  version: ZVersion.positive().optional(),
});
export type TFormSubmissionReopenRequest = z.infer<typeof ZFormSubmissionReopenRequest>;

export const ZFormSubmissionReopened = z.object({
  _id: z.uuid(),
  isClose: ZYesNo,
  version: z.number().int(),
});
export type TFormSubmissionReopened = z.infer<typeof ZFormSubmissionReopened>;

export const formSubmissionCloseCall = defineCall({
  method: 'POST',
  path: '/formSubmissionClose',
  tags: ['closeOff'],
  summary: 'Sign Off / Save and Close: the coordinator closes a submitted form with no open action',
  access: ACCESS.employee,
  body: ZFormSubmissionCloseRequest,
  response: ZFormSubmissionClosed,
});

export const assignFormCloseOffCall = defineCall({
  method: 'POST',
  path: '/assignFormCloseOff',
  tags: ['closeOff'],
  summary: 'HR assigned-form close-off: closes the assignment and its submission',
  access: ACCESS.employee,
  body: ZAssignFormCloseOffRequest,
  response: ZFormSubmissionClosed,
});

export const supplierAssignFormCloseOffCall = defineCall({
  method: 'POST',
  path: '/supplierAssignFormCloseOff',
  tags: ['closeOff'],
  summary: 'Supplier assigned-form close-off: closes the supplier assignment and its submission',
  access: ACCESS.employee,
  body: ZSupplierAssignFormCloseOffRequest,
  response: ZFormSubmissionClosed,
});

export const supplierFormCloseOffCall = defineCall({
  method: 'POST',
  path: '/supplierFormCloseOff',
  tags: ['closeOff'],
  summary: 'Supplier close-off: closes a supplier form submission and its supplier assignment',
  access: ACCESS.employee,
  body: ZSupplierFormCloseOffRequest,
  response: ZFormSubmissionClosed,
});

export const formSubmissionReopenCall = defineCall({
  method: 'POST',
  path: '/formSubmissionReopen',
  tags: ['closeOff'],
  summary: 'Re-Open: the coordinator makes a closed form editable again',
  access: ACCESS.employee,
  body: ZFormSubmissionReopenRequest,
  response: ZFormSubmissionReopened,
});

const pdfSummary = 'The submission as a PDF file (the file itself; errors in the envelope)';

export const formSubmissionPdfCall = defineCall({
  method: 'POST',
  path: '/formSubmissionPdf',
  tags: ['closeOff'],
  summary: pdfSummary,
  access: ACCESS.signedIn,
  body: ZFormSubmissionPdfRequest,
  response: 'file',
});

/** The same PDF by GET, for a link the browser opens itself. */
export const formSubmissionPdfDownloadCall = defineCall({
  method: 'GET',
  path: '/formSubmissionPdf',
  tags: ['closeOff'],
  summary: pdfSummary,
  access: ACCESS.signedIn,
  query: ZFormSubmissionPdfRequest,
  response: 'file',
});
