import {
  requirementProvidePath,
  supplierProfileCall,
  supplierProfileUpdateCall,
  type TSupplierProfile,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { InputField } from '../../components/FormField';
import { ListState } from '../../components/ListParts';
import { usePageTitle } from '../../shell/pageTitle';
import { CompliancePanel } from '../externalParties/CompliancePanel';
import { supplierAccessKeys } from './AccessSettingsPage';

/**
 * The header's Profile for a supplier (000 section 2.5: the company edit page): the company's
 * contact details, kept by its main account and read by its people. The organisation names it.
 */
export function SupplierProfilePage() {
  usePageTitle('Company profile');
  const profile = useQuery({
    queryKey: [...supplierAccessKeys.all, 'profile'],
    queryFn: () => callApi(supplierProfileCall, {}),
  });
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>{profile.data?.name ?? 'Company profile'}</h1>
          {profile.data && <p>Your company’s details as {profile.data.organisationName} sees them.</p>}
        </div>
      </div>
      {profile.data ? (
        <>
          <ProfileForm key={JSON.stringify(profile.data)} profile={profile.data} />
          {/* The company's own compliance, each document opening the page to send it. */}
          {profile.data.canEdit && (
            <CompliancePanel
              supplierId={profile.data.supplierId}
              linkOf={(row) => requirementProvidePath(row)}
            />
          )}
        </>
      ) : (
        <section className="card list-card" aria-label="Company profile">
          <ListState query={profile} count={1} empty="" />
        </section>
      )}
    </div>
  );
}

function ProfileForm({ profile }: { profile: TSupplierProfile }) {
  const [values, setValues] = useState({
    email: profile.email ?? '',
    contactName: profile.contactName ?? '',
    phone: profile.phone ?? '',
    address: profile.address ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCall(supplierProfileUpdateCall, { invalidate: [supplierAccessKeys.all] });
  const change = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const readOnly = !profile.canEdit;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate({ body: values }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  return (
    <section className="card" aria-label="Company details">
      <form className="card-body stack" onSubmit={submit} noValidate>
        {readOnly && <p className="text-secondary">Your company’s main account keeps these details.</p>}
        <InputField label="Company name" value={profile.name} readOnly onValueChange={() => undefined} />
        <InputField
          label="Contact name"
          value={values.contactName}
          readOnly={readOnly}
          maxLength={120}
          error={errors.contactName}
          onValueChange={change('contactName')}
        />
        <InputField
          label="Contact e-mail"
          type="email"
          value={values.email}
          readOnly={readOnly}
          error={errors.email}
          onValueChange={change('email')}
        />
        <InputField
          label="Phone"
          type="tel"
          value={values.phone}
          readOnly={readOnly}
          maxLength={40}
          error={errors.phone}
          onValueChange={change('phone')}
        />
        <div className="field">
          <label className="field-label" htmlFor="profile-address">
            Address
          </label>
          <textarea
            id="profile-address"
            className="input"
            rows={3}
            maxLength={500}
            readOnly={readOnly}
            value={values.address}
            onChange={(event) => change('address')(event.target.value)}
          />
        </div>
        {!readOnly && (
          <div className="row wrap">
            <Button type="submit" variant="primary" loading={save.isPending}>
              Save
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
