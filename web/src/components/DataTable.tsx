import type { ReactNode } from 'react';

/**
 * A table of records in its scrolling wrapper: the headings, an optional last unnamed column for
 * each row's actions, and the rows as children.
 */
export function DataTable({
  columns,
  actions = false,
  caption,
  className,
  children,
}: {
  columns: readonly string[];
  /** A last column for the row's buttons (named for screen readers only). */
  actions?: boolean;
  caption?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={className ? `data-table ${className}` : 'data-table'}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
