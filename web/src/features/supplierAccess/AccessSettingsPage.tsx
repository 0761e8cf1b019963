import {
  supplierPortalAccessSetCall,
  supplierPortalAccountsCall,
  type TPortalAccount,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { ListState } from '../../components/ListParts';
import { usePageTitle } from '../../shell/pageTitle';

export const supplierAccessKeys = { all: ['supplierAccess'] as const };

/**
 * External Parties portal > Access Settings (the company's main account): which of the company's
 * accounts may use the portal. An account turned off is signed out of everything but its dashboard
 * notice at once.
 */
export function AccessSettingsPage() {
  usePageTitle('Access Settings');
  const accounts = useQuery({
    queryKey: [...supplierAccessKeys.all, 'accounts'],
    queryFn: () => callApi(supplierPortalAccountsCall, {}),
  });
  const set = useCall(supplierPortalAccessSetCall, { invalidate: [supplierAccessKeys.all] });
  const rows = accounts.data ?? [];
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>Access Settings</h1>
          <p>Who at your company may use the portal. Turning an account off takes effect at once.</p>
        </div>
      </div>
      <section className="card list-card" aria-label="Accounts" aria-busy={accounts.isFetching}>
        <ListState query={accounts} count={rows.length} empty="Your company has no accounts yet." />
        {rows.length > 0 && (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Signs in as</th>
                  <th scope="col">Account</th>
                  <th scope="col">Portal access</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <AccountRow
                    key={row._id}
                    row={row}
                    pending={set.isPending && set.variables?.body._id === row._id}
                    onChange={(portalAccess) => set.mutate({ body: { _id: row._id, portalAccess } })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function AccountRow({
  row,
  pending,
  onChange,
}: {
  row: TPortalAccount;
  pending: boolean;
  onChange: (portalAccess: boolean) => void;
}) {
  return (
    <tr>
      <td>
        {row.name}
        {row.isYou && (
          <>
            {' '}
            <span className="badge badge-neutral">You</span>
          </>
        )}
        {!row.isActive && <div className="text-sm text-secondary">Deactivated by the organisation</div>}
      </td>
      <td>{row.username}</td>
      <td>{row.kind === 'company' ? 'Company' : 'Person'}</td>
      <td>
        <label className="checkbox">
          <input
            type="checkbox"
            role="switch"
            checked={row.portalAccess}
            disabled={row.isYou || pending}
            aria-label={`Portal access for ${row.name}`}
            onChange={(event) => onChange(event.target.checked)}
          />
          {row.portalAccess ? 'On' : 'Off'}
        </label>
        {row.isYou && <div className="text-sm text-secondary">Your own access stays on.</div>}
      </td>
    </tr>
  );
}
