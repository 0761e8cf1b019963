import { REPORT_EXPORT_MAX_ROWS, reportMessages, type TReportColumn, type TReportRow } from '@compass/shared';
import PDFDocument from 'pdfkit';
import type { ReportMeta, ReportTable } from './source';

/**
 * A report as an A4 landscape PDF (the export and the scheduled mail): the heading, the chart drawn
 * in vectors, then the table with its header on every page and the Total row. Each series has a
 * fill and a hatching of its own, so the chart still reads when printed in black and white.
 */

type Doc = PDFKit.PDFDocument;
type Box = { x: number; y: number; width: number; height: number };

const MARGIN = 36;
const FOOTER = 24;
const COLOR = { text: '#1f2933', muted: '#52606d', faint: '#7b8794', rule: '#d9dee5', band: '#eef2f7' };
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const CHART_HEIGHT = 220;
/** The bars drawn: the chart of the web shows as many; every row is in the table. */
const CHART_ROWS = 20;
const ROW_HEIGHT = 15;
const EMPTY = '—';

type Hatch = 'none' | 'diagonal' | 'cross' | 'horizontal' | 'vertical' | 'backDiagonal';
const SERIES: { fill: string; hatch: Hatch; dash: [number, number] | null }[] = [
  { fill: '#1f5fbf', hatch: 'none', dash: null },
  { fill: '#f0a030', hatch: 'diagonal', dash: [6, 3] },
  { fill: '#8fb8e8', hatch: 'cross', dash: [2, 2] },
  { fill: '#d64545', hatch: 'horizontal', dash: [8, 2] },
  { fill: '#6b9e3a', hatch: 'vertical', dash: [4, 4] },
  { fill: '#b0b8c4', hatch: 'backDiagonal', dash: [1, 3] },
];
const seriesOf = (index: number) => SERIES[index % SERIES.length]!;

const DECIMALS: Record<TReportColumn['unit'], number> = {
  count: 0,
  percent: 0,
  days: 1,
  hours: 2,
  money: 2,
  score: 1,
};
// One formatter per unit: toLocaleString builds a new one on every call (most of a long table's time).
const NUMBER = Object.fromEntries(
  Object.entries(DECIMALS).map(([unit, digits]) => [
    unit,
    new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ]),
) as Record<TReportColumn['unit'], Intl.NumberFormat>;

/** A figure as the table prints it: counts whole, hours and money to 2 decimals, a percent sign. */
function valueText(value: number | null, unit: TReportColumn['unit']): string {
  if (value === null) return EMPTY;
  const text = NUMBER[unit].format(value);
  return unit === 'percent' ? `${text}%` : text;
}

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

/** The text cut with an ellipsis to fit `width` in the current font. */
function fitted(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * 1, 2 or 5 times a power of ten: the step of an axis whose top is at least `max`; whole steps
 * for counts.
 */
function axisOf(max: number, unit: TReportColumn['unit']): { top: number; step: number } {
  if (max <= 0) return { top: 1, step: 1 };
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const nice = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const step = unit === 'count' ? Math.max(1, nice) : nice;
  return { top: Math.ceil(max / step) * step, step };
}

function hatchPath(doc: Doc, box: Box, hatch: Hatch): void {
  const { x, y, width, height } = box;
  const gap = 4;
  if (hatch === 'horizontal' || hatch === 'cross')
    for (let offset = gap; offset < height; offset += gap)
      doc.moveTo(x, y + offset).lineTo(x + width, y + offset);
  if (hatch === 'vertical' || hatch === 'cross')
    for (let offset = gap; offset < width; offset += gap)
      doc.moveTo(x + offset, y).lineTo(x + offset, y + height);
  if (hatch === 'diagonal')
    for (let offset = -height; offset < width; offset += gap)
      doc.moveTo(x + offset, y + height).lineTo(x + offset + height, y);
  if (hatch === 'backDiagonal')
    for (let offset = -height; offset < width; offset += gap)
      doc.moveTo(x + offset, y).lineTo(x + offset + height, y + height);
}

/** A bar or a legend swatch: the series' fill, its hatching, a dark outline. */
function paint(doc: Doc, box: Box, series: number): void {
  if (box.width <= 0 || box.height <= 0) return;
  const style = seriesOf(series);
  doc.rect(box.x, box.y, box.width, box.height).fill(style.fill);
  if (style.hatch !== 'none') {
    doc.save();
    doc.rect(box.x, box.y, box.width, box.height).clip();
    hatchPath(doc, box, style.hatch);
    doc.lineWidth(0.5).strokeColor('#1f2933').stroke();
    doc.restore();
  }
  doc.rect(box.x, box.y, box.width, box.height).lineWidth(0.5).strokeColor('#1f2933').stroke();
}

/** The legend on one line above the chart; returns its height. */
function drawLegend(doc: Doc, columns: TReportColumn[], x: number, y: number, line: boolean): number {
  let left = x;
  doc.font(FONT.regular).fontSize(8).fillColor(COLOR.text);
  columns.forEach((column, series) => {
    if (line)
      strokeSeries(doc, series, [
        [left, y + 4],
        [left + 18, y + 4],
      ]);
    else paint(doc, { x: left, y, width: 14, height: 9 }, series);
    const width = doc.widthOfString(column.label);
    doc.fillColor(COLOR.text).text(column.label, left + 20, y + 1, { lineBreak: false });
    left += 20 + width + 14;
  });
  return 18;
}

function strokeSeries(doc: Doc, series: number, points: [number, number][]): void {
  const style = seriesOf(series);
  const [first, ...rest] = points;
  if (!first) return;
  doc.moveTo(...first);
  for (const point of rest) doc.lineTo(...point);
  doc.lineWidth(1.6).strokeColor(style.fill);
  if (style.dash) doc.dash(style.dash[0], { space: style.dash[1] });
  doc.stroke().undash();
}

/** The value axis: gridlines and their figures at the plot's left. */
function drawAxis(
  doc: Doc,
  plot: Box,
  axis: { top: number; step: number },
  unit: TReportColumn['unit'],
): void {
  doc.font(FONT.regular).fontSize(7);
  for (let tick = 0; tick <= axis.top + axis.step / 2; tick += axis.step) {
    const y = plot.y + plot.height - (tick / axis.top) * plot.height;
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .lineWidth(0.4)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.fillColor(COLOR.muted).text(valueText(tick, unit), plot.x - 44, y - 3, {
      width: 40,
      align: 'right',
      lineBreak: false,
    });
  }
}

/** The row labels under the plot, centred on their slots (every nth when they would not fit). */
function drawCategoryLabels(
  doc: Doc,
  rows: TReportRow[],
  plot: Box,
  centreOf: (index: number) => number,
): void {
  const slot = plot.width / Math.max(rows.length, 1);
  const every = Math.max(1, Math.ceil(36 / slot));
  const width = Math.max(slot * every - 2, 20);
  doc.font(FONT.regular).fontSize(7).fillColor(COLOR.text);
  rows.forEach((row, index) => {
    if (index % every !== 0) return;
    doc.text(fitted(doc, row.label, width), centreOf(index) - width / 2, plot.y + plot.height + 4, {
      width,
      align: 'center',
      lineBreak: false,
    });
  });
}

function drawBars(doc: Doc, table: ReportTable, charted: number[], plot: Box, stacked: boolean): void {
  const rows = table.rows.slice(0, CHART_ROWS);
  const unit = table.columns[charted[0]!]!.unit;
  const figure = (row: TReportRow, index: number) => Math.max(row.values[index] ?? 0, 0);
  const max = Math.max(
    0,
    ...rows.map((row) =>
      stacked
        ? charted.reduce((sum, index) => sum + figure(row, index), 0)
        : Math.max(...charted.map((index) => figure(row, index))),
    ),
  );
  const axis = axisOf(max, unit);
  drawAxis(doc, plot, axis, unit);
  const slot = plot.width / Math.max(rows.length, 1);
  const group = Math.min(slot * 0.7, 90);
  const barWidth = stacked ? group : group / charted.length;
  const heightOf = (value: number) => (value / axis.top) * plot.height;
  const base = plot.y + plot.height;
  rows.forEach((row, rowIndex) => {
    const left = plot.x + rowIndex * slot + (slot - group) / 2;
    let top = base;
    charted.forEach((columnIndex, series) => {
      const height = heightOf(figure(row, columnIndex));
      const x = stacked ? left : left + series * barWidth;
      const y = stacked ? top - height : base - height;
      paint(doc, { x, y, width: barWidth, height }, series);
      if (stacked) top -= height;
      else if (barWidth >= 14) label(doc, valueText(row.values[columnIndex] ?? null, unit), x, y, barWidth);
    });
    if (stacked) {
      const total = charted.reduce((sum, index) => sum + (row.values[index] ?? 0), 0);
      label(doc, valueText(total, unit), left, top, group);
    }
  });
  doc
    .moveTo(plot.x, base)
    .lineTo(plot.x + plot.width, base)
    .lineWidth(0.8)
    .strokeColor(COLOR.text)
    .stroke();
  drawCategoryLabels(doc, rows, plot, (index) => plot.x + index * slot + slot / 2);
}

/** A figure printed just above a bar. */
function label(doc: Doc, text: string, x: number, top: number, width: number): void {
  doc.font(FONT.regular).fontSize(6.5).fillColor(COLOR.text);
  doc.text(fitted(doc, text, width + 8), x - 4, top - 9, {
    width: width + 8,
    align: 'center',
    lineBreak: false,
  });
}

function drawLines(doc: Doc, table: ReportTable, charted: number[], plot: Box): void {
  const rows = table.rows;
  const unit = table.columns[charted[0]!]!.unit;
  const values = rows.flatMap((row) => charted.map((index) => row.values[index] ?? 0));
  const axis = axisOf(Math.max(0, ...values), unit);
  drawAxis(doc, plot, axis, unit);
  const stepX = rows.length > 1 ? plot.width / (rows.length - 1) : 0;
  const xOf = (index: number) => (rows.length > 1 ? plot.x + index * stepX : plot.x + plot.width / 2);
  const yOf = (value: number) => plot.y + plot.height - (value / axis.top) * plot.height;
  charted.forEach((columnIndex, series) => {
    // A month without a figure (no closed audit) breaks the line rather than drawing a zero.
    let run: [number, number][] = [];
    const flush = () => {
      strokeSeries(doc, series, run);
      run = [];
    };
    rows.forEach((row, index) => {
      const value = row.values[columnIndex];
      if (value === null || value === undefined) return flush();
      run.push([xOf(index), yOf(value)]);
    });
    flush();
    if (rows.length <= 60)
      rows.forEach((row, index) => {
        const value = row.values[columnIndex];
        if (value === null || value === undefined) return;
        marker(doc, series, xOf(index), yOf(value));
      });
  });
  const base = plot.y + plot.height;
  doc
    .moveTo(plot.x, base)
    .lineTo(plot.x + plot.width, base)
    .lineWidth(0.8)
    .strokeColor(COLOR.text)
    .stroke();
  drawCategoryLabels(doc, rows, plot, xOf);
}

/** A point of a line: a circle, a square or a triangle by series, so lines differ without colour. */
function marker(doc: Doc, series: number, x: number, y: number): void {
  const shape = series % 3;
  if (shape === 0) doc.circle(x, y, 2.4);
  else if (shape === 1) doc.rect(x - 2.2, y - 2.2, 4.4, 4.4);
  else doc.polygon([x, y - 3], [x + 2.8, y + 2], [x - 2.8, y + 2]);
  doc.lineWidth(0.6).fillAndStroke(seriesOf(series).fill, '#1f2933');
}

/** The risk matrix: a cell per row (likelihood) and charted column (consequence), shaded by its count. */
function drawHeatmap(doc: Doc, table: ReportTable, charted: number[], area: Box): number {
  const rows = table.rows;
  const labelWidth = 110;
  const cellWidth = Math.min(90, (area.width - labelWidth) / charted.length);
  const cellHeight = Math.min(34, (area.height - 16) / Math.max(rows.length, 1));
  const max = Math.max(1, ...rows.flatMap((row) => charted.map((index) => row.values[index] ?? 0)));
  const top = area.y + 14;
  doc.font(FONT.bold).fontSize(7.5).fillColor(COLOR.text);
  charted.forEach((columnIndex, index) => {
    const label = fitted(doc, table.columns[columnIndex]!.label, cellWidth - 4);
    doc.text(label, area.x + labelWidth + index * cellWidth, area.y, {
      width: cellWidth,
      align: 'center',
      lineBreak: false,
    });
  });
  rows.forEach((row, rowIndex) => {
    const y = top + rowIndex * cellHeight;
    doc.font(FONT.bold).fontSize(7.5).fillColor(COLOR.text);
    doc.text(fitted(doc, row.label, labelWidth - 6), area.x, y + cellHeight / 2 - 4, {
      width: labelWidth - 6,
      lineBreak: false,
    });
    charted.forEach((columnIndex, index) => {
      const column = table.columns[columnIndex]!;
      const value = row.values[columnIndex] ?? 0;
      const share = value / max;
      const x = area.x + labelWidth + index * cellWidth;
      // White to the brand colour; the figure is printed in every cell, so grey prints read too.
      const channel = (from: number, to: number) => Math.round(from + (to - from) * share);
      doc
        .rect(x, y, cellWidth, cellHeight)
        .fillColor([channel(255, 31), channel(255, 95), channel(255, 191)])
        .fill();
      doc.rect(x, y, cellWidth, cellHeight).lineWidth(0.5).strokeColor(COLOR.muted).stroke();
      doc
        .font(FONT.bold)
        .fontSize(9)
        .fillColor(share > 0.55 ? '#ffffff' : COLOR.text);
      doc.text(valueText(value, column.unit), x, y + cellHeight / 2 - 4.5, {
        width: cellWidth,
        align: 'center',
        lineBreak: false,
      });
    });
  });
  return 14 + rows.length * cellHeight;
}

function drawChart(doc: Doc, table: ReportTable, left: number, width: number): void {
  const charted = table.columns.flatMap((column, index) => (column.charted === 'yes' ? [index] : []));
  if (charted.length === 0 || table.rows.length === 0) return;
  const y = doc.y;
  const chartedColumns = charted.map((index) => table.columns[index]!);
  if (table.chart === 'heatmap') {
    doc.x = left;
    doc.y = y + drawHeatmap(doc, table, charted, { x: left, y, width, height: CHART_HEIGHT }) + 16;
    return;
  }
  const legend = drawLegend(doc, chartedColumns, left + 48, y, table.chart === 'line');
  const plot = { x: left + 48, y: y + legend + 10, width: width - 56, height: CHART_HEIGHT - legend - 40 };
  if (table.chart === 'line') drawLines(doc, table, charted, plot);
  else drawBars(doc, table, charted, plot, table.chart === 'stackedBar');
  let bottom = plot.y + plot.height + 18;
  if (table.chart !== 'line' && table.rows.length > CHART_ROWS) {
    doc.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
    doc.text(`Showing the first ${CHART_ROWS} of ${table.rows.length} — all are in the table`, left, bottom, {
      width,
      lineBreak: false,
    });
    bottom += 12;
  }
  doc.x = left;
  doc.y = bottom + 10;
}

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
    ...table.columns.map((column, index) => valueText(row.values[index] ?? null, column.unit)),
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
  drawChart(doc, table, left, width);
  drawTable(doc, table, meta, left, width);
  drawFooters(doc, meta);
  doc.end();
  return done;
}
