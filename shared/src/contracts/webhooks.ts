import { z } from 'zod';
import { defineCall } from './call';
import { ZPage } from './envelope';

/**
 * Webhooks (docs/integrations.md): an administrator subscribes a URL to events; each event is
 * written in the same transaction as the change that caused it, then POSTed as JSON, signed with
 * the subscription's secret (HMAC-SHA256 in `Compass-Signature`), and retried with backoff until
 * the receiver answers 2xx. Every attempt's answer is logged and any delivery can be sent again.
 */

export const webhookMessages = {
  urlRequired: 'Please enter the address to send events to.',
  urlInvalid: 'Please enter a full address starting with https://.',
  urlPrivate: 'Events cannot be sent to a private or local network address.',
  urlCredentials: 'Remove the user name and password from the address: events are signed instead.',
  eventsRequired: 'Choose at least one event.',
  descriptionTooLong: 'A description has at most 200 characters.',
  tooMany: 'An organisation has at most 20 webhooks.',
  tooManyPending:
    'This webhook already has 100 events waiting to be sent. Try again when they have gone out.',
  saved: 'Webhook saved.',
  created: 'Webhook added. Copy its signing secret now: it will not be shown again.',
  deleted: 'Webhook deleted.',
  secretRolled: 'A new signing secret was made. Copy it now: it will not be shown again.',
  notFound: 'This webhook does not exist.',
  deliveryNotFound: 'This delivery does not exist.',
  resent: 'The event was queued to be sent again.',
  testQueued: 'A test event was queued.',
} as const;
const say = webhookMessages;

export const WEBHOOK_EVENTS = [
  'submission.submitted',
  'submission.closed',
  'action.assigned',
  'action.completed',
  'document.approved',
  'requirement.expiring',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event a "Send test event" delivers; no subscription chooses it. */
export const WEBHOOK_PING_EVENT = 'ping';
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'submission.submitted': 'Form submitted',
  'submission.closed': 'Form closed off',
  'action.assigned': 'Action assigned',
  'action.completed': 'Action completed',
  'document.approved': 'Document approved',
  'requirement.expiring': 'Supplier requirement expiring',
};

/** Subscriptions one organisation may hold. */
export const WEBHOOK_MAX_PER_ORGANISATION = 20;
/** Deliveries a webhook may have waiting before a test or a resend is refused (webhookMessages.tooManyPending). */
export const WEBHOOK_MAX_PENDING = 100;
/** Attempts of one delivery before it is marked failed (the first, then retries with backoff). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** The header of the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'compass-signature';

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
export const WEBHOOK_DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/**
 * What every delivery POSTs: the event's id (a delivery sent again carries the same id, so a receiver
 * drops one it has already handled), the event, when it happened, and the event's data (ids, names
 * and the path of the record's page).
 */
export const ZWebhookPayload = z.object({
  id: z.uuid(),
  event: z.union([z.enum(WEBHOOK_EVENTS), z.literal(WEBHOOK_PING_EVENT)]),
  occurredAt: z.iso.datetime(),
  companyId: z.uuid(),
  data: z.record(z.string(), z.unknown()),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;

const ZWebhookDeliverySummary = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  at: z.iso.datetime(),
  responseStatus: z.number().int().nullable(),
});

export const ZWebhook = z.object({
  _id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The newest delivery, to show at a glance whether the receiver answers. */
  lastDelivery: ZWebhookDeliverySummary.nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZWebhookSave = z.object({
  /** Absent: a new subscription. */
  _id: z.uuid().optional(),
  url: z.string({ error: say.urlRequired }).trim().min(1, say.urlRequired).max(2000, say.urlInvalid),
  description: z.string().trim().max(200, say.descriptionTooLong).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { error: say.eventsRequired })
    .min(1, say.eventsRequired)
    .max(WEBHOOK_EVENTS.length),
  isActive: z.boolean().default(true),
});
export type TWebhookSave = z.input<typeof ZWebhookSave>;

export const ZWebhookDelivery = z.object({
  _id: z.uuid(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  /** The receiver's HTTP status of the last attempt; null when it gave none (refused, timed out). */
  responseStatus: z.number().int().nullable(),
  /** The start of the receiver's answer (at most 2,000 characters). */
  responseBody: z.string().nullable(),
  /** Why the last attempt failed without an answer (timeout, refused connection…). */
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The body that was sent. */
  payload: ZWebhookPayload,
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

const tags = ['integrations'];
const access = { callers: ['employee'], accessKeys: ['system'] } as const;

export const webhookListCall = defineCall({
  method: 'GET',
  path: '/webhookList',
  tags,
  summary: "The organisation's webhooks with each one's newest delivery",
  access,
  response: z.object({ items: z.array(ZWebhook) }),
});

export const webhookSaveCall = defineCall({
  method: 'POST',
  path: '/webhookSave',
  tags,
  summary: 'Adds or changes a webhook; a new one answers its signing secret, the only time it is shown',
  access,
  body: ZWebhookSave,
  response: z.object({ _id: z.uuid(), secret: z.string().nullable() }),
});

export const webhookDeleteCall = defineCall({
  method: 'POST',
  path: '/webhookDelete',
  tags,
  summary: 'Deletes a webhook and its delivery log',
  access,
  body: z.object({ _id: z.uuid() }),
  response: z.null(),
});

export const webhookRollSecretCall = defineCall({
  method: 'POST',
  path: '/webhookRollSecret',
  tags,
  summary: 'Replaces the signing secret of a webhook; the answer is the only time the new one is shown',
  access,
  body: z.object({ _id: z.uuid() }),
  response: z.object({ secret: z.string() }),
});

export const webhookTestCall = defineCall({
  method: 'POST',
  path: '/webhookTest',
  tags,
  summary: 'Queues a ping event to the webhook, to check the receiver',
  access,
  body: z.object({ _id: z.uuid() }),
  response: z.object({ deliveryId: z.uuid() }),
});

export const webhookDeliveryListCall = defineCall({
  method: 'GET',
  path: '/webhookDeliveryList',
  tags,
  summary: "A page of a webhook's deliveries, newest first",
  access,
  query: z.object({ webhookId: z.uuid(), page: z.coerce.number().pipe(ZPage).default(1) }),
  response: z.object({
    items: z.array(ZWebhookDelivery),
    total: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const webhookDeliveryResendCall = defineCall({
  method: 'POST',
  path: '/webhookDeliveryResend',
  tags,
  summary: 'Sends a delivery again as a new delivery with the same payload (the same event id)',
  access,
  body: z.object({ _id: z.uuid() }),
  response: z.object({ deliveryId: z.uuid() }),
});
