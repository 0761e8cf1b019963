import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_MAX_PENDING,
  WEBHOOK_MAX_PER_ORGANISATION,
  WEBHOOK_PING_EVENT,
  webhookMessages as say,
  type TWebhook,
  type TWebhookDelivery,
  type TWebhookPayload,
  type WebhookEvent,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange, recordDelete, recordSave } from '../../plugins/changeLog';
import type { SecretBox } from '../../plugins/secrets';
import { receiverProblem, type ReceiverRules } from './address';
import { INACTIVE_ERROR } from './delivery';
import { webhooksOf } from './policy';
import { newWebhookSecret } from './signing';

/** Deliveries on one page of a webhook's log. */
export const DELIVERY_PAGE_SIZE = 20;

interface WebhookInput {
  _id?: string | undefined;
  url: string;
  description: string;
  events: WebhookEvent[];
  isActive: boolean;
}

type DeliveryRow = Prisma.WebhookDeliveryGetPayload<object>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What the change log keeps of a webhook: never its secret. */
const snapshotOf = (row: { url: string; description: string; events: string[]; isActive: boolean }) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  active: row.isActive,
});

function deliveryOf(row: DeliveryRow): TWebhookDelivery {
  return {
    _id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
    payload: row.payload as TWebhookPayload,
  };
}

/** An organisation's webhooks (system access): subscriptions, secrets, the delivery log, resends. */
export class WebhookService {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
    private readonly rules: ReceiverRules,
  ) {}

  async list(companyId: string): Promise<TWebhook[]> {
    const rows = await this.db.webhookSubscription.findMany({
      where: webhooksOf(companyId),
      orderBy: { createdAt: 'asc' },
      include: { deliveries: { orderBy: { createdAt: 'desc' }, take: 1 } },
    });
    return rows.map((row) => {
      const last = row.deliveries[0];
      return {
        _id: row.id,
        url: row.url,
        description: row.description,
        events: row.events as WebhookEvent[],
        isActive: row.isActive,
        createdAt: row.createdAt.toISOString(),
        lastDelivery: last
          ? {
              status: last.status,
              at: (last.lastAttemptAt ?? last.createdAt).toISOString(),
              responseStatus: last.responseStatus,
            }
          : null,
      };
    });
  }

  /** Adds or changes a webhook; a new one answers its secret (the only time it is shown). */
  async save(auth: AuthContext, input: WebhookInput): Promise<{ _id: string; secret: string | null }> {
    const problem = await receiverProblem(input.url, this.rules);
    if (problem) throw badRequest(problem, [{ field: 'url', message: problem }]);
    const data = {
      url: input.url,
      description: input.description,
      events: [...new Set(input.events)],
      isActive: input.isActive,
    };
    return this.db.$transaction(async (tx) => {
      const before = input._id ? await this.find(tx, auth.companyId, input._id) : null;
      if (before) {
        const saved = await tx.webhookSubscription.update({ where: { id: before.id }, data });
        if (before.isActive && !saved.isActive) await this.dropPending(tx, saved.id);
        await recordSave(tx, auth, { type: 'webhook', id: saved.id }, snapshotOf(before), snapshotOf(saved));
        return { _id: saved.id, secret: null };
      }
      // Concurrent creates of one organisation wait for each other, so the limit holds.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${auth.companyId}`}))`;
      const held = await tx.webhookSubscription.count({ where: { companyId: auth.companyId } });
      if (held >= WEBHOOK_MAX_PER_ORGANISATION) throw conflict(say.tooMany);
      const secret = newWebhookSecret();
      const saved = await tx.webhookSubscription.create({
        data: {
          ...data,
          companyId: auth.companyId,
          secret: this.secrets.seal(secret),
          createdByUserId: auth.userId,
        },
      });
      await recordSave(tx, auth, { type: 'webhook', id: saved.id }, null, snapshotOf(saved));
      return { _id: saved.id, secret };
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const webhook = await this.find(tx, auth.companyId, id);
      // Its deliveries go with it (onDelete: Cascade), so none of them is sent after this commits.
      await tx.webhookSubscription.delete({ where: { id: webhook.id } });
      await recordDelete(tx, auth, { type: 'webhook', id: webhook.id }, snapshotOf(webhook));
    });
  }

  /** A new secret, answered once; deliveries sent from now on are signed with it. */
  async rollSecret(auth: AuthContext, id: string): Promise<{ secret: string }> {
    const secret = newWebhookSecret();
    await this.db.$transaction(async (tx) => {
      const webhook = await this.find(tx, auth.companyId, id);
      await tx.webhookSubscription.update({
        where: { id: webhook.id },
        data: { secret: this.secrets.seal(secret) },
      });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'webhook',
        entityId: webhook.id,
        action: 'secretRolled',
        before: null,
        after: null,
      });
    });
    return { secret };
  }

  /** Queues a ping to the webhook, whatever events it chose. */
  async test(auth: AuthContext, id: string): Promise<{ deliveryId: string }> {
    const webhook = await this.find(this.db, auth.companyId, id);
    const payload: TWebhookPayload = {
      id: randomUUID(),
      event: WEBHOOK_PING_EVENT,
      occurredAt: new Date().toISOString(),
      companyId: auth.companyId,
      data: { webhookId: webhook.id },
    };
    return this.queue(auth.companyId, webhook.id, { eventId: payload.id, event: payload.event, payload });
  }

  /** A page of the webhook's deliveries, newest first. */
  async deliveries(companyId: string, webhookId: string, page: number) {
    const webhook = await this.find(this.db, companyId, webhookId);
    const where = { subscriptionId: webhook.id };
    const [rows, total] = await Promise.all([
      this.db.webhookDelivery.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: (page - 1) * DELIVERY_PAGE_SIZE,
        take: DELIVERY_PAGE_SIZE,
      }),
      this.db.webhookDelivery.count({ where }),
    ]);
    return { items: rows.map(deliveryOf), total, pageSize: DELIVERY_PAGE_SIZE };
  }

  /**
   * Queues a test or a resend, refused while the webhook has WEBHOOK_MAX_PENDING deliveries waiting,
   * so a caller cannot pile up an unbounded queue against a receiver that is down (events themselves
   * are never refused). The webhook's row is locked while counting: two calls at once cannot both
   * take the last place.
   */
  private async queue(
    companyId: string,
    subscriptionId: string,
    delivery: { eventId: string; event: string; payload: unknown },
  ): Promise<{ deliveryId: string }> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM "WebhookSubscription" WHERE id = ${subscriptionId}::uuid FOR UPDATE`;
      const pending = await tx.webhookDelivery.count({ where: { subscriptionId, status: 'pending' } });
      if (pending >= WEBHOOK_MAX_PENDING) throw conflict(say.tooManyPending);
      const created = await tx.webhookDelivery.create({
        data: { companyId, subscriptionId, ...delivery, payload: delivery.payload as Prisma.InputJsonValue },
      });
      return { deliveryId: created.id };
    });
  }

  /** Sends a delivery again: a new delivery of the same payload, so the receiver sees the same event id. */
  async resend(auth: AuthContext, deliveryId: string): Promise<{ deliveryId: string }> {
    const delivery = await this.db.webhookDelivery.findFirst({
      where: { id: deliveryId, ...webhooksOf(auth.companyId) },
    });
    if (!delivery) throw notFound(say.deliveryNotFound);
    const { eventId, event, payload } = delivery;
    return this.queue(auth.companyId, delivery.subscriptionId, { eventId, event, payload });
  }

  private async find(db: Prisma.TransactionClient, companyId: string, id: string) {
    const webhook = await db.webhookSubscription.findFirst({ where: { id, ...webhooksOf(companyId) } });
    if (!webhook) throw notFound(say.notFound);
    return webhook;
  }

  /** A deactivated webhook's queued deliveries are not sent; they stay in its log, to resend. */
  private async dropPending(tx: Prisma.TransactionClient, subscriptionId: string): Promise<void> {
    await tx.webhookDelivery.updateMany({
      // A delivery being sent right now is left to its worker, which writes what the receiver answered.
      where: {
        subscriptionId,
        status: 'pending',
        OR: [{ claimedUntil: null }, { claimedUntil: { lt: new Date() } }],
      },
      data: { status: 'failed', error: INACTIVE_ERROR, nextAttemptAt: null, claimedUntil: null },
    });
  }
}
