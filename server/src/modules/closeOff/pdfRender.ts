import PDFDocument from 'pdfkit';
import type { PdfAction, PdfField, PdfFile, PdfImage, PdfModel } from './pdfDocument';
import type { RichBlock } from './richText';

const PAGE = { margin: 48, footer: 36 };
const COLOR = {
  text: '#1f2933',
  muted: '#52606d',
  faint: '#7b8794',
  rule: '#d9dee5',
  band: '#eef2f7',
  brand: '#1f5fbf',
  headerFill: '#f3f5f8',
};
const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
};
const LABEL_WIDTH = 160;
/** Photos of file fields and attachments: half the width, at most this high. */
const FILE_IMAGE = { width: 250, height: 200 };
const GAP = 12;
const EMPTY = '—';

type Doc = PDFKit.PDFDocument;

class Writer {
  readonly left: number;
  readonly width: number;

  constructor(readonly doc: Doc) {
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  }

  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  font(name: string, size: number, color = COLOR.text): Doc {
    return this.doc.font(name).fontSize(size).fillColor(color);
  }

  heightOf(text: string, font: string, size: number, width: number): number {
    this.doc.font(font).fontSize(size);
    return this.doc.heightOfString(text || ' ', { width });
  }

  rule(y = this.doc.y, color = COLOR.rule): void {
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();
  }

  /** A section band: a filled bar with the section's name. */
  /** A section band, kept on the page of what follows it (`keepWith` points). */
  band(label: string, keepWith = 30): void {
    this.ensure(40 + keepWith);
    this.doc.moveDown(0.6);
    const y = this.doc.y;
    this.doc.rect(this.left, y, this.width, 22).fill(COLOR.band);
    this.doc.rect(this.left, y, 3, 22).fill(COLOR.brand);
    this.font(FONT.bold, 11.5).text(label, this.left + 12, y + 6, {
      width: this.width - 24,
      lineBreak: false,
    });
    this.doc.x = this.left;
    this.doc.y = y + 30;
  }

  /** A label beside its value (values wrap in their column). */
  pair(label: string, value: string): void {
    const valueWidth = this.width - LABEL_WIDTH - GAP;
    const text = value.trim() || EMPTY;
    const height = Math.max(
      this.heightOf(label, FONT.bold, 9, LABEL_WIDTH),
      this.heightOf(text, FONT.regular, 10, valueWidth),
    );
    if (height > this.bottom - this.doc.page.margins.top) {
      // Longer than a page: label above, the text flows over pages.
      this.wideLabel(label);
      this.font(FONT.regular, 10).text(text, this.left, this.doc.y, { width: this.width });
      this.after();
      return;
    }
    this.ensure(height + 8);
    const y = this.doc.y;
    this.font(FONT.bold, 9, COLOR.muted).text(label, this.left, y + 1, { width: LABEL_WIDTH });
    this.font(FONT.regular, 10, value.trim() ? COLOR.text : COLOR.faint).text(
      text,
      this.left + LABEL_WIDTH + GAP,
      y,
      {
        width: valueWidth,
      },
    );
    this.doc.y = y + height;
    this.after();
  }

  wideLabel(label: string, keepWith = 40): void {
    this.ensure(this.heightOf(label, FONT.bold, 9, this.width) + keepWith);
    this.font(FONT.bold, 9, COLOR.muted).text(label, this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
  }

  after(): void {
    this.doc.y += 5;
    this.rule(this.doc.y, '#eceff3');
    this.doc.y += 6;
    this.doc.x = this.left;
  }

  heading(label: string): void {
    this.ensure(40);
    this.doc.moveDown(0.3);
    this.font(FONT.bold, 10.5, COLOR.brand).text(label, this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.4);
  }

  richText(blocks: RichBlock[]): void {
    if (blocks.length === 0) {
      this.font(FONT.regular, 10, COLOR.faint).text(EMPTY, this.left, this.doc.y);
      return;
    }
    for (const block of blocks) {
      const size = block.kind === 'heading' ? ([15, 13.5, 12, 11, 10.5, 10][block.level - 1] ?? 10) : 10;
      const indent = block.kind === 'listItem' ? 14 * block.level : block.kind === 'quote' ? 14 : 0;
      const x = this.left + indent;
      const width = this.width - indent;
      this.ensure(size * 2);
      const y = this.doc.y;
      if (block.marker) {
        this.font(FONT.regular, size).text(block.marker, x - 12, y, { width: 12, lineBreak: false });
      }
      if (block.kind === 'quote') this.doc.rect(this.left + 4, y, 2, size * 1.2).fill(COLOR.rule);
      this.doc.x = x;
      this.doc.y = y;
      block.runs.forEach((run, index) => {
        const font = run.bold
          ? run.italic
            ? FONT.boldItalic
            : FONT.bold
          : run.italic || block.kind === 'quote'
            ? FONT.italic
            : FONT.regular;
        const color = run.link ? COLOR.brand : COLOR.text;
        this.font(font, size, color);
        const options: PDFKit.Mixins.TextOptions = {
          width,
          continued: index < block.runs.length - 1,
          underline: run.underline || Boolean(run.link),
        };
        if (run.link) options.link = run.link;
        if (index === 0) this.doc.text(run.text, x, y, options);
        else this.doc.text(run.text, options);
      });
      this.doc.moveDown(block.kind === 'heading' ? 0.35 : 0.3);
    }
    this.doc.x = this.left;
  }

  /** The size an image is drawn at: inside the limits, never enlarged; the frame adds 4 points a side. */
  fit(image: PdfImage, maxHeight: number, maxWidth = this.width): { width: number; height: number } {
    const scale = Math.min((maxWidth - 8) / image.width, maxHeight / image.height, 1);
    return { width: image.width * scale, height: image.height * scale };
  }

  image(image: PdfImage | null, maxHeight: number, maxWidth = this.width): void {
    if (!image) {
      this.font(FONT.regular, 10, COLOR.faint).text(EMPTY, this.left, this.doc.y);
      return;
    }
    const { width, height } = this.fit(image, maxHeight, maxWidth);
    this.ensure(height + 8);
    const y = this.doc.y;
    this.doc
      .rect(this.left, y, width + 8, height + 8)
      .lineWidth(0.6)
      .strokeColor(COLOR.rule)
      .stroke();
    this.doc.image(image.data, this.left + 4, y + 4, { width, height });
    this.doc.y = y + height + 8;
    this.doc.x = this.left;
  }

  /** A table with a shaded header row, repeated on each page it runs over. */
  table(columns: string[], rows: string[][], widths?: number[]): void {
    if (columns.length === 0) return;
    const colWidths = widths ?? columns.map(() => this.width / columns.length);
    const pad = 4;
    const rowHeight = (cells: string[], font: string) =>
      Math.max(
        ...cells.map((cell, index) => this.heightOf(cell || ' ', font, 9, colWidths[index]! - pad * 2)),
      ) +
      pad * 2;
    const drawRow = (cells: string[], header: boolean) => {
      const font = header ? FONT.bold : FONT.regular;
      const height = rowHeight(cells, font);
      const y = this.doc.y;
      if (header) this.doc.rect(this.left, y, this.width, height).fill(COLOR.headerFill);
      let x = this.left;
      cells.forEach((cell, index) => {
        const width = colWidths[index]!;
        this.font(font, 9, header ? COLOR.muted : COLOR.text).text(cell, x + pad, y + pad, {
          width: width - pad * 2,
        });
        x += width;
      });
      this.doc.rect(this.left, y, this.width, height).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
      x = this.left;
      for (const width of colWidths.slice(0, -1)) {
        x += width;
        this.doc
          .moveTo(x, y)
          .lineTo(x, y + height)
          .strokeColor(COLOR.rule)
          .stroke();
      }
      this.doc.y = y + height;
    };
    const headerHeight = rowHeight(columns, FONT.bold);
    this.ensure(headerHeight + (rows[0] ? rowHeight(rows[0], FONT.regular) : 0));
    drawRow(columns, true);
    if (rows.length === 0) {
      this.font(FONT.regular, 9, COLOR.faint).text('No rows', this.left + pad, this.doc.y + pad);
      this.doc.y += 4;
    }
    for (const row of rows) {
      const height = rowHeight(row, FONT.regular);
      if (this.doc.y + height > this.bottom) {
        this.doc.addPage();
        drawRow(columns, true);
      }
      drawRow(row, false);
    }
    this.doc.x = this.left;
  }

  actions(actions: PdfAction[]): void {
    if (actions.length === 0) {
      this.font(FONT.regular, 10, COLOR.faint).text('No actions', this.left, this.doc.y);
      return;
    }
    const widths = [20, 130, 85, 56, 104];
    widths.push(this.width - widths.reduce((sum, width) => sum + width, 0));
    this.table(
      ['#', 'Instruction', 'Assigned To', 'Due', 'Status', 'Response'],
      actions.map((action) => [
        String(action.taskNumber),
        action.instruction,
        `${action.assignee || EMPTY}${action.actionType === 'external' ? ' (external)' : ''}`,
        action.due,
        action.status,
        action.response,
      ]),
      widths,
    );
  }

  fileHeight(file: PdfFile): number {
    return 20 + (file.image ? this.fit(file.image, FILE_IMAGE.height, FILE_IMAGE.width).height + 12 : 0);
  }

  files(files: PdfFile[]): void {
    if (files.length === 0) {
      this.font(FONT.regular, 10, COLOR.faint).text('No files', this.left, this.doc.y);
      return;
    }
    for (const file of files) {
      // A file's name stays on the page of its image.
      this.ensure(this.fileHeight(file));
      this.font(FONT.regular, 10).text(`• ${file.name}`, this.left, this.doc.y, { width: this.width });
      if (file.image) {
        this.doc.moveDown(0.2);
        this.image(file.image, FILE_IMAGE.height, FILE_IMAGE.width);
      }
      this.doc.moveDown(0.3);
    }
  }

  /** The height of a field's first lines, which must not be split from its label or section. */
  startHeight(field: PdfField): number {
    switch (field.kind) {
      case 'image':
        return 20 + (field.image ? this.fit(field.image, field.maxHeight).height + 10 : 20);
      case 'files':
        return 20 + (field.files[0] ? this.fileHeight(field.files[0]) : 20);
      case 'table':
      case 'actions':
        return 70;
      default:
        return 40;
    }
  }

  field(field: PdfField): void {
    if (field.kind === 'value') return this.pair(field.label, field.text);
    if (field.kind === 'heading') return this.heading(field.label);
    // Wide fields: the label on its own line, kept with the start of the content.
    this.wideLabel(field.label, this.startHeight(field) - 20);
    switch (field.kind) {
      case 'richText':
        this.richText(field.blocks);
        break;
      case 'image':
        this.image(field.image, field.maxHeight);
        break;
      case 'table':
        this.table(field.columns, field.rows);
        break;
      case 'files':
        this.files(field.files);
        break;
      case 'actions':
        this.actions(field.actions);
        break;
    }
    this.after();
  }
}

function drawHeader(writer: Writer, model: PdfModel): void {
  const { doc, left, width } = writer;
  const top = doc.page.margins.top;
  let textLeft = left;
  if (model.organisation.logo) {
    const { logo } = model.organisation;
    const scale = Math.min(140 / logo.width, 44 / logo.height, 1);
    doc.image(logo.data, left, top, { width: logo.width * scale, height: logo.height * scale });
    textLeft = left + logo.width * scale + 12;
  }
  writer.font(FONT.bold, 13, COLOR.muted).text(model.organisation.name, textLeft, top + 2, {
    width: left + width - textLeft - 150,
  });
  writer.font(FONT.bold, 13, COLOR.brand).text(model.formNumber, left + width - 150, top + 2, {
    width: 150,
    align: 'right',
  });
  const statusText = model.closedOn ? `Closed ${model.closedOn}` : model.status;
  writer
    .font(FONT.regular, 9, COLOR.muted)
    .text(statusText, left + width - 150, top + 20, { width: 150, align: 'right' });
  doc.y = Math.max(doc.y, top + (model.organisation.logo ? 50 : 36));
  writer.font(FONT.bold, 18).text(model.templateName, left, doc.y, { width });
  doc.moveDown(0.2);
  writer.font(FONT.regular, 11, COLOR.muted).text(model.description, left, doc.y, { width });
  doc.moveDown(0.6);
  writer.rule(doc.y, COLOR.brand);
  doc.y += 10;

  // The initial details, two label/value pairs a row.
  const details: [string, string][] = model.details ?? [
    ['Form Number', model.formNumber],
    // As on the screen and in the lists: the template is the type of form.
    ['Type of Form', model.templateName],
    ['Date', model.date],
    ['Coordinator', model.coordinator],
    ['Workplace', model.workplace],
    ['Branch', model.branch],
    ['Recorded By', model.recordedBy],
    ['Status', statusText],
  ];
  const colWidth = (width - GAP) / 2;
  const labelWidth = 78;
  for (let index = 0; index < details.length; index += 2) {
    const y = doc.y;
    let height = 0;
    for (const [column, [label, value]] of details.slice(index, index + 2).entries()) {
      const x = left + column * (colWidth + GAP);
      writer.font(FONT.bold, 9, COLOR.muted).text(label, x, y + 1, { width: labelWidth });
      writer.font(FONT.regular, 10).text(value || EMPTY, x + labelWidth, y, { width: colWidth - labelWidth });
      height = Math.max(height, doc.y - y);
    }
    doc.y = y + height + 4;
  }
  doc.x = left;
  doc.y += 4;
}

function drawFooters(doc: Doc, model: PdfModel): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    // Writing below the bottom margin would start a new page.
    doc.page.margins.bottom = 0;
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const y = doc.page.height - PAGE.footer;
    doc
      .moveTo(left, y - 6)
      .lineTo(left + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.font(FONT.regular).fontSize(8).fillColor(COLOR.faint);
    doc.text(`${model.formNumber} · ${model.templateName}`, left, y, { width: width / 3, lineBreak: false });
    doc.text(
      model.closedOn ? `Closed on ${model.closedOn}` : `Generated on ${model.generatedOn}`,
      left + width / 3,
      y,
      {
        width: width / 3,
        align: 'center',
        lineBreak: false,
      },
    );
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, left + (2 * width) / 3, y, {
      width: width / 3,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** Renders the model as an A4 PDF: header, sections with every field, actions, files, footers. */
export function renderPdf(model: PdfModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + PAGE.footer },
    info: {
      Title: `${model.formNumber} ${model.templateName}`,
      Subject: model.description,
      Author: model.organisation.name,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = new Writer(doc);
  drawHeader(writer, model);
  for (const section of model.sections) {
    writer.band(section.label, section.fields[0] ? writer.startHeight(section.fields[0]) : 30);
    if (section.fields.length === 0)
      writer.font(FONT.regular, 10, COLOR.faint).text(EMPTY, writer.left, doc.y);
    for (const field of section.fields) writer.field(field);
  }
  if (model.otherActions.length) {
    writer.band('Actions');
    writer.actions(model.otherActions);
  }
  if (model.attachments.length) {
    writer.band('Attachments');
    writer.files(model.attachments);
  }
  drawFooters(doc, model);
  doc.end();
  return done;
}

/** The file name of a submission's PDF. */
export const pdfFileName = (model: Pick<PdfModel, 'formNumber' | 'templateName'>) =>
  `${model.formNumber} ${model.templateName}`
    .replace(/[^A-Za-z0-9 ._-]+/g, '')
    .trim()
    .replace(/\s+/g, '-') + '.pdf';
