/**
 * The process the close-off PDF is drawn in (renderPool.ts): pdfkit's layout is synchronous
 * JavaScript, and librsvg's SVG rendering cannot be interrupted, so neither runs in the API process.
 */
import sharp from 'sharp';
import workerpool from 'workerpool';
import type { PdfField, PdfFile, PdfImage, PdfModel } from './pdfDocument';
import { MAX_IMAGE_SIDE, MAX_SVG_BYTES } from './renderLimits';
import { renderPdf } from './pdfRender';

/** An SVG as a PNG at most MAX_IMAGE_SIDE a side, or null when it is not a drawable SVG. */
async function rasteriseSvg(svg: Uint8Array): Promise<Buffer | null> {
  if (svg.length > MAX_SVG_BYTES) return null;
  const input = Buffer.from(svg.buffer, svg.byteOffset, svg.length);
  try {
    // The size at 72 dpi, from the header alone; the density then draws it at most MAX_IMAGE_SIDE wide.
    const { width = 0, height = 0, format } = await sharp(input).metadata();
    if (format !== 'svg' || width <= 0 || height <= 0) return null;
    const density = Math.min(144, Math.max(1, (72 * MAX_IMAGE_SIDE) / Math.max(width, height)));
    return await sharp(input, { density, limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE * 4 })
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

// Buffers cross the process boundary as Uint8Array (structured clone); pdfkit embeds only Buffers.
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
const image = (value: PdfImage | null) => value && { ...value, data: asBuffer(value.data) };
const files = (list: PdfFile[]) => list.map((file) => ({ ...file, image: image(file.image) }));
const field = (value: PdfField): PdfField =>
  value.kind === 'image'
    ? { ...value, image: image(value.image) }
    : value.kind === 'files'
      ? { ...value, files: files(value.files) }
      : value;

const withBuffers = (model: PdfModel): PdfModel => ({
  ...model,
  organisation: { ...model.organisation, logo: image(model.organisation.logo) },
  sections: model.sections.map((section) => ({ ...section, fields: section.fields.map(field) })),
  attachments: files(model.attachments),
});

workerpool.worker({
  ready: () => true,
  rasteriseSvg,
  renderPdf: (model: PdfModel) => renderPdf(withBuffers(model)),
});
