import {
  WEBHOOK_DELIVERY_STATE_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_PING_EVENT,
  type WebhookDeliveryState,
  type WebhookEvent,
} from '@compass/shared';

const STATE_BADGES: Record<WebhookDeliveryState, string> = {
  pending: 'badge-warning',
  delivered: 'badge-success',
  failed: 'badge-danger',
};

/** A delivery's state as a badge: Pending, Delivered or Failed. */
export function DeliveryBadge({ status }: { status: WebhookDeliveryState }) {
  return <span className={`badge ${STATE_BADGES[status]}`}>{WEBHOOK_DELIVERY_STATE_LABELS[status]}</span>;
}

/** An event's label (a delivery names it as a string: the test's ping is no subscribed event). */
export function eventLabel(event: string): string {
  if (event === WEBHOOK_PING_EVENT) return 'Test event';
  return WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? event;
}
