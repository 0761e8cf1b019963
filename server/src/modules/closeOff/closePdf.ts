import type { TAttachment } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import type { AttachmentOwner } from '../../generated/prisma/client';
import type { FileStorage } from '../../plugins/storage';
import { attachmentOf } from '../attachments';
import type { PdfModel } from './pdfDocument';
import { pdfFileName } from './pdfRender';
import { renderPdfIsolated } from './renderPool';

/** The record a close PDF is filed under, and who closed it. */
export interface ClosePdfOwner {
  companyId: string;
  ownerType: AttachmentOwner;
  ownerId: string;
  uploadedById: string;
}

/** The stored close PDF, as the close's transaction sees it. */
export interface StoredClosePdf {
  fileName: string;
  storageKey: string;
  /** Records the stored file as the owner's attachment, in the close's transaction. */
  attach(owner: ClosePdfOwner): Promise<TAttachment>;
}

/**
 * The close of a record with its PDF (a form's close-off, an audit's close): the PDF is drawn and
 * stored before the transaction, as drawing takes seconds; the close then runs in one transaction
 * that files it. Nothing committed means the stored file goes too.
 */
export async function closeWithPdf<T>(
  db: Db,
  storage: FileStorage,
  model: PdfModel,
  close: (tx: Prisma.TransactionClient, pdf: StoredClosePdf) => Promise<T>,
): Promise<T> {
  const content = await renderPdfIsolated(model);
  const fileName = pdfFileName(model);
  const storageKey = await storage.put(content, 'pdf');
  try {
    return await db.$transaction(
      (tx) =>
        close(tx, {
          fileName,
          storageKey,
          attach: async (owner) => {
            const attachment = await tx.attachment.create({
              data: {
                ...owner,
                name: fileName,
                storageKey,
                mimeType: 'application/pdf',
                size: content.length,
                fileType: 'pdf',
              },
            });
            return attachmentOf(attachment);
          },
        }),
      { timeout: 20_000 },
    );
  } catch (error) {
    await storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}
