import { displayDay, frequencyLabel, TASK_SORTS, taskListCall, type TTaskRow } from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { DueMarker } from '../../components/DueMarker';
import { DueRangeFilters, ListFilters, SortSelect, useSortOrder } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { SearchChoice } from '../../components/SearchPicker';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { searchTaskPeople, taskKeys } from './api';

type TaskSort = (typeof TASK_SORTS)[number];
const SORT_LABELS: Record<TaskSort, string> = {
  dueDate: 'Due date',
  title: 'Title',
  createdAt: 'Date added',
};

const FILTERS = {
  /** '' is the open occurrences (the server's default). */
  status: '' as '' | 'completed',
  due: '' as '' | 'overdue',
  assigneeId: '',
  dueFrom: '',
  dueTo: '',
};

/** Reminders (/task/reminders): the organisation's scheduled tasks, one row an occurrence. */
export function TasksPage() {
  usePageTitle('Reminders');
  const order = useSortOrder<TaskSort>('dueDate');
  const { sort, sortDirection } = order;
  const [assignee, setAssignee] = useState('');
  const list = usePagedList({
    queryKey: [...taskKeys.all, 'list', sort, sortDirection],
    filters: FILTERS,
    fetch: ({ due, assigneeId, dueFrom, dueTo, ...request }) =>
      callApi(taskListCall, {
        body: {
          ...request,
          ...(due === 'overdue' && { overdue: true }),
          ...(assigneeId && { assigneeId }),
          ...(dueFrom && { dueFrom }),
          ...(dueTo && { dueTo }),
          sort,
          sortDirection,
        },
      }),
    // The default status (open) leaves the signed-off occurrences out.
    hiddenUnder: { status: 'completed' },
  });
  const completed = list.filters.status === 'completed';
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>Reminders</h1>
          <p>Scheduled tasks and reminders: each is signed off when done, and the next one is scheduled.</p>
        </div>
        <Link className="btn btn-primary" to="/task/new">
          <Plus size={16} aria-hidden="true" /> New reminder
        </Link>
      </div>
      <ListFilters placeholder="Title" onSearch={list.search} active={list.activeFilters}>
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Open"
          options={[{ value: 'completed', label: 'Signed off' }]}
          onChange={(value) => list.setFilter('status', value as '' | 'completed')}
        />
        {!completed && (
          <SelectField
            label="Due"
            value={list.filters.due}
            none="Any due date"
            options={[{ value: 'overdue', label: 'Overdue' }]}
            onChange={(value) => list.setFilter('due', value as '' | 'overdue')}
          />
        )}
        <div className="field">
          <span className="field-label" id="task-assignee-filter">
            Assignee
          </span>
          <div className="row">
            <SearchChoice
              labelledBy="task-assignee-filter"
              name={assignee}
              queryKey={[...taskKeys.all, 'people']}
              search={searchTaskPeople}
              empty="No active employee with an account matches."
              onPick={(option) => {
                setAssignee(option.label);
                list.setFilter('assigneeId', option.value);
              }}
            />
            {assignee && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => {
                  setAssignee('');
                  list.setFilter('assigneeId', '');
                }}
              >
                Anyone
              </button>
            )}
          </div>
        </div>
        <DueRangeFilters from={list.filters.dueFrom} to={list.filters.dueTo} onChange={list.setFilter} />
        <SortSelect sorts={TASK_SORTS} labels={SORT_LABELS} {...order} />
      </ListFilters>
      <PagedTable
        label="Reminders"
        list={list}
        columns={['Task', 'Assigned to', 'Workplace', 'Recurs', completed ? 'Signed off' : 'Due']}
        empty={completed ? 'Nothing has been signed off yet.' : 'No open reminder: add the first one.'}
        narrowedEmpty="No reminder matches."
        hiddenEmpty="No open reminder. Signed-off reminders are under Status: Signed off."
      >
        {list.rows.map((row) => (
          <TaskRow key={row._id} row={row} />
        ))}
      </PagedTable>
    </div>
  );
}

function TaskRow({ row }: { row: TTaskRow }) {
  const path = `/task/form/signoff/${row._id}`;
  return (
    <tr>
      <td>
        <Link to={path}>{row.title}</Link>
        {row.hasForm && <div className="text-sm text-secondary">With a form to fill in</div>}
      </td>
      <td>{row.assignee ?? row.owner ?? '—'}</td>
      <td>{row.workplace ?? '—'}</td>
      <td>{row.frequency ? frequencyLabel(row.frequency) : 'Once'}</td>
      <td>
        {row.completedOn ? (
          <>
            {displayDay(row.completedOn)}
            <div className="text-sm text-secondary">due {displayDay(row.dueDate)}</div>
          </>
        ) : (
          <>
            {displayDay(row.dueDate)} <DueMarker type={row.taskDueDateType} />
          </>
        )}
      </td>
      <td className="row-actions">
        <Link className="btn btn-ghost btn-sm" to={path} aria-label={`Open ${row.title}`}>
          Open
        </Link>
      </td>
    </tr>
  );
}
