import { displayDay, SUBMISSION_LIST_SORTS, type TFormSubmissionListRequest } from '@compass/shared';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { FilterPanel } from '../../components/ListFilters';
import { TableWrap } from '../../components/DataTable';
import { ListState, PAGE_SIZES, Pagination } from '../../components/ListParts';
import { DateInput } from '../../fields';
import { usePageTitle } from '../../shell/pageTitle';
import { useRelatedLists, useSubmissionList } from './api';
import { NEW_SUBMISSION_PATH, recordPath } from './paths';

type Sort = (typeof SUBMISSION_LIST_SORTS)[number];
const STATUSES = ['Draft', 'Open', 'Closed'] as const;

const SCOPES = {
  my: { title: 'My Records', hint: 'Forms you recorded or coordinate.' },
  all: { title: 'Records', hint: 'Every form of your organisation.' },
} as const;

const isSort = (value: string | null): value is Sort =>
  (SUBMISSION_LIST_SORTS as readonly string[]).includes(value ?? '');
const isStatus = (value: string | null): value is (typeof STATUSES)[number] =>
  (STATUSES as readonly string[]).includes(value ?? '');

/** The list request from the address bar, so a filtered page can be reloaded and shared. */
export function listRequestFromParams(
  scope: 'my' | 'all',
  params: URLSearchParams,
): TFormSubmissionListRequest {
  const number = (key: string, fallback: number) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const pageSize = number('pageSize', 20);
  const optional = (key: string) => params.get(key) || undefined;
  const status = params.get('status');
  const sort = params.get('sort');
  return {
    scope,
    page: number('page', 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 20,
    sort: isSort(sort) ? sort : 'formDate',
    sortDirection: params.get('dir') === 'asc' ? 'asc' : 'desc',
    formTemplateId: optional('template'),
    status: isStatus(status) ? status : undefined,
    fromDate: optional('from'),
    toDate: optional('to'),
    workplace: optional('workplace'),
    search: optional('search'),
  };
}

const COLUMNS: { label: string; sort?: Sort }[] = [
  { label: 'Form Number', sort: 'number' },
  { label: 'Type of Form' },
  { label: 'Description', sort: 'formDescription' },
  { label: 'Date', sort: 'formDate' },
  { label: 'Workplace' },
  { label: 'Branch' },
  { label: 'Coordinator' },
  { label: 'Recorded By' },
  { label: 'Status' },
];

const STATUS_BADGE = { Draft: 'badge-warning', Open: 'badge-primary', Closed: 'badge-success' } as const;

/** My Records and Records (issue #4 item 6): server-side pages, sorting and filters. */
export function SubmissionListPage({ scope }: { scope: 'my' | 'all' }) {
  const { title, hint } = SCOPES[scope];
  usePageTitle(title);
  const captionId = useId();
  const [params, setParams] = useSearchParams();
  const request = listRequestFromParams(scope, params);
  const list = useSubmissionList(request);

  /** Changes the address; any filter change starts again at page 1. */
  const change = (values: Record<string, string | undefined>, keepPage = false) => {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(values)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!keepPage) next.delete('page');
      return next;
    });
  };

  const sortBy = (sort: Sort) => {
    const direction = request.sort === sort && request.sortDirection === 'desc' ? 'asc' : 'desc';
    change({ sort, dir: direction });
  };

  const total = list.data?.total ?? 0;
  const pageSize = request.pageSize ?? 20;
  const page = request.page ?? 1;
  const activeFilters = ['template', 'status', 'from', 'to', 'workplace', 'search'].filter((key) =>
    params.get(key),
  ).length;

  return (
    <div className="submissions-page stack-lg">
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p>{hint}</p>
        </div>
        <Link className="btn btn-primary" to={NEW_SUBMISSION_PATH}>
          <Plus size={16} aria-hidden="true" /> New Submission
        </Link>
      </div>

      <SubmissionFilters request={request} active={activeFilters} change={change} />

      <section
        className="card list-card"
        aria-labelledby={`${captionId}-caption`}
        aria-busy={list.isFetching}
      >
        <h2 id={`${captionId}-caption`} className="visually-hidden">
          {title}
        </h2>
        <ListState
          query={list}
          count={list.data?.rows.length}
          empty={activeFilters > 0 ? 'No forms match these filters.' : 'No forms yet.'}
        />
        {list.data && list.data.rows.length > 0 && (
          <TableWrap>
            <table className="data-table">
              <thead>
                <tr>
                  {COLUMNS.map((column) => {
                    const active = column.sort && request.sort === column.sort;
                    return (
                      <th
                        key={column.label}
                        scope="col"
                        aria-sort={
                          active ? (request.sortDirection === 'asc' ? 'ascending' : 'descending') : undefined
                        }
                      >
                        {column.sort ? (
                          <button type="button" className="sort-button" onClick={() => sortBy(column.sort!)}>
                            {column.label}
                            {active &&
                              (request.sortDirection === 'asc' ? (
                                <ArrowUp size={14} aria-hidden="true" />
                              ) : (
                                <ArrowDown size={14} aria-hidden="true" />
                              ))}
                          </button>
                        ) : (
                          column.label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {list.data.rows.map((row) => (
                  <tr key={row._id}>
                    <td>
                      <Link to={recordPath(row._id)}>{row.formatedNumber}</Link>
                    </td>
                    <td>{row.formTemplateName}</td>
                    <td>{row.formDescription}</td>
                    <td>{displayDay(row.formDate)}</td>
                    <td>{row.workplaceName}</td>
                    <td>{row.branchName}</td>
                    <td>{row.coordinator}</td>
                    <td>{row.recordedBy}</td>
                    <td>
                      <span className={`badge ${STATUS_BADGE[row.status]}`}>{row.status}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
        {list.data && (
          <Pagination
            page={page}
            pageSize={pageSize}
            total={total}
            capped={list.data?.totalCapped ?? false}
            onPage={(next) => change({ page: String(next) }, true)}
            onPageSize={(size) => change({ pageSize: String(size) })}
          />
        )}
      </section>
    </div>
  );
}

/** The filters of a records list: each applies at once, the search on Search (or Enter). */
function SubmissionFilters({
  request,
  active,
  change,
}: {
  request: TFormSubmissionListRequest;
  /** How many filters (and an applied search) narrow the list now. */
  active: number;
  change: (values: Record<string, string | undefined>) => void;
}) {
  const ids = {
    template: useId(),
    status: useId(),
    from: useId(),
    to: useId(),
    workplace: useId(),
    search: useId(),
  };
  const lists = useRelatedLists();
  const [search, setSearch] = useState(request.search ?? '');
  return (
    <FilterPanel active={active} onSubmit={() => change({ search: search.trim() || undefined })}>
      <div className="field">
        <label className="field-label" htmlFor={ids.search}>
          Search
        </label>
        <input
          id={ids.search}
          className="input"
          type="search"
          value={search}
          placeholder="Description or number"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.template}>
          Form template
        </label>
        <select
          id={ids.template}
          className="input"
          value={request.formTemplateId ?? ''}
          onChange={(event) => change({ template: event.target.value })}
        >
          <option value="">All templates</option>
          {(lists.data?.formTemplate ?? []).map((template) => (
            <option key={template._id} value={template._id}>
              {template.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.status}>
          Status
        </label>
        <select
          id={ids.status}
          className="input"
          value={request.status ?? ''}
          onChange={(event) => change({ status: event.target.value })}
        >
          <option value="">All statuses</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.from}>
          From date
        </label>
        <DateInput id={ids.from} value={request.fromDate ?? ''} onChange={(from) => change({ from })} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.to}>
          To date
        </label>
        <DateInput id={ids.to} value={request.toDate ?? ''} onChange={(to) => change({ to })} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.workplace}>
          Workplace
        </label>
        <select
          id={ids.workplace}
          className="input"
          value={request.workplace ?? ''}
          onChange={(event) => change({ workplace: event.target.value })}
        >
          <option value="">All workplaces</option>
          {(lists.data?.workplace ?? []).map((workplace) => (
            <option key={workplace._id} value={workplace._id}>
              {workplace.name}
            </option>
          ))}
        </select>
      </div>
      <div className="list-filter-buttons">
        <Button type="submit" variant="primary">
          Search
        </Button>
        {active > 0 && (
          <Button
            onClick={() => {
              setSearch('');
              change({ template: '', status: '', from: '', to: '', workplace: '', search: '' });
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </FilterPanel>
  );
}
