import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createPrisma, type Db } from '../src/db/prisma';
import type { OutgoingMail } from '../src/plugins/mail';
import { apiCalls, checkAnswers, createTestDatabase, signInAll, type TestContext } from './helpers';

/**
 * The Prometheus metrics of an app (plugins/metrics.ts) and the request id of its logs: an app built
 * with a metrics token and its log lines captured.
 */
const METRICS_TOKEN = 'm'.repeat(40);
let ctx: TestContext;
let tokens: Record<string, string>;
let companyId: string;
const logLines: Record<string, unknown>[] = [];
let mailDir: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  const db: Db = createPrisma(database.url, 5);
  mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'compass-metrics-mail-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '',
    METRICS_TOKEN,
    COMPASS_VERSION: '47.0.0-test',
    MAIL_CAPTURE_DIR: mailDir,
    MAIL_POLL_SECONDS: '0.1',
  });
  const logStream = { write: (line: string) => void logLines.push(JSON.parse(line)) };
  const app = await buildApp({ config, db, databaseUrl: database.url, logStream });
  checkAnswers(app);
  await app.ready();
  ctx = { app, db, databaseUrl: database.url };
  tokens = await signInAll(app, ['olivia.admin', 'liam.personnel']);
  companyId = (await db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } })).companyId;
  drop = database.drop;
});

// At file level: vitest runs no afterAll registered from inside a beforeAll.
afterAll(async () => {
  await ctx.app.close();
  await ctx.db.$disconnect();
  await drop();
  await fs.rm(mailDir, { recursive: true, force: true });
});

const { call } = apiCalls(
  () => ctx,
  () => tokens,
);

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of Prometheus's text format. */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText, value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...(labelText ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, text]) => [key, text]),
      );
      return { name: name!, labels, value: Number(value) };
    });
}

async function scrape(app: FastifyInstance = ctx.app): Promise<Sample[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return samples(response.body);
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when none. */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = all.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

const mail = (subject: string, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  companyId,
  to: 'metrics@northwind.example',
  category: 'testMail',
  content: { subject, title: subject, text: subject, bodyHtml: `<p>${subject}</p>` },
  ...extra,
});

describe('the metrics endpoint', () => {
  it('refuses a scrape without the token or with another, and serves none without METRICS_TOKEN', async () => {
    const without = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect([without.statusCode, without.json().error_code]).toEqual([401, 'not_signed_in']);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('compass_');

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '' });
    const plain = await buildApp({ config, db: ctx.db, databaseUrl: ctx.databaseUrl });
    checkAnswers(plain);
    try {
      const answer = await plain.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('serves the metrics on a listener of its own, nothing else there', async () => {
    const { address, port } = await ctx.app.metrics.listen(0, '127.0.0.1');
    const metrics = await fetch(`http://${address}:${port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(valueOf(samples(await metrics.text()), 'compass_build_info', { version: '47.0.0-test' })).toBe(1);
    expect((await fetch(`http://${address}:${port}/api/dashboardList`)).status).toBe(404);
  });
});

describe('what the metrics count', () => {
  it('counts requests by route pattern and status, their durations, and errors by envelope code', async () => {
    const before = await scrape();
    const requests = { name: 'compass_http_requests_total' };
    const dashboard = { method: 'POST', route: '/api/dashboardList' };
    const countOf = (all: Sample[], labels: Record<string, string>) =>
      valueOf(all, requests.name, labels) ?? 0;

    expect((await call('olivia.admin', 'dashboardList', {})).statusCode).toBe(200);
    expect((await call('olivia.admin', 'dashboardList', {})).statusCode).toBe(200);
    expect((await call(null, 'dashboardList', {})).statusCode).toBe(401);
    expect((await call('liam.personnel', 'assetList', {})).json().error_code).toBe('caller_not_served');
    expect((await ctx.app.inject({ method: 'GET', url: '/no/such/thing/42' })).statusCode).toBe(404);

    const after = await scrape();
    expect(
      countOf(after, { ...dashboard, status: '200' }) - countOf(before, { ...dashboard, status: '200' }),
    ).toBe(2);
    expect(
      countOf(after, { ...dashboard, status: '401' }) - countOf(before, { ...dashboard, status: '401' }),
    ).toBe(1);
    // Never the raw URL: a request no route matches is 'unmatched'.
    expect(countOf(after, { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(after.some((sample) => sample.labels.route?.includes('/no/such'))).toBe(false);

    const durations = (all: Sample[]) =>
      valueOf(all, 'compass_http_request_duration_seconds_count', dashboard) ?? 0;
    expect(durations(after) - durations(before)).toBe(3);
    expect(valueOf(after, 'compass_http_request_duration_seconds_bucket', { ...dashboard, le: '+Inf' })).toBe(
      durations(after),
    );

    const errors = (all: Sample[], labels: Record<string, string>) =>
      valueOf(all, 'compass_http_errors_total', labels) ?? 0;
    const unauthorised = { route: '/api/dashboardList', code: 'not_signed_in' };
    expect(errors(after, unauthorised) - errors(before, unauthorised)).toBe(1);
    expect(errors(after, { route: '/api/assetList', code: 'caller_not_served' })).toBe(1);
    expect(errors(after, { route: 'unmatched', code: 'not_found' })).toBeGreaterThanOrEqual(1);
  });

  it('counts a repeated cached call as a hit of the answer cache', async () => {
    const hits = (all: Sample[]) =>
      valueOf(all, 'compass_cache_requests_total', { cache: 'answers', result: 'hit' }) ?? 0;
    await call('olivia.admin', 'dashboardList', { localTimeZone: 'Australia/Sydney' });
    const before = hits(await scrape());
    await call('olivia.admin', 'dashboardList', { localTimeZone: 'Australia/Sydney' });
    const after = await scrape();
    expect(hits(after) - before).toBe(1);
    expect(
      valueOf(after, 'compass_cache_requests_total', { cache: 'answers', result: 'miss' }),
    ).toBeGreaterThan(0);
    // The other caches count too (whether a hit depends on their notification channel being up).
    for (const cache of ['sessions', 'data_versions'])
      expect(after.some((sample) => sample.labels.cache === cache)).toBe(true);
  });

  it('reports the connections of every pool of the app', async () => {
    const all = await scrape();
    for (const pool of ['read', 'generic', 'metrics'])
      for (const state of ['total', 'idle', 'waiting'])
        expect(valueOf(all, 'compass_db_pool_connections', { pool, state })).toBeGreaterThanOrEqual(0);
    expect(valueOf(all, 'compass_db_pool_connections', { pool: 'read', state: 'total' })).toBeGreaterThan(0);
    expect(valueOf(all, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(all, 'compass_build_info', { version: '47.0.0-test', node: process.versions.node })).toBe(
      1,
    );
  });

  it('reads the queues at scrape time: a queued mail shows, a missing table leaves only its gauges out', async () => {
    const depth = (all: Sample[]) => valueOf(all, 'compass_queue_depth', { queue: 'mail' });
    const before = depth(await scrape());
    expect(before).toBeGreaterThanOrEqual(0);
    await ctx.app.mail.send(mail('Counted while queued'));
    const after = await scrape();
    expect(depth(after)).toBe(before! + 1);
    expect(valueOf(after, 'compass_queue_depth', { queue: 'webhooks' })).toBe(0);
    expect(valueOf(after, 'compass_queue_failed', { queue: 'webhooks' })).toBe(0);
    expect(valueOf(after, 'compass_metrics_read_up', { read: 'mail' })).toBe(1);

    // The job queue's schema exists once a server has started pg-boss: the tests' databases have none.
    const [{ exists }] = await ctx.db.$queryRaw<[{ exists: boolean }]>`
      SELECT to_regclass('pgboss.queue') IS NOT NULL AS exists`;
    expect(valueOf(after, 'compass_metrics_read_up', { read: 'jobs' })).toBe(exists ? 1 : 0);
    if (!exists) expect(after.some((sample) => sample.labels.queue?.startsWith('jobs:'))).toBe(false);
  });

  it('counts the mails the worker sends and the attempts that fail', async () => {
    const counter = (all: Sample[], name: string) => valueOf(all, name) ?? 0;
    const before = await scrape();
    await ctx.app.mail.send(mail('Sent and counted'));
    // A stored attachment that does not exist: this attempt fails (and waits 30 s for its retry).
    await ctx.app.mail.send(
      mail('Fails and counted', {
        attachments: [{ filename: 'gone.pdf', contentType: 'application/pdf', storageKey: 'no-such-key' }],
      }),
    );
    await ctx.app.mail.startWorker();
    try {
      await expect
        .poll(
          async () =>
            counter(await scrape(), 'compass_mail_sent_total') - counter(before, 'compass_mail_sent_total'),
        )
        .toBeGreaterThanOrEqual(2);
      await expect
        .poll(
          async () =>
            counter(await scrape(), 'compass_mail_failed_total') -
            counter(before, 'compass_mail_failed_total'),
        )
        .toBe(1);
    } finally {
      await ctx.app.mail.stopWorker();
    }
  });
});

describe('request ids', () => {
  const linesOf = (id: string) => logLines.filter((line) => line.reqId === id);

  it('keeps a sane incoming x-request-id, answers it and logs the request line with it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/dashboardList',
      headers: { 'x-request-id': 'edge-7f3a.42:trace=1', authtoken: tokens['olivia.admin']! },
      payload: {},
    });
    expect(response.headers['x-request-id']).toBe('edge-7f3a.42:trace=1');
    const lines = linesOf('edge-7f3a.42:trace=1');
    // One line per request (plugins/requestLog.ts): the completed one, with the method and url.
    expect(lines.map((line) => line.msg)).toEqual(['request completed']);
    expect(lines[0]).toMatchObject({ req: { method: 'POST', url: '/api/dashboardList' } });
  });

  it('replaces one that is too long or not plain, and makes one when there is none', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const given of ['a'.repeat(129), 'has space', 'quote"d', 'x<script>', undefined]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/dashboardList',
        headers: given === undefined ? {} : { 'x-request-id': given },
        payload: {},
      });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(uuid);
      expect(linesOf(id).map((line) => line.msg)).toContain('request completed');
    }
  });
});
