import { displayDay, type TPortalAccount } from '@compass/shared';
import { ListState } from '../../components/ListParts';
import { DataTable } from '../../components/DataTable';

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant as the product shows one: dd/MM/yyyy and the local time. */
function signedInAt(iso: string | null): string {
  if (!iso) return 'Never';
  const at = new Date(iso);
  return `${displayDay(at.toLocaleDateString('en-CA'))} ${time.format(at)}`;
}

/** Why an account's switch cannot be turned off here, if it cannot. */
function lockedBecause(row: TPortalAccount, rows: TPortalAccount[]): string | null {
  if (!row.portalAccess) return null;
  if (row.isYou) return 'Your own access stays on.';
  const mainWithAccess = rows.filter(
    (other) => other.kind === 'company' && other.portalAccess && other.isActive,
  );
  if (row.kind === 'company' && row.isActive && mainWithAccess.length === 1)
    return 'The company keeps one main account with access.';
  return null;
}

/**
 * A supplier company's accounts, each with its Portal access switch: the company's own Access
 * Settings and the organisation's view of them on the company's page.
 */
export function PortalAccountsTable({
  query,
  set,
}: {
  query: {
    data?: TPortalAccount[];
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  /** The call that turns an account's access on or off (the company's own, or the organisation's). */
  set: {
    isPending: boolean;
    variables?: { body: { _id: string } };
    mutate: (input: { body: { _id: string; portalAccess: boolean } }) => void;
  };
}) {
  const rows = query.data ?? [];
  const pendingId = set.isPending ? set.variables?.body._id : undefined;
  return (
    <>
      <ListState query={query} count={rows.length} empty="The company has no accounts yet." />
      {rows.length > 0 && (
        <DataTable columns={['Name', 'Signs in as', 'Account', 'Last sign-in', 'Portal access']}>
          {rows.map((row) => {
            const locked = lockedBecause(row, rows);
            return (
              <tr key={row._id}>
                <td>
                  {row.name}
                  {row.isYou && (
                    <>
                      {' '}
                      <span className="badge badge-neutral">You</span>
                    </>
                  )}
                  {!row.isActive && (
                    <div className="text-sm text-secondary">Deactivated by the organisation</div>
                  )}
                </td>
                <td>{row.username}</td>
                <td>{row.kind === 'company' ? 'Main account' : 'Person'}</td>
                <td>{signedInAt(row.lastSignInAt)}</td>
                <td>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={row.portalAccess}
                      disabled={!!locked || pendingId === row._id}
                      aria-label={`Portal access for ${row.name}`}
                      onChange={(event) =>
                        set.mutate({ body: { _id: row._id, portalAccess: event.target.checked } })
                      }
                    />
                    {row.portalAccess ? 'On' : 'Off'}
                  </label>
                  {locked && <div className="text-sm text-secondary">{locked}</div>}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </>
  );
}
