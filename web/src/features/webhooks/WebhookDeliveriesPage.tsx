import { webhookDeliveryResendCall, type TWebhookDelivery } from '@compass/shared';
import { FileSearch, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCall } from '../../api/useCall';
import { DataTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { ListCard, Pagination } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { RowButton } from '../../components/RowButton';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { displayInstant } from '../../lib/display';
import { useWebhookDeliveries, useWebhookList, WEBHOOK_WRITES, WEBHOOKS_PATH } from './api';
import { DeliveryBadge, eventLabel } from './parts';

const BACK = { to: WEBHOOKS_PATH, label: 'Webhooks' };

/** /system-administration/webhooks/:id: one webhook's delivery log, each delivery's content and answer. */
export function WebhookDeliveriesPage() {
  const { id = '' } = useParams();
  const list = useWebhookList();
  usePageTitle('Deliveries');
  if (list.isPending) return <PageSpinner />;
  const webhook = list.data?.items.find((hook) => hook._id === id);
  if (!webhook)
    return (
      <div className="admin-page stack-lg">
        <p className="alert alert-danger" role="alert">
          {list.isError
            ? 'The webhooks could not be loaded. Try again in a moment.'
            : 'This webhook cannot be opened: it was deleted, or it belongs to another organisation.'}
        </p>
        <Link to={BACK.to}>Back to the webhooks</Link>
      </div>
    );
  return <DeliveryLog webhookId={webhook._id} url={webhook.url} />;
}

function DeliveryLog({ webhookId, url }: { webhookId: string; url: string }) {
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(webhookId, page);
  // The id, not the row: the dialog reads the row of the log as it refreshes.
  const [openId, setOpenId] = useState<string | null>(null);
  const resend = useCall(webhookDeliveryResendCall, {
    invalidate: WEBHOOK_WRITES,
    // The new delivery is the newest: it shows on the first page.
    onSuccess: () => setPage(1),
  });
  const rows = log.data?.items ?? [];
  const open = rows.find((delivery) => delivery._id === openId);
  return (
    <div className="admin-page stack-lg">
      <PageHeader title="Deliveries" intro={<span className="webhook-address">{url}</span>} back={BACK} />
      <ListCard
        label="Deliveries"
        query={log}
        count={rows.length}
        empty="Nothing sent yet. Send a test event from the webhooks."
        footer={
          log.data && (
            <Pagination page={page} pageSize={log.data.pageSize} total={log.data.total} onPage={setPage} />
          )
        }
      >
        <DataTable columns={['Event', 'Status', 'Attempts', 'Response', 'Time', 'Duration']} actions>
          {rows.map((delivery) => (
            <tr key={delivery._id}>
              <td>{eventLabel(delivery.event)}</td>
              <td>
                <DeliveryBadge status={delivery.status} />
              </td>
              <td>{delivery.attempts}</td>
              <td>{responseText(delivery)}</td>
              <td>{displayInstant(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
              <td>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</td>
              <td className="row-actions">
                <RowButton
                  icon={FileSearch}
                  onClick={() => setOpenId(delivery._id)}
                  label={`Details of ${deliveryName(delivery)}`}
                >
                  Details
                </RowButton>
                <RowButton
                  icon={RotateCw}
                  loading={resend.isPending && resend.variables.body._id === delivery._id}
                  onClick={() => resend.mutate({ body: { _id: delivery._id } })}
                  label={`Send ${deliveryName(delivery)} again`}
                >
                  Send again
                </RowButton>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
      {open && <DeliveryDialog delivery={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}

/** A delivery as a button's name says it: its event and when it was made. */
const deliveryName = (delivery: TWebhookDelivery) =>
  `${eventLabel(delivery.event)} of ${displayInstant(delivery.createdAt)}`;

/** The receiver's answer in a word: its HTTP status, why there was none, or that none came yet. */
function responseText(delivery: TWebhookDelivery): string {
  if (delivery.responseStatus !== null) return `HTTP ${delivery.responseStatus}`;
  if (delivery.error) return 'No answer';
  return '—';
}

/** What was sent (the payload) and what came back (the answer, or why there was none). */
function DeliveryDialog({ delivery, onClose }: { delivery: TWebhookDelivery; onClose: () => void }) {
  return (
    <Dialog
      title={eventLabel(delivery.event)}
      description={`Made ${displayInstant(delivery.createdAt)} · ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}`}
      onClose={onClose}
      wide
    >
      <div className="stack">
        <p className="row wrap">
          <DeliveryBadge status={delivery.status} />
          {delivery.nextAttemptAt && delivery.status === 'pending' && (
            <span className="text-sm text-secondary">
              Next attempt {displayInstant(delivery.nextAttemptAt)}
            </span>
          )}
        </p>
        <h3>Payload</h3>
        <pre className="webhook-code" tabIndex={0} aria-label="Payload">
          {JSON.stringify(delivery.payload, null, 2)}
        </pre>
        <h3>Response{delivery.responseStatus !== null && ` (HTTP ${delivery.responseStatus})`}</h3>
        {delivery.error && <p className="alert alert-danger">{delivery.error}</p>}
        {delivery.responseBody ? (
          <pre className="webhook-code" tabIndex={0} aria-label="Response body">
            {delivery.responseBody}
          </pre>
        ) : (
          !delivery.error && <p className="text-secondary">No answer body.</p>
        )}
      </div>
    </Dialog>
  );
}
