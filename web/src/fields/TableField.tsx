import { displayDay, fieldConfig } from '@compass/shared';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../components/Button';
import { IconButton } from '../components/IconButton';
import { FieldFrame, useFieldIds } from './FieldFrame';
import type { FieldProps } from './props';
import type { TableColumn, TemplateField } from './types';
import { DateInput } from '../components/DateInput';

type Row = Record<string, string>;

/** The columns of a table field (optionVal = [{ _id, name, type }]). */
export function columnsOf(field: Pick<TemplateField, 'optionVal'>): TableColumn[] {
  return fieldConfig('table', field).optionVal;
}

/** 001 section 5: a row can be removed only while more than one exists. */
export function canRemoveRow(rowCount: number): boolean {
  return rowCount > 1;
}

function emptyRow(columns: TableColumn[]): Row {
  return Object.fromEntries(columns.map((column) => [column._id, '']));
}

function Cell({
  column,
  row,
  value,
  onChange,
}: {
  column: TableColumn;
  row: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const label = `${column.name}, row ${row + 1}`;
  if (column.type === 'date') return <DateInput value={value} onChange={onChange} ariaLabel={label} />;
  return (
    <input
      type={column.type === 'number' ? 'number' : 'text'}
      step={column.type === 'number' ? 'any' : undefined}
      className="input"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Rows of typed cells (text, number, date); Add row, and Remove row while more than one exists. */
export function TableField({ field, value, onChange, readOnly, error }: FieldProps<'table'>) {
  const ids = useFieldIds(field, error);
  const columns = columnsOf(field);
  const rows = value;
  const removable = canRemoveRow(rows.length);

  const setCell = (rowIndex: number, columnId: string, cell: string) =>
    onChange(rows.map((row, index) => (index === rowIndex ? { ...row, [columnId]: cell } : row)));

  return (
    <FieldFrame field={field} ids={ids} error={error} as="text">
      <div className="field-table-wrap">
        <table className="field-table" aria-labelledby={ids.labelId} aria-describedby={ids.describedBy}>
          <thead>
            <tr>
              <th scope="col" className="field-table-index">
                #
              </th>
              {columns.map((column) => (
                <th key={column._id} scope="col">
                  {column.name}
                </th>
              ))}
              {!readOnly && (
                <th scope="col" className="field-table-actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                <td className="field-table-index">{rowIndex + 1}</td>
                {columns.map((column) => (
                  <td key={column._id}>
                    {readOnly ? (
                      column.type === 'date' ? (
                        displayDay(row[column._id])
                      ) : (
                        (row[column._id] ?? '')
                      )
                    ) : (
                      <Cell
                        column={column}
                        row={rowIndex}
                        value={row[column._id] ?? ''}
                        onChange={(cell) => setCell(rowIndex, column._id, cell)}
                      />
                    )}
                  </td>
                ))}
                {!readOnly && (
                  <td className="field-table-actions">
                    <IconButton
                      label={`Remove row ${rowIndex + 1}`}
                      title={removable ? `Remove row ${rowIndex + 1}` : 'A table keeps at least one row'}
                      icon={<Trash2 size={16} aria-hidden="true" />}
                      disabled={!removable}
                      onClick={() => onChange(rows.filter((_, index) => index !== rowIndex))}
                    />
                  </td>
                )}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length + (readOnly ? 1 : 2)} className="field-table-empty">
                  No rows.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {!readOnly && (
        <div>
          <Button
            size="sm"
            icon={<Plus size={14} aria-hidden="true" />}
            onClick={() => onChange([...rows, emptyRow(columns)])}
          >
            Add row
          </Button>
        </div>
      )}
    </FieldFrame>
  );
}
