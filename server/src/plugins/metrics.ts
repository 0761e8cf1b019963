import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCESS, errorCodeOfStatus, messages } from '@compass/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import { createReadPool, READ_SESSION_OPTIONS } from '../db/reader';
import type { CountReplicaRead } from '../db/replica';
import type { CountLookup } from '../db/versionedCache';
import { unauthorized } from '../errors';
import { hashToken } from './auth';

/**
 * Prometheus metrics of one app (docs/operations.md, "Metrics"). Each app has its own registry: the
 * tests build many apps in one process, and the default registry would mix their counts. The
 * process's own metrics are the one part they share (processRegistry).
 *
 * Counted as things happen: HTTP requests by route pattern, mails sent and failed, cache lookups.
 * Read at scrape time: the pools' connections, and the queues from their tables (mail outbox,
 * webhook deliveries, pg-boss jobs) through a pool of the metrics' own whose every wait is short,
 * each read on its own: a slow or failing read leaves its gauges out, never the scrape.
 */

/** The caches whose lookups are counted. */
export type CacheName = 'answers' | 'data_versions' | 'sessions';

/** What the mail worker counts (plugins/mail.ts). */
export interface MailCounts {
  sent: () => void;
  failed: () => void;
}

/**
 * The process's own metrics (CPU, memory, event loop, GC), collected once per process into a
 * registry of their own that every app's scrape merges in: each collection starts a GC observer and
 * an event-loop histogram that are never stopped, and the tests build many apps in one process.
 */
let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** A read of the scrape waits this long for a connection and for its statement. */
const SCRAPE_READ_TIMEOUT_MS = 1_000;

/** Seconds; the API's calls take from a millisecond (cached) to the export's minute. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The label of a request that matched no route: the raw URL would make the labels unbounded. */
const UNMATCHED = 'unmatched';

interface ScrapeRead {
  name: string;
  text: string;
  /** Sets the read's gauges from its rows, or leaves them out (null: the read failed). */
  apply: (rows: { label: string; count: number }[] | null) => void;
}

export class AppMetrics {
  readonly registry = new Registry();
  private readonly pools = new Map<string, pg.Pool>();
  private readonly scrapePool: pg.Pool;
  private readonly reads: ScrapeRead[];
  /** Reads failing now: a read that keeps failing is logged once, when it starts to. */
  private readonly failing = new Set<string>();
  private listener: http.Server | null = null;

  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly durations: Histogram<'method' | 'route'>;
  readonly errors: Counter<'route' | 'code'>;
  private readonly cacheLookups: Counter<'cache' | 'result'>;
  private readonly readUp: Gauge<'read'>;
  readonly mail: MailCounts;
  /** Counts a rate-limit count taken in the process because the shared store failed (rateLimit.ts). */
  readonly countRateLimitFallback: () => void;
  /** Counts where a call that tolerates the read replica was read (db/replica.ts). */
  readonly countReplicaRead: CountReplicaRead;

  constructor(
    databaseUrl: string,
    version: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const registers = [this.registry];
    // Started with the first app, so that its first scrape has them.
    processRegistry();
    new Gauge({
      name: 'compass_build_info',
      help: 'The running build: its version and Node.js version; always 1.',
      labelNames: ['version', 'node'],
      registers,
    }).set({ version, node: process.versions.node }, 1);
    this.requests = new Counter({
      name: 'compass_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'compass_http_request_duration_seconds',
      help: 'Time from a request to its answer sent, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.errors = new Counter({
      name: 'compass_http_errors_total',
      help: 'Answers with status 400 or more, by route pattern and the envelope error code.',
      labelNames: ['route', 'code'],
      registers,
    });
    this.cacheLookups = new Counter({
      name: 'compass_cache_requests_total',
      help: 'Cache lookups by cache and result (hit or miss).',
      labelNames: ['cache', 'result'],
      registers,
    });
    const sent = new Counter({ name: 'compass_mail_sent_total', help: 'Mails sent.', registers });
    const failed = new Counter({
      name: 'compass_mail_failed_total',
      help: 'Attempts to send a mail that failed (each retry counts).',
      registers,
    });
    this.mail = { sent: () => sent.inc(), failed: () => failed.inc() };
    const rateLimitFallbacks = new Counter({
      name: 'compass_rate_limit_store_errors_total',
      help: 'Rate-limit counts the shared store (REDIS_URL) did not take, counted in the process instead.',
      registers,
    });
    this.countRateLimitFallback = () => rateLimitFallbacks.inc();
    const replicaReads = new Counter({
      name: 'compass_replica_reads_total',
      help: 'Calls that tolerate the read replica (READ_REPLICA_URL), by who read them and why.',
      labelNames: ['served', 'reason'],
      registers,
    });
    this.countReplicaRead = (served, reason) => replicaReads.inc({ served, reason });
    const pools = this.pools;
    new Gauge({
      name: 'compass_db_pool_connections',
      help: 'Connections of each database pool: total open, idle, and requests waiting for one.',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        for (const [pool, { totalCount, idleCount, waitingCount }] of pools) {
          this.set({ pool, state: 'total' }, totalCount);
          this.set({ pool, state: 'idle' }, idleCount);
          this.set({ pool, state: 'waiting' }, waitingCount);
        }
      },
    });
    this.scrapePool = createReadPool(databaseUrl, 3, READ_SESSION_OPTIONS, {
      acquireMs: SCRAPE_READ_TIMEOUT_MS,
      statementMs: SCRAPE_READ_TIMEOUT_MS,
      transactionMs: SCRAPE_READ_TIMEOUT_MS,
    });
    this.watchPool('metrics', this.scrapePool);
    this.reads = scrapeReads(registers);
    this.readUp = new Gauge({
      name: 'compass_metrics_read_up',
      help: 'Whether the last scrape-time read succeeded (1) or failed or timed out (0).',
      labelNames: ['read'],
      registers,
    });
  }

  /** Reports a pg pool's connections as compass_db_pool_connections{pool: name}. */
  watchPool(name: string, pool: pg.Pool): void {
    this.pools.set(name, pool);
  }

  /** The counter of one cache's lookups. */
  countLookup(cache: CacheName): CountLookup {
    const hit = this.cacheLookups.labels(cache, 'hit');
    const miss = this.cacheLookups.labels(cache, 'miss');
    return (found) => (found ? hit : miss).inc();
  }

  /** The metrics in Prometheus's text format, the tables read now. */
  async scrape(): Promise<string> {
    await Promise.all(
      this.reads.map(async (read) => {
        try {
          const { rows } = await this.scrapePool.query<{ label: string; count: number }>(read.text);
          read.apply(rows);
          this.readUp.set({ read: read.name }, 1);
          this.failing.delete(read.name);
        } catch (error) {
          read.apply(null);
          this.readUp.set({ read: read.name }, 0);
          if (!this.failing.has(read.name))
            this.log.warn({ err: error, read: read.name }, 'a metrics read failed; its gauges are left out');
          this.failing.add(read.name);
        }
      }),
    );
    return Registry.merge([processRegistry(), this.registry]).metrics();
  }

  /** Serves GET /metrics on a listener of its own (METRICS_PORT); its address. */
  async listen(port: number, host: string): Promise<AddressInfo> {
    if (this.listener) throw new Error('the metrics listener is already listening');
    const server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      this.scrape().then(
        (body) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(body),
        (error: unknown) => {
          this.log.error({ err: error }, 'metrics scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    this.listener = server;
    return server.address() as AddressInfo;
  }

  async close(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    if (listener) await new Promise((resolve) => listener.close(resolve));
    await this.scrapePool.end();
  }
}

/**
 * The queues read at scrape time. Only rows waiting or given up are counted: the indexes on status
 * find them, while the sent mails and delivered webhooks grow without bound and would make every
 * scrape slower.
 */
function scrapeReads(registers: Registry[]): ScrapeRead[] {
  const depth = new Gauge({
    name: 'compass_queue_depth',
    help: 'Work waiting: mails queued, webhook deliveries pending, pg-boss jobs (jobs:<queue>) not yet started.',
    labelNames: ['queue'],
    registers,
  });
  const failed = new Gauge({
    name: 'compass_queue_failed',
    help: 'Mails and webhook deliveries that failed for good and wait for someone to send them again.',
    labelNames: ['queue'],
    registers,
  });
  /** Pending and failed rows of an outbox table, as `depth` and `failed` of `queue`. */
  const outbox = (queue: string, table: string, pending: string): ScrapeRead => ({
    name: queue,
    text: `SELECT status::text AS label, count(*)::int AS count FROM "${table}"
           WHERE status IN ('${pending}', 'failed') GROUP BY status`,
    apply: (rows) => {
      for (const [gauge, status] of [
        [depth, pending],
        [failed, 'failed'],
      ] as const) {
        if (rows) gauge.set({ queue }, rows.find((row) => row.label === status)?.count ?? 0);
        else gauge.remove({ queue });
      }
    },
  });
  let jobQueues: string[] = [];
  return [
    outbox('mail', 'MailMessage', 'queued'),
    outbox('webhooks', 'WebhookDelivery', 'pending'),
    {
      name: 'jobs',
      // Every declared queue, with 0 when empty; the partial index job_i5 covers state < 'active'.
      text: `SELECT q.name AS label,
               (SELECT count(*) FROM pgboss.job j WHERE j.name = q.name AND j.state < 'active')::int AS count
             FROM pgboss.queue q`,
      apply: (rows) => {
        for (const queue of jobQueues) depth.remove({ queue });
        jobQueues = (rows ?? []).map((row) => `jobs:${row.label}`);
        for (const row of rows ?? []) depth.set({ queue: `jobs:${row.label}` }, row.count);
      },
    },
  ];
}

/** The route pattern of a request (bounded labels), or 'unmatched'. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/**
 * Counts every answer of the app, and serves GET /metrics on the main port to a caller with
 * `Authorization: Bearer <METRICS_TOKEN>` when that is set. Registered before any route, so its
 * hooks see every route's answers.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { metrics, config }: { metrics: AppMetrics; config: Config }) => {
    app.decorate('metrics', metrics);
    app.addHook('onClose', () => metrics.close());
    // The envelope's error code, read where the answer is still an object: no parse of the body.
    const errorCodes = new WeakMap<FastifyRequest, string>();
    app.addHook('preSerialization', async (request, reply, payload) => {
      if (reply.statusCode >= 400 && payload && typeof payload === 'object' && 'error_code' in payload)
        errorCodes.set(request, String(payload.error_code));
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = routeOf(request);
      const status = reply.statusCode;
      metrics.requests.inc({ method: request.method, route, status });
      metrics.durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      if (status >= 400)
        metrics.errors.inc({ route, code: errorCodes.get(request) ?? errorCodeOfStatus(status) });
    });

    const token = config.METRICS_TOKEN;
    if (!token) return;
    const expected = hashToken(token);
    app.get(
      '/metrics',
      { config: { access: ACCESS.anyone }, schema: { hide: true } },
      async (request, reply) => {
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        // Hashes compared: the time taken says nothing about the token.
        if (!given || hashToken(given) !== expected) throw unauthorized(messages.common.invalidCredentials);
        return reply
          .header('cache-control', 'no-store')
          .type(metrics.registry.contentType)
          .send(await metrics.scrape());
      },
    );
  },
);
