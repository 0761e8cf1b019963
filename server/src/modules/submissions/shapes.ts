import {
  messages,
  type FieldType,
  type TFormSubmission,
  type TSubmissionAttachment,
  type TTemplateField,
  type TTemplateSection,
} from '@compass/shared';
import sanitizeHtml from 'sanitize-html';
import type { Prisma } from '../../db/prisma';
import { sql } from '../../db/sql';
import type { FormType } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';

// What the parts of the submissions module share: the caller of a save, the stored shapes they
// read, and the small conversions to the wire.

export interface SubmissionOptions {
  publicUrl: string;
  productName: string;
}

/**
 * Who reads or changes a submission: a signed-in user, or the holder of a supplier link
 * (supplierLinks.ts), who acts as its supplier and personnel member and is no user (userId null).
 */
export type SubmissionActor = Pick<AuthContext, 'companyId' | 'employeeId' | 'personnelId' | 'supplierId'> & {
  userId: string | null;
};

/** Ids named inside stored answers (reference fields keep them in their JSON values). */
export const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export const WIRE_FORM_TYPE: Record<FormType, TFormSubmission['formType']> = {
  form_submission: 'form-submission',
  supplier: 'supplier',
  hr: 'hr',
  qr: 'qr',
  audit: 'audit',
};

/** Templates offered for new submissions: not archived, and published at least once. */
export const USABLE_TEMPLATE = {
  isActive: true,
  currentVersion: { gt: 0 },
} as const satisfies Prisma.FormTemplateWhereInput;
/** USABLE_TEMPLATE in SQL, of "FormTemplate" t. */
export const USABLE_TEMPLATE_SQL = sql`t."isActive" AND t."currentVersion" > 0`;

/**
 * The field types whose value names records of the organisation; new picks must be active
 * (spec 001 section 5). Submissions have no active flag: they only have to be the organisation's.
 */
export const RECORD_FIELDS = [
  'employee',
  'asset',
  'risk',
  'supplier',
  'submission',
] as const satisfies FieldType[];
export type RecordKind = (typeof RECORD_FIELDS)[number] | 'personnel';

/** contentEditor HTML keeps formatting and images, never scripts or event handlers. */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'u', 's'],
  allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, img: ['src', 'alt', 'width', 'height'] },
  allowedSchemesByTag: { img: ['https', 'data'] },
};

export const day = (date: Date) => date.toISOString().slice(0, 10);
export const yes = (flag: boolean) => (flag ? 'yes' : 'no');
/** An attachment row as the screens read it: downloaded by id, never by a stored path. */
export const wireAttachment = (row: {
  id: string;
  name: string;
  fileType: string | null;
  size: number;
  fieldId: string | null;
}): TSubmissionAttachment => ({
  _id: row.id,
  name: row.name,
  path: `/api/files/${row.id}`,
  fileType: row.fileType,
  size: row.size,
  relatedFormId: row.fieldId,
});
/** No answer, however it is stored: a draft keeps '' or [] where a later save may send null. */
export const blank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
/** The same stored value; two kinds of "no answer" are the same (no history entry "— → —"). */
export const sameJson = (a: unknown, b: unknown) =>
  (blank(a) && blank(b)) || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const submissionInclude = {
  template: { select: { name: true, formBranchType: true } },
  coordinators: { orderBy: { position: 'asc' } },
  values: true,
  tableRows: { orderBy: [{ fieldId: 'asc' }, { rowIndex: 'asc' }] },
  actions: { orderBy: { taskNumber: 'asc' } },
} as const satisfies Prisma.FormSubmissionInclude;

export type StoredSubmission = Prisma.FormSubmissionGetPayload<{ include: typeof submissionInclude }>;

export interface TemplateVersionShape {
  sections: TTemplateSection[];
  fieldList: TTemplateField[];
}

/**
 * A new form from a guest of a template's QR poster (modules/qrSubmissions): no user records it,
 * and only the part of the template the guest was shown (`restrict`) is checked and kept.
 */
export interface GuestSave {
  restrict: (shape: TemplateVersionShape) => TemplateVersionShape;
}

export interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * The largest save (MAX_TASKS_PER_SAVE actions, each with its change log and mail) takes about 2 s
 * on this project's 2-core machine; Prisma's default of 5 s left no room on a busy one.
 */
export const SAVE_TRANSACTION = { timeout: 30_000, maxWait: 10_000 };

/** 'Guest User' for qr forms, the personnel for supplier forms, else the recording employee. */
export function recorderName(
  submission: Pick<StoredSubmission, 'recordedByEmployeeId' | 'recordedByPersonnelId'> & {
    /** Either spelling: 'qr' is the same in the schema and on the wire. */
    formType: FormType | TFormSubmission['formType'];
  },
  employeeName: Map<string, string>,
  personnelName: Map<string, string>,
): string {
  if (submission.formType === 'qr') return messages.submission.guestUser;
  if (submission.recordedByPersonnelId) return personnelName.get(submission.recordedByPersonnelId) ?? '';
  if (submission.recordedByEmployeeId) return employeeName.get(submission.recordedByEmployeeId) ?? '';
  return messages.submission.guestUser;
}
