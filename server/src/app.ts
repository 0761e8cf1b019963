import fastifyCompress from '@fastify/compress';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './plugins/serializer';
import { registerAreas, type Platform } from './area';
import { AREAS } from './areas';
import { databaseWaitsOf, type Config } from './config';
import { ANSWER_COMPRESSION } from './plugins/compression';
import { prismaPoolOf, type Db } from './db/prisma';
import { AuthService } from './modules/auth/service';
import { pgDataVersions, RememberedDataVersions } from './db/versionedCache';
import { ReplicaRouting } from './db/replica';
import { createReadPool, GENERIC_SESSION_OPTIONS, pgReader, READ_SESSION_OPTIONS } from './db/reader';
import { ReviewService } from './modules/reviews/service';
import { TaskService } from './modules/tasks/service';
import { Invitations } from './modules/password/invitations';
import { SsoService } from './modules/sso/service';
import { AnswerCache } from './plugins/answerCache';
import { apiTokenLimitPlugin, authPlugin } from './plugins/auth';
import { PasswordHasher } from './modules/auth/passwords';
import { SignInThrottle } from './modules/auth/throttle';
import { closeRenderPools } from './modules/closeOff/renderPool';
import { pgApiTokenLookup } from './plugins/apiTokenLookup';
import { pgSessionLookup } from './plugins/sessionLookup';
import { cookiesPlugin } from './plugins/cookies';
import { envelopePlugin, frameworkErrorHandler } from './plugins/envelope';
import { textGuardPlugin } from './plugins/textGuard';
import { mailPlugin } from './plugins/mail';
import { AppMetrics, metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rateLimit';
import { batchedStdout, OneLineRequestLog } from './plugins/requestLog';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { SessionCache } from './plugins/sessionCache';
import { webPlugin } from './plugins/web';
import { loadSecretsKey, SecretBox } from './plugins/secrets';
import { fileStorageOf } from './plugins/storage';
import { uploadsPlugin } from './plugins/uploads';
import { AttachmentService } from './modules/attachments/service';
import { FileSweeper } from './modules/attachments/sweeper';
import { LinkService } from './modules/links/service';
import { WebhookDeliveryWorker } from './modules/webhooks';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The database of `db`, for the read pool's own connections; defaults to config.DATABASE_URL. */
  databaseUrl?: string;
  /** The clock of the scheduled tasks (tests cross month ends and daylight-saving changes). */
  now?: () => Date;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: FastifyLoggerOptions['stream'];
}

/** Sessions one API process remembers at most (about 1 KB each). */
const SESSION_CACHE_ENTRIES = 20_000;

const REDACTED_PATHS = [
  'req.headers.authtoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.currentPassword',
  'req.body.confirmPassword',
];

/** Secrets that travel in query strings (SSO return token, authorization code, link tokens) stay out of logs. */
const SECRET_QUERY = /([?&](?:token|code|state|authtoken)=)[^&#]*/gi;
/** So do the tokens of e-mailed links (reset password, unsubscribe), which sit in the path. */
const SECRET_PATH = /(\/(?:reset-password|unsubscribe|external-parties-account-activate)\/)[^/?#]+/gi;
const redactedUrl = (url: string) =>
  url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes stored files of transactions that never committed; started by main.ts. */
    fileSweeper: FileSweeper;
    /** Encrypts and decrypts secrets stored in the database (SSO client secrets). */
    secrets: SecretBox;
    /** Scheduled tasks: the job queue (plugins/jobs.ts) sends their reminders through it. */
    tasks: TaskService;
    /** The supplier form and document reminders, run hourly by the job queue (plugins/jobs.ts). */
    sendHourlyReminders: () => Promise<void>;
    /** The five-minute work (the report rollups' refresh), run by the job queue and once at start. */
    runEveryFiveMinutes: () => Promise<void>;
    /** Sends the webhook deliveries (modules/webhooks); started by server.ts, stopped when the app closes. */
    webhookDeliveries: WebhookDeliveryWorker;
    /** The read replica's routing (READ_REPLICA_URL); absent without a replica. */
    replicaRouting?: ReplicaRouting;
  }
}

/** The Fastify instance of the product; main.ts listens with it and every test injects into it. */
export async function buildApp({
  config,
  db,
  databaseUrl,
  now,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = newFastify(config, logStream);
  const readDatabaseUrl = databaseUrl ?? config.DATABASE_URL;
  if (!readDatabaseUrl)
    throw new Error('buildApp needs databaseUrl (or config.DATABASE_URL) for the read pool');
  const metrics = new AppMetrics(readDatabaseUrl, config.COMPASS_VERSION, app.log);
  const prismaPool = prismaPoolOf(db);
  if (prismaPool) metrics.watchPool('prisma', prismaPool);
  await app.register(securityHeadersPlugin);
  // Answers over 1 KB go out compressed to a browser that accepts it (a busy user's dashboard is
  // 232 KB, a stored form's pick lists 57 KB): brotli at a fast level, else gzip. The web client's
  // files are already compressed at build time (plugins/web.ts) and pass through as they are.
  await app.register(fastifyCompress, ANSWER_COMPRESSION);
  await app.register(envelopePlugin);
  // Before any route, so that its hooks count the answers of every route; after the envelope's error
  // handler, which its own route's refusals need.
  await app.register(metricsPlugin, { metrics, config });
  await app.register(textGuardPlugin);
  const { readPool, reader, dataVersions } = readSide(app, config, readDatabaseUrl, metrics);
  // Serialized answers that follow the organisation's data version (plugins/answerCache.ts).
  const answers = new AnswerCache(
    dataVersions,
    config.DASHBOARD_CACHE_MB * 1024 * 1024,
    metrics.countLookup('answers'),
  );
  const links = new LinkService(db);
  const sessions = new SessionCache(pgSessionLookup(readPool), {
    databaseUrl: readDatabaseUrl,
    ttlSeconds: config.SESSION_CACHE_SECONDS,
    maxEntries: SESSION_CACHE_ENTRIES,
    log: app.log,
    countLookup: metrics.countLookup('sessions'),
  });
  app.addHook('onClose', () => sessions.close());
  await app.register(authPlugin, {
    db,
    links,
    sessions: sessions.get,
    apiTokens: pgApiTokenLookup(readPool),
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
  });
  await app.register(cookiesPlugin, {
    secret: config.COOKIE_SECRET,
    production: config.NODE_ENV === 'production',
  });
  await app.register(openApiPlugin, {
    productName: config.PRODUCT_NAME,
    helpCentreUrl: config.HELP_CENTRE_URL,
    publicUrl: config.PUBLIC_URL,
  });
  await app.register(rateLimitPlugin, {
    redisUrl: config.REDIS_URL,
    countFallback: metrics.countRateLimitFallback,
  });
  await app.register(apiTokenLimitPlugin, { perMinute: config.API_TOKEN_RATE_LIMIT_PER_MINUTE });
  await app.register(uploadsPlugin);
  await app.register(mailPlugin, { db, config, counts: metrics.mail });
  const platform = platformServices(app, now, {
    config,
    db,
    databaseUrl: readDatabaseUrl,
    reader,
    dataVersions,
    answers,
    storage: fileStorageOf(config, db),
    secrets: new SecretBox(loadSecretsKey(config)),
    mail: app.mail,
    abuseLimits: {
      perAddressPerMinute: config.RATE_LIMIT_PER_ADDRESS,
      perAccountPerMinute: config.RATE_LIMIT_PER_ACCOUNT,
    },
    hourlyReminders: [],
    everyFiveMinutes: [],
  });
  await app.register(async (api) => registerAreas(api, { ...platform, links }, AREAS), { prefix: '/api' });
  await app.register(webPlugin, { root: config.WEB_DIST_DIR });
  return app;
}

/** A request id a client or proxy sends is kept when it is short and plain; otherwise a new one. */
const SANE_REQUEST_ID = /^[\w.:=+/-]{1,128}$/;

function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

function newFastify(config: Config, logStream: AppDeps['logStream']) {
  const stdout = config.LOG_LEVEL === 'silent' || logStream ? null : batchedStdout();
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(stdout?.logger ?? { stream: logStream }),
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactedUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
          },
    // One line per request (plugins/requestLog.ts); Fastify's error lines as they are.
    logController: new OneLineRequestLog(),
    // Every log line of a request carries its id (reqId), which the answer's x-request-id names.
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (stdout) app.addHook('onClose', stdout.stop);
  return app;
}

/**
 * Prepared reads of the hot paths: the session lookup of every signed-in call, the dashboard, Records,
 * permissions. Every wait on them is bounded (db/waits.ts), as on the Prisma client's (server.ts): the
 * session lookup and the data versions read through them too. With READ_REPLICA_URL the calls of
 * plugins/replicaCalls.ts read on the replica when its version check allows (db/replica.ts).
 */
function readSide(app: FastifyInstance, config: Config, readDatabaseUrl: string, metrics: AppMetrics) {
  const { pool: readPool, reader } = pooledReader(app, config, readDatabaseUrl, metrics, '');
  const versions = new RememberedDataVersions(pgDataVersions(readPool), {
    databaseUrl: readDatabaseUrl,
    ttlSeconds: config.DATA_VERSION_CACHE_SECONDS,
    log: app.log,
    countLookup: metrics.countLookup('data_versions'),
  });
  app.addHook('onClose', () => versions.close());
  if (!config.READ_REPLICA_URL) return { readPool, reader, dataVersions: versions.lookup };
  // The replica's pools, bounded and watched as the primary's; sessions and versions stay on readPool.
  const replica = pooledReader(app, config, config.READ_REPLICA_URL, metrics, 'replica_');
  const routing = new ReplicaRouting(
    reader,
    replica.reader,
    { primary: versions.lookup, replica: pgDataVersions(replica.pool) },
    metrics.countReplicaRead,
    app.log,
  );
  app.decorate('replicaRouting', routing);
  app.addHook('onSend', async (request, reply, payload) => {
    await routing.rememberSeen(request, reply);
    return payload;
  });
  return { readPool, reader: routing.reader, dataVersions: routing.dataVersions };
}

/** A Reader on a read pool and a generic pool of `databaseUrl`, watched as `<prefix>read` and `<prefix>generic`. */
function pooledReader(
  app: FastifyInstance,
  config: Config,
  databaseUrl: string,
  metrics: AppMetrics,
  prefix: '' | 'replica_',
) {
  const waits = databaseWaitsOf(config);
  const pool = createReadPool(databaseUrl, config.DATABASE_POOL_SIZE, READ_SESSION_OPTIONS, waits);
  app.addHook('onClose', () => pool.end());
  metrics.watchPool(`${prefix}read`, pool);
  // Connections open as statements need them: only lists that ask for generic plans use these.
  const genericPool = createReadPool(databaseUrl, config.DATABASE_POOL_SIZE, GENERIC_SESSION_OPTIONS, waits);
  app.addHook('onClose', () => genericPool.end());
  metrics.watchPool(`${prefix}generic`, genericPool);
  const reader = pgReader(pool, false, genericPool, config.DATABASE_EXPORT_TIMEOUT_SECONDS * 1000);
  return { pool, reader };
}

/** The services of the platform that the areas build on, with the decorations and hooks they need. */
function platformServices(app: FastifyInstance, now: AppDeps['now'], platform: Platform) {
  const { config, db, reader, storage, secrets, mail, hourlyReminders, everyFiveMinutes } = platform;
  const fileSweeper = new FileSweeper(
    db,
    storage,
    { graceMinutes: config.FILE_SWEEP_GRACE_MINUTES, intervalMinutes: config.FILE_SWEEP_INTERVAL_MINUTES },
    app.log,
  );
  app.decorate('fileSweeper', fileSweeper);
  app.decorate('secrets', secrets);
  const webhookDeliveries = new WebhookDeliveryWorker(db, secrets, config, app.log);
  app.decorate('webhookDeliveries', webhookDeliveries);
  app.addHook('onClose', () => webhookDeliveries.stop());
  const tasks = new TaskService(db, reader, mail, {
    publicUrl: config.PUBLIC_URL,
    productName: config.PRODUCT_NAME,
    now,
  });
  app.decorate('tasks', tasks);
  // Filled in by the areas whose services send them; each runs even when another fails.
  app.decorate('sendHourlyReminders', async () => {
    const results = await Promise.allSettled(hourlyReminders.map((send) => send()));
    for (const result of results)
      if (result.status === 'rejected') app.log.warn({ err: result.reason }, 'hourly reminders failed');
  });
  app.decorate('runEveryFiveMinutes', async () => {
    const results = await Promise.allSettled(everyFiveMinutes.map((run) => run()));
    for (const result of results)
      if (result.status === 'rejected') app.log.warn({ err: result.reason }, 'five-minute work failed');
  });
  app.addHook('onClose', () => fileSweeper.stop());

  const passwords = new PasswordHasher({
    concurrency: config.PASSWORD_HASH_CONCURRENCY,
    queue: config.PASSWORD_HASH_QUEUE,
  });
  const throttle = new SignInThrottle(db, {
    perAddress: { failures: config.LOCKOUT_THRESHOLD, minutes: config.LOCKOUT_MINUTES },
    perAccount: { failures: config.ACCOUNT_LOCKOUT_THRESHOLD, minutes: config.ACCOUNT_LOCKOUT_MINUTES },
  });
  const throttleSweep = setInterval(() => {
    throttle.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'sign-in throttle sweep failed'));
  }, 3_600_000).unref();
  app.addHook('onClose', () => clearInterval(throttleSweep));
  app.addHook('onClose', closeRenderPools);
  const auth = new AuthService(db, reader, passwords, throttle, {
    sessionTtlHours: config.SESSION_TTL_HOURS,
  });
  const sso = new SsoService(db, auth, {
    publicUrl: config.PUBLIC_URL,
    allowInsecureIssuers: config.NODE_ENV !== 'production',
    secrets,
  });
  const invitations = new Invitations(mail, {
    publicUrl: config.PUBLIC_URL,
    productName: config.PRODUCT_NAME,
  });
  const attachments = new AttachmentService(db, storage);
  // Mails that attach stored files (the close-off PDF) read them through the same storage.
  mail.setAttachmentLoader(async (key) => Buffer.concat(await storage.read(key).toArray()));
  // One review schedule for every register (modules/reviews).
  const reviews = new ReviewService(db);
  return { ...platform, tasks, passwords, throttle, auth, sso, invitations, attachments, reviews };
}
