import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DataTable } from './DataTable';
import { ListState, Pagination, usePaging } from './ListParts';

/** What a paged list asks its call for: the page, the applied search and the filters that are set. */
export type PagedRequest<Filters extends Record<string, string>> = {
  page: number;
  pageSize: number;
  search?: string;
} & { [K in keyof Filters]?: Exclude<Filters[K], ''> };

/**
 * Why a list shows no rows: there are none; none pass the search or the filters set; or the only
 * rows there are are the ones its default view leaves out (completed work under an "Open" default).
 */
export type EmptyReason = 'none' | 'narrowed' | 'hidden';

/**
 * A server-paged list with a search and select filters ('' is "any", or the server's default): the
 * request, its query (the previous page stays while the next loads) and the setters; searching or
 * filtering goes to page 1.
 */
export function usePagedList<Filters extends Record<string, string>, Row>({
  queryKey,
  filters: initialFilters,
  fetch,
  hiddenUnder,
}: {
  queryKey: readonly unknown[];
  filters: Filters;
  fetch: (request: PagedRequest<Filters>) => Promise<{ rows: Row[]; total: number; totalCapped?: boolean }>;
  /**
   * For a list whose default view leaves rows out (a status whose default is "open"): the filters
   * that list those rows. When the default view is empty the list asks there once, for one row, so
   * its empty text can tell "nothing yet" from "nothing open".
   */
  hiddenUnder?: { [K in keyof Filters]?: Exclude<Filters[K], ''> };
}) {
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState(initialFilters);
  const set = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  const request = {
    page: paging.page,
    pageSize: paging.pageSize,
    ...(search && { search }),
    ...set,
  } as PagedRequest<Filters>;
  const query = useQuery({
    queryKey: [...queryKey, request],
    queryFn: () => fetch(request),
    placeholderData: keepPreviousData,
  });
  // An order is not a filter: a list sorted its own way counts as many filters as before.
  const activeFilters = (search ? 1 : 0) + Object.keys(set).filter((name) => name !== 'sort').length;
  const narrowed = activeFilters > 0;
  const askHidden = Boolean(hiddenUnder) && !narrowed && query.isSuccess && query.data.total === 0;
  const hidden = useQuery({
    queryKey: [...queryKey, 'hidden', hiddenUnder],
    queryFn: () => fetch({ page: 1, pageSize: 1, ...hiddenUnder } as PagedRequest<Filters>),
    enabled: askHidden,
  });
  const emptyReason: EmptyReason = narrowed
    ? 'narrowed'
    : askHidden && (hidden.data?.total ?? 0) > 0
      ? 'hidden'
      : 'none';
  return {
    // Until the hidden rows are counted the list is still loading: its empty text is not known yet.
    query: askHidden
      ? {
          ...query,
          isPending: hidden.isPending,
          isError: hidden.isError,
          error: hidden.error,
          refetch: hidden.refetch,
        }
      : query,
    rows: query.data?.rows ?? [],
    filters,
    /** A search or a filter narrows the list (its empty message says "no match"). */
    narrowed,
    /** How many filters are set, an applied search among them: counted on the folded filters. */
    activeFilters,
    emptyReason,
    search: (text: string) => {
      setSearch(text);
      paging.setPage(1);
    },
    setFilter: <K extends keyof Filters>(name: K, value: Filters[K]) => {
      setFilters((current) => ({ ...current, [name]: value }));
      paging.setPage(1);
    },
    pagination: query.data ? paging.pagination(query.data.total, query.data.totalCapped) : null,
    /** The applied search and the filters that are set: what the list's export asks for. */
    exportQuery: { ...(search && { search }), ...set } as Record<string, string>,
  };
}

/**
 * The card of a paged list: loading, failure and empty states, the table with its headings (and a
 * last, unnamed column for the row's actions), then the pages. The rows are the children.
 */
export function PagedTable({
  label,
  list,
  columns,
  empty,
  narrowedEmpty,
  hiddenEmpty,
  children,
}: {
  /** The card's accessible name. */
  label: string;
  list: Pick<ReturnType<typeof usePagedList>, 'query' | 'rows' | 'emptyReason' | 'pagination'>;
  columns: readonly string[];
  /** Shown when there are no rows at all. */
  empty: ReactNode;
  /** Shown when no row matches the search or filters. */
  narrowedEmpty: ReactNode;
  /** Shown when the only rows are those the default view leaves out (see hiddenUnder). */
  hiddenEmpty?: ReactNode;
  children: ReactNode;
}) {
  const emptyText = { none: empty, narrowed: narrowedEmpty, hidden: hiddenEmpty ?? empty }[list.emptyReason];
  return (
    <section className="card list-card" aria-label={label} aria-busy={list.query.isFetching}>
      <ListState query={list.query} count={list.rows.length} empty={emptyText} />
      {list.rows.length > 0 && (
        <DataTable columns={columns} actions>
          {children}
        </DataTable>
      )}
      {list.pagination && <Pagination {...list.pagination} />}
    </section>
  );
}
