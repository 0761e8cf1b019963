import { z } from 'zod';
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
