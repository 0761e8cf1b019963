import { ACTION_SOURCE_LABELS, type TActionRow } from '@compass/shared';
import { csvOf, type CsvColumn } from '../../plugins/csv';
import { xlsxOf } from '../../plugins/xlsx';

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
export const xlsxExport = (rows: TActionRow[]) => xlsxOf(EXPORT_COLUMNS, rows, 'Actions');
