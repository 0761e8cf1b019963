import {
  accessKeyLabel,
  API_TOKEN_STATE_LABELS,
  apiTokenRevokeCall,
  type ApiTokenState,
  type TApiToken,
} from '@compass/shared';
import { Ban, Plus } from 'lucide-react';
import { useState } from 'react';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ListCard } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { RowButton } from '../../components/RowButton';
import { usePageTitle } from '../../shell/pageTitle';
import { apiTokenKeys, useApiTokenList } from './api';
import { NewTokenDialog } from './NewTokenDialog';
import { displayInstant } from '../../lib/display';

const STATE_BADGES: Record<ApiTokenState, string> = {
  active: 'badge-success',
  expired: 'badge-warning',
  revoked: 'badge-neutral',
};

/** System Administration > API tokens: the tokens other systems call the API with. */
export function ApiTokensPage() {
  usePageTitle('API tokens');
  const list = useApiTokenList();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiToken | null>(null);
  const revoke = useCall(apiTokenRevokeCall, {
    invalidate: [apiTokenKeys.list],
    onSuccess: () => setRevoking(null),
  });
  const rows = list.data?.items ?? [];

  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="API tokens"
        intro={
          <>
            A token lets another system (payroll, a data warehouse, a script) call the Compass API as you,
            limited to the areas you choose. It is sent as <code>Authorization: Bearer …</code>; the calls are
            described in the <a href="/api/docs">API documentation</a>.
          </>
        }
      >
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setCreating(true)}
        >
          New token
        </Button>
      </PageHeader>
      <ListCard
        label="API tokens"
        query={list}
        count={rows.length}
        empty="No tokens yet. Make one for each system that calls the API."
      >
        <DataTable columns={['Name', 'Token', 'Access', 'Created', 'Expires', 'Last used', 'State']} actions>
          {rows.map((token) => (
            <TokenRow key={token._id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </DataTable>
      </ListCard>
      {creating && <NewTokenDialog onClose={() => setCreating(false)} />}
      {revoking && (
        <ConfirmDialog
          title={`Revoke ${revoking.name}?`}
          confirmLabel="Revoke"
          danger
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate({ body: { _id: revoking._id } })}
          onClose={() => setRevoking(null)}
        >
          <p>
            Every call made with this token is refused from now on. A revoked token cannot be turned back on:
            make a new one for the system instead.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function TokenRow({ token, onRevoke }: { token: TApiToken; onRevoke: () => void }) {
  return (
    <tr>
      <td>{token.name}</td>
      <td>
        <code>{token.prefix}…</code>
      </td>
      <td>
        <ul className="chip-list">
          {token.accessKeys.map((key) => (
            <li key={key} className="chip">
              {accessKeyLabel(key)}
            </li>
          ))}
        </ul>
      </td>
      <td>
        {displayInstant(token.createdAt)}
        <div className="text-sm text-secondary">{token.createdBy}</div>
      </td>
      <td>{displayInstant(token.expiresAt)}</td>
      <td>
        {token.lastUsedAt ? (
          <>
            {displayInstant(token.lastUsedAt)}
            {token.lastUsedAddress && <div className="text-sm text-secondary">{token.lastUsedAddress}</div>}
          </>
        ) : (
          'Never'
        )}
      </td>
      <td>
        <span className={`badge ${STATE_BADGES[token.state]}`}>{API_TOKEN_STATE_LABELS[token.state]}</span>
      </td>
      <td className="row-actions">
        {token.state === 'active' && (
          <RowButton icon={Ban} onClick={onRevoke} label={`Revoke ${token.name}`}>
            Revoke
          </RowButton>
        )}
      </td>
    </tr>
  );
}
