import { buffer } from 'node:stream/consumers';
import { localDateOf, REPORT_EXPORT_MAX_ROWS, type TReportRow } from '@compass/shared';
import { csvOf, type CsvColumn } from '../../plugins/csv';
import { contentTypeOf } from '../../plugins/downloads';
import { xlsxOf } from '../../plugins/xlsx';
import { renderReportPdf } from './pdf';
import type { ReportMeta, ReportTable } from './source';

export type ReportFileFormat = 'csv' | 'xlsx' | 'pdf';

export interface ReportFile {
  body: Buffer | string;
  contentType: string;
  fileName: string;
}

/** "form-submissions-by-template-2026-11-30.csv": the report, its grouping and the organisation's day. */
function reportFileName(meta: ReportMeta, format: ReportFileFormat): string {
  const slug = `${meta.title} by ${meta.groupingLabel}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug}-${localDateOf(meta.madeAt, meta.timeZone)}.${format}`;
}

/** The table as a spreadsheet reads it: the grouping's label first, a column per measure, then "Total". */
function spreadsheetOf(table: ReportTable, meta: ReportMeta) {
  const columns: CsvColumn<TReportRow>[] = [
    { header: meta.groupingLabel, value: (row) => row.label },
    ...table.columns.map((column, index) => ({
      header: column.label,
      value: (row: TReportRow) => row.values[index],
    })),
  ];
  const rows = [
    ...table.rows.slice(0, REPORT_EXPORT_MAX_ROWS),
    { key: 'total', label: 'Total', values: table.total },
  ];
  return { columns, rows };
}

/**
 * A report as a file: CSV and XLSX through the registers' export writers, the PDF with its chart
 * (pdf.ts). Every format holds the first REPORT_EXPORT_MAX_ROWS groups and the whole report's total.
 */
export async function renderReportFile(
  table: ReportTable,
  meta: ReportMeta,
  format: ReportFileFormat,
): Promise<ReportFile> {
  const fileName = reportFileName(meta, format);
  const contentType = contentTypeOf(fileName);
  if (format === 'pdf') return { body: await renderReportPdf(table, meta), contentType, fileName };
  const { columns, rows } = spreadsheetOf(table, meta);
  if (format === 'csv') return { body: csvOf(columns, rows), contentType, fileName };
  // A sheet's name is at most 31 characters and takes no []:*?/\.
  const sheetName = meta.title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
  return { body: await buffer(xlsxOf(columns, rows, sheetName)), contentType, fileName };
}
