import PDFDocument from 'pdfkit';
import type { FileStorage } from '../../server/src/plugins/storage';
import type { Rows } from './rows';

/** A one-page PDF for a demo document's version: its name, version, note and some body text. */
function versionPdf(name: string, number: number, note: string | null): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${name} (version ${number})` } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.fontSize(22).text(name);
    pdf
      .moveDown(0.3)
      .fontSize(11)
      .fillColor('#555')
      .text(`Version ${number}${note ? ` · ${note}` : ''}`);
    pdf.moveDown(1.2).fillColor('#000').fontSize(13).text('Purpose');
    pdf
      .moveDown(0.3)
      .fontSize(11)
      .text(
        `This ${name.toLowerCase()} sets out what everyone working for the organisation does to keep ` +
          'themselves and others safe. Read it when you start and again after each revision.',
      );
    pdf.moveDown(1).fontSize(13).text('Responsibilities');
    pdf
      .moveDown(0.3)
      .fontSize(11)
      .list([
        'Managers make sure their teams have read the current version.',
        'Workers follow it, report hazards and incidents at once, and ask when unsure.',
        'The owner reviews it on schedule and after any incident it concerns.',
      ]);
    pdf.end();
  });
}

/**
 * Stores a PDF for every seeded document version and adds its attachment rows, so that the demo's
 * readers open a real file (the product stores files outside the database, so the seed needs the
 * storage). Files of a seed whose transaction does not commit are removed by the file sweeper.
 */
export async function storeDocumentFiles(rows: Rows, storage: FileStorage): Promise<void> {
  const names = new Map(rows.document.map((document) => [document.id, document.name]));
  for (const version of rows.documentVersion) {
    const name = names.get(version.documentId) ?? 'Document';
    const content = await versionPdf(name, version.number, version.note ?? null);
    rows.attachment.push({
      companyId: version.companyId,
      ownerType: 'documentVersion',
      ownerId: version.id!,
      name: `${name} v${version.number}.pdf`,
      storageKey: await storage.put(content, 'pdf'),
      mimeType: 'application/pdf',
      size: content.length,
      fileType: 'pdf',
      createdAt: version.createdAt,
    });
  }
}
