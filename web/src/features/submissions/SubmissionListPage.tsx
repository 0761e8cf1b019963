import {
  displayDay,
  formSubmissionListCall,
  SUBMISSION_LIST_SORTS,
  type TFormSubmissionListRow,
} from '@compass/shared';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { DateFilter, ListFilters } from '../../components/ListFilters';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { optionsOf, SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { submissionKeys, useRelatedLists } from './api';
import { NEW_SUBMISSION_PATH, recordPath } from './paths';

type Sort = (typeof SUBMISSION_LIST_SORTS)[number];
const STATUSES = ['Draft', 'Open', 'Closed'] as const;

const SCOPES = {
  my: { title: 'My Records', hint: 'Forms you recorded or coordinate.' },
  all: { title: 'Records', hint: 'Every form of your organisation.' },
} as const;

const isSort = (value: string | undefined): value is Sort =>
  (SUBMISSION_LIST_SORTS as readonly string[]).includes(value ?? '');
const isStatus = (value: string | undefined): value is (typeof STATUSES)[number] =>
  (STATUSES as readonly string[]).includes(value ?? '');

/** The filters under their names in the address (a shared or bookmarked list keeps them); newest first. */
const FILTERS = { template: '', status: '', from: '', to: '', workplace: '', sort: 'formDate', dir: 'desc' };

const COLUMNS = [
  'Form Number',
  'Type of Form',
  'Description',
  'Date',
  'Workplace',
  'Branch',
  'Coordinator',
  'Recorded By',
  'Status',
];
const SORTS: Partial<Record<string, Sort>> = {
  'Form Number': 'number',
  Description: 'formDescription',
  Date: 'formDate',
};

const STATUS_BADGE = { Draft: 'badge-warning', Open: 'badge-primary', Closed: 'badge-success' } as const;

/** My Records and Records (issue #4 item 6): server-side pages, sorting and filters. */
export function SubmissionListPage({ scope }: { scope: 'my' | 'all' }) {
  const { title, hint } = SCOPES[scope];
  usePageTitle(title);
  const list = usePagedList({
    queryKey: [...submissionKeys.lists, scope],
    filters: FILTERS,
    inAddress: true,
    order: ['sort', 'dir'],
    // An address may name anything: an unknown sort is the default one, an unknown status none.
    fetch: ({ template, status, from, to, sort, dir, ...request }) =>
      callApi(formSubmissionListCall, {
        body: {
          ...request,
          scope,
          sort: isSort(sort) ? sort : 'formDate',
          sortDirection: dir === 'asc' ? 'asc' : 'desc',
          formTemplateId: template,
          status: isStatus(status) ? status : undefined,
          fromDate: from,
          toDate: to,
        },
      }),
  });
  const { sort, dir } = list.filters;
  const lists = useRelatedLists();

  return (
    <div className="submissions-page stack-lg">
      <PageHeader title={title} intro={hint}>
        <Link className="btn btn-primary" to={NEW_SUBMISSION_PATH}>
          <Plus size={16} aria-hidden="true" /> New Submission
        </Link>
      </PageHeader>

      <ListFilters placeholder="Description or number" list={list}>
        <SelectField
          label="Form template"
          value={list.filters.template}
          none="All templates"
          options={optionsOf(lists.data?.formTemplate)}
          onChange={(template) => list.setFilter('template', template)}
        />
        <SelectField
          label="Status"
          value={list.filters.status}
          none="All statuses"
          options={STATUSES.map((status) => ({ value: status, label: status }))}
          onChange={(status) => list.setFilter('status', status)}
        />
        <DateFilter
          label="From date"
          value={list.filters.from}
          onChange={(from) => list.setFilter('from', from)}
        />
        <DateFilter label="To date" value={list.filters.to} onChange={(to) => list.setFilter('to', to)} />
        <SelectField
          label="Workplace"
          value={list.filters.workplace}
          none="All workplaces"
          options={optionsOf(lists.data?.workplace)}
          onChange={(workplace) => list.setFilter('workplace', workplace)}
        />
      </ListFilters>

      <PagedTable
        label={title}
        list={list}
        columns={COLUMNS}
        actions={false}
        sort={{
          sorts: SORTS,
          sort,
          direction: dir === 'asc' ? 'asc' : 'desc',
          // A new column starts newest (or last) first; the same column again turns the order round.
          onSort: (next) =>
            list.setFilters({ sort: next, dir: sort === next && dir === 'desc' ? 'asc' : 'desc' }),
        }}
        empty="No forms yet."
        narrowedEmpty="No forms match these filters."
      >
        {list.rows.map((row) => (
          <SubmissionRow key={row._id} row={row} />
        ))}
      </PagedTable>
    </div>
  );
}

/** One form: its number (opening it), template, description, date, place, people and status. */
function SubmissionRow({ row }: { row: TFormSubmissionListRow }) {
  return (
    <tr>
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
  );
}
