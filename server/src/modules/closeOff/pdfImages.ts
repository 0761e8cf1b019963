import sharp from 'sharp';
import { isMarkup, MAX_INPUT_PIXELS, RASTER_SECONDS } from '../attachments';
import type { PdfImage } from './pdfDocument';
import { MAX_IMAGE_SIDE } from './renderLimits';
import { rasteriseSvgIsolated } from './renderPool';

/**
 * A raster image as PNG or JPEG bytes for pdfkit, scaled to MAX_IMAGE_SIDE. SVG is drawn into a
 * PNG by a separate process with a time budget (renderPool.ts): an SVG of 2 KB can ask a renderer
 * for minutes of CPU, which must not reach the API's own process.
 */
export async function toPdfImage(input: Buffer): Promise<PdfImage | null> {
  try {
    const raster = isMarkup(input) ? await rasteriseSvgIsolated(input) : input;
    if (!raster) return null;
    const image = sharp(raster, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .timeout({ seconds: RASTER_SECONDS })
      .rotate();
    const meta = await image.metadata();
    const large = (meta.width ?? 0) > MAX_IMAGE_SIDE || (meta.height ?? 0) > MAX_IMAGE_SIDE;
    const resized = large
      ? image.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside' })
      : image;
    const { data, info } =
      meta.format === 'jpeg'
        ? await resized.jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true })
        : // Flattened onto white: pdfkit embeds an RGB PNG as it is, but splits an alpha channel in JavaScript.
          await resized
            .flatten({ background: '#ffffff' })
            .png({ compressionLevel: 4 })
            .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** The image of a signature or diagram value ('data:image/...;base64,...'). */
export async function dataUrlImage(value: unknown): Promise<PdfImage | null> {
  if (typeof value !== 'string') return null;
  const match = /^data:image\/[a-z0-9.+-]+;base64,(.+)$/is.exec(value.trim());
  if (!match) return null;
  return toPdfImage(Buffer.from(match[1]!, 'base64'));
}
