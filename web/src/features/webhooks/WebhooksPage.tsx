import {
  webhookDeleteCall,
  webhookMessages,
  webhookRollSecretCall,
  webhookTestCall,
  type TWebhook,
} from '@compass/shared';
import { KeyRound, ListChecks, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ListCard } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { RowButton } from '../../components/RowButton';
import { usePageTitle } from '../../shell/pageTitle';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';
import { displayInstant } from '../../lib/display';
import { useWebhookList, webhookDeliveriesPath, WEBHOOK_WRITES } from './api';
import { DeliveryBadge, eventLabel } from './parts';
import { WebhookDialog } from './WebhookDialog';

type Asking = { kind: 'roll' | 'delete'; webhook: TWebhook };

/** System Administration > Webhooks: the addresses Compass sends its events to. */
export function WebhooksPage() {
  usePageTitle('Webhooks');
  const list = useWebhookList();
  const [editing, setEditing] = useState<{ webhook?: TWebhook } | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const test = useCall(webhookTestCall, { invalidate: WEBHOOK_WRITES });
  const remove = useCall(webhookDeleteCall, { invalidate: WEBHOOK_WRITES, onSuccess: () => setAsking(null) });
  const roll = useCall(webhookRollSecretCall, {
    silent: true,
    onSuccess: (rolled) => {
      setAsking(null);
      setSecret(rolled.secret);
    },
  });
  const rows = list.data?.items ?? [];

  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Webhooks"
        intro="Compass sends an event to each address as it happens (a form submitted, an action completed…), signed with the webhook's secret, and tries again until the receiver answers."
      >
        <Button variant="primary" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setEditing({})}>
          Add webhook
        </Button>
      </PageHeader>
      <ListCard
        label="Webhooks"
        query={list}
        count={rows.length}
        empty="No webhooks yet. Add the address of a system to inform."
      >
        <DataTable
          columns={['Address', 'Events', 'State', 'Last delivery']}
          actions
          className="webhooks-table"
        >
          {rows.map((webhook) => (
            <tr key={webhook._id}>
              <WebhookCells webhook={webhook} />
              <td className="row-actions webhook-actions">
                <RowButton
                  icon={Pencil}
                  onClick={() => setEditing({ webhook })}
                  label={`Edit ${webhook.url}`}
                >
                  Edit
                </RowButton>
                <Link
                  className="btn btn-ghost btn-sm"
                  to={webhookDeliveriesPath(webhook._id)}
                  aria-label={`Delivery log of ${webhook.url}`}
                >
                  <ListChecks size={14} aria-hidden="true" />
                  Deliveries
                </Link>
                <RowButton
                  icon={Send}
                  loading={test.isPending && test.variables.body._id === webhook._id}
                  onClick={() => test.mutate({ body: { _id: webhook._id } })}
                  label={`Send test event to ${webhook.url}`}
                >
                  Send test event
                </RowButton>
                <RowButton
                  icon={KeyRound}
                  onClick={() => setAsking({ kind: 'roll', webhook })}
                  label={`Roll secret of ${webhook.url}`}
                >
                  Roll secret
                </RowButton>
                <RowButton
                  icon={Trash2}
                  onClick={() => setAsking({ kind: 'delete', webhook })}
                  label={`Delete ${webhook.url}`}
                >
                  Delete
                </RowButton>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
      {editing && <WebhookDialog webhook={editing.webhook} onClose={() => setEditing(null)} />}
      {asking?.kind === 'roll' && (
        <ConfirmDialog
          title="Roll the signing secret?"
          confirmLabel="Roll secret"
          pending={roll.isPending}
          onConfirm={() => roll.mutate({ body: { _id: asking.webhook._id } })}
          onClose={() => setAsking(null)}
        >
          <p>
            Events to {asking.webhook.url} are signed with a new secret from now on, shown once next. Until
            the receiver has it, deliveries fail the receiver's check and are retried.
          </p>
        </ConfirmDialog>
      )}
      {asking?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete this webhook?"
          confirmLabel="Delete"
          danger
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ body: { _id: asking.webhook._id } })}
          onClose={() => setAsking(null)}
        >
          <p>
            No more events go to {asking.webhook.url}, and its delivery log is deleted with it. To stop the
            events for a while, pause it instead (Edit).
          </p>
        </ConfirmDialog>
      )}
      {secret !== null && (
        <ShownOnceDialog
          title="New signing secret"
          label="Signing secret"
          value={secret}
          message={webhookMessages.secretRolled}
          onClose={() => setSecret(null)}
        />
      )}
    </div>
  );
}

/** A webhook's address (its log's link), events, state and newest delivery, as table cells. */
function WebhookCells({ webhook }: { webhook: TWebhook }) {
  return (
    <>
      <td className="webhook-address">
        <Link to={webhookDeliveriesPath(webhook._id)} aria-label={`Deliveries to ${webhook.url}`}>
          {webhook.url}
        </Link>
        {webhook.description && <div className="text-sm text-secondary">{webhook.description}</div>}
      </td>
      <td>
        <ul className="chip-list">
          {webhook.events.map((event) => (
            <li key={event} className="chip">
              {eventLabel(event)}
            </li>
          ))}
        </ul>
      </td>
      <td>
        {webhook.isActive ? (
          <span className="badge badge-success">Active</span>
        ) : (
          <span className="badge badge-neutral">Paused</span>
        )}
      </td>
      <td>
        {webhook.lastDelivery ? (
          <>
            <DeliveryBadge status={webhook.lastDelivery.status} />
            <div className="text-sm text-secondary">
              {displayInstant(webhook.lastDelivery.at)}
              {webhook.lastDelivery.responseStatus !== null &&
                ` · HTTP ${webhook.lastDelivery.responseStatus}`}
            </div>
          </>
        ) : (
          'None yet'
        )}
      </td>
    </>
  );
}
