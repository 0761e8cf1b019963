import { messages, type AccessKey, type TFormSubmission } from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { join, sql, uuid, type Sql } from '../../db/sql';
import type { FormType } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import type { AttachmentService } from '../attachments';
import { FORM_TYPE_OF_WIRE, type StoredSubmission, type SubmissionActor } from './shapes';

/** Keys that open the organisation's Records: forms the caller neither recorded nor coordinates. */
const RECORDS_ACCESS: readonly AccessKey[] = ['formSubmissionAllRecord', 'formSubmissionRecord'];

/** The access restriction that, when set to no on the user's role, forbids closing forms. */
const CLOSE_RESTRICTION = 'formSubmissionClose';

/** Whether the caller's role opens the organisation's Records at all. */
export const hasRecordsAccess = (auth: Pick<AuthContext, 'accessKeys'>): boolean =>
  RECORDS_ACCESS.some((key) => auth.accessKeys.has(key));

/**
 * Whether the caller's role opens someone else's form of this type. An HR form (an assigned HR
 * form, a performance review) is private: besides its own people (the employee who records it, the
 * reviewer who coordinates it) only a role with hrEmployeePrivateInfo reads it, Records access or
 * not — HR's hrForm key runs the register without reading the answers (docs/human-resources.md).
 */
export function readsOthersForm(auth: Pick<AuthContext, 'accessKeys'>, formType: FormType): boolean {
  if (formType === 'hr') return auth.accessKeys.has('hrEmployeePrivateInfo');
  return hasRecordsAccess(auth);
}

/**
 * The rule of SubmissionPolicy.mayView as an SQL condition on a submission `f` of the caller's
 * organisation, for lists of others' submissions (an asset's history): the caller's own ones
 * (SubmissionParticipant: creator, recorder, coordinator, as My Records reads them), their supplier
 * company's supplier forms, and others' forms of a type their role reads (readsOthersForm).
 */
export function viewableSql(auth: AuthContext, f: Sql): Sql {
  const me = uuid(auth.employeeId ?? auth.personnelId ?? auth.userId);
  const ways = [
    sql`EXISTS (SELECT 1 FROM "SubmissionParticipant" p WHERE p."participantId" = ${me} AND p."submissionId" = ${f}.id)`,
  ];
  if (auth.supplierId)
    ways.push(sql`(${f}."formType" = 'supplier' AND ${f}."supplierId" = ${uuid(auth.supplierId)})`);
  if (hasRecordsAccess(auth)) ways.push(sql`${f}."formType" <> 'hr'`);
  if (readsOthersForm(auth, 'hr')) ways.push(sql`${f}."formType" = 'hr'`);
  return sql`(${join(ways, ' OR ')})`;
}

// ---------- Who may change a submission ----------

/** The recorder of a draft: the one who started it (or, for a company's draft, the company). */
function isRecorder(auth: SubmissionActor, submission: StoredSubmission): boolean {
  return (
    (auth.employeeId !== null && submission.recordedByEmployeeId === auth.employeeId) ||
    (auth.personnelId !== null && submission.recordedByPersonnelId === auth.personnelId) ||
    (auth.userId !== null && submission.createdByUserId === auth.userId) ||
    isCompanyDraft(auth, submission)
  );
}

/**
 * A supplier form assigned to a company (not to one person) is started for the company: its
 * draft is the company account's (or its link's) to fill in, never its personnel's.
 */
function isCompanyDraft(auth: SubmissionActor, submission: StoredSubmission): boolean {
  return (
    submission.formType === 'supplier' &&
    auth.supplierId !== null &&
    auth.personnelId === null &&
    auth.employeeId === null &&
    submission.supplierId === auth.supplierId &&
    submission.recordedByEmployeeId === null &&
    submission.recordedByPersonnelId === null
  );
}

/** null when the caller may edit, else the banner of spec 001 section 2.2 saying why not. */
export function editBlock(auth: SubmissionActor, submission: StoredSubmission): string | null {
  if (submission.isClosed) return messages.submission.closed;
  if (submission.isDraft) return isRecorder(auth, submission) ? null : messages.submission.notRecorder;
  if (auth.employeeId && submission.coordinators[0]?.employeeId === auth.employeeId) return null;
  if (submission.formType === 'supplier' && auth.supplierId && submission.supplierId === auth.supplierId)
    return null;
  return messages.submission.notCoordinator;
}

/** What the rules look at: who recorded and coordinates a submission, its type and state. */
export interface SubmissionAccess {
  id: string;
  companyId: string;
  formType: FormType;
  isDraft: boolean;
  isClosed: boolean;
  version: number;
  number: number | null;
  recordedByEmployeeId: string | null;
  recordedByPersonnelId: string | null;
  createdByUserId: string | null;
  supplierId: string | null;
  /** In order of position: the first closes and re-opens. */
  coordinators: { employeeId: string; position: number }[];
}

/**
 * Who may see, change and close a submission: one rule for its details, history, PDF, files and
 * close-off, used by every module that touches a submission.
 */
export class SubmissionPolicy {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    attachments: AttachmentService,
  ) {
    // The submission's files (the close PDFs among them): read by whoever may see the submission,
    // changed by its coordinators and recorder while it is open.
    attachments.registerPolicy('submission', async (auth, submissionId, mode) => {
      const submission = await this.visible(auth, submissionId);
      if (!submission) return false;
      return mode === 'read' || (!submission.isClosed && this.isEditor(auth, submission));
    });
  }

  /**
   * The submission when the caller may see it: same organisation, and a coordinator (any
   * position), the recorder, the supplier of a supplier form, or a role that reads others' forms of
   * its type (Records access; hrEmployeePrivateInfo for HR forms). Anything else is null, so
   * another organisation's submission looks like no submission.
   */
  async visible(auth: AuthContext, submissionId: string): Promise<SubmissionAccess | null> {
    // A prepared statement of the read pool: Prisma's findFirst of the same took a third of the
    // history's CPU (docs/performance.md).
    type Row = Omit<SubmissionAccess, 'formType'> & { formType: TFormSubmission['formType'] };
    const [row] = await this.reader.rows<Row>(sql`SELECT f.id, f."companyId",
        f."formType"::text AS "formType", f."isDraft", f."isClosed", f.version, f.number,
        f."recordedByEmployeeId", f."recordedByPersonnelId", f."createdByUserId", f."supplierId",
        (SELECT coalesce(json_agg(json_build_object('employeeId', c."employeeId", 'position', c.position)
          ORDER BY c.position), '[]') FROM "SubmissionCoordinator" c
          WHERE c."companyId" = f."companyId" AND c."submissionId" = f.id) AS coordinators
      FROM "FormSubmission" f WHERE f.id = ${uuid(submissionId)} AND f."companyId" = ${uuid(auth.companyId)}`);
    if (!row) return null;
    // The stored type is the wire's ('form-submission'); the rules and callers use Prisma's enum.
    const submission = { ...row, formType: FORM_TYPE_OF_WIRE[row.formType] };
    return this.mayView(auth, submission) ? submission : null;
  }

  /** The rule of `visible` on a submission already read (of the caller's organisation). */
  mayView(auth: AuthContext, submission: SubmissionAccess): boolean {
    if (this.isEditor(auth, submission)) return true;
    if (submission.formType === 'supplier' && auth.supplierId && submission.supplierId === auth.supplierId)
      return true;
    return readsOthersForm(auth, submission.formType);
  }

  /** The first coordinator: the one who closes and re-opens. */
  isCoordinator(auth: AuthContext, submission: Pick<SubmissionAccess, 'coordinators'>): boolean {
    return Boolean(auth.employeeId) && submission.coordinators[0]?.employeeId === auth.employeeId;
  }

  /** Any coordinator or the recorder. */
  isEditor(auth: AuthContext, submission: SubmissionAccess): boolean {
    return (
      submission.coordinators.some((coordinator) => coordinator.employeeId === auth.employeeId) ||
      (auth.employeeId !== null && submission.recordedByEmployeeId === auth.employeeId) ||
      (auth.personnelId !== null && submission.recordedByPersonnelId === auth.personnelId) ||
      submission.createdByUserId === auth.userId
    );
  }

  /** Whether the caller's role is restricted from closing forms (formSubmissionClose set to no). */
  async closeRestricted(auth: AuthContext): Promise<boolean> {
    if (!auth.employeeId) return false;
    const employee = await this.db.employee.findFirst({
      where: { id: auth.employeeId, companyId: auth.companyId },
      select: { role: { select: { restrictions: { select: { keyField: true, isAccess: true } } } } },
    });
    const restrictions = employee?.role?.restrictions ?? [];
    return restrictions.some((entry) => entry.keyField === CLOSE_RESTRICTION && !entry.isAccess);
  }
}
