import {
  addDays,
  COMPLIANT_STATES,
  displayDay,
  personName,
  REQUIREMENT_EXPIRY_NOTICE_DAYS,
  REQUIREMENT_STATES,
  requirementMessages as say,
  requirementProvidePath,
  requirementReviewPath,
  requirementState,
  type RequirementState,
  type TRequirementType,
  type TRequirementTypeSave,
  type TSupplierCompliance,
  type TSupplierRequirementCreate,
  type TSupplierRequirementDetails,
  type TSupplierRequirementListRequest,
  type TSupplierRequirementReview,
  type TSupplierRequirementRow,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import type { SupplierRequirement as RequirementRow } from '../../generated/prisma/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday, organisationToday } from '../../plugins/organisationDay';
import { cappedCount, type ReadOptions, type Reader, planFor } from '../../db/reader';
import { join, sql, uuid, type Sql } from '../../db/sql';
import type { AttachmentService, OwnerPolicy } from '../attachments';
import { userNames } from '../employees';
import { checkScope, issueLink } from '../links';
import { supplierRequirementMail, supplierRequirementSentMail } from '../mail';
import type { SupplierCaller } from '../submissions';
import { dateOf, dayOf } from '../../db/days';
import {
  findParty,
  partyColumns,
  partyFields,
  partySearch,
  refuseProblems,
  type PartyColumns,
} from './parties';
import { supplierRecipients } from './recipients';

type Tx = Prisma.TransactionClient;

/** How many days before its due date a requested document's reminder goes out. */
export const REQUIREMENT_REMINDER_DAYS = 3;

const dayOrNull = (date: Date | null) => (date ? dayOf(date) : null);

/** The rows of one state (SQL on `r`), for the register's filter (the state of an approved one is its expiry's). */
function stateWhere(state: RequirementState, today: string): Sql {
  const day = sql`${today}::date`;
  const notice = sql`${addDays(today, REQUIREMENT_EXPIRY_NOTICE_DAYS)}::date`;
  switch (state) {
    case 'toProvide':
      return sql`r.status = 'pending'`;
    case 'rejected':
      return sql`r.status = 'rejected'`;
    case 'awaitingReview':
      return sql`r.status = 'submitted'`;
    case 'valid':
      return sql`r.status = 'approved' AND (r."expiryDate" IS NULL OR r."expiryDate" > ${notice})`;
    case 'expiringSoon':
      return sql`r.status = 'approved' AND r."expiryDate" >= ${day} AND r."expiryDate" <= ${notice}`;
    case 'expired':
      return sql`r.status = 'approved' AND r."expiryDate" < ${day}`;
  }
}

interface RequirementListRow extends PartyColumns {
  requirementTypeId: string;
  status: TSupplierRequirementRow['status'];
  /** yyyy-MM-dd, or null. */
  expiryDate: string | null;
  typeName: string | null;
}

function rowOf(row: RequirementListRow, today: string): TSupplierRequirementRow {
  // The spread goes last, as in service.ts's rowOf.
  return {
    requirementTypeId: row.requirementTypeId,
    typeName: row.typeName ?? '',
    status: row.status,
    state: requirementState({ status: row.status, expiryDate: row.expiryDate }, today),
    expiryDate: row.expiryDate,
    ...partyFields(row, today, row.status === 'pending' || row.status === 'rejected'),
  };
}

/** A requirement type as stored. */
interface RequirementTypeRow {
  id: string;
  name: string;
  appliesTo: 'company' | 'personnel';
  description: string | null;
  expires: boolean;
  isActive: boolean;
}

/**
 * Supplier requirements (docs/external-parties.md): the types, a request of a document from a
 * company or one of its people with its mail and link, the upload with its expiry, the review,
 * the reminders before the due date and before expiry, and a company's compliance at a glance.
 * The documents are attachments of owner `requirement`, newest first; earlier ones stay as history.
 */
export class SupplierRequirementService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly mail: MailQueue,
    private readonly attachments: AttachmentService,
    private readonly options: { publicUrl: string; productName: string },
  ) {}

  // ---------- Types ----------

  /** The organisation's types with how many requirements use each: one prepared statement. */
  async types(auth: AuthContext): Promise<TRequirementType[]> {
    const company = uuid(auth.companyId);
    const types = await this.reader.rows<RequirementTypeRow & { inUse: number }>(
      sql`SELECT t.id, t.name, t."appliesTo", t.description, t.expires, t."isActive",
          (SELECT count(*)::int FROM "SupplierRequirement" r
            WHERE r."companyId" = ${company} AND r."requirementTypeId" = t.id) AS "inUse"
        FROM "RequirementType" t WHERE t."companyId" = ${company}
        ORDER BY t."isActive" DESC, t."appliesTo", t.name`,
    );
    return types.map((type) => this.typeOf(type, type.inUse));
  }

  private typeOf(type: RequirementTypeRow, inUse: number): TRequirementType {
    return {
      _id: type.id,
      name: type.name,
      appliesTo: type.appliesTo,
      description: type.description,
      expires: type.expires,
      isActive: type.isActive,
      inUse,
    };
  }

  async saveType(auth: AuthContext, input: TRequirementTypeSave): Promise<TRequirementType> {
    const companyId = auth.companyId;
    const data = {
      name: input.name,
      appliesTo: input.appliesTo,
      description: input.description || null,
      expires: input.expires,
    };
    return this.db.$transaction(async (tx) => {
      const clash = await tx.requirementType.findFirst({
        where: {
          companyId,
          appliesTo: input.appliesTo,
          name: { equals: input.name, mode: 'insensitive' },
          ...(input._id && { NOT: { id: input._id } }),
        },
      });
      if (clash) throw badRequest(say.typeNameTaken, [{ field: 'name', message: say.typeNameTaken }]);
      const before = input._id
        ? await tx.requirementType.findFirst({ where: { id: input._id, companyId } })
        : null;
      if (input._id && !before) throw notFound();
      // A type in use keeps what it applies to: its requests name a company or a person.
      const used = before
        ? await tx.supplierRequirement.count({ where: { companyId, requirementTypeId: before.id } })
        : 0;
      if (before && used > 0 && before.appliesTo !== input.appliesTo)
        throw badRequest(say.typeInUse, [{ field: 'appliesTo', message: say.typeInUse }]);
      const saved = before
        ? await tx.requirementType.update({ where: { id: before.id }, data })
        : await tx.requirementType.create({ data: { companyId, ...data } });
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'requirementType',
        entityId: saved.id,
        action: before ? 'updated' : 'created',
        before: before && {
          name: before.name,
          appliesTo: before.appliesTo,
          description: before.description,
          expires: before.expires,
        },
        after: data,
      });
      return this.typeOf(saved, used);
    });
  }

  async setTypeActive(auth: AuthContext, id: string, isActive: boolean): Promise<TRequirementType> {
    return this.db.$transaction(async (tx) => {
      const before = await tx.requirementType.findFirst({ where: { id, companyId: auth.companyId } });
      if (!before) throw notFound();
      const saved = await tx.requirementType.update({ where: { id }, data: { isActive } });
      if (before.isActive !== isActive)
        await recordChange(tx, {
          companyId: auth.companyId,
          userId: auth.userId,
          entityType: 'requirementType',
          entityId: id,
          action: isActive ? 'restored' : 'archived',
          before: { isActive: before.isActive },
          after: { isActive },
        });
      const used = await tx.supplierRequirement.count({
        where: { companyId: auth.companyId, requirementTypeId: id },
      });
      return this.typeOf(saved, used);
    });
  }

  // ---------- Requests ----------

  async create(auth: AuthContext, input: TSupplierRequirementCreate) {
    const companyId = auth.companyId;
    const [{ supplier, person, reviewer, problems }, type] = await Promise.all([
      findParty(this.db, companyId, input),
      this.db.requirementType.findFirst({
        where: { id: input.requirementTypeId, companyId, isActive: true },
      }),
    ]);
    refuseProblems([
      !type ? { field: 'requirementTypeId', message: say.typeUnknown } : null,
      ...problems,
      type?.appliesTo === 'personnel' && !input.personnelId
        ? { field: 'personnelId', message: say.typeForPersonnel }
        : null,
      type?.appliesTo === 'company' && input.personnelId
        ? { field: 'personnelId', message: say.typeForCompany }
        : null,
    ]);

    return this.db.$transaction(async (tx) => {
      // One open request per type and party: a second would split the documents between two rows.
      // The party's row is locked so two requests made at once cannot both pass the check.
      await tx.$queryRaw`SELECT id FROM "SupplierCompany" WHERE id = ${supplier!.id}::uuid FOR UPDATE`;
      const open = await tx.supplierRequirement.findFirst({
        where: {
          companyId,
          supplierId: supplier!.id,
          personnelId: person?.id ?? null,
          requirementTypeId: type!.id,
          status: { in: ['pending', 'submitted', 'rejected'] },
        },
      });
      if (open) throw badRequest(say.alreadyOpen, [{ field: 'requirementTypeId', message: say.alreadyOpen }]);
      const requirement = await tx.supplierRequirement.create({
        data: {
          companyId,
          supplierId: supplier!.id,
          personnelId: person?.id ?? null,
          requirementTypeId: type!.id,
          reviewerEmployeeId: reviewer!.id,
          dueDate: dateOf(input.dueDate),
          message: input.message || null,
          createdById: auth.userId,
        },
      });
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'supplierRequirement',
        entityId: requirement.id,
        action: 'requested',
        before: null,
        after: {
          type: type!.name,
          supplier: supplier!.name,
          personnel: person ? personName(person) : null,
          reviewer: personName(reviewer!),
          dueDate: input.dueDate,
        },
      });
      const mailsQueued = await this.notifyProvider(tx, requirement, 'request', auth.userId);
      return { _id: requirement.id, mailsQueued };
    });
  }

  async resend(auth: AuthContext, id: string) {
    return this.db.$transaction(async (tx) => {
      const requirement = await tx.supplierRequirement.findFirst({
        where: { id, companyId: auth.companyId },
      });
      if (!requirement) throw notFound();
      if (requirement.status === 'submitted') throw conflict(say.awaitingReview);
      const kind = requirement.status === 'approved' ? 'expiring' : 'request';
      return { mailsQueued: await this.notifyProvider(tx, requirement, kind, auth.userId) };
    });
  }

  /** Mails the party that provides the document, each recipient with a link of their own. */
  private async notifyProvider(
    tx: Tx,
    requirement: RequirementRow,
    kind: 'request' | 'reminder' | 'rejected' | 'expiring',
    createdById: string | null,
  ): Promise<number> {
    const companyId = requirement.companyId;
    const [organisation, type, recipients] = await Promise.all([
      tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } }),
      tx.requirementType.findFirstOrThrow({
        where: { id: requirement.requirementTypeId, companyId },
        select: { name: true },
      }),
      supplierRecipients(tx, requirement),
    ]);
    const base = this.options.publicUrl.replace(/\/$/, '');
    let queued = 0;
    for (const recipient of recipients) {
      const link = await issueLink(tx, {
        companyId,
        resourceType: 'supplierRequirement',
        resourceId: requirement.id,
        operations: ['read', 'update'],
        supplierId: requirement.supplierId,
        personnelId: requirement.personnelId,
        createdById,
      });
      const result = await this.mail.enqueue(tx, {
        companyId,
        to: recipient.email,
        userId: recipient.userId,
        category: 'supplierRequirement',
        content: supplierRequirementMail({
          kind,
          productName: this.options.productName,
          organisation: organisation.name,
          name: recipient.name,
          documentName: type.name,
          dueDate: displayDay(dayOf(requirement.dueDate)),
          expiryDate: requirement.expiryDate ? displayDay(dayOf(requirement.expiryDate)) : null,
          message: kind === 'rejected' ? requirement.rejectionReason : requirement.message,
          link: `${base}${requirementProvidePath({ _id: requirement.id, personnelId: requirement.personnelId }, link.token)}`,
          signInLink: recipient.userId ? `${base}/login` : null,
        }),
      });
      if (result.queued) queued += 1;
    }
    return queued;
  }

  async list(
    auth: AuthContext,
    request: TSupplierRequirementListRequest,
  ): Promise<{ rows: TSupplierRequirementRow[]; total: number; totalCapped?: true }> {
    const companyId = auth.companyId;
    const company = uuid(companyId);
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? 20;
    const search = request.search?.trim();
    const today = callerToday(auth);
    const conditions = [sql`r."companyId" = ${company}`];
    if (request.supplierId) conditions.push(sql`r."supplierId" = ${uuid(request.supplierId)}`);
    if (request.state) conditions.push(stateWhere(request.state, today));
    // The search names a company, a person or a type (requirements keep their ids).
    if (search) {
      conditions.push(
        partySearch(companyId, search, (pattern) => [
          sql`r."requirementTypeId" IN (SELECT t.id FROM "RequirementType" t
            WHERE t."companyId" = ${company} AND t.name ILIKE ${pattern})`,
          sql`r."personnelId" IN (SELECT p.id FROM "Personnel" p
            WHERE p."companyId" = ${company} AND (p."firstName" ILIKE ${pattern} OR p."lastName" ILIKE ${pattern}))`,
        ]),
      );
    }
    const where = join(conditions, ' AND ');
    const order = sql`r."dueDate" DESC, r.id`;
    // How many rows a day matches decides the plan: planned for the values each time. A word does
    // not: its matches are ids from three small tables, a filter on the due-date walk either way,
    // and planning for it cost 1.2 ms a call (docs/performance.md).
    const plan = planFor(request.state);
    const [rows, total] = await Promise.all([
      this.rows(
        sql`SELECT r.* FROM "SupplierRequirement" r WHERE ${where}
          ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        order,
        plan,
      ),
      cappedCount(
        this.reader,
        sql`SELECT 1 FROM "SupplierRequirement" r WHERE ${where}`,
        { search, page, pageSize },
        plan,
      ),
    ]);
    return { rows: rows.map((row) => rowOf(row, today)), ...total };
  }

  /**
   * The requirements `chosen` (a SELECT of whole rows, in the order kept) with the names of their
   * party and type, in one statement of the Reader.
   */
  private rows(chosen: Sql, order: Sql, options?: ReadOptions) {
    return this.reader.rows<RequirementListRow>(
      sql`SELECT ${partyColumns}, r."requirementTypeId", r.status, r."expiryDate", t.name AS "typeName"
        FROM (${chosen}) r
        LEFT JOIN "RequirementType" t ON t.id = r."requirementTypeId" AND t."companyId" = r."companyId"
        ORDER BY ${order}`,
      options,
    );
  }

  // ---------- One requirement: its page, the upload, the review ----------

  /**
   * The requirement a caller may open, and on which side: the provider (its link, its supplier's
   * main account, its person) or the reviewer (its reviewer, the External Parties key).
   */
  private async opened(db: Db | Tx, viewer: SupplierCaller, id: string) {
    if ('link' in viewer) {
      checkScope(viewer.link, 'supplierRequirement', id, 'read');
      const requirement = await db.supplierRequirement.findFirst({
        where: { id, companyId: viewer.link.companyId },
      });
      if (!requirement) throw notFound();
      return { requirement, side: 'provider' as const };
    }
    const { auth } = viewer;
    const requirement = await db.supplierRequirement.findFirst({ where: { id, companyId: auth.companyId } });
    if (!requirement) throw notFound();
    if (auth.userType === 'employee') {
      const isReviewer = auth.employeeId !== null && requirement.reviewerEmployeeId === auth.employeeId;
      if (!isReviewer && !auth.accessKeys.has('supplier')) throw forbidden(say.notReviewer);
      return { requirement, side: 'reviewer' as const };
    }
    const own =
      auth.supplierId === requirement.supplierId &&
      (auth.personnelId === null || auth.personnelId === requirement.personnelId);
    // Another supplier's requirement is not theirs to know about.
    if (!own) throw notFound(say.notProvider);
    return { requirement, side: 'provider' as const };
  }

  async details(viewer: SupplierCaller, id: string): Promise<TSupplierRequirementDetails> {
    const { requirement, side } = await this.opened(this.db, viewer, id);
    const companyId = requirement.companyId;
    const [today, organisation, type, documents, names] = await Promise.all([
      organisationToday(this.db, companyId),
      this.db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } }),
      this.db.requirementType.findFirstOrThrow({ where: { id: requirement.requirementTypeId, companyId } }),
      this.db.attachment.findMany({
        where: { companyId, ownerType: 'requirement', ownerId: requirement.id },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
      userNames(this.db, companyId, [requirement.reviewedById]),
    ]);
    const [row] = await this.rows(
      sql`SELECT r.* FROM "SupplierRequirement" r
        WHERE r."companyId" = ${uuid(companyId)} AND r.id = ${uuid(requirement.id)}`,
      sql`r.id`,
    );
    return {
      ...rowOf(row!, today),
      organisationName: organisation.name,
      description: type.description,
      expires: type.expires,
      appliesTo: type.appliesTo,
      message: requirement.message,
      note: requirement.note,
      rejectionReason: requirement.rejectionReason,
      submittedAt: requirement.submittedAt?.toISOString() ?? null,
      reviewedAt: requirement.reviewedAt?.toISOString() ?? null,
      reviewedByName: requirement.reviewedById ? (names.get(requirement.reviewedById) ?? null) : null,
      documents: documents.map((file) => ({
        _id: file.id,
        name: file.name,
        path: `/api/files/${file.id}`,
        size: file.size,
        fileType: file.fileType,
        uploadedAt: file.createdAt.toISOString(),
      })),
      canUpload: side === 'provider',
      canReview: side === 'reviewer' && requirement.status === 'submitted',
    };
  }

  /** The document and its expiry, sent for review by the provider; a renewal replaces an approval. */
  async upload(
    viewer: SupplierCaller,
    input: { _id: string; expiryDate?: string; note?: string },
    files: UploadedFile[],
  ): Promise<void> {
    if ('link' in viewer) checkScope(viewer.link, 'supplierRequirement', input._id, 'update');
    const { requirement, side } = await this.opened(this.db, viewer, input._id);
    if (side !== 'provider') throw forbidden(say.notProvider);
    const companyId = requirement.companyId;
    const [type, today] = await Promise.all([
      this.db.requirementType.findFirstOrThrow({ where: { id: requirement.requirementTypeId, companyId } }),
      organisationToday(this.db, companyId),
    ]);
    const expiryDate = input.expiryDate || null;
    const problems = [
      files.length === 0 ? { field: 'files', message: say.fileRequired } : null,
      files.length > 1 ? { field: 'files', message: say.oneFile } : null,
      type.expires && !expiryDate ? { field: 'expiryDate', message: say.expiryRequired } : null,
      expiryDate && expiryDate < today ? { field: 'expiryDate', message: say.expiryPassed } : null,
    ].filter((problem) => problem !== null);
    if (problems.length > 0) throw badRequest(problems[0]!.message, problems);

    const stored = await this.attachments.store(files);
    try {
      await this.db.$transaction(async (tx) => {
        const uploaderId = 'auth' in viewer ? viewer.auth.userId : null;
        await this.attachments.record(
          tx,
          { companyId, ownerType: 'requirement', ownerId: requirement.id, uploadedById: uploaderId },
          stored,
        );
        const saved = await tx.supplierRequirement.update({
          where: { id: requirement.id },
          data: {
            status: 'submitted',
            expiryDate: expiryDate ? dateOf(expiryDate) : null,
            note: input.note || null,
            submittedAt: new Date(),
            rejectionReason: null,
          },
        });
        await recordChange(tx, {
          companyId,
          userId: uploaderId,
          entityType: 'supplierRequirement',
          entityId: requirement.id,
          action: 'documentSent',
          before: { status: requirement.status, expiryDate: dayOrNull(requirement.expiryDate) },
          after: { status: 'submitted', expiryDate, document: stored[0]!.name },
        });
        await this.notifyReviewer(tx, saved, type.name);
      });
    } catch (error) {
      await this.attachments.discard(stored);
      throw error;
    }
  }

  private async notifyReviewer(tx: Tx, requirement: RequirementRow, typeName: string) {
    if (!requirement.reviewerEmployeeId) return;
    const companyId = requirement.companyId;
    const [reviewer, supplier, person] = await Promise.all([
      tx.employee.findFirst({
        where: { id: requirement.reviewerEmployeeId, companyId },
        select: { firstName: true, lastName: true, email: true, user: { select: { id: true, email: true } } },
      }),
      tx.supplierCompany.findFirstOrThrow({ where: { id: requirement.supplierId, companyId } }),
      requirement.personnelId
        ? tx.personnel.findFirst({ where: { id: requirement.personnelId, companyId } })
        : null,
    ]);
    const to = reviewer?.user?.email ?? reviewer?.email;
    if (!reviewer || !to) return;
    await this.mail.enqueue(tx, {
      companyId,
      to,
      userId: reviewer.user?.id ?? null,
      category: 'supplierRequirementSent',
      content: supplierRequirementSentMail({
        name: personName(reviewer),
        supplierName: person ? `${personName(person)} of ${supplier.name}` : supplier.name,
        documentName: typeName,
        expiryDate: requirement.expiryDate ? displayDay(dayOf(requirement.expiryDate)) : null,
        link: `${this.options.publicUrl.replace(/\/$/, '')}${requirementReviewPath({ _id: requirement.id, supplierId: requirement.supplierId, personnelId: requirement.personnelId })}`,
      }),
    });
  }

  async review(auth: AuthContext, input: TSupplierRequirementReview): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const { requirement, side } = await this.opened(tx, { auth }, input._id);
      if (side !== 'reviewer') throw forbidden(say.notReviewer);
      const approve = input.decision === 'approve';
      const claimed = await tx.supplierRequirement.updateMany({
        where: { id: requirement.id, companyId: auth.companyId, status: 'submitted' },
        data: {
          status: approve ? 'approved' : 'rejected',
          reviewedAt: new Date(),
          reviewedById: auth.userId,
          rejectionReason: input.decision === 'reject' ? input.reason : null,
          // A new approval may be reminded of its own expiry; a rejection asks again before the due date.
          ...(approve ? { expiryReminderSentAt: null } : { reminderSentAt: null }),
        },
      });
      if (claimed.count !== 1) throw conflict(say.notSubmitted);
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'supplierRequirement',
        entityId: requirement.id,
        action: approve ? 'approved' : 'rejected',
        before: { status: 'submitted' },
        after: {
          status: approve ? 'approved' : 'rejected',
          ...(input.decision === 'reject' && { reason: input.reason }),
        },
      });
      if (input.decision === 'reject')
        await this.notifyProvider(
          tx,
          { ...requirement, rejectionReason: input.reason },
          'rejected',
          auth.userId,
        );
    });
  }

  // ---------- Compliance ----------

  async compliance(auth: AuthContext, supplierId: string): Promise<TSupplierCompliance> {
    const companyId = auth.companyId;
    // A supplier's main account sees its own company's; its people and other suppliers see nothing.
    if (auth.userType !== 'employee' && (auth.personnelId !== null || auth.supplierId !== supplierId))
      throw notFound();
    const company = uuid(companyId);
    const supplierOf = sql`${uuid(supplierId)}`;
    const order = sql`r."personnelId", r."requirementTypeId", r."createdAt" DESC, r.id`;
    const [today, [supplier], current, people] = await Promise.all([
      callerToday(auth),
      this.reader.rows<{ name: string }>(
        sql`SELECT name FROM "SupplierCompany" WHERE id = ${supplierOf} AND "companyId" = ${company}`,
      ),
      // The newest request of each type and party stands for it (an older one is superseded); the
      // people who left do not count.
      this.rows(
        sql`SELECT DISTINCT ON (r."personnelId", r."requirementTypeId") r.*
          FROM "SupplierRequirement" r
          LEFT JOIN "Personnel" p ON p.id = r."personnelId" AND p."companyId" = r."companyId"
          WHERE r."companyId" = ${company} AND r."supplierId" = ${supplierOf}
            AND (r."personnelId" IS NULL OR p."isActive")
          ORDER BY ${order}`,
        order,
      ),
      this.reader.rows<{
        id: string;
        firstName: string;
        lastName: string;
      }>(sql`SELECT id, "firstName", "lastName"
        FROM "Personnel" WHERE "companyId" = ${company} AND "supplierId" = ${supplierOf} AND "isActive"
        ORDER BY "firstName", "lastName"`),
    ]);
    if (!supplier) throw notFound();
    const counted = current.map((row) => rowOf(row, today));
    const byName = (a: TSupplierRequirementRow, b: TSupplierRequirementRow) =>
      a.typeName.localeCompare(b.typeName);
    const compliant = (list: TSupplierRequirementRow[]) =>
      list.every((row) => COMPLIANT_STATES.has(row.state));
    const counts = Object.fromEntries(REQUIREMENT_STATES.map((state) => [state, 0])) as Record<
      RequirementState,
      number
    >;
    for (const row of counted) counts[row.state] += 1;
    const expiries = counted
      .filter((row) => COMPLIANT_STATES.has(row.state) && row.expiryDate)
      .map((row) => row.expiryDate!)
      .sort();
    const ofPerson = new Map<string, TSupplierRequirementRow[]>();
    for (const row of counted)
      if (row.personnelId) ofPerson.set(row.personnelId, [...(ofPerson.get(row.personnelId) ?? []), row]);
    const personnel = people
      .map((person) => {
        const requirements = (ofPerson.get(person.id) ?? []).sort(byName);
        return {
          personnelId: person.id,
          name: personName(person),
          compliant: compliant(requirements),
          requirements,
        };
      })
      .filter((person) => person.requirements.length > 0);
    return {
      supplierId,
      supplierName: supplier.name,
      compliant: compliant(counted),
      counts,
      nextExpiry: expiries[0] ?? null,
      company: counted.filter((row) => row.personnelId === null).sort(byName),
      personnel,
    };
  }

  // ---------- Reminders ----------

  /**
   * Hourly: a reminder before the due date of a document not sent yet, and one before an approved
   * document expires; each once (claimed row by row, so several server processes never send twice).
   */
  async sendReminders(now = new Date()): Promise<number> {
    const today = dayOf(now);
    const [due, expiring] = await Promise.all([
      this.db.supplierRequirement.findMany({
        where: {
          status: { in: ['pending', 'rejected'] },
          reminderSentAt: null,
          dueDate: { gte: dateOf(today), lte: dateOf(addDays(today, REQUIREMENT_REMINDER_DAYS)) },
        },
        take: 500,
      }),
      this.db.supplierRequirement.findMany({
        where: {
          status: 'approved',
          expiryReminderSentAt: null,
          expiryDate: { gte: dateOf(today), lte: dateOf(addDays(today, REQUIREMENT_EXPIRY_NOTICE_DAYS)) },
        },
        take: 500,
      }),
    ]);
    let sent = 0;
    for (const requirement of due) {
      sent += await this.db.$transaction(async (tx) => {
        const claimed = await tx.supplierRequirement.updateMany({
          where: { id: requirement.id, status: { in: ['pending', 'rejected'] }, reminderSentAt: null },
          data: { reminderSentAt: now },
        });
        return claimed.count === 1 ? this.notifyProvider(tx, requirement, 'reminder', null) : 0;
      });
    }
    for (const requirement of expiring) {
      sent += await this.db.$transaction(async (tx) => {
        const claimed = await tx.supplierRequirement.updateMany({
          where: { id: requirement.id, status: 'approved', expiryReminderSentAt: null },
          data: { expiryReminderSentAt: now },
        });
        return claimed.count === 1 ? this.notifyProvider(tx, requirement, 'expiring', null) : 0;
      });
    }
    return sent;
  }

  /** Who may read a requirement's documents through /api/files (links read them by their scope). */
  readonly attachmentPolicy: OwnerPolicy = async (auth, ownerId, mode) => {
    if (mode !== 'read') return false;
    try {
      await this.opened(this.db, { auth }, ownerId);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  };
}
