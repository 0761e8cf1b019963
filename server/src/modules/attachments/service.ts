import path from 'node:path';
import { uploadProblem, type TAttachment, type TDeleteAttachmentRequest } from '@compass/shared';
import sharp from 'sharp';
import { isMarkup, MAX_INPUT_PIXELS, RASTER_SECONDS } from './imageBytes';
import { OwnerPolicies, type OwnerPolicy } from './policy';
import type { Attachment, AttachmentOwner } from '../../generated/prisma/client';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, notFound } from '../../errors';
import { sql, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import type { FileStorage } from '../../plugins/storage';
import type { UploadedFile } from '../../plugins/uploads';

/** An attachment as the screens list it. */
export const attachmentOf = (row: Pick<Attachment, 'id' | 'name' | 'fileType' | 'size'>): TAttachment => ({
  _id: row.id,
  name: row.name,
  path: `/api/files/${row.id}`,
  fileType: row.fileType,
  size: row.size,
});

/**
 * The attachments of an owner as a JSON array (oldest first, as listFor) for a statement of the
 * Reader; each element goes through attachmentOf.
 */
export const attachmentsJson = (ownerType: AttachmentOwner, ownerId: Sql, companyId: Sql) =>
  sql`(SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'fileType', x."fileType",
      'size', x.size) ORDER BY x."createdAt"), '[]')
    FROM "Attachment" x WHERE x."companyId" = ${companyId} AND x."ownerType" = ${ownerType}::"AttachmentOwner"
      AND x."ownerId" = ${ownerId})`;

/** The owner of attachments, named by a caller that holds the owner itself (a scoped link). */
export interface AttachmentOwnerRef {
  companyId: string;
  ownerType: AttachmentOwner;
  ownerId: string;
}

export interface StoredFile {
  name: string;
  mimeType: string;
  size: number;
  storageKey: string;
  fileType: string;
}

const COMPRESSIBLE = new Set(['jpg', 'jpeg', 'jfif', 'png', 'webp']);
const MAX_IMAGE_SIDE = 2000;

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** Re-encodes a photo no larger than 2000 px a side; keeps the original when that is smaller. */
async function compressImage(file: UploadedFile, extension: string): Promise<Buffer> {
  if (!COMPRESSIBLE.has(extension)) return file.content;
  if (isMarkup(file.content)) throw badRequest(`${file.name} is not a readable image.`);
  try {
    const image = sharp(file.content, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .timeout({ seconds: RASTER_SECONDS })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      extension === 'png'
        ? await image.png({ compressionLevel: 9, palette: true }).toBuffer()
        : extension === 'webp'
          ? await image.webp({ quality: 80 }).toBuffer()
          : await image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    return encoded.length < file.content.length ? encoded : file.content;
  } catch {
    throw badRequest(`${file.name} is not a readable image.`);
  }
}

export class AttachmentService {
  private readonly policies = new OwnerPolicies();

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  /** Each owning feature says who may read and change its attachments. */
  registerPolicy(ownerType: AttachmentOwner, policy: OwnerPolicy): void {
    this.policies.register(ownerType, policy);
  }

  /** Checks, compresses and stores the files; the caller records them in its transaction. */
  async store(files: UploadedFile[]): Promise<StoredFile[]> {
    for (const file of files) {
      const problem = uploadProblem({ name: file.name, size: file.content.length });
      if (problem) throw badRequest(problem);
    }
    const stored: StoredFile[] = [];
    try {
      for (const file of files) {
        const extension = extensionOf(file.name);
        const content = await compressImage(file, extension);
        const storageKey = await this.storage.put(content, extension);
        stored.push({
          name: file.name,
          mimeType: file.mimeType,
          size: content.length,
          storageKey,
          fileType: extension,
        });
      }
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
    return stored;
  }

  /**
   * Removes stored files whose transaction did not commit. One the store cannot remove now (it
   * became read-only) is left to the sweeper: the request's own failure is the one to report.
   */
  async discard(stored: StoredFile[]): Promise<void> {
    await Promise.all(stored.map((file) => this.storage.remove(file.storageKey).catch(() => undefined)));
  }

  async record(
    tx: Prisma.TransactionClient,
    owner: AttachmentOwnerRef & { uploadedById: string | null; fieldId?: string | null },
    stored: StoredFile[],
  ): Promise<void> {
    if (stored.length === 0) return;
    await tx.attachment.createMany({
      data: stored.map((file) => ({
        companyId: owner.companyId,
        ownerType: owner.ownerType,
        ownerId: owner.ownerId,
        uploadedById: owner.uploadedById,
        fieldId: owner.fieldId ?? null,
        name: file.name,
        mimeType: file.mimeType,
        size: file.size,
        storageKey: file.storageKey,
        fileType: file.fileType,
      })),
    });
  }

  /**
   * Stores the files and records them for their owner in one transaction with `alongside` (the
   * owner's own checks and change log); the stored files are removed again if it does not commit.
   */
  async attach(
    owner: AttachmentOwnerRef & { uploadedById: string | null },
    files: UploadedFile[],
    alongside: (tx: Prisma.TransactionClient, stored: StoredFile[]) => Promise<void>,
  ): Promise<void> {
    const stored = await this.store(files);
    try {
      await this.db.$transaction(async (tx) => {
        await alongside(tx, stored);
        await this.record(tx, owner, stored);
      });
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
  }

  async listFor(companyId: string, ownerType: AttachmentOwner, ownerId: string): Promise<TAttachment[]> {
    const rows = await this.db.attachment.findMany({
      where: { companyId, ownerType, ownerId },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map(attachmentOf);
  }

  /** The file of an attachment the caller may read; anything else is 404, never a hint. */
  async open(auth: AuthContext, attachmentId: string) {
    const attachment = await this.db.attachment.findFirst({
      where: { id: attachmentId, companyId: auth.companyId },
    });
    if (!attachment || !(await this.policies.allows(auth, attachment, 'read'))) {
      throw notFound('File not found.');
    }
    return { attachment, stream: this.storage.read(attachment.storageKey) };
  }

  /** A file of the given owner, for a caller granted exactly that owner; anything else is 404. */
  async openOwned(owner: AttachmentOwnerRef, attachmentId: string) {
    const attachment = await this.db.attachment.findFirst({ where: { id: attachmentId, ...owner } });
    if (!attachment) throw notFound('File not found.');
    return { attachment, stream: this.storage.read(attachment.storageKey) };
  }

  /** Deletes a file of the given owner, for a caller granted exactly that owner (userId null: a link). */
  async removeOwned(owner: AttachmentOwnerRef, attachmentId: string, userId: string | null): Promise<void> {
    const attachment = await this.db.attachment.findFirst({ where: { id: attachmentId, ...owner } });
    if (!attachment) throw notFound('File not found.');
    await this.delete(attachment, userId);
  }

  async remove(auth: AuthContext, request: TDeleteAttachmentRequest): Promise<void> {
    const attachment = await this.db.attachment.findFirst({
      where: {
        id: request.fileId,
        companyId: auth.companyId,
        ownerType: request.fileType,
        ownerId: request._id,
      },
    });
    if (!attachment || !(await this.policies.allows(auth, attachment, 'write'))) {
      throw notFound('File not found.');
    }
    await this.delete(attachment, auth.userId);
  }

  private async delete(attachment: Attachment, userId: string | null): Promise<void> {
    await this.db.$transaction([
      this.db.attachment.delete({ where: { id: attachment.id } }),
      this.db.changeLog.create({
        data: {
          companyId: attachment.companyId,
          entityType: attachment.ownerType,
          entityId: attachment.ownerId,
          userId,
          action: 'attachment.deleted',
          changes: { attachmentId: attachment.id, name: attachment.name },
        },
      }),
    ]);
    // The row is gone: a file the store cannot remove now (read-only) is left to the sweeper.
    await this.storage.remove(attachment.storageKey).catch(() => undefined);
  }
}
