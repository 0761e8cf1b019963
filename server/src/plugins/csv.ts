import { stringify } from 'csv-stringify/sync';

/** One column of an exported list: its heading and how a row gives its cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** A cell a spreadsheet would run as a formula ('=', '+', '-', '@', tab, CR) is kept as text. */
function inert(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * A list exported as CSV (RFC 4180, CRLF), with a byte-order mark so that spreadsheet programs
 * read it as UTF-8. Every register's "Export CSV" writes through this.
 */
export function csvOf<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  const records = [columns.map((column) => column.header)];
  for (const row of rows) {
    records.push(
      columns.map((column) => {
        const cell = column.value(row);
        return typeof cell === 'string' ? inert(cell) : String(cell ?? '');
      }),
    );
  }
  return `\uFEFF${stringify(records, { record_delimiter: 'windows' })}`;
}

/** A row of a people × things matrix (competencies, courses): the person and a cell per column. */
export interface MatrixRow<Cell> {
  employee: { name: string };
  position: string | null;
  workplace: string | null;
  cells: Cell[];
}

/** A people × things matrix as CSV: Employee, Position, Workplace, then one column per thing in view. */
export function matrixCsvOf<Cell>(
  columns: readonly { name: string }[],
  rows: Iterable<MatrixRow<Cell>>,
  cellText: (cell: Cell) => string,
): string {
  const csvColumns: CsvColumn<MatrixRow<Cell>>[] = [
    { header: 'Employee', value: (row) => row.employee.name },
    { header: 'Position', value: (row) => row.position },
    { header: 'Workplace', value: (row) => row.workplace },
    ...columns.map((column, index) => ({
      header: column.name,
      value: (row: MatrixRow<Cell>) => cellText(row.cells[index]!),
    })),
  ];
  return csvOf(csvColumns, rows);
}
