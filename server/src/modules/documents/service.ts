import {
  addDays,
  displayDay,
  nextDueDay,
  type TReviewCompleteParsed,
  documentMessages as say,
  personName,
  ZDocumentCreate,
  ZDocumentVersionCreate,
  type DocumentVersionStatus,
  type FrequencyUnit,
  type TDocumentActionCreate,
  type TDocumentCreateParsed,
  type TDocumentDetails,
  type TDocumentFolder,
  type TDocumentOptions,
  type TDocumentReaders,
  type TDocumentRow,
  type TDocumentUpdateParsed,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZDocumentCsvRequest, ZDocumentListRequest, ZReviewOpen } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { cappedCount, timestampOf, type Reader } from '../../db/reader';
import { containing, day, join, sql, uuid, type Sql } from '../../db/sql';
import type { Document } from '../../generated/prisma/client';
import { badRequest, forbidden, notFound, parseOrBadRequest } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { csvOf } from '../../plugins/csv';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday } from '../../plugins/organisationDay';
import type { AttachmentService, OwnerPolicy } from '../attachments';
import type { ReviewService } from '../reviews';
import {
  approvalView,
  canManage,
  DAYS_TO_ACT,
  findDocument,
  logChange,
  publish,
  versionFile,
  type Tx,
} from './shared';
import { dateOf, dayOf } from '../../db/days';
import { employeeNames } from '../employees';
import { registerActionMail } from '../mail';

type ListRequest = z.output<typeof ZDocumentListRequest>;
type Filters = z.output<typeof ZDocumentCsvRequest>;

interface ListRow {
  id: string;
  name: string;
  folderName: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  currentVersion: number | null;
  status: DocumentVersionStatus;
  reviewFrequency: FrequencyUnit;
  nextReviewDate: string | null;
  updatedAt: string;
}

const ORDER: Record<Filters['sort'], (alias: string) => Sql> = {
  name: (a) => sql([`${a}.name, ${a}.id`]),
  '-name': (a) => sql([`${a}.name DESC, ${a}.id DESC`]),
  nextReviewDate: (a) => sql([`${a}."nextReviewDate" NULLS LAST, ${a}.name, ${a}.id`]),
  '-nextReviewDate': (a) => sql([`${a}."nextReviewDate" DESC NULLS LAST, ${a}.name, ${a}.id`]),
  '-updatedAt': (a) => sql([`${a}."updatedAt" DESC, ${a}.id DESC`]),
};

/** Does a JSON multipart field parse, then match its schema? Either failure is a 400 with a message. */
function parseDetails<T extends z.ZodType>(schema: T, details: string): z.output<T> {
  let value: unknown;
  try {
    value = JSON.parse(details);
  } catch {
    throw badRequest('The upload details are not valid JSON.');
  }
  return parseOrBadRequest(schema, value);
}

const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** The document library: the list and its export, folders, uploads and versions, details. */
export class DocumentService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
    private readonly reviews: ReviewService,
    private readonly mail: MailQueue,
    private readonly links: { publicUrl: string },
  ) {}

  /** Who may read and change the files of documents (supporting files) and of their versions. */
  readonly documentFilePolicy: OwnerPolicy = async (auth, ownerId, mode) => {
    if (!auth.accessKeys.has('document')) return false;
    const document = await this.db.document.findFirst({ where: { id: ownerId, companyId: auth.companyId } });
    return !!document && (mode === 'read' || canManage(auth, document));
  };

  readonly versionFilePolicy: OwnerPolicy = async (auth, ownerId, mode) =>
    mode === 'read' &&
    auth.accessKeys.has('document') &&
    (await this.db.documentVersion.count({ where: { id: ownerId, companyId: auth.companyId } })) > 0;

  // ---------- List and export ----------

  async list(auth: AuthContext, request: ListRequest) {
    const where = await this.where(auth, request);
    const order = ORDER[request.sort];
    // A search's matches are found first (the trigram index) and then sorted: walking the name order
    // instead passed over 13,000 documents when the few matches all sort late (OFFSET 0 keeps the
    // planner from merging the two).
    const matching = request.search
      ? sql`(SELECT * FROM "Document" d WHERE ${where} OFFSET 0) d`
      : sql`"Document" d WHERE ${where}`;
    const [rows, counted] = await Promise.all([
      this.reader.rows<ListRow>(sql`${this.select(sql`(SELECT d.* FROM ${matching}
          ORDER BY ${order('d')} LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize})`)}
        ORDER BY ${order('page')}`),
      cappedCount(this.reader, sql`SELECT 1 FROM "Document" d WHERE ${where}`, request),
    ]);
    return {
      rows: rows.map(toRow),
      ...counted,
    };
  }

  /** Every document matching the list's filters, in its order, as CSV. */
  async csv(auth: AuthContext, request: Filters): Promise<string> {
    const where = await this.where(auth, request);
    const order = ORDER[request.sort];
    const rows = (
      await this.reader.rows<ListRow>(
        sql`${this.select(sql`(SELECT d.* FROM "Document" d WHERE ${where})`)} ORDER BY ${order('page')}`,
        { export: true },
      )
    ).map(toRow);
    return csvOf<TDocumentRow>(
      [
        { header: 'Name', value: (row) => row.name },
        { header: 'Folder', value: (row) => row.folderName },
        { header: 'Owner', value: (row) => row.ownerName },
        { header: 'Current version', value: (row) => row.currentVersion },
        { header: 'Status', value: (row) => row.status },
        { header: 'Review frequency', value: (row) => row.reviewFrequency },
        { header: 'Next review', value: (row) => row.nextReviewDate },
        { header: 'Last changed', value: (row) => row.updatedAt },
      ],
      rows,
    );
  }

  private select(page: Sql): Sql {
    return sql`SELECT page.id, page.name, f.name AS "folderName", e."firstName" AS "ownerFirstName",
        e."lastName" AS "ownerLastName", v.number AS "currentVersion", page.status::text AS status,
        page."reviewFrequency"::text AS "reviewFrequency",
        to_char(page."nextReviewDate", 'YYYY-MM-DD') AS "nextReviewDate", page."updatedAt"
      FROM ${page} page
      LEFT JOIN "DocumentFolder" f ON f.id = page."folderId" AND f."companyId" = page."companyId"
      LEFT JOIN "Employee" e ON e.id = page."ownerEmployeeId" AND e."companyId" = page."companyId"
      LEFT JOIN "DocumentVersion" v ON v.id = page."currentVersionId" AND v."companyId" = page."companyId"`;
  }

  private async where(auth: AuthContext, request: Filters): Promise<Sql> {
    const parts = [sql`d."companyId" = ${uuid(auth.companyId)}`];
    if (request.search) parts.push(sql`d.name ILIKE ${containing(request.search)}`);
    if (request.folderId) parts.push(sql`d."folderId" = ${uuid(request.folderId)}`);
    if (request.status) parts.push(sql`d.status = ${request.status}::"DocumentVersionStatus"`);
    if (request.review) {
      const today = callerToday(auth);
      parts.push(
        request.review === 'overdue'
          ? sql`d."nextReviewDate" < ${day(today)}`
          : sql`d."nextReviewDate" BETWEEN ${day(today)} AND ${day(addDays(today, 30))}`,
      );
    }
    return join(parts, ' AND ');
  }

  // ---------- Folders, options, people ----------

  async folders(auth: AuthContext): Promise<TDocumentFolder[]> {
    const folders = await this.db.documentFolder.findMany({
      where: { companyId: auth.companyId },
      orderBy: { name: 'asc' },
      select: { id: true, name: true, _count: { select: { documents: true } } },
    });
    return folders.map((folder) => ({
      _id: folder.id,
      name: folder.name,
      documentCount: folder._count.documents,
    }));
  }

  async saveFolder(auth: AuthContext, input: { _id?: string; name: string }): Promise<{ _id: string }> {
    const taken = await this.db.documentFolder.findFirst({
      where: { companyId: auth.companyId, name: { equals: input.name, mode: 'insensitive' } },
    });
    if (taken && taken.id !== input._id) throw fieldError('name', say.folderNameTaken);
    if (input._id) {
      const folder = await this.db.documentFolder.findFirst({
        where: { id: input._id, companyId: auth.companyId },
      });
      if (!folder) throw notFound();
      await this.db.documentFolder.update({ where: { id: folder.id }, data: { name: input.name } });
      return { _id: folder.id };
    }
    const folder = await this.db.documentFolder.create({
      data: { companyId: auth.companyId, name: input.name },
    });
    return { _id: folder.id };
  }

  async options(auth: AuthContext): Promise<TDocumentOptions> {
    const byName = { orderBy: { name: 'asc' as const }, select: { id: true, name: true } };
    const [workplaces, roles] = await Promise.all([
      this.db.workplace.findMany({ where: { companyId: auth.companyId, isActive: true }, ...byName }),
      this.db.role.findMany({ where: { companyId: auth.companyId }, ...byName }),
    ]);
    const option = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
    return { workplaces: workplaces.map(option), roles: roles.map(option) };
  }

  /** Active employees by first or last name, 20 a page (one more is read to know of a next page). */
  async people(auth: AuthContext, request: { search?: string; page: number }) {
    const words = request.search?.trim();
    const rows = await this.db.employee.findMany({
      where: {
        companyId: auth.companyId,
        isActive: true,
        ...(words && {
          OR: [
            { firstName: { contains: words, mode: 'insensitive' } },
            { lastName: { contains: words, mode: 'insensitive' } },
          ],
        }),
      },
      orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }, { id: 'asc' }],
      skip: (request.page - 1) * 20,
      take: 21,
      select: { id: true, firstName: true, lastName: true },
    });
    return {
      options: rows.slice(0, 20).map((row) => ({ _id: row.id, name: personName(row) })),
      hasMore: rows.length > 20,
    };
  }

  // ---------- Upload, change, new versions ----------

  async create(auth: AuthContext, details: string, files: UploadedFile[]): Promise<{ _id: string }> {
    const input = parseDetails(ZDocumentCreate, details);
    const file = this.oneFile(files);
    const today = callerToday(auth);
    await this.check(this.db, auth, input, today, null);
    await this.checkPeople(this.db, auth.companyId, input.approverIds, 'approverIds');
    const stored = await this.attachments.store([file]);
    try {
      return await this.db.$transaction(async (tx) => {
        await this.checkName(tx, auth.companyId, input.name, null);
        const document = await tx.document.create({
          data: {
            companyId: auth.companyId,
            ...fieldsOf(input),
            status: input.approverIds.length ? 'approvalPending' : 'published',
          },
        });
        await logChange(tx, auth, document.id, 'created', null, await this.snapshot(tx, document));
        await this.schedule(tx, document);
        await this.addVersion(tx, auth, document, 1, input, stored, today);
        return { _id: document.id };
      });
    } catch (error) {
      await this.attachments.discard(stored);
      throw error;
    }
  }

  async update(auth: AuthContext, input: TDocumentUpdateParsed): Promise<void> {
    const today = callerToday(auth);
    await this.db.$transaction(async (tx) => {
      const before = await findDocument(tx, auth, input._id);
      await this.check(tx, auth, input, today, before);
      await this.checkName(tx, auth.companyId, input.name, before.id);
      const after = await tx.document.update({ where: { id: before.id }, data: fieldsOf(input) });
      await this.schedule(tx, after);
      await logChange(
        tx,
        auth,
        before.id,
        'updated',
        await this.snapshot(tx, before),
        await this.snapshot(tx, after),
      );
    });
  }

  /** A new version by an editor or the owner; a rejected version waiting for revision is revised by it. */
  async uploadVersion(auth: AuthContext, details: string, files: UploadedFile[]): Promise<{ _id: string }> {
    const input = parseDetails(ZDocumentVersionCreate, details);
    const document = await findDocument(this.db, auth, input._id);
    if (!canManage(auth, document)) throw forbidden();
    const file = this.oneFile(files);
    await this.checkPeople(this.db, auth.companyId, input.approverIds, 'approverIds');
    const today = callerToday(auth);
    const stored = await this.attachments.store([file]);
    try {
      return await this.db.$transaction(async (tx) => {
        const current = await findDocument(tx, auth, input._id);
        const last = await tx.documentVersion.findFirst({
          where: { documentId: current.id },
          orderBy: { number: 'desc' },
        });
        await tx.documentVersion.updateMany({
          where: { documentId: current.id, status: 'rejected', revisedAt: null },
          data: { revisedAt: new Date() },
        });
        // A version still waiting for approval is replaced: its approvers are no longer asked.
        await tx.documentApproval.updateMany({
          where: { documentId: current.id, status: 'requested' },
          data: { status: 'withdrawn' },
        });
        await tx.document.update({
          where: { id: current.id },
          data: { status: input.approverIds.length ? 'approvalPending' : 'published' },
        });
        const version = await this.addVersion(
          tx,
          auth,
          current,
          (last?.number ?? 0) + 1,
          input,
          stored,
          today,
        );
        return { _id: version };
      });
    } catch (error) {
      await this.attachments.discard(stored);
      throw error;
    }
  }

  private async addVersion(
    tx: Tx,
    auth: AuthContext,
    document: Document,
    number: number,
    input: { note?: string; approverIds: string[] },
    stored: Awaited<ReturnType<AttachmentService['store']>>,
    today: string,
  ): Promise<string> {
    const approverIds = [...new Set(input.approverIds)];
    const version = await tx.documentVersion.create({
      data: {
        companyId: auth.companyId,
        documentId: document.id,
        number,
        note: input.note || null,
        status: approverIds.length ? 'approvalPending' : 'published',
        uploadedById: auth.userId,
      },
    });
    await this.attachments.record(
      tx,
      {
        companyId: auth.companyId,
        ownerType: 'documentVersion',
        ownerId: version.id,
        uploadedById: auth.userId,
      },
      stored,
    );
    await logChange(tx, auth, document.id, 'version uploaded', null, {
      version: number,
      file: stored[0]?.name,
      note: version.note,
      approvers: [...(await employeeNames(tx, auth.companyId, approverIds)).values()],
    });
    if (approverIds.length) {
      await tx.documentApproval.createMany({
        data: approverIds.map((employeeId) => ({
          companyId: auth.companyId,
          documentId: document.id,
          versionId: version.id,
          employeeId,
          dueDate: dateOf(addDays(today, DAYS_TO_ACT)),
        })),
      });
    } else {
      await publish(tx, auth, document, version, today);
    }
    return version.id;
  }

  private oneFile(files: UploadedFile[]): UploadedFile {
    if (files.length === 0) throw fieldError('file', say.fileRequired);
    if (files.length > 1) throw fieldError('file', say.oneFile);
    return files[0]!;
  }

  /** The references and dates of the fields: the folder, people and audience exist; the next review is ahead. */
  private async check(
    client: Tx | Db,
    auth: AuthContext,
    input: TDocumentCreateParsed | TDocumentUpdateParsed,
    today: string,
    before: Document | null,
  ): Promise<void> {
    if (input.nextReviewDate < today) throw fieldError('nextReviewDate', say.nextReviewPast);
    const last = dayOf(before?.lastReviewDate ?? null);
    if (last && input.nextReviewDate < last) throw fieldError('nextReviewDate', say.nextReviewBeforeLast);
    if (
      input.folderId &&
      !(await client.documentFolder.count({ where: { id: input.folderId, companyId: auth.companyId } }))
    )
      throw fieldError('folderId', say.folderMissing);
    await this.checkPeople(
      client,
      auth.companyId,
      [input.ownerId, input.reviewerId, ...(input.coReviewerId ? [input.coReviewerId] : [])],
      'ownerId',
    );
    await this.checkPeople(client, auth.companyId, input.audienceEmployeeIds, 'audienceEmployeeIds');
    const workplaces = [...new Set(input.audienceWorkplaceIds)];
    const roles = [...new Set(input.audienceRoleIds)];
    const found =
      (workplaces.length
        ? await client.workplace.count({ where: { companyId: auth.companyId, id: { in: workplaces } } })
        : 0) +
      (roles.length
        ? await client.role.count({ where: { companyId: auth.companyId, id: { in: roles } } })
        : 0);
    if (found !== workplaces.length + roles.length)
      throw fieldError('audienceWorkplaceIds', say.audienceMissing);
  }

  private async checkPeople(client: Tx | Db, companyId: string, ids: string[], field: string): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const found = await client.employee.count({ where: { companyId, isActive: true, id: { in: unique } } });
    if (found !== unique.length) throw fieldError(field, say.personMissing);
  }

  private async checkName(tx: Tx, companyId: string, name: string, id: string | null): Promise<void> {
    const taken = await tx.document.findFirst({
      where: { companyId, name: { equals: name, mode: 'insensitive' } },
      select: { id: true },
    });
    if (taken && taken.id !== id) throw fieldError('name', say.nameTaken);
  }

  /** The document's fields as the change log shows them: names, not ids. */
  private async snapshot(tx: Tx, document: Document): Promise<Record<string, unknown>> {
    const people = await employeeNames(tx, document.companyId, [
      document.ownerEmployeeId,
      document.reviewerEmployeeId,
      document.coReviewerEmployeeId,
      ...document.audienceEmployeeIds,
    ]);
    const [folder, workplaces, roles] = await Promise.all([
      document.folderId ? tx.documentFolder.findUnique({ where: { id: document.folderId } }) : null,
      tx.workplace.findMany({ where: { id: { in: document.audienceWorkplaceIds } }, select: { name: true } }),
      tx.role.findMany({ where: { id: { in: document.audienceRoleIds } }, select: { name: true } }),
    ]);
    const name = (id: string | null) => (id ? (people.get(id) ?? null) : null);
    return {
      name: document.name,
      description: document.description,
      folder: folder?.name ?? null,
      owner: name(document.ownerEmployeeId),
      reviewer: name(document.reviewerEmployeeId),
      coReviewer: name(document.coReviewerEmployeeId),
      reviewFrequency: document.reviewFrequency,
      nextReviewDate: dayOf(document.nextReviewDate),
      audienceWorkplaces: workplaces.map((row) => row.name).sort(),
      audienceRoles: roles.map((row) => row.name).sort(),
      audiencePeople: document.audienceEmployeeIds.map((id) => people.get(id) ?? id).sort(),
    };
  }

  // ---------- Review ----------

  /** The document's open review follows its reviewers, frequency and next review date. */
  private async schedule(tx: Tx, document: Document): Promise<void> {
    if (!document.reviewerEmployeeId || !document.nextReviewDate) return;
    await this.reviews.schedule(tx, {
      companyId: document.companyId,
      itemType: 'document',
      itemId: document.id,
      name: `${document.name} review`,
      reviewerEmployeeId: document.reviewerEmployeeId,
      coReviewerEmployeeId: document.coReviewerEmployeeId,
      frequency: document.reviewFrequency,
      dueDate: dayOf(document.nextReviewDate)!,
    });
  }

  async openReview(auth: AuthContext, input: z.output<typeof ZReviewOpen>) {
    await findDocument(this.db, auth, input.itemId);
    return this.reviews.open(auth, 'document', input.itemId, input.actionType);
  }

  /**
   * Completes the caller's part of the review; the reviewer's completion also dates the document's
   * last review today and its next one a frequency later (none when it is retired).
   */
  async completeReview(auth: AuthContext, input: TReviewCompleteParsed) {
    await findDocument(this.db, auth, input.itemId);
    return this.reviews.complete(auth, 'document', input, async (tx, review) => {
      if (input.actionType !== 'review') return;
      const before = await findDocument(tx, auth, input.itemId);
      const today = callerToday(auth);
      const frequency = review.frequency ?? before.reviewFrequency;
      const next = input.outcome === 'retired' ? null : nextDueDay(today, frequency);
      await tx.document.update({
        where: { id: before.id },
        data: { lastReviewDate: dateOf(today), nextReviewDate: next ? dateOf(next) : null },
      });
      await logChange(
        tx,
        auth,
        before.id,
        'reviewed',
        { lastReviewDate: dayOf(before.lastReviewDate), nextReviewDate: dayOf(before.nextReviewDate) },
        {
          lastReviewDate: today,
          nextReviewDate: next,
          outcome: input.outcome,
          comments: input.comments || null,
        },
      );
    });
  }

  // ---------- Details ----------

  async details(auth: AuthContext, id: string): Promise<TDocumentDetails> {
    const document = await findDocument(this.db, auth, id);
    const [versions, approvals, counts, attachments, actions, folder, workplaces, roles] = await Promise.all([
      this.db.documentVersion.findMany({ where: { documentId: id }, orderBy: { number: 'desc' } }),
      this.db.documentApproval.findMany({ where: { companyId: auth.companyId, documentId: id } }),
      this.db.documentAcknowledgement.groupBy({
        by: ['versionId'],
        where: { companyId: auth.companyId, documentId: id },
        _count: { _all: true, acknowledgedAt: true },
      }),
      this.attachments.listFor(auth.companyId, 'document', id),
      this.db.documentAction.findMany({
        where: { companyId: auth.companyId, documentId: id },
        orderBy: { dueDate: 'asc' },
      }),
      document.folderId ? this.db.documentFolder.findUnique({ where: { id: document.folderId } }) : null,
      this.db.workplace.findMany({
        where: { companyId: auth.companyId, id: { in: document.audienceWorkplaceIds } },
        select: { id: true, name: true },
      }),
      this.db.role.findMany({
        where: { companyId: auth.companyId, id: { in: document.audienceRoleIds } },
        select: { id: true, name: true },
      }),
    ]);
    const files = await this.db.attachment.findMany({
      where: {
        companyId: auth.companyId,
        ownerType: 'documentVersion',
        ownerId: { in: versions.map((v) => v.id) },
      },
      select: { id: true, ownerId: true, name: true, fileType: true, size: true },
    });
    const people = await employeeNames(this.db, auth.companyId, [
      document.ownerEmployeeId,
      document.reviewerEmployeeId,
      document.coReviewerEmployeeId,
      ...document.audienceEmployeeIds,
      ...approvals.map((approval) => approval.employeeId),
      ...actions.map((action) => action.assigneeEmployeeId),
    ]);
    const uploaders = await this.db.user.findMany({
      where: {
        companyId: auth.companyId,
        id: { in: versions.map((v) => v.uploadedById).filter((u): u is string => !!u) },
      },
      select: { id: true, username: true, employee: { select: { firstName: true, lastName: true } } },
    });
    const uploaderName = new Map(
      uploaders.map((u) => [u.id, u.employee ? personName(u.employee) : u.username]),
    );
    const option = (employeeId: string | null) =>
      employeeId ? { _id: employeeId, name: people.get(employeeId) ?? 'Removed employee' } : null;
    const manage = canManage(auth, document);
    const fileOf = new Map(files.map((file) => [file.ownerId, file]));
    const countOf = new Map(counts.map((row) => [row.versionId, row._count]));
    return {
      _id: document.id,
      name: document.name,
      description: document.description,
      folder: folder ? { _id: folder.id, name: folder.name } : null,
      owner: option(document.ownerEmployeeId),
      reviewer: option(document.reviewerEmployeeId),
      coReviewer: option(document.coReviewerEmployeeId),
      reviewFrequency: document.reviewFrequency,
      nextReviewDate: dayOf(document.nextReviewDate),
      lastReviewDate: dayOf(document.lastReviewDate),
      audienceWorkplaces: workplaces.map((row) => ({ _id: row.id, name: row.name })),
      audienceRoles: roles.map((row) => ({ _id: row.id, name: row.name })),
      audienceEmployees: document.audienceEmployeeIds.map((employeeId) => option(employeeId)!),
      status: document.status,
      versions: versions.map((version) => ({
        _id: version.id,
        number: version.number,
        status: version.status,
        isCurrent: version.id === document.currentVersionId,
        note: version.note,
        uploadedBy: version.uploadedById ? (uploaderName.get(version.uploadedById) ?? null) : null,
        createdAt: version.createdAt.toISOString(),
        publishedAt: version.publishedAt?.toISOString() ?? null,
        file: versionFile(fileOf.get(version.id)),
        approvals: approvals
          .filter((approval) => approval.versionId === version.id)
          .map((approval) => approvalView(approval, people)),
        acknowledged: countOf.get(version.id)?.acknowledgedAt ?? 0,
        toAcknowledge: countOf.get(version.id)?._all ?? 0,
      })),
      attachments,
      actions: actions.map((action) => ({
        _id: action.id,
        instruction: action.instruction,
        assigneeId: action.assigneeEmployeeId,
        assigneeName: people.get(action.assigneeEmployeeId) ?? 'Removed employee',
        dueDate: dayOf(action.dueDate)!,
        completedOn: dayOf(action.completedOn),
        canComplete: !action.completedOn && (manage || action.assigneeEmployeeId === auth.employeeId),
      })),
      reviews: await this.reviews.history(auth.companyId, 'document', document.id),
      canManage: manage,
    };
  }

  /** Who was asked to read a version, and who has (editors and the owner). */
  async readers(auth: AuthContext, versionId: string): Promise<TDocumentReaders> {
    const version = await this.db.documentVersion.findFirst({
      where: { id: versionId, companyId: auth.companyId },
    });
    if (!version) throw notFound();
    const document = await findDocument(this.db, auth, version.documentId);
    if (!canManage(auth, document)) throw forbidden();
    const rows = await this.db.documentAcknowledgement.findMany({
      where: { versionId, companyId: auth.companyId },
    });
    const names = await employeeNames(
      this.db,
      auth.companyId,
      rows.map((row) => row.employeeId),
    );
    return {
      versionNumber: version.number,
      rows: rows
        .map((row) => ({
          employeeId: row.employeeId,
          name: names.get(row.employeeId) ?? 'Removed employee',
          dueDate: dayOf(row.dueDate)!,
          acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
          lapsed: !!row.lapsedAt && !row.acknowledgedAt,
        }))
        .sort(
          (a, b) => Number(!!a.acknowledgedAt) - Number(!!b.acknowledgedAt) || a.name.localeCompare(b.name),
        ),
    };
  }

  /** A version's file: its attachment, found within the organisation. */
  async versionFile(auth: AuthContext, versionId: string) {
    const attachment = await this.db.attachment.findFirst({
      where: { companyId: auth.companyId, ownerType: 'documentVersion', ownerId: versionId },
    });
    if (!attachment) throw notFound('File not found.');
    return this.attachments.open(auth, attachment.id);
  }

  // ---------- Attachments and actions ----------

  async addFiles(auth: AuthContext, id: string, files: UploadedFile[]): Promise<void> {
    const document = await findDocument(this.db, auth, id);
    if (!canManage(auth, document)) throw forbidden();
    if (files.length === 0) throw fieldError('files', say.fileRequired);
    const stored = await this.attachments.store(files);
    try {
      await this.db.$transaction(async (tx) => {
        await findDocument(tx, auth, id);
        await this.attachments.record(
          tx,
          { companyId: auth.companyId, ownerType: 'document', ownerId: id, uploadedById: auth.userId },
          stored,
        );
        await logChange(tx, auth, id, 'files added', null, { files: stored.map((file) => file.name) });
      });
    } catch (error) {
      await this.attachments.discard(stored);
      throw error;
    }
  }

  async createAction(auth: AuthContext, input: TDocumentActionCreate): Promise<{ _id: string }> {
    const document = await findDocument(this.db, auth, input._id);
    if (!canManage(auth, document)) throw forbidden();
    const today = callerToday(auth);
    if (input.dueDate < today) throw fieldError('dueDate', 'The due date cannot be before today.');
    // One read of the assignee: an active employee of the organisation, named in the history, mailed.
    const assignee = await this.db.employee.findFirst({
      where: { id: input.assigneeId, companyId: auth.companyId, isActive: true },
      select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
    });
    if (!assignee) throw fieldError('assigneeId', say.personMissing);
    const assigneeName = personName(assignee);
    return this.db.$transaction(async (tx) => {
      const action = await tx.documentAction.create({
        data: {
          companyId: auth.companyId,
          documentId: document.id,
          instruction: input.instruction,
          assigneeEmployeeId: input.assigneeId,
          dueDate: dateOf(input.dueDate),
          createdByUserId: auth.userId,
        },
      });
      await logChange(tx, auth, document.id, 'action raised', null, {
        instruction: input.instruction,
        assignee: assigneeName,
        dueDate: input.dueDate,
      });
      const raisers = await employeeNames(tx, auth.companyId, [auth.employeeId]);
      // The action is done on the document's page: the mail is how the assignee hears of it.
      if (assignee.email)
        await this.mail.enqueue(tx, {
          companyId: auth.companyId,
          to: assignee.email,
          userId: assignee.user?.id ?? null,
          category: 'documentAction',
          content: registerActionMail({
            name: assigneeName,
            itemKind: 'document',
            itemName: document.name,
            raisedBy: raisers.get(auth.employeeId ?? '') ?? '',
            instruction: input.instruction,
            due: displayDay(input.dueDate),
            link: `${this.links.publicUrl.replace(/\/$/, '')}/document/library/${document.id}`,
            open: 'Open the document',
          }),
        });
      return { _id: action.id };
    });
  }

  async completeAction(auth: AuthContext, actionId: string): Promise<void> {
    const action = await this.db.documentAction.findFirst({
      where: { id: actionId, companyId: auth.companyId },
    });
    if (!action) throw notFound();
    const document = await findDocument(this.db, auth, action.documentId);
    if (!canManage(auth, document) && action.assigneeEmployeeId !== auth.employeeId) throw forbidden();
    if (action.completedOn) return;
    const today = callerToday(auth);
    await this.db.$transaction(async (tx) => {
      await tx.documentAction.update({ where: { id: action.id }, data: { completedOn: dateOf(today) } });
      await logChange(tx, auth, document.id, 'action completed', null, { instruction: action.instruction });
    });
  }
}

function fieldsOf(input: TDocumentCreateParsed | TDocumentUpdateParsed) {
  return {
    name: input.name,
    description: input.description || null,
    folderId: input.folderId ?? null,
    ownerEmployeeId: input.ownerId,
    reviewerEmployeeId: input.reviewerId,
    coReviewerEmployeeId: input.coReviewerId ?? null,
    reviewFrequency: input.reviewFrequency,
    nextReviewDate: dateOf(input.nextReviewDate),
    audienceWorkplaceIds: [...new Set(input.audienceWorkplaceIds)],
    audienceRoleIds: [...new Set(input.audienceRoleIds)],
    audienceEmployeeIds: [...new Set(input.audienceEmployeeIds)],
  };
}

function toRow(row: ListRow): TDocumentRow {
  return {
    _id: row.id,
    name: row.name,
    folderName: row.folderName,
    ownerName:
      row.ownerFirstName === null
        ? null
        : personName({ firstName: row.ownerFirstName, lastName: row.ownerLastName ?? '' }),
    currentVersion: row.currentVersion,
    status: row.status,
    reviewFrequency: row.reviewFrequency,
    nextReviewDate: row.nextReviewDate,
    updatedAt: timestampOf(row.updatedAt).toISOString(),
  };
}
