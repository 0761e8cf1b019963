import { PassThrough } from 'node:stream';
import { ACTION_SOURCE_LABELS, type TActionRow } from '@compass/shared';
import ExcelJS from 'exceljs';
import { csvOf, type CsvColumn } from '../../plugins/csv';

/** The register's columns, the same in the CSV and the XLSX export. */
const EXPORT_COLUMNS: CsvColumn<TActionRow>[] = [
  { header: 'Source', value: (row) => ACTION_SOURCE_LABELS[row.source] },
  { header: 'From', value: (row) => row.parentName },
  { header: 'Instruction', value: (row) => row.instruction },
  { header: 'Assignee', value: (row) => row.assigneeName },
  { header: 'Assignee type', value: (row) => row.assigneeType },
  { header: 'Due', value: (row) => row.dueDate },
  { header: 'Assigned on', value: (row) => row.assignedOn },
  { header: 'Status', value: (row) => row.status },
  { header: 'Completed on', value: (row) => row.completedOn },
];

export const csvExport = (rows: TActionRow[]) => csvOf(EXPORT_COLUMNS, rows);

/** The same rows and columns as the CSV, written as a streamed workbook (one sheet). */
export function xlsxExport(rows: TActionRow[]): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Actions');
  sheet.columns = EXPORT_COLUMNS.map((column) => ({
    header: column.header,
    key: column.header,
    width: 22,
  }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for (const row of rows) sheet.addRow(EXPORT_COLUMNS.map((column) => column.value(row) ?? '')).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
