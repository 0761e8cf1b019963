import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type HeadingSort } from './DataTable';
import { ListState, PAGE_SIZES, Pagination } from './ListParts';

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

/** Where a list keeps its page, rows per page, applied search and filters. */
interface ListPlace<Filters extends Record<string, string>> {
  page: number;
  pageSize: number;
  search: string;
  filters: Filters;
  /** Sets some of them; anything but a new page starts again at page 1. */
  change: (values: { page?: number; pageSize?: number; search?: string; filters?: Partial<Filters> }) => void;
}

/** A list's place kept in the component: a fresh visit starts at page 1 with no search. */
function usePlaceInComponent<Filters extends Record<string, string>>(initial: Filters): ListPlace<Filters> {
  const [place, setPlace] = useState({ page: 1, pageSize: 20, search: '', filters: initial });
  return {
    ...place,
    change: ({ filters, ...values }) =>
      setPlace((current) => ({
        ...current,
        page: 1,
        ...values,
        filters: { ...current.filters, ...filters },
      })),
  };
}

/**
 * A list's place kept in the address (`?search=…&status=…&page=2`), so a filtered page can be
 * reloaded, shared and bookmarked, and Back returns to the previous one. A value left at its
 * default is left out of the address; one the address does not name is at its default.
 */
function usePlaceInAddress<Filters extends Record<string, string>>(initial: Filters): ListPlace<Filters> {
  const [params, setParams] = useSearchParams();
  const positive = (key: string, fallback: number) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const pageSize = positive('pageSize', 20);
  return {
    page: positive('page', 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 20,
    search: params.get('search') ?? '',
    filters: Object.fromEntries(
      Object.entries(initial).map(([name, value]) => [name, params.get(name) ?? value]),
    ) as Filters,
    change: ({ filters = {}, page, pageSize: size, search }) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        const put = (key: string, value: string | undefined, fallback: string) => {
          if (value === undefined) return;
          if (value === fallback) next.delete(key);
          else next.set(key, value);
        };
        for (const [name, value] of Object.entries(filters)) put(name, value, initial[name]!);
        put('search', search, '');
        put('pageSize', size?.toString(), '20');
        put('page', String(page ?? 1), '1');
        return next;
      }),
  };
}

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
  inAddress = false,
  order = ['sort'],
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
  /**
   * Keep the page, search and filters in the address, under the filters' own names (none may be
   * `search`, `page` or `pageSize`). Fixed for the list's life.
   */
  inAddress?: boolean;
  /** The filters that only order the list: neither counted as filters nor cleared. */
  order?: readonly (keyof Filters)[];
}) {
  // The option never changes while the list is shown, so the same hooks run on every render.
  const place = (inAddress ? usePlaceInAddress : usePlaceInComponent)(initialFilters);
  const { search, filters } = place;
  const set = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  const request = {
    page: place.page,
    pageSize: place.pageSize,
    ...(search && { search }),
    ...set,
  } as PagedRequest<Filters>;
  const query = useQuery({
    queryKey: [...queryKey, request],
    queryFn: () => fetch(request),
    placeholderData: keepPreviousData,
  });
  // An order is not a filter: a list sorted its own way counts as many filters as before.
  const activeFilters =
    (search ? 1 : 0) + Object.keys(set).filter((name) => !(order as readonly string[]).includes(name)).length;
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
    /** The applied search ('' for none). */
    searched: search,
    /** A search or a filter narrows the list (its empty message says "no match"). */
    narrowed,
    /** How many filters are set, an applied search among them: counted on the folded filters. */
    activeFilters,
    emptyReason,
    search: (text: string) => place.change({ search: text }),
    setFilter: <K extends keyof Filters>(name: K, value: Filters[K]) =>
      place.change({ filters: { [name]: value } as unknown as Partial<Filters> }),
    /** Sets several filters at once (a column's sort and its direction). */
    setFilters: (values: Partial<Filters>) => place.change({ filters: values }),
    /** Back to no search and the filters' defaults; the order stays. */
    clear: () =>
      place.change({
        search: '',
        filters: Object.fromEntries(
          Object.entries(initialFilters).filter(([name]) => !(order as readonly string[]).includes(name)),
        ) as Partial<Filters>,
      }),
    pagination: query.data
      ? {
          page: place.page,
          pageSize: place.pageSize,
          total: query.data.total,
          capped: query.data.totalCapped ?? false,
          onPage: (page: number) => place.change({ page }),
          onPageSize: (pageSize: number) => place.change({ pageSize }),
        }
      : null,
    /** The applied search and the filters that are set: what the list's export asks for. */
    exportQuery: { ...(search && { search }), ...set } as Record<string, string>,
  };
}

/**
 * The card of a paged list: loading, failure and empty states, the table with its headings (and a
 * last, unnamed column for the row's actions unless `actions` is false), then the pages. The rows
 * are the children.
 */
export function PagedTable<S extends string = string>({
  label,
  list,
  columns,
  actions = true,
  sort,
  empty,
  narrowedEmpty,
  hiddenEmpty,
  children,
}: {
  /** The card's accessible name. */
  label: string;
  list: Pick<ReturnType<typeof usePagedList>, 'query' | 'rows' | 'emptyReason' | 'pagination'>;
  columns: readonly string[];
  /** A last column for the row's buttons. */
  actions?: boolean;
  /** Headings that order the list (DataTable's). */
  sort?: HeadingSort<S>;
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
        <DataTable columns={columns} actions={actions} sort={sort} label={label}>
          {children}
        </DataTable>
      )}
      {list.pagination && <Pagination {...list.pagination} />}
    </section>
  );
}
