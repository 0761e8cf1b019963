import { supplierListCall, supplierSaveCall } from '@compass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { FilterPanel } from '../../components/ListFilters';
import { TableWrap } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { InputField } from '../../components/FormField';
import { ListState, Pagination, usePaging } from '../../components/ListParts';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';

export const supplierKeys = { all: ['suppliers'] as const };

/** External Parties > Companies: the supplier companies, searched on the server a page at a time. */
export function CompaniesPage() {
  usePageTitle('Companies');
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [status, setStatus] = useState<'' | 'active' | 'deactivated'>('');
  const [adding, setAdding] = useState(false);
  const request = { page, pageSize, search: applied || undefined, status: status || undefined };
  const list = useQuery({
    queryKey: [...supplierKeys.all, 'companies', request],
    queryFn: () => callApi(supplierListCall, { body: request }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>Companies</h1>
          <p>Your suppliers and contractors, and whether their people use the supplier portal.</p>
        </div>
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setAdding(true)}
        >
          Add company
        </Button>
      </div>
      <FilterPanel
        active={[applied, status].filter(Boolean).length}
        onSubmit={() => {
          setApplied(search.trim());
          setPage(1);
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor="company-search">
            Search
          </label>
          <input
            id="company-search"
            className="input"
            type="search"
            placeholder="Name or e-mail"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <SelectField
          label="Status"
          value={status}
          none="Any status"
          options={[
            { value: 'active', label: 'Active' },
            { value: 'deactivated', label: 'Deactivated' },
          ]}
          onChange={(value) => {
            setStatus(value as typeof status);
            setPage(1);
          }}
        />
        <div className="list-filter-buttons">
          <Button type="submit" variant="primary">
            Search
          </Button>
        </div>
      </FilterPanel>
      <section className="card list-card" aria-label="Companies" aria-busy={list.isFetching}>
        <ListState
          query={list}
          count={rows.length}
          empty={applied || status ? 'No company matches.' : 'No supplier companies yet.'}
        />
        {rows.length > 0 && (
          <TableWrap>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Supplier portal</th>
                  <th scope="col">Personnel</th>
                  <th scope="col">Accounts</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
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
              </tbody>
            </table>
          </TableWrap>
        )}
        {list.data && <Pagination {...paging.pagination(list.data.total)} />}
      </section>
      {adding && <AddCompanyDialog onClose={() => setAdding(false)} />}
    </div>
  );
}

function AddCompanyDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useCall(supplierSaveCall, {
    invalidate: [supplierKeys.all],
    onSuccess: ({ _id }) => navigate(`/external-parties/companies/${_id}`),
  });
  return (
    <Dialog title="Add company" onClose={onClose}>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) return setError('Please enter the company name.');
          save.mutate({
            body: { name: name.trim(), email: email.trim(), supplierPortal: false, supplierAccess: false },
          });
        }}
      >
        <InputField
          label="Company name"
          value={name}
          error={error}
          autoFocus
          maxLength={200}
          onValueChange={(value) => {
            setName(value);
            setError(null);
          }}
        />
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
