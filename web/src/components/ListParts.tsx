import { ChevronLeft, ChevronRight, FileWarning, Inbox } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { describeError } from '../api/errors';
import { Button } from './Button';
import { Spinner } from './Spinner';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The state of a list's query, as TanStack Query reports it. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a list shows instead of rows: loading, the failure with a Retry, or the empty message.
 * Renders nothing once there are rows.
 */
export function ListState({ query, empty, count }: { query: ListQuery; empty: ReactNode; count?: number }) {
  if (query.isPending)
    return (
      <div className="list-state">
        <Spinner /> Loading…
      </div>
    );
  if (query.isError)
    return (
      <div className="list-state" role="alert">
        <FileWarning size={20} aria-hidden="true" />
        {describeError(query.error).message}
        <Button size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (count === 0)
    return (
      <div className="list-state">
        <Inbox size={20} aria-hidden="true" />
        {empty}
      </div>
    );
  return null;
}

/**
 * A page's list in its card: the list's state (loading, the failure, the empty message) and, once
 * there are rows, `children` (its table); `footer` (paging) shows whatever the count.
 */
export function ListCard({
  label,
  query,
  count,
  empty,
  footer,
  children,
}: {
  label: string;
  query: ListQuery & { isFetching: boolean };
  count: number;
  empty: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card list-card" aria-label={label} aria-busy={query.isFetching}>
      <ListState query={query} count={count} empty={empty} />
      {count > 0 && children}
      {footer}
    </section>
  );
}

/**
 * Server-side paging under a list: the range shown, rows per page (when `onPageSize` is given: a
 * list whose server fixes the page size has none), Previous and Next.
 */
export function Pagination({
  page,
  pageSize,
  total,
  capped = false,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  /**
   * The server stopped counting at `total`: there are more (shown as "of 1,000+", and a search's
   * "of 100+" counts further as Next moves on).
   */
  capped?: boolean;
  onPage: (page: number) => void;
  onPageSize?: (pageSize: number) => void;
}) {
  const sizeId = useId();
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="list-pagination" aria-label="Pages">
      <span className="text-sm text-secondary">
        {(page - 1) * pageSize + 1}–{Math.min(page * pageSize, total)} of {total.toLocaleString('en-GB')}
        {capped ? '+' : ''}
      </span>
      <div className="row">
        {onPageSize && (
          <>
            <label className="text-sm" htmlFor={sizeId}>
              Rows per page
            </label>
            <select
              id={sizeId}
              className="input input-sm"
              value={pageSize}
              onChange={(event) => onPageSize(Number(event.target.value))}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </>
        )}
        <Button
          size="sm"
          icon={<ChevronLeft size={16} aria-hidden="true" />}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </Button>
        <span className="text-sm">
          Page {page} of {pages}
          {capped ? '+' : ''}
        </span>
        <Button
          size="sm"
          iconEnd={<ChevronRight size={16} aria-hidden="true" />}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

/** Page and rows-per-page of a list kept in the component; a new page size starts at page 1. */
export function usePaging(initialSize = 20) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  return {
    page,
    pageSize,
    setPage,
    /** The props of <Pagination> for a list of `total` rows (`capped`: the server stopped counting there). */
    pagination: (total: number, capped = false) => ({
      page,
      pageSize,
      total,
      capped,
      onPage: setPage,
      onPageSize: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
    }),
  };
}
