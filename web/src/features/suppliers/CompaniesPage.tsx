import { supplierSaveCall } from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { InputField } from '../../components/FormField';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { SelectField } from '../../components/SelectField';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { NameField, useRequiredName } from '../administration';
import { fetchCompanies, supplierKeys } from './api';

const COLUMNS = ['Company', 'E-mail', 'Supplier portal', 'Personnel', 'Accounts', 'Status'];

/** External Parties > Companies: the supplier companies, searched on the server a page at a time. */
export function CompaniesPage() {
  usePageTitle('Companies');
  const [adding, setAdding] = useState(false);
  const list = usePagedList({
    queryKey: supplierKeys.companies,
    filters: { status: '' as '' | 'active' | 'deactivated' },
    fetch: fetchCompanies,
  });
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Companies"
        intro="Your suppliers and contractors, and whether their people use the supplier portal."
      >
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setAdding(true)}
        >
          Add company
        </Button>
      </PageHeader>
      <ListFilters placeholder="Name or e-mail" list={list}>
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={[
            { value: 'active', label: 'Active' },
            { value: 'deactivated', label: 'Deactivated' },
          ]}
          onChange={(value) => list.setFilter('status', value as typeof list.filters.status)}
        />
      </ListFilters>
      <PagedTable
        label="Companies"
        list={list}
        columns={COLUMNS}
        actions={false}
        empty="No supplier companies yet."
        narrowedEmpty="No company matches."
      >
        {list.rows.map((row) => (
          <tr key={row._id}>
            <td>
              <Link to={`/external-parties/companies/${row._id}`}>{row.name}</Link>
            </td>
            <td>{row.email}</td>
            <td>{row.supplierPortal ? 'On' : 'Off'}</td>
            <td>{row.personnelCount}</td>
            <td>{row.accountCount}</td>
            <td>
              <span className={`badge ${row.isActive ? 'badge-success' : 'badge-neutral'}`}>
                {row.isActive ? 'Active' : 'Deactivated'}
              </span>
            </td>
          </tr>
        ))}
      </PagedTable>
      {adding && <AddCompanyDialog onClose={() => setAdding(false)} />}
    </div>
  );
}

function AddCompanyDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const name = useRequiredName('', 'Please enter the company name.');
  const [email, setEmail] = useState('');
  const save = useCall(supplierSaveCall, {
    invalidate: [supplierKeys.all],
    onSuccess: ({ _id }) => navigate(`/external-parties/companies/${_id}`),
  });
  return (
    <Dialog title="Add company" onClose={onClose}>
      <form
        className="stack"
        noValidate
        onSubmit={name.submit((checked) =>
          save.mutate({
            body: { name: checked, email: email.trim(), supplierPortal: false, supplierAccess: false },
          }),
        )}
      >
        <NameField label="Company name" name={name} autoFocus />
        <InputField label="E-mail" type="email" value={email} maxLength={320} onValueChange={setEmail} />
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            Add company
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
