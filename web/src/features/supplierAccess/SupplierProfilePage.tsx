import {
  requirementProvidePath,
  supplierLogoDeleteCall,
  supplierLogoUploadCall,
  supplierProfileUpdateCall,
  type TSupplierProfile,
} from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { useFileObjectUrl } from '../../api/fileObjectUrl';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { InputField, TextAreaField } from '../../components/FormField';
import { ListState } from '../../components/ListParts';
import { LogoCard } from '../../components/LogoCard';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { CompliancePanel } from '../externalParties';
import { supplierAccessKeys, useSupplierProfile } from './api';

/**
 * The header's Profile for a supplier (000 section 2.5: the company edit page): the company's
 * contact details and logo, kept by its main account and read by its people. The organisation
 * names the company.
 */
export function SupplierProfilePage() {
  usePageTitle('Company profile');
  const profile = useSupplierProfile();
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title={profile.data?.name ?? 'Company profile'}
        intro={profile.data && <>Your company’s details as {profile.data.organisationName} sees them.</>}
      />
      {profile.data ? (
        <>
          <div className="admin-columns">
            {/* A new logo leaves the details being typed alone. */}
            <ProfileForm key={JSON.stringify({ ...profile.data, logo: null })} profile={profile.data} />
            <CompanyLogo profile={profile.data} />
          </div>
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

/** The details the company keeps, in the order the form shows them. */
const FIELDS = [
  { name: 'contactName', label: 'Contact name', type: 'text', maxLength: 120 },
  { name: 'email', label: 'Contact e-mail', type: 'email', maxLength: 320 },
  { name: 'phone', label: 'Phone', type: 'tel', maxLength: 40 },
] as const;

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
        {FIELDS.map((field) => (
          <InputField
            key={field.name}
            label={field.label}
            type={field.type}
            maxLength={field.maxLength}
            value={values[field.name]}
            readOnly={readOnly}
            error={errors[field.name]}
            onValueChange={change(field.name)}
          />
        ))}
        <TextAreaField
          label="Address"
          rows={3}
          maxLength={500}
          value={values.address}
          readOnly={readOnly}
          error={errors.address}
          onValueChange={change('address')}
        />
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

/** The company's logo: replaced or removed by its main account, shown to its people. */
function CompanyLogo({ profile }: { profile: TSupplierProfile }) {
  // The logo needs the session: it is fetched as a file, keyed by its versioned address.
  const image = useFileObjectUrl([...supplierAccessKeys.all, 'logo', profile.logo], profile.logo);
  const refresh = { invalidate: [supplierAccessKeys.all] };
  const upload = useCall(supplierLogoUploadCall, refresh);
  const remove = useCall(supplierLogoDeleteCall, refresh);
  return (
    <LogoCard
      src={profile.logo ? (image.data ?? null) : null}
      alt={`${profile.name} logo`}
      hint="PNG, JPEG or WebP. It is resized to at most 512 pixels."
      removing={remove.isPending}
      onUpload={profile.canEdit ? (form) => upload.mutate({ form }) : undefined}
      onRemove={() => remove.mutate({})}
    />
  );
}
