import {
  addDays,
  displayDay,
  externalPartiesMessages as say,
  formNumberLabel,
  personName,
  type TSupplierAssignmentCreate,
  type TSupplierAssignmentDetails,
  type TSupplierAssignmentListRequest,
  type TSupplierAssignmentOptions,
  type TSupplierAssessmentStatus,
  type TSupplierAssignmentRow,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import type { SupplierAssignment as AssignmentRow } from '../../generated/prisma/client';
import { conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { sessionCallerOf, type LinkOrSessionCaller } from '../../plugins/callers';
import { recordChange } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import { callerToday, organisationToday, organisationTodayRead } from '../../plugins/organisationDay';
import { cappedCount, timestampOf, type ReadOptions, type Reader, planFor } from '../../db/reader';
import { join, sql, uuid, type Sql } from '../../db/sql';
import { findAccountHolders } from '../employees';
import { supplierAssignmentMail } from '../mail';
import { USABLE_TEMPLATE } from '../submissions';
import { dateOf, dayOf } from '../../db/days';
import {
  findParty,
  partyColumns,
  partyRequested,
  partyFields,
  partySearch,
  refuseProblems,
  type PartyColumns,
} from './parties';
import { supplierRecipients } from './recipients';
import { isOpen, issueSupplierAssignmentLink, OPEN_ASSIGNMENT, reviewerPlace } from '../submissions';
import { providedAssignments, reviewableAssignment } from './policy';

type Tx = Prisma.TransactionClient;

/** How many days before its due date an open assignment's reminder goes out. */
export const REMINDER_DAYS_BEFORE_DUE = 3;

/**
 * Supplier form assignments: assigning a supplier form (its draft is started at once, so the
 * invitation's link opens it), the invitation, return and reminder mails, the Form Register and
 * the reviewer's side. Accepting is the close-off of the form (supplierAssignFormCloseOff).
 */
export class ExternalPartiesService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly mail: MailQueue,
    private readonly options: { publicUrl: string; productName: string },
  ) {}

  async assignOptions(auth: AuthContext): Promise<TSupplierAssignmentOptions> {
    const [templates, suppliers] = await Promise.all([
      this.db.formTemplate.findMany({
        where: { companyId: auth.companyId, formType: 'supplier', ...USABLE_TEMPLATE },
        orderBy: { name: 'asc' },
        select: { id: true, name: true },
      }),
      this.db.supplierCompany.findMany({
        where: { companyId: auth.companyId, isActive: true },
        orderBy: { name: 'asc' },
        select: {
          id: true,
          name: true,
          personnel: {
            where: { isActive: true },
            orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
            select: { id: true, firstName: true, lastName: true },
          },
        },
      }),
    ]);
    return {
      templates: templates.map((row) => ({ _id: row.id, name: row.name })),
      suppliers: suppliers.map((row) => ({
        _id: row.id,
        name: row.name,
        personnel: row.personnel.map((person) => ({ _id: person.id, name: personName(person) })),
      })),
    };
  }

  async reviewers(auth: AuthContext, search: string | undefined) {
    const employees = await findAccountHolders(this.db, auth.companyId, search);
    return employees.map(({ id, name }) => ({ _id: id, name }));
  }

  async create(auth: AuthContext, input: TSupplierAssignmentCreate) {
    const companyId = auth.companyId;
    const [{ today, supplier, person, reviewer, problems }, template] = await Promise.all([
      findParty(this.db, companyId, input),
      this.db.formTemplate.findFirst({
        where: { id: input.formTemplateId, companyId, formType: 'supplier', ...USABLE_TEMPLATE },
        include: { versions: { select: { id: true, version: true } } },
      }),
    ]);
    const version = template?.versions.find((row) => row.version === template.currentVersion);
    refuseProblems([
      !template || !version ? { field: 'formTemplateId', message: say.templateNotSupplier } : null,
      ...problems,
    ]);

    const requested = partyRequested(
      { supplier: supplier!, person, reviewer: reviewer! },
      input,
      auth.userId,
    );
    return this.db.$transaction(async (tx) => {
      const { supplierId, personnelId, reviewerEmployeeId } = requested.columns;
      const submissionId = await this.startForm(tx, {
        companyId,
        template: template!,
        versionId: version!.id,
        supplierId,
        personnelId,
        reviewerEmployeeId,
        createdByUserId: auth.userId,
        formDate: today,
      });
      const assignment = await tx.supplierAssignment.create({
        data: { companyId, formTemplateId: template!.id, submissionId, ...requested.columns },
      });
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'supplierAssignment',
        entityId: assignment.id,
        action: 'assigned',
        before: null,
        after: { form: template!.name, ...requested.named },
      });
      const mailsQueued = await this.invite(tx, assignment, 'invitation', auth.userId);
      return { _id: assignment.id, mailsQueued };
    });
  }

  /**
   * Starts an assignment's form: a draft supplier form for the company (or the person), who is its
   * recorder, with the reviewer as its coordinator at the reviewer's place (the supplier is not
   * asked for them). The invitation's link opens it, and accepting it is its close-off.
   */
  private async startForm(
    tx: Tx,
    form: {
      companyId: string;
      template: { id: string; name: string };
      versionId: string;
      supplierId: string;
      personnelId: string | null;
      reviewerEmployeeId: string | null;
      createdByUserId: string | null;
      formDate: string;
    },
  ): Promise<string> {
    const { companyId, reviewerEmployeeId } = form;
    const place = await reviewerPlace(tx, companyId, reviewerEmployeeId);
    const submission = await tx.formSubmission.create({
      data: {
        companyId,
        templateId: form.template.id,
        templateVersionId: form.versionId,
        formType: 'supplier',
        formDescription: form.template.name,
        formDate: dateOf(form.formDate),
        createdByUserId: form.createdByUserId,
        recordedByPersonnelId: form.personnelId,
        supplierId: form.supplierId,
        ...place,
      },
    });
    if (reviewerEmployeeId)
      await tx.submissionCoordinator.create({
        data: { companyId, submissionId: submission.id, employeeId: reviewerEmployeeId, position: 0 },
      });
    return submission.id;
  }

  /**
   * The form of an assignment that has none yet (made before forms were started when assigned; the
   * demo data has such), started as assigning starts it, when its supplier first opens it.
   */
  private async startedForm(tx: Tx, assignment: AssignmentRow): Promise<AssignmentRow> {
    if (assignment.submissionId) return assignment;
    const { companyId } = assignment;
    const template = await tx.formTemplate.findFirst({
      where: { id: assignment.formTemplateId, companyId, formType: 'supplier' },
      include: { versions: { select: { id: true, version: true } } },
    });
    const version = template?.versions.find((row) => row.version === template.currentVersion);
    if (!template || !version) throw conflict(say.formWithdrawn);
    const submissionId = await this.startForm(tx, {
      companyId,
      template,
      versionId: version.id,
      supplierId: assignment.supplierId,
      personnelId: assignment.personnelId,
      reviewerEmployeeId: assignment.reviewerEmployeeId,
      createdByUserId: assignment.createdById,
      formDate: await organisationToday(tx, companyId),
    });
    // Two first opens at once start one form: the later one's transaction is undone.
    const claimed = await tx.supplierAssignment.updateMany({
      where: { id: assignment.id, companyId, submissionId: null },
      data: { submissionId },
    });
    if (claimed.count !== 1) throw conflict(say.openedElsewhere);
    return { ...assignment, submissionId };
  }

  /** The invitation again, with a new link (the earlier ones keep working until they expire). */
  async resend(auth: AuthContext, id: string) {
    return this.db.$transaction(async (tx) => {
      const assignment = await tx.supplierAssignment.findFirst({ where: { id, companyId: auth.companyId } });
      if (!assignment) throw notFound();
      if (!isOpen(assignment)) throw conflict(say.finished);
      return { mailsQueued: await this.invite(tx, assignment, 'invitation', auth.userId) };
    });
  }

  /**
   * Mails the people who fill the form in: the person it is assigned to, else the company's
   * supplier accounts; each with a link of their own to the form.
   */
  private async invite(
    tx: Tx,
    assignment: AssignmentRow,
    kind: 'invitation' | 'returned' | 'reminder',
    createdById: string | null,
  ): Promise<number> {
    const companyId = assignment.companyId;
    const [organisation, template, recipients] = await Promise.all([
      tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } }),
      tx.formTemplate.findFirstOrThrow({
        where: { id: assignment.formTemplateId, companyId },
        select: { name: true },
      }),
      supplierRecipients(tx, assignment),
    ]);
    const base = this.options.publicUrl.replace(/\/$/, '');
    let queued = 0;
    for (const recipient of recipients) {
      const link = await issueSupplierAssignmentLink(tx, assignment, createdById);
      if (!link) continue;
      const result = await this.mail.enqueue(tx, {
        companyId,
        to: recipient.email,
        userId: recipient.userId,
        category: 'supplierAssignment',
        content: supplierAssignmentMail({
          kind,
          productName: this.options.productName,
          organisation: organisation.name,
          name: recipient.name,
          formName: template.name,
          dueDate: displayDay(dayOf(assignment.dueDate)),
          message: assignment.message,
          comment: assignment.reviewComment,
          link: `${base}${link.path}`,
          signInLink: recipient.userId ? `${base}/login` : null,
        }),
      });
      if (result.queued) queued += 1;
    }
    return queued;
  }

  async list(
    auth: AuthContext,
    request: TSupplierAssignmentListRequest,
  ): Promise<{ rows: TSupplierAssignmentRow[]; total: number; totalCapped?: true }> {
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? 20;
    const search = request.search?.trim();
    const company = uuid(auth.companyId);
    const conditions = [sql`r."companyId" = ${company}`];
    if (request.status) conditions.push(sql`r.status = ${request.status}::"AssignmentStatus"`);
    if (request.supplierId) conditions.push(sql`r."supplierId" = ${uuid(request.supplierId)}`);
    // The search names a company or a form (assignments keep their ids).
    if (search) {
      conditions.push(
        partySearch(auth.companyId, search, (pattern) => [
          sql`r."formTemplateId" IN (SELECT t.id FROM "FormTemplate" t
            WHERE t."companyId" = ${company} AND t.name ILIKE ${pattern})`,
        ]),
      );
    }
    const where = join(conditions, ' AND ');
    // How many rows a name matches decides the plan: planned for the values each time.
    const plan = planFor(search);
    const [today, rows, total] = await Promise.all([
      callerToday(auth),
      this.rows(where, sql`LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, plan),
      cappedCount(
        this.reader,
        sql`SELECT 1 FROM "SupplierAssignment" r WHERE ${where}`,
        { search, page, pageSize },
        plan,
      ),
    ]);
    return { rows: rows.map((row) => rowOf(row, today)), ...total };
  }

  /** One assignment as the register shows it (the caller has checked it may be seen). */
  private async rowOf(companyId: string, id: string): Promise<TSupplierAssignmentRow> {
    const [today, [row]] = await Promise.all([
      organisationTodayRead(this.reader, companyId),
      this.rows(sql`r."companyId" = ${uuid(companyId)} AND r.id = ${uuid(id)}`, sql`LIMIT 1`),
    ]);
    return rowOf(row!, today);
  }

  /**
   * The assignments of `where` (on `r`), latest due first, `limit` of them, with the names of their
   * party and form and the number of their submission, in one statement of the Reader.
   */
  private rows(where: Sql, limit: Sql, options?: ReadOptions) {
    return this.reader.rows<AssignmentListRow>(
      sql`SELECT ${partyColumns}, r."formTemplateId", r.status,
        r."submissionId", r."returnCount", r."createdAt", t.name AS "formName", f.number AS "formNumber",
        f."isDraft" AS "formIsDraft"
      FROM (SELECT r.* FROM "SupplierAssignment" r WHERE ${where}
        ORDER BY r."dueDate" DESC, r.id ${limit}) r
      LEFT JOIN "FormTemplate" t ON t.id = r."formTemplateId" AND t."companyId" = r."companyId"
      LEFT JOIN "FormSubmission" f ON f.id = r."submissionId" AND f."companyId" = r."companyId"
      ORDER BY r."dueDate" DESC, r.id`,
      options,
    );
  }

  /** The assignment for its review page: its reviewer, or an employee with the External Parties key. */
  async details(auth: AuthContext, id: string): Promise<TSupplierAssignmentDetails> {
    const assignment = await reviewableAssignment(this.db, auth, id);
    const row = await this.rowOf(auth.companyId, assignment.id);
    return {
      ...row,
      message: assignment.message,
      reviewComment: assignment.reviewComment,
      canReview: assignment.status === 'submitted',
    };
  }

  /**
   * Returns a submitted form to the supplier: the assignment is theirs again (Assigned Forms) with
   * the comment, and they are mailed a new link. The form stays submitted: its supplier may change
   * a submitted supplier form, and submits the assignment again from it.
   */
  async returnToSupplier(auth: AuthContext, id: string, comment: string) {
    await this.db.$transaction(async (tx) => {
      const assignment = await reviewableAssignment(tx, auth, id);
      const claimed = await tx.supplierAssignment.updateMany({
        where: { id, companyId: auth.companyId, status: 'submitted' },
        data: {
          status: 'assigned',
          reviewComment: comment,
          returnCount: { increment: 1 },
          reminderSentAt: null,
        },
      });
      if (claimed.count !== 1) throw conflict(say.notSubmitted);
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'supplierAssignment',
        entityId: id,
        action: 'returned',
        before: { status: 'submitted', reviewComment: assignment.reviewComment },
        after: { status: 'assigned', reviewComment: comment },
      });
      await this.invite(tx, { ...assignment, reviewComment: comment }, 'returned', auth.userId);
    });
  }

  /**
   * A signed-in supplier user or person opens an assigned form: a link of their own to it, acting as
   * the one it is assigned to (a company account opens its people's on their behalf; the link
   * records that account as its issuer). The same rule lists it on their dashboard.
   */
  async open(auth: AuthContext, id: string) {
    const theirs = providedAssignments(sessionCallerOf(auth), id);
    const assignment = theirs && (await this.db.supplierAssignment.findFirst({ where: { id, ...theirs } }));
    if (!assignment) throw notFound(say.notYours);
    if (!isOpen(assignment)) throw conflict(say.finished);
    const link = await this.db.$transaction(async (tx) =>
      issueSupplierAssignmentLink(tx, await this.startedForm(tx, assignment), auth.userId),
    );
    if (!link) throw conflict(say.formWithdrawn);
    return { path: link.path };
  }

  /**
   * Where an assigned form stands, for the supplier assessment page: the holder of its link, or its
   * signed-in supplier (the company's) or person (their own).
   */
  async status(caller: LinkOrSessionCaller, id: string): Promise<TSupplierAssessmentStatus> {
    const theirs = providedAssignments(caller, id);
    const assignment = theirs && (await this.db.supplierAssignment.findFirst({ where: { id, ...theirs } }));
    if (!assignment) throw notFound(say.notYours);
    const [organisation, row] = await Promise.all([
      this.db.company.findUniqueOrThrow({ where: { id: assignment.companyId }, select: { name: true } }),
      this.rowOf(assignment.companyId, assignment.id),
    ]);
    return {
      _id: assignment.id,
      organisationName: organisation.name,
      formName: row.formName,
      status: assignment.status,
      dueDate: row.dueDate,
      reviewerName: row.reviewerName,
      reviewComment: assignment.reviewComment,
      returnCount: assignment.returnCount,
      submissionId: assignment.submissionId,
      formNumber: row.formNumber,
    };
  }

  /**
   * The reminders before the due date: each open assignment due within REMINDER_DAYS_BEFORE_DUE
   * days gets one (claimed row by row, so several server processes never send it twice).
   */
  async sendReminders(now = new Date()): Promise<number> {
    const horizon = addDays(dayOf(now), REMINDER_DAYS_BEFORE_DUE);
    const due = await this.db.supplierAssignment.findMany({
      where: {
        ...OPEN_ASSIGNMENT,
        reminderSentAt: null,
        dueDate: { lte: dateOf(horizon), gte: dateOf(dayOf(now)) },
      },
      take: 500,
    });
    let sent = 0;
    for (const assignment of due) {
      sent += await this.db.$transaction(async (tx) => {
        const claimed = await tx.supplierAssignment.updateMany({
          where: { id: assignment.id, ...OPEN_ASSIGNMENT, reminderSentAt: null },
          data: { reminderSentAt: now },
        });
        if (claimed.count !== 1) return 0;
        return this.invite(tx, assignment, 'reminder', null);
      });
    }
    return sent;
  }
}

interface AssignmentListRow extends PartyColumns {
  formTemplateId: string;
  status: TSupplierAssignmentRow['status'];
  submissionId: string | null;
  returnCount: number;
  /** A `timestamp` as text (db/reader.ts). */
  createdAt: string;
  formName: string | null;
  formNumber: number | null;
  formIsDraft: boolean | null;
}

function rowOf(row: AssignmentListRow, today: string): TSupplierAssignmentRow {
  // The spread goes last: Node 20's V8 defines each property written after a leading spread on its
  // own, about 0.6 µs apiece, which on 20 rows was a sixth of the list's CPU (docs/performance.md).
  return {
    formTemplateId: row.formTemplateId,
    formName: row.formName ?? '',
    status: row.status,
    submissionId: row.submissionId,
    formNumber: row.formIsDraft === false && row.formNumber !== null ? formNumberLabel(row.formNumber) : null,
    returnCount: row.returnCount,
    createdAt: timestampOf(row.createdAt).toISOString(),
    ...partyFields(row, today, isOpen(row)),
  };
}
