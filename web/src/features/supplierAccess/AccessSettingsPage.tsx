import { supplierPortalAccessSetCall } from '@compass/shared';
import { useCall } from '../../api/useCall';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { supplierAccessKeys, usePortalAccounts } from './api';
import { PortalAccountsTable } from './PortalAccountsTable';

/**
 * External Parties portal > Access Settings (the company's main account): which of the company's
 * accounts may use the portal. An account turned off finds the portal closed on its next call.
 */
export function AccessSettingsPage() {
  usePageTitle('Access Settings');
  const accounts = usePortalAccounts();
  const set = useCall(supplierPortalAccessSetCall, { invalidate: [supplierAccessKeys.all] });
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Access Settings"
        intro="Who at your company may use the portal. Turning an account off takes effect at once."
      />
      <section className="card list-card" aria-label="Accounts" aria-busy={accounts.isFetching}>
        <PortalAccountsTable query={accounts} set={set} />
      </section>
    </div>
  );
}
