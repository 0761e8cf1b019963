import { randomUUID } from 'node:crypto';
import type { TWebhookPayload, WebhookEvent } from '@compass/shared';
import type { Prisma } from '../../db/prisma';

/** An event's data: ids, names and the path of the record's page in the application. */
export type WebhookData = Record<string, unknown>;

/**
 * Queues `event` to every active subscription of the organisation that chose it: one delivery each,
 * one event id for all, written through the caller's transaction so the event exists exactly when
 * the change that caused it commits. Without a subscription this is one indexed read; `data` may be
 * a function so that what it reads is read only when someone listens. Answers the deliveries queued.
 */
export async function emitWebhookEvent(
  tx: Prisma.TransactionClient,
  companyId: string,
  event: WebhookEvent,
  data: WebhookData | (() => Promise<WebhookData>),
): Promise<number> {
  const subscriptions = await tx.webhookSubscription.findMany({
    where: { companyId, isActive: true, events: { has: event } },
    select: { id: true },
  });
  if (subscriptions.length === 0) return 0;
  const payload: TWebhookPayload = {
    id: randomUUID(),
    event,
    occurredAt: new Date().toISOString(),
    companyId,
    data: typeof data === 'function' ? await data() : data,
  };
  await tx.webhookDelivery.createMany({
    data: subscriptions.map((subscription) => ({
      companyId,
      subscriptionId: subscription.id,
      eventId: payload.id,
      event,
      payload: payload as Prisma.InputJsonValue,
    })),
  });
  return subscriptions.length;
}
