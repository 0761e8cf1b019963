import {
  EMPLOYEE_STATUS_LABELS,
  personName,
  type TEmployeeListRequest,
  type TEmployeeRow,
} from '@compass/shared';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { TableWrap } from '../../components/DataTable';
import { FilterPanel } from '../../components/ListFilters';
import { optionsOf, SelectField } from '../../components/SelectField';
import { ListState, PAGE_SIZES, Pagination } from '../../components/ListParts';
import { usePageTitle } from '../../shell/pageTitle';
import { STATUS_BADGES, useEmployeeFormOptions, useEmployeeList } from './api';

const FILTER_STATUSES = ['active', 'invited', 'deactivated'] as const;

/** Human Resources > Employees: every employee, searched and filtered on the server, a page at a time. */
export function EmployeesPage() {
  usePageTitle('Employees');
  const [params, setParams] = useSearchParams();
  const number = (key: string, fallback: number) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const size = number('pageSize', 20);
  const status = params.get('status');
  const request: TEmployeeListRequest = {
    page: number('page', 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : 20,
    search: params.get('search') || undefined,
    workplaceId: params.get('workplace') || undefined,
    roleId: params.get('role') || undefined,
    status: (FILTER_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as (typeof FILTER_STATUSES)[number])
      : undefined,
  };
  const list = useEmployeeList(request);
  const options = useEmployeeFormOptions();
  const [search, setSearch] = useState(request.search ?? '');
  const change = (values: Record<string, string | undefined>, keepPage = false) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(values)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!keepPage) next.delete('page');
      return next;
    });
  const activeFilters = ['search', 'workplace', 'role', 'status'].filter((key) => params.get(key)).length;
  const filtered = activeFilters > 0;
  const rows = list.data?.rows ?? [];

  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>Employees</h1>
          <p>Everyone who works for your organisation, and their sign-in accounts.</p>
        </div>
        <Link className="btn btn-primary" to="/human-resource/employees/new">
          <UserPlus size={16} aria-hidden="true" /> Add employee
        </Link>
      </div>
      <FilterPanel active={activeFilters} onSubmit={() => change({ search: search.trim() || undefined })}>
        <div className="field">
          <label className="field-label" htmlFor="employee-search">
            Search
          </label>
          <input
            id="employee-search"
            className="input"
            type="search"
            placeholder="Name, username, e-mail or number"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <SelectField
          label="Workplace"
          value={request.workplaceId ?? ''}
          none="All workplaces"
          options={optionsOf(options.data?.workplaces)}
          onChange={(workplace) => change({ workplace })}
        />
        <SelectField
          label="Role"
          value={request.roleId ?? ''}
          none="All roles"
          options={optionsOf(options.data?.roles)}
          onChange={(role) => change({ role })}
        />
        <SelectField
          label="Status"
          value={request.status ?? ''}
          none="Any status"
          options={FILTER_STATUSES.map((value) => ({ value, label: EMPLOYEE_STATUS_LABELS[value] }))}
          onChange={(status) => change({ status })}
        />
        <div className="list-filter-buttons">
          <Button type="submit" variant="primary">
            Search
          </Button>
          {filtered && (
            <Button
              onClick={() => {
                setSearch('');
                change({ search: '', workplace: '', role: '', status: '' });
              }}
            >
              Clear filters
            </Button>
          )}
        </div>
      </FilterPanel>
      <section className="card list-card" aria-label="Employees" aria-busy={list.isFetching}>
        <ListState
          query={list}
          count={rows.length}
          empty={filtered ? 'No employee matches these filters.' : 'No employees yet.'}
        />
        {rows.length > 0 && <EmployeeTable rows={rows} />}
        {list.data && (
          <Pagination
            page={request.page ?? 1}
            pageSize={request.pageSize ?? 20}
            total={list.data.total}
            onPage={(page) => change({ page: String(page) }, true)}
            onPageSize={(pageSize) => change({ pageSize: String(pageSize) })}
          />
        )}
      </section>
    </div>
  );
}

/** One page of employees: name (opening the employee), account, placement and status. */
function EmployeeTable({ rows }: { rows: TEmployeeRow[] }) {
  return (
    <TableWrap>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Username</th>
            <th scope="col">E-mail</th>
            <th scope="col">Position</th>
            <th scope="col">Role</th>
            <th scope="col">Workplace</th>
            <th scope="col">Manager</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id}>
              <td>
                <Link to={`/human-resource/employees/${row._id}`}>{personName(row)}</Link>
              </td>
              <td>{row.username}</td>
              <td>{row.email}</td>
              <td>{row.position}</td>
              <td>{row.role}</td>
              <td>{row.workplace}</td>
              <td>{row.manager}</td>
              <td>
                <span className={`badge ${STATUS_BADGES[row.status]}`}>
                  {EMPLOYEE_STATUS_LABELS[row.status]}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
