import {
  supplierAccountCreateCall,
  supplierAccountInviteCall,
  supplierSaveCall,
  supplierSetActiveCall,
  type TSupplierDetails,
} from '@compass/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCall } from '../../api/useCall';
import { changeLogKeys } from '../../api/queryKeys';
import { Button } from '../../components/Button';
import { HistoryCard } from '../../components/ChangeLogPanel';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { InputField } from '../../components/FormField';
import { BackLink, PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { supplierKeys, useCompanyDetails } from './api';
import { ACCOUNT_LABELS, PersonnelList } from './PersonnelList';
import { NameField, useRequiredName } from '../administration';
import { CompliancePanel } from '../externalParties';
import { CompanyPortalAccess } from '../supplierAccess';

/** What a change of the company reads again: the supplier lists and the company's history. */
const refresh = { invalidate: [supplierKeys.all, changeLogKeys.all] };

/** /external-parties/companies/:id: one supplier company, its switches, accounts and people. */
export function CompanyPage() {
  const { id = '' } = useParams();
  const details = useCompanyDetails(id);
  usePageTitle(details.data?.name ?? 'Company');
  if (details.isError) return <p className="alert alert-danger">This company cannot be opened.</p>;
  if (!details.data) return <PageSpinner />;
  return <Company key={id} company={details.data} />;
}

function Company({ company }: { company: TSupplierDetails }) {
  const name = useRequiredName(company.name, 'Please enter the company name.');
  const [values, setValues] = useState({
    email: company.email ?? '',
    supplierPortal: company.supplierPortal,
    supplierAccess: company.supplierAccess,
  });
  const [confirm, setConfirm] = useState(false);
  const save = useCall(supplierSaveCall, refresh);
  const setActive = useCall(supplierSetActiveCall, { ...refresh, onSuccess: () => setConfirm(false) });

  return (
    <div className="admin-page stack-lg">
      <BackLink to="/external-parties/companies" label="Companies" />
      <PageHeader
        title={company.name}
        intro={
          <span className={`badge ${company.isActive ? 'badge-success' : 'badge-neutral'}`}>
            {company.isActive ? 'Active' : 'Deactivated'}
          </span>
        }
      >
        {company.isActive ? (
          <Button variant="danger" onClick={() => setConfirm(true)}>
            Deactivate
          </Button>
        ) : (
          <Button
            loading={setActive.isPending}
            onClick={() => setActive.mutate({ body: { _id: company._id, active: true } })}
          >
            Reactivate
          </Button>
        )}
      </PageHeader>
      <div className="admin-columns">
        <div className="stack-lg">
          <form
            className="card card-body stack"
            aria-label="Company details"
            noValidate
            onSubmit={name.submit((checked) =>
              save.mutate({
                body: { _id: company._id, ...values, name: checked, email: values.email.trim() },
              }),
            )}
          >
            <div className="form-grid">
              <NameField label="Company name" name={name} />
              <InputField
                label="E-mail"
                type="email"
                value={values.email}
                maxLength={320}
                onValueChange={(email) => setValues((current) => ({ ...current, email }))}
              />
            </div>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={values.supplierPortal}
                onChange={(event) =>
                  setValues((current) => ({ ...current, supplierPortal: event.target.checked }))
                }
              />
              Supplier portal: the company's accounts see their dashboard and portal
            </label>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={values.supplierAccess}
                onChange={(event) =>
                  setValues((current) => ({ ...current, supplierAccess: event.target.checked }))
                }
              />
              Supplier access: their people sign in to fill in what is assigned to them
            </label>
            <div>
              <Button type="submit" variant="primary" loading={save.isPending}>
                Save
              </Button>
            </div>
          </form>
          <PortalAccounts company={company} />
        </div>
        <HistoryCard entityType="supplierCompany" entityId={company._id} />
      </div>
      <CompliancePanel supplierId={company._id} />
      <CompanyPortalAccess supplierId={company._id} />
      <h2>Personnel</h2>
      <PersonnelList supplierId={company._id} />
      {confirm && (
        <ConfirmDialog
          title={`Deactivate ${company.name}?`}
          confirmLabel="Deactivate"
          danger
          pending={setActive.isPending}
          onClose={() => setConfirm(false)}
          onConfirm={() => setActive.mutate({ body: { _id: company._id, active: false } })}
        >
          <p>
            Every account of the company is signed out at once and cannot sign in until you reactivate it.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The company's portal accounts: invitations sent again, and a new account invited by e-mail. */
function PortalAccounts({ company }: { company: TSupplierDetails }) {
  const [accountEmail, setAccountEmail] = useState('');
  const addAccount = useCall(supplierAccountCreateCall, { ...refresh, onSuccess: () => setAccountEmail('') });
  const invite = useCall(supplierAccountInviteCall, refresh);
  return (
    <section className="card card-body stack" aria-labelledby="company-accounts">
      <h2 id="company-accounts" className="card-title">
        Portal accounts
      </h2>
      {company.accounts.length === 0 && <p className="text-secondary">No accounts yet.</p>}
      <ul className="account-rows">
        {company.accounts.map((account) => (
          <li key={account._id} className="row">
            <span>{account.username}</span>
            <span className="badge badge-neutral">{ACCOUNT_LABELS[account.status]}</span>
            {(account.status === 'invited' || account.status === 'notInvited') && (
              <Button size="sm" variant="ghost" onClick={() => invite.mutate({ body: { _id: account._id } })}>
                Resend invitation
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          if (accountEmail.trim())
            addAccount.mutate({ body: { supplierId: company._id, email: accountEmail.trim() } });
        }}
      >
        <input
          className="input"
          type="email"
          aria-label="E-mail of the new account"
          placeholder="name@company.example"
          value={accountEmail}
          onChange={(event) => setAccountEmail(event.target.value)}
        />
        <Button type="submit" loading={addAccount.isPending} disabled={!accountEmail.trim()}>
          Add and invite
        </Button>
      </form>
    </section>
  );
}
