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
 * A server-paged list with a search and select filters ('' is "any"): the request, its query (the
 * previous page stays while the next loads) and the setters; searching or filtering goes to page 1.
 */
export function usePagedList<Filters extends Record<string, string>, Row>({
  queryKey,
  filters: initialFilters,
  fetch,
}: {
  queryKey: readonly unknown[];
  filters: Filters;
  fetch: (request: PagedRequest<Filters>) => Promise<{ rows: Row[]; total: number; totalCapped?: boolean }>;
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
  return {
    query,
    rows: query.data?.rows ?? [],
    filters,
    /** A search or a filter narrows the list (its empty message says "no match"). */
    narrowed: search !== '' || Object.keys(set).length > 0,
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
  children,
}: {
  /** The card's accessible name. */
  label: string;
  list: Pick<ReturnType<typeof usePagedList>, 'query' | 'rows' | 'narrowed' | 'pagination'>;
  columns: readonly string[];
  /** Shown when there are no rows at all, and when none match the search or filters. */
  empty: ReactNode;
  narrowedEmpty: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card list-card" aria-label={label} aria-busy={list.query.isFetching}>
      <ListState query={list.query} count={list.rows.length} empty={list.narrowed ? narrowedEmpty : empty} />
      {list.rows.length > 0 && (
        <DataTable columns={columns} actions>
          {children}
        </DataTable>
      )}
      {list.pagination && <Pagination {...list.pagination} />}
    </section>
  );
}
