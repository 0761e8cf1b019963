import {
  addDays,
  personName,
  REQUIREMENT_EXPIRY_NOTICE_DAYS,
  requirementReviewPath,
  requirementMessages as say,
  type TSupplierRequirementCreate,
  type TSupplierRequirementDetails,
  type TSupplierRequirementReview,
} from '@compass/shared';
import { dateOf, dayOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { sessionCallerOf, type LinkOrSessionCaller } from '../../plugins/callers';
import { recordChange } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import { organisationToday } from '../../plugins/organisationDay';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService, OwnerPolicy } from '../attachments';
import { userNames } from '../employees';
import { inductionOf } from '../onlineTraining';
import { emitWebhookEvent } from '../webhooks';
import { requestCourse, type TypeCourse } from './courseRequests';
import { findParty, partyRequested, refuseProblems } from './parties';
import { openedRequirement, requirementFilesPolicy } from './policy';
import { RequirementRegister, rowOf } from './register';
import { RequirementMail } from './requirementMail';
import { RequirementTypes } from './requirementTypes';

/** How many days before its due date a requested document's reminder goes out. */
export const REQUIREMENT_REMINDER_DAYS = 3;

const dayOrNull = (date: Date | null) => (date ? dayOf(date) : null);

/** The course a requirement type is met by (a site induction), or null: a document. */
const typeCourse = (
  db: Db | Prisma.TransactionClient,
  type: { companyId: string; trainingCourseId: string | null },
): Promise<TypeCourse | null> =>
  type.trainingCourseId
    ? db.trainingCourse.findFirstOrThrow({
        where: { id: type.trainingCourseId, companyId: type.companyId },
        select: { id: true, name: true },
      })
    : Promise.resolve(null);

/** The data of a requirement.expiring event: the requirement, its type, whose it is, when it expires. */
async function expiringWebhookData(
  tx: Prisma.TransactionClient,
  requirement: {
    id: string;
    companyId: string;
    requirementTypeId: string;
    supplierId: string;
    personnelId: string | null;
    expiryDate: Date | null;
  },
) {
  const { companyId } = requirement;
  const name = { firstName: true, lastName: true } as const;
  const [type, supplier, personnel] = await Promise.all([
    tx.requirementType.findFirst({ where: { id: requirement.requirementTypeId, companyId } }),
    tx.supplierCompany.findFirst({ where: { id: requirement.supplierId, companyId } }),
    requirement.personnelId
      ? tx.personnel.findFirst({ where: { id: requirement.personnelId, companyId }, select: name })
      : null,
  ]);
  return {
    requirementId: requirement.id,
    requirementType: type?.name ?? '',
    supplierId: requirement.supplierId,
    supplierName: supplier?.name ?? '',
    personnelId: requirement.personnelId,
    personnelName: personnel ? personName(personnel) : null,
    expiryDate: requirement.expiryDate && dayOf(requirement.expiryDate),
    path: requirementReviewPath({ ...requirement, _id: requirement.id }),
  };
}

/**
 * Supplier requirements (docs/external-parties.md): the types, a request of a document from a
 * company or one of its people with its mail and link, the upload with its expiry, the review,
 * the reminders before the due date and before expiry, and a company's compliance at a glance.
 * The documents are attachments of owner `requirement`, newest first; earlier ones stay as history.
 */
export class SupplierRequirementService {
  /** The requirement types (requirementType calls). */
  readonly types: RequirementTypes;
  /** The register and each supplier's compliance. */
  readonly register: RequirementRegister;
  /** Who may read a requirement's documents through /api/files (policy.ts). */
  readonly attachmentPolicy: OwnerPolicy;
  private readonly notices: RequirementMail;

  constructor(
    private readonly db: Db,
    reader: Reader,
    mail: MailQueue,
    private readonly attachments: AttachmentService,
    options: { publicUrl: string; productName: string },
  ) {
    this.types = new RequirementTypes(db, reader);
    this.register = new RequirementRegister(reader);
    this.attachmentPolicy = requirementFilesPolicy(db);
    this.notices = new RequirementMail(mail, options);
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
      const requested = partyRequested(
        { supplier: supplier!, person, reviewer: reviewer! },
        input,
        auth.userId,
      );
      const requirement = await tx.supplierRequirement.create({
        data: { companyId, requirementTypeId: type!.id, ...requested.columns },
      });
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'supplierRequirement',
        entityId: requirement.id,
        action: 'requested',
        before: null,
        after: { type: type!.name, ...requested.named },
      });
      const course = await typeCourse(tx, type!);
      if (!course) {
        const mailsQueued = await this.notices.toProvider(tx, requirement, 'request', auth.userId);
        return { _id: requirement.id, mailsQueued, message: say.requested(mailsQueued) };
      }
      const asked = await requestCourse(tx, requirement, course, auth.userId);
      const message = asked.met ? say.metAtOnce : say.requested(asked.mailsQueued);
      return { _id: requirement.id, mailsQueued: asked.mailsQueued, message };
    });
  }

  async resend(auth: AuthContext, id: string) {
    return this.db.$transaction(async (tx) => {
      const requirement = await tx.supplierRequirement.findFirst({
        where: { id, companyId: auth.companyId },
      });
      if (!requirement) throw notFound();
      if (requirement.status === 'submitted') throw conflict(say.awaitingReview);
      const type = await tx.requirementType.findFirstOrThrow({
        where: { id: requirement.requirementTypeId, companyId: auth.companyId },
      });
      const course = await typeCourse(tx, type);
      if (course)
        return { mailsQueued: (await requestCourse(tx, requirement, course, auth.userId)).mailsQueued };
      const kind = requirement.status === 'approved' ? 'expiring' : 'request';
      return { mailsQueued: await this.notices.toProvider(tx, requirement, kind, auth.userId) };
    });
  }

  // ---------- One requirement: its page, the upload, the review ----------

  async details(caller: LinkOrSessionCaller, id: string): Promise<TSupplierRequirementDetails> {
    const { requirement, side } = await openedRequirement(this.db, caller, id);
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
    const course = await typeCourse(this.db, type);
    const [row] = await this.register.rows(
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
      training: course && {
        courseName: course.name,
        ...(await inductionOf(this.db, companyId, requirement.trainingAssignmentId)),
      },
      canUpload: side === 'provider' && !course,
      canReview: side === 'reviewer' && requirement.status === 'submitted',
    };
  }

  /** The document and its expiry, sent for review by the provider; a renewal replaces an approval. */
  async upload(
    caller: LinkOrSessionCaller,
    input: { _id: string; expiryDate?: string; note?: string },
    files: UploadedFile[],
  ): Promise<void> {
    const { requirement, side } = await openedRequirement(this.db, caller, input._id, 'update');
    if (side !== 'provider') throw forbidden(say.notProvider);
    const companyId = requirement.companyId;
    const [type, today] = await Promise.all([
      this.db.requirementType.findFirstOrThrow({ where: { id: requirement.requirementTypeId, companyId } }),
      organisationToday(this.db, companyId),
    ]);
    if (type.trainingCourseId) throw conflict(say.courseTypeNoUpload);
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
        const uploaderId = caller.kind === 'link' ? null : caller.auth.userId;
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
        await this.notices.toReviewer(tx, saved, type.name);
      });
    } catch (error) {
      await this.attachments.discard(stored);
      throw error;
    }
  }

  async review(auth: AuthContext, input: TSupplierRequirementReview): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const { requirement, side } = await openedRequirement(tx, sessionCallerOf(auth), input._id);
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
        await this.notices.toProvider(
          tx,
          { ...requirement, rejectionReason: input.reason },
          'rejected',
          auth.userId,
        );
    });
  }

  // ---------- Reminders ----------

  /**
   * Hourly: a reminder before the due date of a document not sent yet, and one before an approved
   * document expires; each once (claimed row by row, so several server processes never send twice).
   */
  async sendReminders(now = new Date()): Promise<number> {
    const today = dayOf(now);
    // A requirement met by a course is the course's to remind of (its mails link to the course,
    // not to an upload); the types met by one are few in every organisation.
    const courseTypes = await this.db.requirementType.findMany({
      where: { trainingCourseId: { not: null } },
      select: { id: true },
    });
    const byDocument = { requirementTypeId: { notIn: courseTypes.map((type) => type.id) } };
    const [due, expiring] = await Promise.all([
      this.db.supplierRequirement.findMany({
        where: {
          ...byDocument,
          status: { in: ['pending', 'rejected'] },
          reminderSentAt: null,
          dueDate: { gte: dateOf(today), lte: dateOf(addDays(today, REQUIREMENT_REMINDER_DAYS)) },
        },
        take: 500,
      }),
      this.db.supplierRequirement.findMany({
        where: {
          ...byDocument,
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
        return claimed.count === 1 ? this.notices.toProvider(tx, requirement, 'reminder', null) : 0;
      });
    }
    for (const requirement of expiring) {
      sent += await this.db.$transaction(async (tx) => {
        const claimed = await tx.supplierRequirement.updateMany({
          where: { id: requirement.id, status: 'approved', expiryReminderSentAt: null },
          data: { expiryReminderSentAt: now },
        });
        if (claimed.count !== 1) return 0;
        await emitWebhookEvent(tx, requirement.companyId, 'requirement.expiring', () =>
          expiringWebhookData(tx, requirement),
        );
        return this.notices.toProvider(tx, requirement, 'expiring', null);
      });
    }
    return sent;
  }

  /** Who may read a requirement's documents through /api/files (links read them by their scope). */
}
