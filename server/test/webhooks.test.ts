import {
  addDays,
  localDateOf,
  webhookMessages as say,
  WEBHOOK_MAX_PENDING,
  WEBHOOK_MAX_PER_ORGANISATION,
} from '@compass/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Prisma } from '../src/db/prisma';
import { emitWebhookEvent } from '../src/modules/webhooks';
import { guardedLookup, literalProblem } from '../src/modules/webhooks/address';
import { apiCalls, employeeOf, multipartPayload, setupTestApp, signInAll, type TestContext } from './helpers';

// The webhook calls (system access) and emitWebhookEvent; the sending is webhookDelivery.test.ts's.
let ctx: TestContext;
let tokens: Record<string, string> = {};
let northwind: string;
let southbank: string;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const get = (as: string, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers: { authtoken: tokens[as]! } });

beforeAll(async () => {
  ctx = await setupTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  tokens = await signInAll(ctx.app);
  northwind = (await ctx.db.company.findFirstOrThrow({ where: { name: 'Northwind Facilities' } })).id;
  const sam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'sam.southbank' } });
  southbank = sam.companyId;
});

const hook = (extra: object = {}) => ({
  url: 'http://127.0.0.1:9/hook',
  description: 'Our ERP',
  events: ['submission.submitted', 'document.approved'],
  ...extra,
});

describe('webhook calls', () => {
  it('creates a webhook: its secret shown once, stored sealed, listed without it, change-logged', async () => {
    const created = await data('olivia.admin', 'webhookSave', hook());
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    const stored = await ctx.db.webhookSubscription.findUniqueOrThrow({ where: { id: created._id } });
    expect(stored.secret).toMatch(/^enc:v1:/);
    expect(stored.secret).not.toContain(created.secret);
    expect(ctx.app.secrets.open(stored.secret)).toBe(created.secret);
    const listed = (await get('olivia.admin', 'webhookList')).json().response_data.items;
    expect(listed.find((item: { _id: string }) => item._id === created._id)).toEqual({
      _id: created._id,
      url: 'http://127.0.0.1:9/hook',
      description: 'Our ERP',
      events: ['submission.submitted', 'document.approved'],
      isActive: true,
      createdAt: stored.createdAt.toISOString(),
      lastDelivery: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const log = await ctx.db.changeLog.findMany({ where: { entityType: 'webhook', entityId: created._id } });
    expect(log.map((row) => row.action)).toEqual(['created']);

    const changed = await call('olivia.admin', 'webhookSave', hook({ _id: created._id, description: 'ERP' }));
    expect(changed.json()).toMatchObject({ response_message: say.saved, response_data: { secret: null } });
    const rolled = await call('olivia.admin', 'webhookRollSecret', { _id: created._id });
    expect(rolled.json().response_message).toBe(say.secretRolled);
    const actions = await ctx.db.changeLog.findMany({
      where: { entityType: 'webhook', entityId: created._id },
      orderBy: { createdAt: 'asc' },
    });
    expect(actions.map((row) => row.action)).toEqual(['created', 'updated', 'secretRolled']);
    expect(JSON.stringify(actions)).not.toContain(rolled.json().response_data.secret);
  });

  it('answers 400 with the contract messages for bad input, and saves nothing', async () => {
    const before = await ctx.db.webhookSubscription.count();
    const cases: [object, string][] = [
      [{ url: '' }, say.urlRequired],
      [{ url: undefined }, say.urlRequired],
      [{ url: 'not an address' }, say.urlInvalid],
      [{ url: 'ftp://example.com/hook' }, say.urlInvalid],
      [{ url: 'https://user:secret@example.com/hook' }, say.urlCredentials],
      [{ url: 'https://token@example.com/hook' }, say.urlCredentials],
      [{ events: [] }, say.eventsRequired],
      [{ description: 'x'.repeat(201) }, say.descriptionTooLong],
    ];
    for (const [override, message] of cases) {
      const response = await call('olivia.admin', 'webhookSave', hook(override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().response_message).toBe(message);
    }
    const unknownEvent = await call('olivia.admin', 'webhookSave', hook({ events: ['user.deleted'] }));
    expect(unknownEvent.statusCode).toBe(400);
    const badPage = await get('olivia.admin', 'webhookDeliveryList?webhookId=nope');
    expect(badPage.statusCode).toBe(400);
    expect(await ctx.db.webhookSubscription.count()).toBe(before);
  });

  it('refuses http:// and private or local addresses unless the settings allow them', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '' });
    const strict: FastifyInstance = await buildApp({ config, db: ctx.db, databaseUrl: ctx.databaseUrl });
    try {
      const save = (url: string) =>
        strict.inject({
          method: 'POST',
          url: '/api/webhookSave',
          headers: { authtoken: tokens['olivia.admin']! },
          payload: hook({ url }),
        });
      const refused: [string, string][] = [
        ['http://example.com/hook', say.urlInvalid],
        ['https://127.0.0.1/hook', say.urlPrivate],
        ['https://localhost:8443/hook', say.urlPrivate],
        ['https://[::1]/hook', say.urlPrivate],
        ['https://[::ffff:10.0.0.1]/hook', say.urlPrivate],
        ['https://10.1.2.3/hook', say.urlPrivate],
        ['https://172.20.0.1/hook', say.urlPrivate],
        ['https://192.168.1.10/hook', say.urlPrivate],
        ['https://169.254.169.254/latest/meta-data', say.urlPrivate],
        ['https://[fd00::1]/hook', say.urlPrivate],
        ['https://[fe80::1]/hook', say.urlPrivate],
      ];
      for (const [url, message] of refused) {
        const response = await save(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({
          response_message: message,
          validation_errors: [{ field: 'url', message }],
        });
      }
      // The send-time refusal, kept in the delivery log, names no address of the network behind it.
      const rules = { allowHttp: false, allowPrivate: false };
      const lookupError = await new Promise<Error | null>((resolve) =>
        guardedLookup(rules)('localhost', {}, (error) => resolve(error)),
      );
      for (const error of [literalProblem(new URL('https://10.1.2.3/hook'), rules), lookupError])
        expect(error?.message).toBe("The receiver's address is private or local; events are not sent there.");
      const publicAddress = await save('https://93.184.215.14/hook');
      expect(publicAddress.statusCode, publicAddress.body).toBe(200);
      await data('olivia.admin', 'webhookDelete', { _id: publicAddress.json().response_data._id });
    } finally {
      await strict.close();
    }
  });

  it("keeps each organisation's webhooks its own: another's are 404 and never get this one's events", async () => {
    const mine = await data('olivia.admin', 'webhookSave', hook({ events: ['document.approved'] }));
    const theirs = await data('sam.southbank', 'webhookSave', hook({ events: ['document.approved'] }));
    const { deliveryId } = await data('olivia.admin', 'webhookTest', { _id: mine._id });
    const theirList = (await get('sam.southbank', 'webhookList')).json().response_data.items;
    expect(theirList.map((item: { _id: string }) => item._id)).toEqual([theirs._id]);
    const refusals: [string, object][] = [
      ['webhookSave', hook({ _id: mine._id })],
      ['webhookDelete', { _id: mine._id }],
      ['webhookRollSecret', { _id: mine._id }],
      ['webhookTest', { _id: mine._id }],
    ];
    for (const [path, body] of refusals) {
      const response = await call('sam.southbank', path, body);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().response_message).toBe(say.notFound);
    }
    const log = await get('sam.southbank', `webhookDeliveryList?webhookId=${mine._id}`);
    expect(log.statusCode).toBe(404);
    const resend = await call('sam.southbank', 'webhookDeliveryResend', { _id: deliveryId });
    expect(resend.statusCode).toBe(404);
    expect(resend.json().response_message).toBe(say.deliveryNotFound);
    expect(await ctx.db.webhookSubscription.findUnique({ where: { id: mine._id } })).not.toBeNull();

    await ctx.db.$transaction((tx) =>
      emitWebhookEvent(tx, northwind, 'document.approved', { name: 'Policy' }),
    );
    expect(await ctx.db.webhookDelivery.count({ where: { subscriptionId: theirs._id } })).toBe(0);
    expect(await ctx.db.webhookDelivery.count({ where: { subscriptionId: mine._id } })).toBe(2);
  });

  it('needs the system access key', async () => {
    for (const path of ['webhookList', `webhookDeliveryList?webhookId=${crypto.randomUUID()}`])
      expect((await get('mia.employee', path)).statusCode).toBe(403);
    expect((await call('mia.employee', 'webhookSave', hook())).statusCode).toBe(403);
  });

  it('pages the delivery log newest first, and shows the newest delivery in the list', async () => {
    const { _id } = await data('olivia.admin', 'webhookSave', hook());
    const ids: string[] = [];
    for (let index = 0; index < 23; index += 1)
      ids.push((await data('olivia.admin', 'webhookTest', { _id })).deliveryId);
    const first = (await get('olivia.admin', `webhookDeliveryList?webhookId=${_id}`)).json().response_data;
    expect(first).toMatchObject({ total: 23, pageSize: 20 });
    expect(first.items.map((item: { _id: string }) => item._id)).toEqual(ids.slice(3).reverse());
    expect(first.items[0]).toMatchObject({
      event: 'ping',
      status: 'pending',
      attempts: 0,
      payload: { data: { webhookId: _id } },
    });
    const second = (await get('olivia.admin', `webhookDeliveryList?webhookId=${_id}&page=2`)).json();
    expect(second.response_data.items.map((item: { _id: string }) => item._id)).toEqual(
      ids.slice(0, 3).reverse(),
    );
    const listed = (await get('olivia.admin', 'webhookList')).json().response_data.items;
    expect(listed.find((item: { _id: string }) => item._id === _id).lastDelivery).toMatchObject({
      status: 'pending',
      responseStatus: null,
    });

    const resent = await call('olivia.admin', 'webhookDeliveryResend', { _id: ids[0] });
    expect(resent.json().response_message).toBe(say.resent);
    const copy = await ctx.db.webhookDelivery.findUniqueOrThrow({
      where: { id: resent.json().response_data.deliveryId },
    });
    const original = await ctx.db.webhookDelivery.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(copy).toMatchObject({ eventId: original.eventId, payload: original.payload, status: 'pending' });

    const deleted = await call('olivia.admin', 'webhookDelete', { _id });
    expect(deleted.json().response_message).toBe(say.deleted);
    expect(await ctx.db.webhookDelivery.count({ where: { subscriptionId: _id } })).toBe(0);
    const log = await ctx.db.changeLog.findMany({ where: { entityType: 'webhook', entityId: _id } });
    expect(log.map((row) => row.action).sort()).toEqual(['created', 'deleted']);
  });

  it(`refuses a test or a resend while ${WEBHOOK_MAX_PENDING} deliveries wait (409), also when sent at once; sent ones do not count`, async () => {
    const { _id } = await data('olivia.admin', 'webhookSave', hook());
    const first = (await data('olivia.admin', 'webhookTest', { _id })).deliveryId;
    const original = await ctx.db.webhookDelivery.findUniqueOrThrow({ where: { id: first } });
    const copy = (status: 'pending' | 'delivered' | 'failed') => ({
      companyId: original.companyId,
      subscriptionId: _id,
      eventId: original.eventId,
      event: original.event,
      payload: original.payload as Prisma.InputJsonValue,
      status,
    });
    const waiting = Array.from({ length: WEBHOOK_MAX_PENDING - 2 }, () => copy('pending'));
    await ctx.db.webhookDelivery.createMany({ data: [...waiting, copy('delivered'), copy('failed')] });
    // One short of the limit: of four sent at once, exactly one is queued (the count is locked).
    const atOnce = await Promise.all(
      Array.from({ length: 4 }, () => call('olivia.admin', 'webhookTest', { _id })),
    );
    expect(atOnce.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const [path, body] of [
      ['webhookTest', { _id }],
      ['webhookDeliveryResend', { _id: first }],
    ] as const) {
      const refused = await call('olivia.admin', path, body);
      expect(refused.statusCode, path).toBe(409);
      expect(refused.json().response_message).toBe(say.tooManyPending);
    }
    const pending = { subscriptionId: _id, status: 'pending' } as const;
    expect(await ctx.db.webhookDelivery.count({ where: pending })).toBe(WEBHOOK_MAX_PENDING);
    // Once one has gone out there is room again.
    await ctx.db.webhookDelivery.update({ where: { id: first }, data: { status: 'delivered' } });
    expect((await call('olivia.admin', 'webhookDeliveryResend', { _id: first })).statusCode).toBe(200);
    await data('olivia.admin', 'webhookDelete', { _id });
  });

  it(`holds an organisation to ${WEBHOOK_MAX_PER_ORGANISATION} webhooks`, async () => {
    const held = await ctx.db.webhookSubscription.count({ where: { companyId: southbank } });
    for (let index = held; index < WEBHOOK_MAX_PER_ORGANISATION; index += 1)
      await data('sam.southbank', 'webhookSave', hook());
    const over = await call('sam.southbank', 'webhookSave', hook());
    expect(over.statusCode).toBe(409);
    expect(over.json().response_message).toBe(say.tooMany);
    expect(await ctx.db.webhookSubscription.count({ where: { companyId: southbank } })).toBe(
      WEBHOOK_MAX_PER_ORGANISATION,
    );
  });
});

describe('emitWebhookEvent', () => {
  it('writes one delivery per active subscription of the event, one event id for all', async () => {
    const a = await data('olivia.admin', 'webhookSave', hook({ events: ['requirement.expiring'] }));
    const b = await data(
      'olivia.admin',
      'webhookSave',
      hook({ events: ['requirement.expiring', 'action.completed'] }),
    );
    const off = await data(
      'olivia.admin',
      'webhookSave',
      hook({ events: ['requirement.expiring'], isActive: false }),
    );
    const other = await data('olivia.admin', 'webhookSave', hook({ events: ['action.completed'] }));
    const queued = await ctx.db.$transaction((tx) =>
      emitWebhookEvent(tx, northwind, 'requirement.expiring', async () => ({ requirementId: 'r1' })),
    );
    expect(queued).toBe(2);
    const rows = await ctx.db.webhookDelivery.findMany({ where: { event: 'requirement.expiring' } });
    expect(rows.map((row) => row.subscriptionId).sort()).toEqual([a._id, b._id].sort());
    expect(new Set(rows.map((row) => row.eventId)).size).toBe(1);
    expect(rows[0]!.payload).toMatchObject({
      id: rows[0]!.eventId,
      event: 'requirement.expiring',
      companyId: northwind,
      data: { requirementId: 'r1' },
    });
    for (const id of [off._id, other._id])
      expect(await ctx.db.webhookDelivery.count({ where: { subscriptionId: id } })).toBe(0);
  });

  it('writes nothing for a change that rolls back, and reads no data when nobody listens', async () => {
    await data('olivia.admin', 'webhookSave', hook({ events: ['action.assigned'] }));
    const before = await ctx.db.webhookDelivery.count();
    await expect(
      ctx.db.$transaction(async (tx) => {
        expect(await emitWebhookEvent(tx, northwind, 'action.assigned', { actionId: 'a1' })).toBe(1);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await ctx.db.webhookDelivery.count()).toBe(before);
    let read = false;
    const none = await emitWebhookEvent(ctx.db, southbank, 'action.assigned', async () => {
      read = true;
      return {};
    });
    expect(none).toBe(0);
    expect(read).toBe(false);
  });
});

describe('the events of the hourly reminders', () => {
  it('sends requirement.expiring once for an approved document about to expire', async () => {
    const { _id } = await data('olivia.admin', 'webhookSave', hook({ events: ['requirement.expiring'] }));
    const type = await ctx.db.requirementType.findFirstOrThrow({
      where: { companyId: northwind, appliesTo: 'company', trainingCourseId: null },
    });
    const supplier = await ctx.db.supplierCompany.findFirstOrThrow({ where: { companyId: northwind } });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    const requirement = await ctx.db.supplierRequirement.create({
      data: {
        companyId: northwind,
        supplierId: supplier.id,
        requirementTypeId: type.id,
        status: 'approved',
        dueDate: inDays(-30),
        expiryDate: inDays(5),
      },
    });
    await ctx.app.sendHourlyReminders();
    await ctx.app.sendHourlyReminders();
    const deliveries = await ctx.db.webhookDelivery.findMany({ where: { subscriptionId: _id } });
    const mine = deliveries.filter(
      (row) => (row.payload as { data: { requirementId: string } }).data.requirementId === requirement.id,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({
      event: 'requirement.expiring',
      data: {
        requirementType: type.name,
        supplierId: supplier.id,
        supplierName: supplier.name,
        personnelId: null,
        expiryDate: requirement.expiryDate!.toISOString().slice(0, 10),
        path: `/external-parties/company-document-review/${supplier.id}/${requirement.id}`,
      },
    });
  });
});

describe('document.approved', () => {
  it('is sent when the last approver approves, and the version is published', async () => {
    const { _id } = await data('olivia.admin', 'webhookSave', hook({ events: ['document.approved'] }));
    const [ethan, olivia, mia] = await Promise.all(
      ['ethan.coordinator', 'olivia.admin', 'mia.employee'].map((username) => employeeOf(ctx.db, username)),
    );
    const details = {
      name: 'Webhook Manual',
      ownerId: ethan!.id,
      reviewerId: olivia!.id,
      reviewFrequency: 'years',
      nextReviewDate: addDays(localDateOf(new Date(), 'UTC'), 90),
      audienceEmployeeIds: [mia!.id],
      approverIds: [ethan!.id, mia!.id],
    };
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const { payload, contentType } = multipartPayload({ details: JSON.stringify(details) }, [
      { name: 'policy.pdf', content: pdf },
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/documentCreate',
      headers: { authtoken: tokens['olivia.admin']!, 'content-type': contentType },
      payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    const documentId = created.json().response_data._id;
    const approved = () => ctx.db.webhookDelivery.findMany({ where: { subscriptionId: _id } });
    const decide = (as: string, employeeId: string) =>
      data(as, 'documentApprovalDecide', { _id: documentId, employeeId, decision: 'approve' });
    expect((await decide('ethan.coordinator', ethan!.id)).published).toBe(false);
    expect(await approved()).toHaveLength(0);
    expect((await decide('mia.employee', mia!.id)).published).toBe(true);
    const [delivery] = await approved();
    expect(delivery?.payload).toMatchObject({
      event: 'document.approved',
      data: { documentId, name: 'Webhook Manual', version: 1, path: `/document/library/${documentId}` },
    });
  });
});
