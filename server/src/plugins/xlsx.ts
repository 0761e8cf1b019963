import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CsvColumn } from './csv';

/**
 * A list exported as a streamed workbook of one sheet, in the columns of its CSV export (csvOf):
 * every register's "Export XLSX" writes through this.
 */
export function xlsxOf<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: Iterable<Row>,
  sheetName: string,
): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.header,
    width: 22,
  }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for (const row of rows) sheet.addRow(columns.map((column) => column.value(row) ?? '')).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
