import type { ReactNode } from 'react';

/**
 * A people × things matrix (competencies, courses): the answer lists its columns once and each row's
 * cells in their order; the page pairs each cell with its column and draws the table.
 */

type Listed<Cell> = {
  employee: { _id: string; name: string };
  position: string | null;
  workplace: string | null;
  cells: Cell[];
};

/** A row whose cells each carry their column. */
export type PairedRow<Row extends Listed<Cell>, Cell, Column> = Omit<Row, 'cells'> & {
  cells: (Cell & { column: Column })[];
};

/** The page's rows, each cell paired with the column it stands under. */
export function pairedRows<Row extends Listed<Cell>, Cell, Column>(matrix: {
  columns: Column[];
  rows: Row[];
  total: number;
}): { rows: PairedRow<Row, Cell, Column>[]; total: number } {
  return {
    total: matrix.total,
    rows: matrix.rows.map((row) => ({
      ...row,
      cells: row.cells.flatMap((cell, index) => {
        const column = matrix.columns[index];
        return column ? [{ ...cell, column }] : [];
      }),
    })),
  };
}

/**
 * The matrix itself: the employees down the side and the columns along the top, both kept in view
 * while it scrolls (sideways inside its card on a small screen). `person` draws the employee's
 * name (a link where it leads somewhere), `heading` a column's extra line, `cell` one cell.
 */
export function PeopleMatrixTable<
  Row extends Listed<Cell>,
  Cell,
  Column extends { _id: string; name: string },
>({
  columns,
  rows,
  none,
  person,
  heading,
  cell,
}: {
  columns: Column[];
  rows: PairedRow<Row, Cell, Column>[];
  /** Said when no column is in view. */
  none: string;
  person: (row: PairedRow<Row, Cell, Column>) => ReactNode;
  heading?: (column: Column) => ReactNode;
  cell: (cell: Cell & { column: Column }, row: PairedRow<Row, Cell, Column>) => ReactNode;
}) {
  if (columns.length === 0) return <p className="list-state">{none}</p>;
  return (
    <div className="competency-matrix-wrap" role="region" aria-label="Matrix (scrolls sideways)" tabIndex={0}>
      <table className="competency-matrix">
        <thead>
          <tr>
            <th scope="col">Employee</th>
            {columns.map((column) => (
              <th key={column._id} scope="col">
                {column.name}
                {heading?.(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.employee._id}>
              <th scope="row">
                {person(row)}
                <span className="competency-kind">
                  {[row.position, row.workplace].filter(Boolean).join(' · ') || 'No position'}
                </span>
              </th>
              {row.cells.map((one) => (
                <td key={one.column._id}>{cell(one, row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
