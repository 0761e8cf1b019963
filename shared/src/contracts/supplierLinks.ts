import { z } from 'zod';
import { ACCESS, defineCall } from './call';
import { ZLinkOperation, ZLinkQuery } from './links';

/**
 * The supplier screens opened from an e-mailed link (001 sections 2.1 and 2.3). `companyId` in
 * these paths is the organisation; the server never trusts it (the link names the organisation).
 */
export function supplierUpdatePath(companyId: string, submissionId: string): string {
  return `/form/form-submission/myactionedit/${encodeURIComponent(companyId)}/${encodeURIComponent(submissionId)}`;
}

export function supplierViewPath(companyId: string, submissionId: string): string {
  return `/form/form-submission/record/${encodeURIComponent(companyId)}/${encodeURIComponent(submissionId)}`;
}

/** The pageType of an assessment started from the supplier dashboard (001 section 2.3). */
export const SUPPLIER_ASSESSMENT_PAGE_TYPE = 'supplierAssessment';

/**
 * Local-storage keys the Update and View screens read when the query string does not carry the
 * value (001 sections 2.1 and 2.3: supplierassignId and pageType "can also come from local storage").
 */
export const SUPPLIER_STORAGE_KEYS = { supplierAssignId: 'supplierassignId', pageType: 'pageType' } as const;

/**
 * The supplier assessment form screen a submitted assessment continues to (001 section 2.3); with
 * the link's token when a link holder goes there.
 */
export function supplierAssessmentPath(input: {
  supplierId: string;
  supplierAssignId: string;
  formTemplateId: string;
  companyId: string;
  coordinatorUserId: string;
  authtoken?: string;
}): string {
  const parts = [
    input.supplierId,
    input.supplierAssignId,
    input.formTemplateId,
    input.companyId,
    input.coordinatorUserId,
  ].map((part) => encodeURIComponent(part));
  const token = input.authtoken ? `&authtoken=${encodeURIComponent(input.authtoken)}` : '';
  return `/form/external-parties/form-submit/${SUPPLIER_ASSESSMENT_PAGE_TYPE}/${parts.join('/')}?formSumissionId=${token}`;
}

/** What the link of the page grants, for the page to decide what it offers (POST /api/supplierLinkContext). */
export const ZSupplierLinkContextRequest = z.object({ formSubmissionId: z.uuid() });
export type TSupplierLinkContextRequest = z.infer<typeof ZSupplierLinkContextRequest>;

export const ZSupplierLinkContext = z.object({
  /** The organisation. */
  companyId: z.uuid(),
  companyName: z.string(),
  /** The organisation's own product site, where Back and Cancel leave to (null: the configured one). */
  homeSiteUrl: z.string().nullable(),
  supplierId: z.uuid().nullable(),
  supplierName: z.string(),
  /** The path of the supplier company's logo (GET, with the link), or null when it has none. */
  supplierLogo: z.string().nullable(),
  /** The supplier assignment the link names, or the one that points at the submission. */
  supplierAssignmentId: z.uuid().nullable(),
  /** Its status: only an `assigned` one is submitted after the form is (supplier form submit). */
  supplierAssignmentStatus: z.enum(['assigned', 'submitted', 'reviewed', 'closed']).nullable(),
  operations: z.array(ZLinkOperation),
  expiresAt: z.string(),
});
export type TSupplierLinkContext = z.infer<typeof ZSupplierLinkContext>;

/** Supplier form submit (001 section 7): the supplier assignment is submitted with its form. */
export const ZSupplierFormSubmitRequest = z.object({
  supplierCompanyId: z.uuid().optional(),
  supplierId: z.uuid(),
  /** The supplier assignment. */
  _id: z.uuid(),
  formSumissionId: z.uuid(),
});
export type TSupplierFormSubmitRequest = z.infer<typeof ZSupplierFormSubmitRequest>;

export const ZSupplierFormSubmitted = z.object({
  _id: z.uuid(),
  formSumissionId: z.uuid(),
  status: z.literal('submitted'),
  mailsQueued: z.number().int(),
});
export type TSupplierFormSubmitted = z.infer<typeof ZSupplierFormSubmitted>;

/** The response_code of a supplier form submit that was not done (already submitted, still a draft). */
export const SUPPLIER_SUBMIT_REFUSED_CODE = 202;

/** Deletes a file of the linked submission (the link's twin of POST /api/deleteAttachment). */
export const ZSupplierLinkFileDeleteRequest = z.object({
  fileType: z.literal('submission'),
  fileId: z.uuid(),
  _id: z.uuid(),
});

export const supplierLinkContextCall = defineCall({
  method: 'POST',
  path: '/supplierLinkContext',
  tags: ['links'],
  summary: "What the page's link grants: the organisation, the supplier and its assignment",
  access: ACCESS.link,
  query: ZLinkQuery,
  body: ZSupplierLinkContextRequest,
  response: ZSupplierLinkContext,
});

export const supplierLinkLogoCall = defineCall({
  method: 'GET',
  path: '/supplierLinkLogo',
  tags: ['links'],
  summary: "The logo of the link's supplier company (the image itself)",
  access: ACCESS.link,
  query: ZLinkQuery,
  response: 'file',
});

export const formSubmissionLinkFileCall = defineCall({
  method: 'GET',
  path: '/formSubmissionLinkFile/:id',
  tags: ['links'],
  summary: 'Download a file of the linked submission or of its actions (the file itself)',
  access: ACCESS.link,
  params: z.object({ id: z.uuid() }),
  query: ZLinkQuery,
  response: 'file',
});

export const formSubmissionLinkFileDeleteCall = defineCall({
  method: 'POST',
  path: '/formSubmissionLinkFileDelete',
  tags: ['links'],
  summary: 'Delete a file of the linked submission (a link with update, while the form is editable)',
  access: ACCESS.link,
  query: ZLinkQuery,
  body: ZSupplierLinkFileDeleteRequest,
  response: z.null(),
});

export const supplierFormSubmitCall = defineCall({
  method: 'POST',
  path: '/supplierFormSubmit',
  tags: ['links'],
  summary:
    'Supplier form submit: the supplier assignment is submitted with its form and the reviewer and ' +
    'coordinator are mailed; response_code 202 when it cannot be submitted (still a draft, already submitted)',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  body: ZSupplierFormSubmitRequest,
  response: ZSupplierFormSubmitted,
});
