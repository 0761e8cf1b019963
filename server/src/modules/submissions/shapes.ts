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
import { canonicalJson } from '../../db/json';
import { dateOf } from '../../db/days';
import { timestampOf, type Reader } from '../../db/reader';
import { emptySql, sql, uuid, type Sql } from '../../db/sql';
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

/** The Prisma enum of a stored (wire) form type. */
export const FORM_TYPE_OF_WIRE = Object.fromEntries(
  Object.entries(WIRE_FORM_TYPE).map(([formType, wire]) => [wire, formType]),
) as Record<TFormSubmission['formType'], FormType>;

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
/**
 * The same stored value; two kinds of "no answer" are the same (no history entry "— → —"), and so
 * are objects whose keys differ only in order (a table row's cells as stored and as sent).
 */
export const sameJson = (a: unknown, b: unknown) =>
  (blank(a) && blank(b)) || canonicalJson(a ?? null) === canonicalJson(b ?? null);

export const submissionInclude = {
  template: { select: { name: true, formBranchType: true } },
  coordinators: { orderBy: { position: 'asc' } },
  values: true,
  tableRows: { orderBy: [{ fieldId: 'asc' }, { rowIndex: 'asc' }] },
  actions: { orderBy: { taskNumber: 'asc' } },
} as const satisfies Prisma.FormSubmissionInclude;

export type StoredSubmission = Prisma.FormSubmissionGetPayload<{ include: typeof submissionInclude }>;

/** A `date` (yyyy-MM-dd) or `timestamp` as text or inside JSON, as the Date Prisma would give. */
const storedDate = (value: string) => (/^\d{4}-\d\d-\d\d$/.test(value) ? dateOf(value) : timestampOf(value));
const storedDateOrNull = (value: string | null) => (value === null ? null : storedDate(value));

type AsRead<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/**
 * One submission with what `submissionInclude` names, or null when the organisation has none of
 * that id: one prepared statement on the read pool. Prisma's findFirst of the same spent about 1 ms
 * mapping its result; this takes 0.2 ms, on every save and every details call (docs/performance.md).
 * Whole rows are read (`f.*`, `json_agg(a)`), so a new column arrives by itself; a new date column
 * must be added below, which test/storedSubmission.test.ts would show (it compares with Prisma's).
 */
export async function readStoredSubmission<Extra extends object = object>(
  reader: Reader,
  companyId: string,
  submissionId: string,
  /** More columns of the same row (on `f`), each `, expression AS name`: see details. */
  extraColumns: Sql = emptySql,
): Promise<(StoredSubmission & Extra) | null> {
  type Row = Extra &
    AsRead<Omit<StoredSubmission, 'actions' | 'formType'>> & {
      /** As stored: schema.prisma maps the enum's values, which are the wire's. */
      formType: TFormSubmission['formType'];
      actions: AsRead<StoredSubmission['actions'][number]>[];
    };
  const [row] = await reader.rows<Row>(sql`SELECT f.*,
      json_build_object('name', t.name, 'formBranchType', t."formBranchType") AS template,
      (SELECT coalesce(json_agg(c ORDER BY c.position), '[]') FROM "SubmissionCoordinator" c
        WHERE c."submissionId" = f.id) AS coordinators,
      (SELECT coalesce(json_agg(v), '[]') FROM "SubmissionValue" v WHERE v."submissionId" = f.id) AS "values",
      (SELECT coalesce(json_agg(r ORDER BY r."fieldId", r."rowIndex"), '[]') FROM "SubmissionTableRow" r
        WHERE r."submissionId" = f.id) AS "tableRows",
      (SELECT coalesce(json_agg(a ORDER BY a."taskNumber"), '[]') FROM "Action" a
        WHERE a."submissionId" = f.id) AS actions ${extraColumns}
    FROM "FormSubmission" f JOIN "FormTemplate" t ON t.id = f."templateId"
    WHERE f.id = ${uuid(submissionId)} AND f."companyId" = ${uuid(companyId)}`);
  if (!row) return null;
  return {
    ...row,
    formType: FORM_TYPE_OF_WIRE[row.formType],
    formDate: storedDate(row.formDate),
    closedAt: storedDateOrNull(row.closedAt),
    createdAt: storedDate(row.createdAt),
    updatedAt: storedDate(row.updatedAt),
    actions: row.actions.map((action) => ({
      ...action,
      dueDate: storedDate(action.dueDate),
      assignedOn: storedDate(action.assignedOn),
      completedOn: storedDateOrNull(action.completedOn),
      createdAt: storedDate(action.createdAt),
      updatedAt: storedDate(action.updatedAt),
    })),
  };
}

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
