import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEvent } from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/plugins/auth';
import { WebhookDeliveryWorker } from '../src/modules/webhooks';
import type { WebhookSettings } from '../src/modules/webhooks/delivery';
import { WebhookService } from '../src/modules/webhooks/service';
import { companyId, ctx, post, submitted, tokens, useEveryFieldTemplate } from './everyFieldTemplate';
import { multipartPayload } from './helpers';

// The delivery worker against a real receiver on 127.0.0.1; the worker is driven by deliverDue().
useEveryFieldTemplate();

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers at each path: a status (and body), or never. */
const answers = new Map<string, { status: number; body?: string; headers?: Record<string, string> }[]>();
const received: Received[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '';
    received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    if (path === '/slow') return; // never answers
    const queue = answers.get(path) ?? [];
    const answer = queue.length > 1 ? queue.shift()! : (queue[0] ?? { status: 200, body: 'thanks' });
    response.writeHead(answer.status, answer.headers).end(answer.body ?? '');
  });
});

const SETTINGS: WebhookSettings = {
  WEBHOOK_POLL_SECONDS: 1,
  WEBHOOK_TIMEOUT_SECONDS: 0.5,
  WEBHOOK_MAX_ATTEMPTS: 3,
  WEBHOOK_ALLOW_HTTP: true,
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: true,
};
let base: string;
let auth: AuthContext;
let service: WebhookService;
let worker: WebhookDeliveryWorker;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const admin = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
  auth = { companyId, userId: admin.id } as AuthContext;
  service = new WebhookService(ctx.db, ctx.app.secrets, { allowHttp: true, allowPrivate: true });
  worker = new WebhookDeliveryWorker(ctx.db, ctx.app.secrets, SETTINGS, ctx.app.log);
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const subscribe = (path: string, events: WebhookEvent[] = ['action.assigned']) =>
  service.save(auth, { url: `${base}${path}`, description: path, events, isActive: true });

/** The signature header checked as a receiver would: the HMAC of "<t>.<body>" with the secret. */
function signedBy(secret: string, entry: Received): boolean {
  const [t, v1] = String(entry.headers['compass-signature'])
    .split(',')
    .map((part) => part.split('=')[1]);
  const expected = createHmac('sha256', secret).update(`${t}.${entry.body}`).digest('hex');
  return v1 === expected && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

const at = (path: string) => received.filter((entry) => entry.path === path);
const row = (id: string) => ctx.db.webhookDelivery.findUniqueOrThrow({ where: { id } });
/** Makes a delivery due now instead of waiting for its backoff. */
const dueNow = (id: string) =>
  ctx.db.webhookDelivery.update({ where: { id }, data: { nextAttemptAt: new Date() } });

describe('webhook delivery', () => {
  it('sends submission.submitted and action.assigned, signed with the secret shown at create', async () => {
    const { _id, secret } = await subscribe('/forms', ['submission.submitted', 'action.assigned']);
    const form = await submitted();
    expect(await worker.deliverDue()).toBeGreaterThanOrEqual(2);
    const events = at('/forms').map((entry) => JSON.parse(entry.body));
    const submittedEvent = events.find((event) => event.event === 'submission.submitted');
    expect(submittedEvent).toMatchObject({
      companyId,
      data: {
        submissionId: form._id,
        formNumber: form.formatedNumber,
        templateName: 'Every Field',
        path: `/form-submission/record/${companyId}/${form._id}`,
      },
    });
    expect(events.find((event) => event.event === 'action.assigned')?.data).toMatchObject({
      submissionId: form._id,
      source: 'form',
      reassigned: false,
    });
    for (const entry of at('/forms')) {
      expect(signedBy(secret!, entry)).toBe(true);
      expect(signedBy('whsec_wrong', entry)).toBe(false);
      expect(entry.headers).toMatchObject({
        'content-type': 'application/json',
        'user-agent': 'Compass-Webhooks/1',
        'compass-event': JSON.parse(entry.body).event,
      });
    }
    const delivered = await ctx.db.webhookDelivery.findMany({ where: { subscriptionId: _id } });
    expect(delivered.map((delivery) => delivery.status)).toEqual(delivered.map(() => 'delivered'));
    expect(delivered.map((delivery) => delivery.id).sort()).toEqual(
      at('/forms')
        .map((entry) => entry.headers['compass-delivery'])
        .sort(),
    );
  });

  it('sends action.completed and submission.closed as the form is worked through', async () => {
    const { secret } = await subscribe('/work', ['action.completed', 'submission.closed']);
    const form = await submitted();
    const action = await ctx.db.action.findFirstOrThrow({ where: { submissionId: form._id } });
    const { payload, contentType } = multipartPayload(
      { sectionType: 'form', taskId: action.id, response: 'Upright replaced.', completeStatus: 'yes' },
      [],
    );
    const completed = await ctx.app.inject({
      method: 'POST',
      url: '/api/assignedActionSave',
      headers: { authtoken: tokens['mia.employee']!, 'content-type': contentType },
      payload,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const closed = await post('ethan.coordinator', '/formSubmissionClose', { _id: form._id });
    expect(closed.statusCode, closed.body).toBe(200);
    await worker.deliverDue();
    // Deliveries of one batch go out side by side: in no particular order.
    const events = new Map(
      at('/work').map((entry) => [JSON.parse(entry.body).event, JSON.parse(entry.body)]),
    );
    expect([...events.keys()].sort()).toEqual(['action.completed', 'submission.closed']);
    expect(events.get('action.completed').data).toMatchObject({
      actionId: action.id,
      source: 'form',
      parentId: form._id,
      formNumber: form.formatedNumber,
      path: `/form-submission/Record/${form._id}`,
    });
    expect(events.get('submission.closed').data).toMatchObject({
      submissionId: form._id,
      closedAt: expect.any(String),
    });
    expect(at('/work').every((entry) => signedBy(secret!, entry))).toBe(true);
  });

  it('retries with backoff: 500, 500, then 200 is delivered at the third attempt, each answer kept', async () => {
    answers.set('/flaky', [
      { status: 500, body: 'down' },
      { status: 503, body: 'still down' },
      { status: 204 },
    ]);
    const { _id } = await subscribe('/flaky');
    const { deliveryId } = await service.test(auth, _id);
    await worker.deliverDue();
    const first = await row(deliveryId);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      responseBody: 'down',
    });
    const wait = (first.nextAttemptAt!.getTime() - first.lastAttemptAt!.getTime()) / 1000;
    expect(wait).toBeGreaterThan(23);
    expect(wait).toBeLessThan(37);
    // Not due yet: nothing is sent.
    expect(await worker.deliverDue()).toBe(0);
    await dueNow(deliveryId);
    await worker.deliverDue();
    const second = await row(deliveryId);
    expect(second).toMatchObject({ attempts: 2, responseStatus: 503, responseBody: 'still down' });
    const secondWait = (second.nextAttemptAt!.getTime() - second.lastAttemptAt!.getTime()) / 1000;
    expect(secondWait).toBeGreaterThan(47);
    await dueNow(deliveryId);
    await worker.deliverDue();
    expect(await row(deliveryId)).toMatchObject({
      status: 'delivered',
      attempts: 3,
      responseStatus: 204,
      nextAttemptAt: null,
      error: null,
    });
    expect(at('/flaky')).toHaveLength(3);
    expect(new Set(at('/flaky').map((entry) => JSON.parse(entry.body).event))).toEqual(new Set(['ping']));
  });

  it('gives up after the timeout, and marks the delivery failed after the last attempt', async () => {
    const { _id } = await subscribe('/slow');
    const { deliveryId } = await service.test(auth, _id);
    for (let attempt = 1; attempt <= SETTINGS.WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
      const started = Date.now();
      await dueNow(deliveryId);
      await worker.deliverDue();
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await row(deliveryId)).toMatchObject({
        attempts: attempt,
        responseStatus: null,
        error: 'No answer within 0.5 s.',
        status: attempt < SETTINGS.WEBHOOK_MAX_ATTEMPTS ? 'pending' : 'failed',
      });
    }
    expect((await row(deliveryId)).nextAttemptAt).toBeNull();
    await worker.deliverDue();
    expect(at('/slow')).toHaveLength(SETTINGS.WEBHOOK_MAX_ATTEMPTS);
  });

  it('follows no redirect and keeps only the start of a long answer', async () => {
    answers.set('/moved', [{ status: 302, headers: { location: `${base}/elsewhere` } }]);
    answers.set('/long', [{ status: 400, body: 'x'.repeat(50_000) }]);
    const moved = await service.test(auth, (await subscribe('/moved'))._id);
    const long = await service.test(auth, (await subscribe('/long'))._id);
    await worker.deliverDue();
    expect(await row(moved.deliveryId)).toMatchObject({ status: 'pending', responseStatus: 302 });
    expect(at('/elsewhere')).toHaveLength(0);
    expect((await row(long.deliveryId)).responseBody).toHaveLength(2000);
  });

  it('resends a delivery as a new one with the same event id', async () => {
    const { _id } = await subscribe('/resend');
    const ping = await service.test(auth, _id);
    await worker.deliverDue();
    const again = await service.resend(auth, ping.deliveryId);
    expect(again.deliveryId).not.toBe(ping.deliveryId);
    await worker.deliverDue();
    const [first, second] = at('/resend');
    expect(JSON.parse(second!.body).id).toBe(JSON.parse(first!.body).id);
    expect(second!.headers['compass-delivery']).toBe(again.deliveryId);
    expect((await row(again.deliveryId)).status).toBe('delivered');
  });

  it('signs with the new secret once it is rolled; the old one no longer verifies', async () => {
    const { _id, secret } = await subscribe('/rolled');
    const rolled = await service.rollSecret(auth, _id);
    expect(rolled.secret).not.toBe(secret);
    await service.test(auth, _id);
    await worker.deliverDue();
    const [entry] = at('/rolled');
    expect(signedBy(rolled.secret, entry!)).toBe(true);
    expect(signedBy(secret!, entry!)).toBe(false);
  });

  it('sends nothing of a deactivated webhook, and drops what it had queued', async () => {
    const { _id } = await subscribe('/off');
    const queued = await service.test(auth, _id);
    await service.save(auth, {
      _id,
      url: `${base}/off`,
      description: '',
      events: ['action.assigned'],
      isActive: false,
    });
    await submitted();
    await worker.deliverDue();
    expect(at('/off')).toHaveLength(0);
    expect(await row(queued.deliveryId)).toMatchObject({ status: 'failed', attempts: 0 });
    expect(await ctx.db.webhookDelivery.count({ where: { subscriptionId: _id } })).toBe(1);
  });

  it('refuses at send time a receiver whose address became private', async () => {
    const { _id } = await subscribe('/private');
    const { deliveryId } = await service.test(auth, _id);
    const strict = { ...SETTINGS, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false };
    await new WebhookDeliveryWorker(ctx.db, ctx.app.secrets, strict, ctx.app.log).deliverDue();
    expect(at('/private')).toHaveLength(0);
    expect((await row(deliveryId)).error).toContain('private or local');
  });

  it('never sends one delivery twice, with two workers at once', async () => {
    const { _id } = await subscribe('/twice');
    for (let index = 0; index < 30; index += 1) await service.test(auth, _id);
    const other = new WebhookDeliveryWorker(ctx.db, ctx.app.secrets, SETTINGS, ctx.app.log);
    while ((await Promise.all([worker.deliverDue(), other.deliverDue()])).some((count) => count > 0));
    const ids = at('/twice').map((entry) => entry.headers['compass-delivery']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});
