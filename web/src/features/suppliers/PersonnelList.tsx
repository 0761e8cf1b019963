import {
  personName,
  personnelSaveCall,
  personnelSetActiveCall,
  supplierAccountInviteCall,
  type AccountStatus,
  type TPersonnelRow,
} from '@compass/shared';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useCall } from '../../api/useCall';
import { changeLogKeys } from '../../api/queryKeys';
import { Button } from '../../components/Button';
import { RowButton } from '../../components/RowButton';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { Dialog } from '../../components/Dialog';
import { PersonNameFields, personNameProblems } from '../../components/PersonNameFields';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { optionsOf, SelectField } from '../../components/SelectField';
import { fetchPersonnel, supplierKeys, useCompanyOptions } from './api';

export const ACCOUNT_LABELS: Record<AccountStatus, string> = {
  active: 'Signs in',
  invited: 'Invitation sent',
  notInvited: 'Not invited',
  deactivated: 'Deactivated',
};

/** Personnel of every company, or of one: search, paging, invitations and deactivation. */
export function PersonnelList({ supplierId }: { supplierId?: string }) {
  const [editing, setEditing] = useState<{ person?: TPersonnelRow } | null>(null);
  const companies = useCompanyOptions();
  const list = usePagedList({
    queryKey: [...supplierKeys.personnel, supplierId ?? 'every company'],
    filters: { company: '' },
    fetch: ({ company, ...request }) => fetchPersonnel({ ...request, supplierId: supplierId ?? company }),
  });
  const refresh = { invalidate: [supplierKeys.all, changeLogKeys.all] };
  const invite = useCall(supplierAccountInviteCall, refresh);
  const setActive = useCall(personnelSetActiveCall, refresh);

  return (
    <>
      <ListFilters
        placeholder="Name or e-mail"
        list={list}
        actions={
          <Button
            variant="primary"
            icon={<UserPlus size={16} aria-hidden="true" />}
            onClick={() => setEditing({})}
          >
            Add person
          </Button>
        }
      >
        {!supplierId && (
          <SelectField
            label="Company"
            value={list.filters.company}
            none="All companies"
            options={optionsOf(companies.data?.rows)}
            onChange={(company) => list.setFilter('company', company)}
          />
        )}
      </ListFilters>
      <PagedTable
        label="Personnel"
        list={list}
        columns={supplierId ? ['Name', 'E-mail', 'Account'] : ['Name', 'Company', 'E-mail', 'Account']}
        empty="No personnel yet."
        narrowedEmpty="No one matches this search."
      >
        {list.rows.map((row) => (
          <tr key={row._id}>
            <td>
              {personName(row)}
              {!row.isActive && <span className="badge badge-neutral">Deactivated</span>}
            </td>
            {!supplierId && <td>{row.supplier}</td>}
            <td>{row.email}</td>
            <td>{row.account ? ACCOUNT_LABELS[row.account.status] : 'No account'}</td>
            <td className="row-actions">
              <RowButton onClick={() => setEditing({ person: row })} label={`Edit ${personName(row)}`}>
                Edit
              </RowButton>
              {row.isActive && row.account && row.account.status !== 'active' && (
                <RowButton onClick={() => invite.mutate({ body: { _id: row.account!._id } })}>
                  Resend invitation
                </RowButton>
              )}
              <RowButton
                onClick={() => setActive.mutate({ body: { _id: row._id, active: !row.isActive } })}
                label={`${row.isActive ? 'Deactivate' : 'Reactivate'} ${personName(row)}`}
              >
                {row.isActive ? 'Deactivate' : 'Reactivate'}
              </RowButton>
            </td>
          </tr>
        ))}
      </PagedTable>
      {editing && (
        <PersonDialog supplierId={supplierId} person={editing.person} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

/** Add a person (with an invited account when asked), or edit one and read their history. */
function PersonDialog({
  supplierId,
  person,
  onClose,
}: {
  supplierId?: string;
  person?: TPersonnelRow;
  onClose: () => void;
}) {
  const companies = useCompanyOptions();
  const [values, setValues] = useState({
    supplierId: person?.supplierId ?? supplierId ?? '',
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    email: person?.email ?? '',
  });
  // A person who has an account keeps it; one without may be given one now.
  const [invite, setInvite] = useState(!person);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCall(personnelSaveCall, { invalidate: [supplierKeys.all], onSuccess: onClose });
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  return (
    <Dialog title={person ? `Edit ${personName(person)}` : 'Add person'} onClose={onClose}>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problems = personNameProblems(values);
          if (!values.supplierId) problems.supplierId = 'Choose the company.';
          if (invite && !values.email.trim())
            problems.email = 'An account signs in with its e-mail address: please enter one.';
          setErrors(problems);
          if (Object.keys(problems).length === 0)
            save.mutate({ body: { _id: person?._id, ...values, email: values.email.trim(), invite } });
        }}
      >
        {!supplierId && (
          <SelectField
            label="Company"
            value={values.supplierId}
            none="Choose a company"
            options={optionsOf(companies.data?.rows)}
            error={errors.supplierId}
            onChange={set('supplierId')}
          />
        )}
        <PersonNameFields values={values} errors={errors} set={set} autoFocus />
        {!person?.account && (
          <label className="checkbox">
            <input type="checkbox" checked={invite} onChange={(event) => setInvite(event.target.checked)} />
            Give them a supplier-portal account and e-mail an invitation
          </label>
        )}
        {person && <ChangeLogPanel entityType="personnel" entityId={person._id} />}
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {person ? 'Save' : 'Add person'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
