import {
  organisationLogoDeleteCall,
  organisationLogoUploadCall,
  organisationProfileUpdateCall,
  SSO_SETTINGS_PROVIDERS,
  ssoSettingsUpdateCall,
  type TOrganisationProfile,
} from '@compass/shared';
import { useId, useState } from 'react';
import { queryKeys } from '../../api/queryClient';
import { useCall } from '../../api/useCall';
import { changeLogKeys } from '../../api/queryKeys';
import { Button } from '../../components/Button';
import { HistoryCard } from '../../components/ChangeLogPanel';
import { InputField } from '../../components/FormField';
import { LogoCard } from '../../components/LogoCard';
import { PageSpinner } from '../../components/Spinner';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { administrationKeys, useOrganisationProfile } from './api';
import { NameField, useRequiredName } from './NameDialog';

const TIME_ZONES = Intl.supportedValuesOf('timeZone');
const PROVIDER_LABELS = { microsoft: 'Microsoft', google: 'Google' } as const;

/** System Administration > Preferences: the organisation's profile, logo and single sign-on. */
export function PreferencesPage() {
  usePageTitle('Preferences');
  const profile = useOrganisationProfile();
  if (!profile.data) return <PageSpinner />;
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Preferences"
        intro="Your organisation as people see it in the product and in its e-mails."
      />
      <div className="admin-columns">
        <div className="stack-lg">
          <ProfileCard profile={profile.data} />
          {SSO_SETTINGS_PROVIDERS.map((provider) => (
            <SsoCard key={provider} provider={provider} profile={profile.data} />
          ))}
        </div>
        <div className="stack-lg">
          <OrganisationLogo profile={profile.data} />
          <HistoryCard entityType="organisation" entityId={profile.data._id} />
        </div>
      </div>
    </div>
  );
}

function ProfileCard({ profile }: { profile: TOrganisationProfile }) {
  const name = useRequiredName(profile.name);
  const [values, setValues] = useState({
    timeZone: profile.timeZone,
    mailSenderName: profile.mailSenderName ?? '',
    headerTitle: profile.headerTitle ?? '',
  });
  const zoneId = useId();
  const save = useCall(organisationProfileUpdateCall, {
    invalidate: [administrationKeys.profile, queryKeys.permissions, changeLogKeys.all],
  });
  const set = (key: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const submit = name.submit((checked) => save.mutate({ body: { ...values, name: checked } }));
  return (
    <form className="card card-body stack" onSubmit={submit} aria-labelledby="profile-title" noValidate>
      <h2 id="profile-title" className="card-title">
        Organisation
      </h2>
      <NameField label="Name" name={name} />
      <div className="field">
        <label className="field-label" htmlFor={zoneId}>
          Time zone
        </label>
        <select
          id={zoneId}
          className="input"
          value={values.timeZone}
          onChange={(event) => set('timeZone')(event.target.value)}
        >
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        <p className="field-hint">Notices start and expire by this calendar.</p>
      </div>
      <InputField
        label="Mail sender name"
        value={values.mailSenderName}
        placeholder="The product's name"
        maxLength={100}
        onValueChange={set('mailSenderName')}
      />
      <InputField
        label="Header title"
        value={values.headerTitle}
        placeholder={name.value}
        maxLength={100}
        onValueChange={set('headerTitle')}
      />
      <div>
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

function OrganisationLogo({ profile }: { profile: TOrganisationProfile }) {
  const refresh = { invalidate: [administrationKeys.profile, queryKeys.permissions, changeLogKeys.all] };
  const upload = useCall(organisationLogoUploadCall, refresh);
  const remove = useCall(organisationLogoDeleteCall, refresh);
  return (
    <LogoCard
      src={profile.logo}
      alt={`${profile.name} logo`}
      hint="PNG, JPEG or WebP. It is resized to at most 512 pixels and shown in the navigation."
      removing={remove.isPending}
      onUpload={(form) => upload.mutate({ form })}
      onRemove={() => remove.mutate({})}
    />
  );
}

function SsoCard({
  provider,
  profile,
}: {
  provider: (typeof SSO_SETTINGS_PROVIDERS)[number];
  profile: TOrganisationProfile;
}) {
  const stored = profile.sso.find((row) => row.provider === provider);
  const [values, setValues] = useState({
    issuer: stored?.issuer ?? (provider === 'google' ? 'https://accounts.google.com' : ''),
    clientId: stored?.clientId ?? '',
    clientSecret: '',
    isEnabled: stored?.isEnabled ?? false,
  });
  const save = useCall(ssoSettingsUpdateCall, {
    invalidate: [administrationKeys.profile, changeLogKeys.all],
    onSuccess: () => setValues((current) => ({ ...current, clientSecret: '' })),
  });
  const label = PROVIDER_LABELS[provider];
  return (
    <form
      className="card card-body stack"
      aria-labelledby={`sso-${provider}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ body: { provider, ...values } });
      }}
      noValidate
    >
      <h2 id={`sso-${provider}`} className="card-title">
        {label} sign-in
      </h2>
      <InputField
        label="Issuer"
        value={values.issuer}
        placeholder={provider === 'microsoft' ? 'https://login.microsoftonline.com/<tenant>/v2.0' : ''}
        onValueChange={(issuer) => setValues((current) => ({ ...current, issuer }))}
      />
      <InputField
        label="Client ID"
        value={values.clientId}
        onValueChange={(clientId) => setValues((current) => ({ ...current, clientId }))}
      />
      <InputField
        label="Client secret"
        type="password"
        autoComplete="new-password"
        value={values.clientSecret}
        placeholder={stored?.hasClientSecret ? 'Stored: leave empty to keep it' : 'Paste the client secret'}
        onValueChange={(clientSecret) => setValues((current) => ({ ...current, clientSecret }))}
      />
      <p className="field-hint">The secret is stored encrypted and is never shown again.</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.isEnabled}
          onChange={(event) => setValues((current) => ({ ...current, isEnabled: event.target.checked }))}
        />
        Offer {label} sign-in on the login page
      </label>
      <div>
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save {label} settings
        </Button>
      </div>
    </form>
  );
}
