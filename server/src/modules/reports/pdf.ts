import { REPORT_EXPORT_MAX_ROWS, reportMessages, reportValueText, type TReportRow } from '@compass/shared';
import PDFDocument from 'pdfkit';
import { drawChart } from './pdfChart';
import { COLOR, FONT, fitted, type Doc } from './pdfParts';
import type { ReportMeta, ReportTable } from './source';

/**
 * A report as an A4 landscape PDF (the export and the scheduled mail): the heading, the chart
 * (pdfChart.ts), then the table with its header on every page and the Total row.
 */

const MARGIN = 36;
const FOOTER = 24;
const ROW_HEIGHT = 15;

/** "30 Nov 2026, 07:00" on the organisation's clock. */
const instantText = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(instant);

function drawHeader(doc: Doc, table: ReportTable, meta: ReportMeta, left: number, width: number): void {
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(meta.organisation, left, MARGIN, { width });
  doc.font(FONT.bold).fontSize(18).fillColor(COLOR.text).text(meta.title, { width });
  const by = [`By ${meta.groupingLabel.toLowerCase()}`, ...(meta.periodLabel ? [meta.periodLabel] : [])];
  doc.moveDown(0.2).font(FONT.regular).fontSize(11).text(by.join(' · '), { width });
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted);
  if (meta.filtersText.length) doc.text(meta.filtersText.join(' · '), { width });
  const asOf = instantText(meta.asOf ?? meta.madeAt, meta.timeZone);
  doc.text(
    meta.asOf ? `Figures as of ${asOf} — brought up to date every 5 minutes` : `Figures as of ${asOf}`,
    { width },
  );
  if (table.rows.length > REPORT_EXPORT_MAX_ROWS) doc.text(reportMessages.tooManyRows, { width });
  doc.moveDown(0.8);
}

/** The table: the grouping's column, a column per measure, the header on every page, the Total row. */
function drawTable(doc: Doc, table: ReportTable, meta: ReportMeta, left: number, width: number): void {
  const first = Math.max(180, width - table.columns.length * 86);
  const rest = (width - first) / Math.max(table.columns.length, 1);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const line = (cells: string[], y: number, font: string) => {
    doc.font(font).fontSize(8).fillColor(COLOR.text);
    cells.forEach((cell, index) => {
      const x = index === 0 ? left : left + first + (index - 1) * rest;
      const cellWidth = (index === 0 ? first : rest) - 8;
      const text = fitted(doc, cell, cellWidth);
      // Placed by hand, without a width: pdfkit's line wrapper would cost a millisecond a row.
      const at = index === 0 ? x + 4 : x + 4 + cellWidth - doc.widthOfString(text);
      doc.text(text, at, y + 4, { lineBreak: false });
    });
  };
  const header = () => {
    const y = doc.y;
    doc.rect(left, y, width, ROW_HEIGHT + 4).fill(COLOR.band);
    line([meta.groupingLabel, ...table.columns.map((column) => column.label)], y + 2, FONT.bold);
    doc.y = y + ROW_HEIGHT + 4;
  };
  if (doc.y + 3 * ROW_HEIGHT > bottom()) doc.addPage();
  header();
  const cellsOf = (row: Pick<TReportRow, 'label' | 'values'>) => [
    row.label,
    ...table.columns.map((column, index) => reportValueText(row.values[index] ?? null, column.unit)),
  ];
  table.rows.slice(0, REPORT_EXPORT_MAX_ROWS).forEach((row, index) => {
    if (doc.y + ROW_HEIGHT > bottom()) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      header();
    }
    const y = doc.y;
    if (index % 2 === 1) doc.rect(left, y, width, ROW_HEIGHT).fill('#f7f8fa');
    line(cellsOf(row), y, FONT.regular);
    doc.y = y + ROW_HEIGHT;
  });
  if (doc.y + ROW_HEIGHT + 2 > bottom()) {
    doc.addPage();
    doc.y = doc.page.margins.top;
    header();
  }
  const y = doc.y;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.8)
    .strokeColor(COLOR.text)
    .stroke();
  line(cellsOf({ label: 'Total', values: table.total }), y + 1, FONT.bold);
  doc.y = y + ROW_HEIGHT + 2;
}

function drawFooters(doc: Doc, meta: ReportMeta): void {
  const range = doc.bufferedPageRange();
  const made = `Made ${instantText(meta.madeAt, meta.timeZone)}`;
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    // Writing below the bottom margin would start a new page.
    doc.page.margins.bottom = 0;
    const width = doc.page.width - 2 * MARGIN;
    const y = doc.page.height - MARGIN;
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.faint);
    doc.text(`${meta.title} · ${meta.organisation}`, MARGIN, y, { width: width / 2, lineBreak: false });
    doc.text(made, MARGIN + width / 2, y, { width: width / 4, align: 'center', lineBreak: false });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, MARGIN + (3 * width) / 4, y, {
      width: width / 4,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** What the report page says of an empty table. */
const NO_FIGURES = 'No figures for these filters.';

/** The report's PDF: A4 landscape, the chart of the first rows, the table of all the rows given. */
export function renderReportPdf(table: ReportTable, meta: ReportMeta): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    bufferPages: true,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    info: { Title: `${meta.title} by ${meta.groupingLabel.toLowerCase()}`, Author: meta.organisation },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  drawHeader(doc, table, meta, left, width);
  if (table.rows.length === 0)
    doc.font(FONT.regular).fontSize(11).fillColor(COLOR.text).text(NO_FIGURES, left, doc.y, { width });
  else {
    drawChart(doc, table, left, width);
    drawTable(doc, table, meta, left, width);
  }
  drawFooters(doc, meta);
  doc.end();
  return done;
}
