import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SIGNATURE_HEADER, ZWebhookPayload } from '@compass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/prisma';
import { PollingWorker } from '../../db/pollingWorker';
import { describeError } from '../../errors';
import type { SecretBox } from '../../plugins/secrets';
import { guardedLookup, literalProblem, receiverUrl, type ReceiverRules } from './address';
import { webhookSignature } from './signing';

export type WebhookSettings = Pick<
  Config,
  | 'WEBHOOK_POLL_SECONDS'
  | 'WEBHOOK_TIMEOUT_SECONDS'
  | 'WEBHOOK_MAX_ATTEMPTS'
  | 'WEBHOOK_ALLOW_HTTP'
  | 'WEBHOOK_ALLOW_PRIVATE_ADDRESSES'
>;

export const rulesOf = (settings: WebhookSettings): ReceiverRules => ({
  allowHttp: settings.WEBHOOK_ALLOW_HTTP,
  allowPrivate: settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
});

/** Deliveries one worker claims at a time; the next batch is claimed at once while more are due. */
const BATCH_SIZE = 20;
/** The start of the receiver's answer kept on the delivery. */
const KEPT_ANSWER_CHARACTERS = 2000;
/** Bytes of the answer read at most: enough for the kept characters in any encoding. */
const READ_ANSWER_BYTES = KEPT_ANSWER_CHARACTERS * 4;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 6 * 60 * 60;
/** The lease beyond the timeout: a claim outlives any one attempt, and lapses if its worker died. */
const LEASE_MARGIN_SECONDS = 30;
export const USER_AGENT = 'Compass-Webhooks/1';
export const INACTIVE_ERROR = 'The webhook was deactivated before this delivery was sent.';

/** The wait before attempt `attempts + 1`: 30 s doubling, at most 6 h, ±20 % so retries spread out. */
export function retryDelaySeconds(attempts: number, random = Math.random()): number {
  const base = Math.min(FIRST_RETRY_SECONDS * 2 ** (attempts - 1), LONGEST_RETRY_SECONDS);
  return base * (0.8 + 0.4 * random);
}

interface Answer {
  status: number | null;
  body: string | null;
  error: string | null;
}

/**
 * Sends due webhook deliveries (the WebhookDelivery outbox, written in the transactions of the
 * changes that caused them). Like the mail worker (plugins/mail.ts): due rows are claimed with
 * FOR UPDATE SKIP LOCKED under a lease (`claimedUntil`), so several processes share the work and
 * never send one delivery twice; each row is written back only while the claim is still this one.
 */
export class WebhookDeliveryWorker {
  private readonly worker: PollingWorker;

  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
    private readonly settings: WebhookSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.worker = new PollingWorker({
      runBatch: () => this.deliverDue(),
      batchSize: BATCH_SIZE,
      pollSeconds: settings.WEBHOOK_POLL_SECONDS,
      log,
      failureMessage: 'webhook worker could not read its deliveries',
    });
  }

  start(): void {
    this.worker.start();
  }

  /** Stops once the batch being sent is done (each attempt ends within WEBHOOK_TIMEOUT_SECONDS). */
  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Claims one batch of due deliveries, sends them side by side; answers how many it claimed. */
  async deliverDue(): Promise<number> {
    const lease = Math.ceil(this.settings.WEBHOOK_TIMEOUT_SECONDS) + LEASE_MARGIN_SECONDS;
    // The claim's expiry is also its token: a later claim of the same row sets a later one.
    const claimed = await this.db.$queryRaw<{ id: string; claimedUntil: Date }[]>`
      UPDATE "WebhookDelivery"
      SET "claimedUntil" = (now() AT TIME ZONE 'UTC') + ${lease}::int * interval '1 second'
      WHERE id IN (
        SELECT id FROM "WebhookDelivery"
        WHERE status = 'pending'
          AND "nextAttemptAt" <= (now() AT TIME ZONE 'UTC')
          AND ("claimedUntil" IS NULL OR "claimedUntil" < (now() AT TIME ZONE 'UTC'))
        ORDER BY "nextAttemptAt"
        LIMIT ${BATCH_SIZE}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, "claimedUntil"`;
    await Promise.all(claimed.map((row) => this.deliver(row.id, row.claimedUntil)));
    return claimed.length;
  }

  /** One attempt at one claimed delivery. */
  private async deliver(id: string, claimedUntil: Date): Promise<void> {
    const ours = { id, claimedUntil, status: 'pending' as const };
    const delivery = await this.db.webhookDelivery.findFirst({
      where: ours,
      include: { subscription: { select: { url: true, secret: true, isActive: true } } },
    });
    if (!delivery) return;
    if (!delivery.subscription.isActive) {
      await this.db.webhookDelivery.updateMany({
        where: ours,
        data: { status: 'failed', error: INACTIVE_ERROR, nextAttemptAt: null, claimedUntil: null },
      });
      return;
    }
    const payload = ZWebhookPayload.parse(delivery.payload);
    // The fields in the contract's order (the stored JSON keeps no order); the signature covers these bytes.
    const body = JSON.stringify({
      id: payload.id,
      event: payload.event,
      occurredAt: payload.occurredAt,
      companyId: payload.companyId,
      data: payload.data,
    });
    const started = new Date();
    const answer = await this.post(delivery.subscription.url, body, {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'compass-event': payload.event,
      'compass-delivery': delivery.id,
      [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(
        this.secrets.open(delivery.subscription.secret),
        body,
        started,
      ),
    });
    const attempts = delivery.attempts + 1;
    const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const final = !delivered && attempts >= this.settings.WEBHOOK_MAX_ATTEMPTS;
    const retryAt = new Date(Date.now() + retryDelaySeconds(attempts) * 1000);
    await this.db.webhookDelivery.updateMany({
      where: ours,
      data: {
        status: delivered ? 'delivered' : final ? 'failed' : 'pending',
        attempts,
        lastAttemptAt: started,
        nextAttemptAt: delivered || final ? null : retryAt,
        deliveredAt: delivered ? new Date() : null,
        responseStatus: answer.status,
        responseBody: answer.body,
        error: answer.error,
        durationMs: Date.now() - started.getTime(),
        claimedUntil: null,
      },
    });
    if (!delivered)
      this.log.warn(
        { webhookDeliveryId: id, attempts, final, status: answer.status, err: answer.error },
        'webhook not delivered',
      );
  }

  /**
   * POSTs the body: no redirect is followed, the whole exchange ends within the timeout, and the
   * connection goes only to an address the guard let through.
   */
  private post(urlText: string, body: string, headers: Record<string, string>): Promise<Answer> {
    const rules = rulesOf(this.settings);
    const url = receiverUrl(urlText, rules);
    if (!url) return Promise.resolve({ status: null, body: null, error: 'The address is not allowed.' });
    const refused = literalProblem(url, rules);
    if (refused) return Promise.resolve({ status: null, body: null, error: refused.message });
    const timeoutMs = this.settings.WEBHOOK_TIMEOUT_SECONDS * 1000;
    return new Promise<Answer>((resolve) => {
      const send = url.protocol === 'https:' ? https.request : http.request;
      const request = send(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: guardedLookup(rules),
        signal: AbortSignal.timeout(timeoutMs),
      });
      request.on('error', (error) =>
        resolve({
          status: null,
          body: null,
          error:
            error.name === 'AbortError' || error.name === 'TimeoutError'
              ? `No answer within ${this.settings.WEBHOOK_TIMEOUT_SECONDS} s.`
              : describeError(error).slice(0, KEPT_ANSWER_CHARACTERS),
        }),
      );
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () =>
          resolve({
            status: response.statusCode ?? null,
            body: Buffer.concat(chunks).toString('utf8').slice(0, KEPT_ANSWER_CHARACTERS),
            error: null,
          });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          read += chunk.length;
          // The rest of a long answer is not needed: stop reading it.
          if (read >= READ_ANSWER_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
      });
      request.end(body);
    });
  }
}
