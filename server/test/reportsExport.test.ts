import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { REPORT_EXPORT_MAX_ROWS, reportMessages } from '@compass/shared';
import { describe, expect, it } from 'vitest';
import { renderReportFile } from '../src/modules/reports/exports';
import type { ReportMeta, ReportTable } from '../src/modules/reports/source';

/** Reports & Charts' exports (issue 46): CSV, XLSX and the PDF with its chart, from a hand-made table. */

const meta: ReportMeta = {
  organisation: 'Northwind Facilities',
  title: 'Form submissions',
  groupingLabel: 'Template',
  periodLabel: 'Last 12 months (Dec 2025 – Nov 2026)',
  filtersText: ['Workplace: Riverside Depot'],
  asOf: new Date('2026-11-30T04:55:00Z'),
  // 23:30 UTC is already the next day in Sydney: the file is named by the organisation's day.
  madeAt: new Date('2026-11-29T23:30:00Z'),
  timeZone: 'Australia/Sydney',
};

const table: ReportTable = {
  chart: 'stackedBar',
  columns: [
    { id: 'open', label: 'Open', unit: 'count', charted: 'yes', drill: 'yes' },
    { id: 'closed', label: 'Closed', unit: 'count', charted: 'yes', drill: 'yes' },
    { id: 'avgDays', label: 'Avg days to close', unit: 'days', charted: 'no', drill: 'no' },
  ],
  rows: [
    { key: 'a', label: 'Incident Report', values: [4, 10, 2.5] },
    { key: 'b', label: '=Site Inspection', values: [1, 3, null] },
  ],
  total: [5, 13, 2.25],
  asOf: meta.asOf,
};

async function pdfText(body: Buffer): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-')), 'report.pdf');
  fs.writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('report exports', () => {
  it('writes the CSV with the grouping column, every row and the Total row', async () => {
    const file = await renderReportFile(table, meta, 'csv');
    expect(file.fileName).toBe('form-submissions-by-template-2026-11-30.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const records = parse(String(file.body).replace(/^\uFEFF/, '')) as string[][];
    expect(records).toEqual([
      ['Template', 'Open', 'Closed', 'Avg days to close'],
      ['Incident Report', '4', '10', '2.5'],
      // A label a spreadsheet would run as a formula stays text.
      ["'=Site Inspection", '1', '3', ''],
      ['Total', '5', '13', '2.25'],
    ]);
  });

  it('writes a workbook exceljs reads back, with the Total row last', async () => {
    const file = await renderReportFile(table, meta, 'xlsx');
    expect(file.fileName).toBe('form-submissions-by-template-2026-11-30.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Form submissions')!;
    expect(sheet.rowCount).toBe(4);
    const read = (at: number) => (sheet.getRow(at).values as unknown[]).slice(1);
    expect(read(1)).toEqual(['Template', 'Open', 'Closed', 'Avg days to close']);
    expect(read(2)).toEqual(['Incident Report', 4, 10, 2.5]);
    expect(read(4)).toEqual(['Total', 5, 13, 2.25]);
  });

  it('holds at most the export limit of rows, and the whole total', async () => {
    const many: ReportTable = {
      ...table,
      rows: Array.from({ length: REPORT_EXPORT_MAX_ROWS + 7 }, (_, index) => ({
        key: String(index),
        label: `Template ${index}`,
        values: [1, 0, null],
      })),
      total: [REPORT_EXPORT_MAX_ROWS + 7, 0, null],
    };
    const records = parse(String((await renderReportFile(many, meta, 'csv')).body).replace(/^\uFEFF/, ''));
    expect(records).toHaveLength(REPORT_EXPORT_MAX_ROWS + 2);
    expect(records.at(-2)).toEqual([`Template ${REPORT_EXPORT_MAX_ROWS - 1}`, '1', '0', '']);
    expect(records.at(-1)).toEqual(['Total', String(REPORT_EXPORT_MAX_ROWS + 7), '0', '']);
    const pdf = await pdfText((await renderReportFile(many, meta, 'pdf')).body as Buffer);
    expect(pdf).toContain(reportMessages.tooManyRows);
    expect(pdf).toContain(`Template ${REPORT_EXPORT_MAX_ROWS - 1}`);
    expect(pdf).not.toContain(`Template ${REPORT_EXPORT_MAX_ROWS + 1}`);
    // The header is repeated on every page of the table.
    expect(pdf.match(/Avg days to close/g)!.length).toBeGreaterThan(50);
  }, 60_000);

  it('prints the PDF with the heading, the legend, the rows, the total and page numbers', async () => {
    const file = await renderReportFile(table, meta, 'pdf');
    expect(file.fileName).toBe('form-submissions-by-template-2026-11-30.pdf');
    expect(file.contentType).toBe('application/pdf');
    const body = file.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(body);
    for (const words of [
      'Northwind Facilities',
      'Form submissions',
      'By template · Last 12 months (Dec 2025 – Nov 2026)',
      'Workplace: Riverside Depot',
      // The rollup's stamp on the organisation's clock (UTC+11 in November).
      'Figures as of 30 Nov 2026, 15:55',
      'Incident Report',
      'Avg days to close',
      'Page 1 of 1',
    ])
      expect(text).toContain(words);
    expect(text).toMatch(/Total\s+5\s+13\s+2\.3/);
    expect(text).toMatch(/Incident Report\s+4\s+10\s+2\.5/);
  });

  it('draws a line chart and a risk matrix without losing the table', async () => {
    const months: ReportTable = {
      chart: 'line',
      columns: [{ id: 'score', label: 'Average score', unit: 'percent', charted: 'yes', drill: 'yes' }],
      rows: [
        { key: '2026-09', label: 'Sep 2026', values: [81] },
        { key: '2026-10', label: 'Oct 2026', values: [null] },
        { key: '2026-11', label: 'Nov 2026', values: [92.4] },
      ],
      total: [86.7],
      asOf: null,
    };
    const line = await pdfText(
      (
        await renderReportFile(
          months,
          { ...meta, title: 'Audit scores', groupingLabel: 'Month', asOf: null },
          'pdf',
        )
      ).body as Buffer,
    );
    expect(line).toMatch(/Nov 2026\s+92\.4%/);
    expect(line).toContain('Figures as of 30 Nov 2026, 10:30');
    const matrix: ReportTable = {
      chart: 'heatmap',
      columns: [1, 2, 3, 4, 5].map((level) => ({
        id: `c${level}`,
        label: `Consequence ${level}`,
        unit: 'count' as const,
        charted: 'yes' as const,
        drill: 'yes' as const,
      })),
      rows: [5, 4, 3, 2, 1].map((level) => ({
        key: String(level),
        label: `Likelihood ${level}`,
        values: [0, 1, 2, 3, level],
      })),
      total: [0, 5, 10, 15, 15],
      asOf: null,
    };
    const heat = await pdfText(
      (
        await renderReportFile(
          matrix,
          { ...meta, title: 'Risks', groupingLabel: 'Matrix before controls' },
          'pdf',
        )
      ).body as Buffer,
    );
    expect(heat).toContain('By matrix before controls');
    expect(heat).toMatch(/Likelihood 5\s+0\s+1\s+2\s+3\s+5/);
  });

  it('cuts a long label to its cell with an ellipsis and says when there are no figures', async () => {
    const long = `Start ${'x'.repeat(3_000)} End`;
    const cut = await pdfText(
      (
        await renderReportFile(
          { ...table, rows: [{ key: 'long', label: long, values: [1, 2, 3] }] },
          meta,
          'pdf',
        )
      ).body as Buffer,
    );
    expect(cut).toMatch(/Start x+…/);
    expect(cut).not.toContain(' End');
    const empty = await pdfText(
      (await renderReportFile({ ...table, rows: [], total: [0, 0, null] }, meta, 'pdf')).body as Buffer,
    );
    expect(empty).toMatch(/every 5 minutes\s+No figures for these filters\./);
    expect(empty).not.toContain('Total');
  });
});
