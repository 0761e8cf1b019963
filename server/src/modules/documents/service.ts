import {
  displayDay,
  documentMessages as say,
  type DocumentPickedAs,
  personName,
  type TDocumentActionCreate,
  type TDocumentDetails,
  type TDocumentFolder,
  type TDocumentOptions,
  type TDocumentReaders,
  type TDocumentUpdateParsed,
  type TReviewCompleteParsed,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZDocumentCsvRequest, ZDocumentListRequest, ZReviewOpen } from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { badRequest, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday } from '../../plugins/organisationDay';
import type { AttachmentService, OwnerPolicy } from '../attachments';
import { registerActionMail } from '../mail';
import {
  activeAssignee,
  attachItemFiles,
  completeItemReview,
  mailAssignee,
  nextReviewAfter,
  openItemReview,
  peoplePage,
  raiserName,
  workplaceOptions,
} from '../registerParts';
import type { ReviewService } from '../reviews';
import { dateOf, dayOf } from '../../db/days';
import { documentDetails, documentReaders } from './details';
import { documentsCsv, listDocuments } from './list';
import { canManage, documentFilePolicy, findDocument, mayCompleteAction, versionFilePolicy } from './policy';
import { pickable } from './pickers';
import { logChange } from './shared';
import { DocumentUploads } from './uploads';

const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** The document library: the list and its export, folders, uploads and versions, details. */
export class DocumentService {
  private readonly uploads: DocumentUploads;
  /** Who may read and change the files of documents (supporting files) and of their versions. */
  readonly documentFilePolicy: OwnerPolicy;
  readonly versionFilePolicy: OwnerPolicy;

  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
    private readonly reviews: ReviewService,
    private readonly mail: MailQueue,
    private readonly links: { publicUrl: string },
  ) {
    this.uploads = new DocumentUploads(db, attachments, reviews);
    this.documentFilePolicy = documentFilePolicy(db);
    this.versionFilePolicy = versionFilePolicy(db);
  }

  // ---------- List and export ----------

  list(auth: AuthContext, request: z.output<typeof ZDocumentListRequest>) {
    return listDocuments(this.reader, auth, request);
  }

  csv(auth: AuthContext, request: z.output<typeof ZDocumentCsvRequest>): Promise<string> {
    return documentsCsv(this.reader, auth, request);
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
    const [workplaces, roles] = await Promise.all([
      workplaceOptions(this.db, auth.companyId),
      this.db.role.findMany({
        where: { companyId: auth.companyId },
        orderBy: { name: 'asc' },
        select: { id: true, name: true },
      }),
    ]);
    return { workplaces, roles: roles.map((row) => ({ _id: row.id, name: row.name })) };
  }

  /** Active employees by first or last name, 20 a page; as reviewers, approvers or readers only those who can act. */
  people(auth: AuthContext, request: { search?: string; page: number; role: DocumentPickedAs }) {
    return peoplePage(this.db, auth.companyId, request, 'firstName', pickable(request.role));
  }

  // ---------- Upload, change, new versions ----------

  create(auth: AuthContext, details: string, files: UploadedFile[]): Promise<{ _id: string }> {
    return this.uploads.create(auth, details, files);
  }

  update(auth: AuthContext, input: TDocumentUpdateParsed): Promise<void> {
    return this.uploads.update(auth, input);
  }

  /** A new version by an editor or the owner; a rejected version waiting for revision is revised by it. */
  uploadVersion(auth: AuthContext, details: string, files: UploadedFile[]): Promise<{ _id: string }> {
    return this.uploads.uploadVersion(auth, details, files);
  }

  // ---------- Review ----------

  openReview(auth: AuthContext, input: z.output<typeof ZReviewOpen>) {
    return openItemReview(this.reviews, auth, 'document', input, () =>
      findDocument(this.db, auth, input.itemId),
    );
  }

  /**
   * Completes the caller's part of the review; the reviewer's completion also dates the document's
   * last review today and its next one a frequency later (none when it is retired).
   */
  completeReview(auth: AuthContext, input: TReviewCompleteParsed) {
    const exists = () => findDocument(this.db, auth, input.itemId);
    return completeItemReview(this.reviews, auth, 'document', input, exists, async (tx, review) => {
      const before = await findDocument(tx, auth, input.itemId);
      const today = callerToday(auth);
      const next = nextReviewAfter(auth, input.outcome, review.frequency ?? before.reviewFrequency);
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

  details(auth: AuthContext, id: string): Promise<TDocumentDetails> {
    return documentDetails(this.db, this.attachments, this.reviews, auth, id);
  }

  /** Who was asked to read a version, and who has (editors and the owner). */
  readers(auth: AuthContext, versionId: string): Promise<TDocumentReaders> {
    return documentReaders(this.db, auth, versionId);
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
    const item = { ownerType: 'document' as const, entityType: 'document', id };
    await attachItemFiles(this.attachments, auth, item, files, async (tx) => {
      await findDocument(tx, auth, id);
    });
  }

  async createAction(auth: AuthContext, input: TDocumentActionCreate): Promise<{ _id: string }> {
    const document = await findDocument(this.db, auth, input._id);
    if (!canManage(auth, document)) throw forbidden();
    const today = callerToday(auth);
    if (input.dueDate < today) throw fieldError('dueDate', 'The due date cannot be before today.');
    const assignee = await activeAssignee(this.db, auth.companyId, input.assigneeId);
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
      // The action is done on the document's page: the mail is how the assignee hears of it.
      await mailAssignee(this.mail, tx, auth.companyId, assignee, 'documentAction', async () =>
        registerActionMail({
          name: assigneeName,
          itemKind: 'document',
          itemName: document.name,
          raisedBy: await raiserName(tx, auth),
          instruction: input.instruction,
          due: displayDay(input.dueDate),
          link: `${this.links.publicUrl.replace(/\/$/, '')}/document/library/${document.id}`,
          open: 'Open the document',
        }),
      );
      return { _id: action.id };
    });
  }

  async completeAction(auth: AuthContext, actionId: string): Promise<void> {
    const action = await this.db.documentAction.findFirst({
      where: { id: actionId, companyId: auth.companyId },
    });
    if (!action) throw notFound();
    const document = await findDocument(this.db, auth, action.documentId);
    if (!mayCompleteAction(auth, document, action)) throw forbidden();
    if (action.completedOn) return;
    const today = callerToday(auth);
    await this.db.$transaction(async (tx) => {
      await tx.documentAction.update({ where: { id: action.id }, data: { completedOn: dateOf(today) } });
      await logChange(tx, auth, document.id, 'action completed', null, { instruction: action.instruction });
    });
  }
}
