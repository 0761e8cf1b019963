import { reportValueText, type TReportColumn, type TReportRow } from '@compass/shared';
import type { ReportTable } from './source';
import { COLOR, FONT, fitted, type Box, type Doc } from './pdfParts';

/**
 * The chart of a report's PDF, in vectors: bars or stacked bars of the first rows, a line over
 * time, the risk matrix as a grid. Each series has a fill and a hatching of its own, so the chart
 * still reads when printed in black and white.
 */

const CHART_HEIGHT = 220;
/** The bars drawn: the chart of the web shows as many; every row is in the table. */
const CHART_ROWS = 20;

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
    doc.fillColor(COLOR.muted).text(reportValueText(tick, unit), plot.x - 44, y - 3, {
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
      else if (barWidth >= 14)
        label(doc, reportValueText(row.values[columnIndex] ?? null, unit), x, y, barWidth);
    });
    if (stacked) {
      const total = charted.reduce((sum, index) => sum + (row.values[index] ?? 0), 0);
      label(doc, reportValueText(total, unit), left, top, group);
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
      doc.text(reportValueText(value, column.unit), x, y + cellHeight / 2 - 4.5, {
        width: cellWidth,
        align: 'center',
        lineBreak: false,
      });
    });
  });
  return 14 + rows.length * cellHeight;
}

export function drawChart(doc: Doc, table: ReportTable, left: number, width: number): void {
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
