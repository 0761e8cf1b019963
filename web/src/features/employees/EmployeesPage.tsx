import { EMPLOYEE_STATUS_LABELS, personName, type TEmployeeRow } from '@compass/shared';
import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { optionsOf, SelectField } from '../../components/SelectField';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { employeeKeys, fetchEmployees, STATUS_BADGES, useEmployeeFormOptions } from './api';

const FILTER_STATUSES = ['active', 'invited', 'deactivated'] as const;
type FilterStatus = (typeof FILTER_STATUSES)[number];

/** Human Resources > Employees: every employee, searched and filtered on the server, a page at a time. */
export function EmployeesPage() {
  usePageTitle('Employees');
  const list = usePagedList({
    queryKey: employeeKeys.lists,
    filters: { workplace: '', role: '', status: '' },
    inAddress: true,
    fetch: ({ workplace, role, status, ...request }) =>
      fetchEmployees({
        ...request,
        workplaceId: workplace,
        roleId: role,
        // An address may name any status: one the list does not know is no filter.
        status: (FILTER_STATUSES as readonly string[]).includes(status ?? '')
          ? (status as FilterStatus)
          : undefined,
      }),
  });
  const options = useEmployeeFormOptions();

  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Employees"
        intro="Everyone who works for your organisation, and their sign-in accounts."
      >
        <Link className="btn btn-primary" to="/human-resource/employees/new">
          <UserPlus size={16} aria-hidden="true" /> Add employee
        </Link>
      </PageHeader>
      <ListFilters placeholder="Name, username, e-mail or number" list={list}>
        <SelectField
          label="Workplace"
          value={list.filters.workplace}
          none="All workplaces"
          options={optionsOf(options.data?.workplaces)}
          onChange={(workplace) => list.setFilter('workplace', workplace)}
        />
        <SelectField
          label="Role"
          value={list.filters.role}
          none="All roles"
          options={optionsOf(options.data?.roles)}
          onChange={(role) => list.setFilter('role', role)}
        />
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={FILTER_STATUSES.map((value) => ({ value, label: EMPLOYEE_STATUS_LABELS[value] }))}
          onChange={(status) => list.setFilter('status', status)}
        />
      </ListFilters>
      <PagedTable
        label="Employees"
        list={list}
        columns={COLUMNS}
        actions={false}
        empty="No employees yet."
        narrowedEmpty="No employee matches these filters."
      >
        {list.rows.map((row) => (
          <EmployeeRow key={row._id} row={row} />
        ))}
      </PagedTable>
    </div>
  );
}

const COLUMNS = ['Name', 'Username', 'E-mail', 'Position', 'Role', 'Workplace', 'Manager', 'Status'];

/** One employee: name (opening the employee), account, placement and status. */
function EmployeeRow({ row }: { row: TEmployeeRow }) {
  return (
    <tr>
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
        <span className={`badge ${STATUS_BADGES[row.status]}`}>{EMPLOYEE_STATUS_LABELS[row.status]}</span>
      </td>
    </tr>
  );
}
