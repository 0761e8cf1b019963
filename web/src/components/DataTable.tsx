import { ArrowDown, ArrowUp } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Names each body cell after its column (`data-label`), from the heading row: on a phone the rows
 * are drawn as cards and each cell shows the name it stands under (components.css). A heading with
 * only hidden text (the actions column) names nothing; a cell spanning columns is not named.
 */
function labelCells(wrap: HTMLElement) {
  for (const table of wrap.querySelectorAll('table')) {
    const headings = [...(table.tHead?.rows[0]?.cells ?? [])].map((heading) =>
      heading.querySelector('.visually-hidden') ? '' : (heading.textContent ?? '').trim(),
    );
    for (const body of table.tBodies) {
      for (const row of body.rows) {
        let column = 0;
        for (const cell of row.cells) {
          const label = cell.colSpan === 1 ? headings[column] : '';
          if (label) cell.dataset.label = label;
          else delete cell.dataset.label;
          column += cell.colSpan;
        }
      }
    }
  }
}

/**
 * The scrolling wrapper of a table of records: keeps each cell named after its column while rows
 * come and go, for the card layout of small screens.
 */
export function TableWrap({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const wrap = ref.current;
    if (!wrap) return;
    labelCells(wrap);
    // Rows drawn later (a page, a row's own state) are named as they arrive; only attributes
    // change here, so naming them does not wake the observer again.
    const observer = new MutationObserver(() => labelCells(wrap));
    observer.observe(wrap, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div className="table-wrap" ref={ref}>
      {children}
    </div>
  );
}

/** Headings that order a list: the sort of each sortable column (by its heading), the order now, and a click. */
export interface HeadingSort<S extends string> {
  sorts: Readonly<Partial<Record<string, S>>>;
  sort: string;
  direction: 'asc' | 'desc';
  onSort: (sort: S) => void;
}

/** A column's heading; a sortable one is a button that says which way the list is ordered by it. */
function Heading<S extends string>({ column, sort }: { column: string; sort?: HeadingSort<S> }) {
  const by = sort?.sorts[column];
  if (!sort || !by) return <th scope="col">{column}</th>;
  const active = sort.sort === by;
  return (
    <th scope="col" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="sort-button" onClick={() => sort.onSort(by)}>
        {column}
        {active &&
          (sort.direction === 'asc' ? (
            <ArrowUp size={14} aria-hidden="true" />
          ) : (
            <ArrowDown size={14} aria-hidden="true" />
          ))}
      </button>
    </th>
  );
}

/**
 * A table of records in its scrolling wrapper: the headings (some ordering the list, with `sort`),
 * an optional last unnamed column for each row's actions, and the rows as children.
 */
export function DataTable<S extends string = string>({
  columns,
  actions = false,
  sort,
  caption,
  label,
  className,
  children,
}: {
  columns: readonly string[];
  /** A last column for the row's buttons (named for screen readers only). */
  actions?: boolean;
  sort?: HeadingSort<S>;
  caption?: string;
  /** The table's accessible name when it has no caption (a paged list's: its card's). */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <TableWrap>
      <table className={className ? `data-table ${className}` : 'data-table'} aria-label={label}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <Heading key={column} column={column} sort={sort} />
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
    </TableWrap>
  );
}
