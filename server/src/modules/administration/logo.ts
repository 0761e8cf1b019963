import { administrationMessages as say } from '@compass/shared';
import sharp from 'sharp';
import { badRequest } from '../../errors';
import type { FileStorage } from '../../plugins/storage';
import type { UploadedFile } from '../../plugins/uploads';
import { isMarkup } from '../attachments';

/** The largest side of a stored logo: the header shows it at 40 px, mails and PDFs a little larger. */
const LOGO_MAX_PX = 512;
const LOGO_TYPES = new Set(['png', 'jpeg', 'webp']);

/** The first uploaded file as a logo is stored: PNG, at most 512 px a side (400 when it is none). */
async function logoPng(files: UploadedFile[]): Promise<{ png: Buffer; name: string }> {
  const [file] = files;
  if (!file) throw badRequest(say.logoMissing);
  try {
    // Markup (SVG, HTML) never reaches sharp's decoders: a logo is a raster image.
    if (isMarkup(file.content)) throw new Error('markup is not a logo');
    const image = sharp(file.content, { limitInputPixels: 40_000_000 });
    const { format } = await image.metadata();
    if (!format || !LOGO_TYPES.has(format)) throw new Error(`not a logo format: ${format}`);
    const png = await image
      .rotate()
      .resize(LOGO_MAX_PX, LOGO_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    return { png, name: file.name };
  } catch {
    throw badRequest(say.logoType);
  }
}

/**
 * Replaces a stored logo (an organisation's, a supplier company's): the upload (or none, to remove
 * it) is stored first, then `record` points its owner at the new key in a transaction and answers
 * the previous key, whose file is removed once that succeeded (the new one if it failed).
 */
export async function replaceLogo(
  storage: FileStorage,
  files: UploadedFile[] | null,
  record: (key: string | null, name: string | null) => Promise<string | null>,
): Promise<void> {
  const logo = files && (await logoPng(files));
  const key = logo && (await storage.put(logo.png, 'png'));
  let previous: string | null;
  try {
    previous = await record(key, logo?.name ?? null);
  } catch (error) {
    if (key) await storage.remove(key).catch(() => undefined);
    throw error;
  }
  // No row names these files any more: one the store cannot remove now (read-only) is left to the
  // sweeper.
  if (previous) await storage.remove(previous).catch(() => undefined);
}
