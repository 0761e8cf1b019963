import {
  addDays,
  documentMessages as say,
  ZDocumentCreate,
  ZDocumentVersionCreate,
  type TDocumentCreateParsed,
  type DocumentPickedAs,
  type TDocumentUpdateParsed,
} from '@compass/shared';
import type { z } from 'zod';
import type { Db } from '../../db/prisma';
import type { Document } from '../../generated/prisma/client';
import { badRequest, forbidden, parseOrBadRequest } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday } from '../../plugins/organisationDay';
import type { AttachmentService } from '../attachments';
import { employeeNames } from '../employees';
import { scheduleReview } from '../registerParts';
import type { ReviewService } from '../reviews';
import { dateOf, dayOf } from '../../db/days';
import { cannotActAs, pickable } from './pickers';
import { canManage, findDocument } from './policy';
import { DAYS_TO_ACT, logChange, publish, type Tx } from './shared';

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

/**
 * A document's uploads and changes: a new document with its first version, a change of its
 * fields, a new version (published at once, or sent for approval).
 */
export class DocumentUploads {
  constructor(
    private readonly db: Db,
    private readonly attachments: AttachmentService,
    private readonly reviews: ReviewService,
  ) {}

  async create(auth: AuthContext, details: string, files: UploadedFile[]): Promise<{ _id: string }> {
    const input = parseDetails(ZDocumentCreate, details);
    const file = this.oneFile(files);
    const today = callerToday(auth);
    await this.check(this.db, auth, input, today, null);
    await this.checkPeople(this.db, auth.companyId, input.approverIds, 'approverIds', 'approver');
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
    await this.checkPeople(this.db, auth.companyId, input.approverIds, 'approverIds', 'approver');
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
    await this.checkPeople(client, auth.companyId, [input.reviewerId], 'reviewerId', 'reviewer');
    if (input.coReviewerId)
      await this.checkPeople(client, auth.companyId, [input.coReviewerId], 'coReviewerId', 'reviewer');
    await this.checkPeople(
      client,
      auth.companyId,
      input.audienceEmployeeIds,
      'audienceEmployeeIds',
      'reader',
    );
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

  /**
   * The people named in `field` are active employees of the organisation and, picked to act as
   * `role`, can make the call they act through (as the picker offers them).
   */
  private async checkPeople(
    client: Tx | Db,
    companyId: string,
    ids: string[],
    field: string,
    role: DocumentPickedAs = 'anyone',
  ): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const where = { companyId, isActive: true, id: { in: unique } };
    if ((await client.employee.count({ where })) !== unique.length)
      throw fieldError(field, say.personMissing);
    if (role === 'anyone') return;
    const able = await client.employee.count({ where: { ...where, ...pickable(role) } });
    if (able !== unique.length) throw fieldError(field, cannotActAs(role));
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

  /** The document's open review follows its reviewers, frequency and next review date. */
  private async schedule(tx: Tx, document: Document): Promise<void> {
    await scheduleReview(this.reviews, tx, 'document', { ...document, name: `${document.name} review` });
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
