import { supplierCompanyPortalAccessSetCall } from '@compass/shared';
import { useId } from 'react';
import { useCall } from '../../api/useCall';
import { changeLogKeys } from '../../api/queryKeys';
import { supplierAccessKeys, useCompanyPortalAccounts } from './api';
import { PortalAccountsTable } from './PortalAccountsTable';

/**
 * The organisation's side of a company's Access Settings, on the company's page (the supplier key):
 * the same switch per account that the company's main account keeps.
 */
export function CompanyPortalAccess({ supplierId }: { supplierId: string }) {
  const titleId = useId();
  const accounts = useCompanyPortalAccounts(supplierId);
  // The company's history on the same page records each change.
  const set = useCall(supplierCompanyPortalAccessSetCall, {
    invalidate: [supplierAccessKeys.all, changeLogKeys.all],
  });
  return (
    <section className="card list-card" aria-labelledby={titleId} aria-busy={accounts.isFetching}>
      <div className="card-body">
        <h2 id={titleId} className="card-title">
          Portal access
        </h2>
        <p className="text-secondary">
          Which of the company’s accounts may use the portal; its main account keeps the same switches in its
          Access Settings.
        </p>
      </div>
      <PortalAccountsTable query={accounts} set={set} />
    </section>
  );
}
