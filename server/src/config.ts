import path from 'node:path';
import { WEBHOOK_MAX_ATTEMPTS } from '@compass/shared';
import { z } from 'zod';
import { projectRoot } from './db/migrate';
import type { DatabaseWaits } from './db/waits';

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Seconds a process keeps serving after SIGTERM while readiness answers 503, so a load balancer
   * stops sending it requests before it closes (docs/scaling.md); 0 closes at once (one process).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  /** Unset: an embedded PostgreSQL is started under PG_DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  PG_DATA_DIR: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long start-up waits for an external DATABASE_URL that does not answer yet, retrying with backoff. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * The bounds of every wait on the database while serving (db/waits.ts): a connection of a pool
   * (opened if need be), one statement (the client gives up a second later when the server does not
   * answer at all), a transaction that names no timeout of its own, and an export's read.
   */
  DATABASE_ACQUIRE_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(5),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(5),
  DATABASE_TRANSACTION_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(5),
  DATABASE_EXPORT_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /**
   * A streaming replica of DATABASE_URL (postgresql://…): the dashboard, register lists and reports
   * read there whenever it has replayed every change the caller has seen (db/replica.ts). Unset
   * (or empty): every read goes to DATABASE_URL.
   */
  READ_REPLICA_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  /** How long a health check waits for the database and the file store before it calls them failing. */
  HEALTH_CHECK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(2),
  SEED_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The address users reach the product at; used in e-mailed links. */
  PUBLIC_URL: z.url().optional(),
  PRODUCT_NAME: z.string().default('Compass'),
  HOME_SITE_URL: z.url().default('https://www.compass-compliance.example/'),
  HELP_CENTRE_URL: z.url().default('https://help.compass-compliance.example/'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /**
   * A session unused this long ends (besides SESSION_TTL_HOURS from sign-in). Two hours covers a long
   * form filled without a call; NIST 800-63B AAL2 asks for 30 minutes.
   */
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  /**
   * How long an API process serves a looked-up session from memory at most (plugins/sessionCache.ts);
   * any change to it is heard at once, so this bounds only a lost database notification. 0 turns it off.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  /**
   * How long an API process serves an organisation's data version from memory at most, so a cached
   * answer is checked without a round trip (db/versionedCache.ts); changes are heard at once, so this
   * too bounds only a lost notification. 0 reads the version on every call.
   */
  DATA_VERSION_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  /** Sign-in, forgot-password and switch calls allowed per client address and per account a minute. */
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Calls one API token may make a minute (docs/integrations.md); counted like the limits above. */
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * The shared store of the rate limits above, e.g. redis://127.0.0.1:6379/0: every API process
   * counts in it. Unset: each process counts alone. While it fails, each process counts alone.
   */
  REDIS_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  /**
   * Whose X-Forwarded-For to believe for the client's address (rate limits, logs): 'false' (the
   * default) nobody's, so no client can pick its own address; 'true' any hop (only behind a proxy
   * that overwrites the header); a number of hops; or proxy addresses and CIDRs, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value): boolean | string[] | ((address: string, hop: number) => boolean) => {
      if (value === '' || value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return (_address, hop) => hop < Number(value);
      return value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
    }),
  /** Consecutive failed sign-ins of an account from one address (IPv6: /64) that lock that address out, and for how long. */
  LOCKOUT_THRESHOLD: z.coerce.number().int().positive().default(5),
  LOCKOUT_MINUTES: z.coerce.number().positive().default(15),
  /** Consecutive failed sign-ins of an account from anywhere that lock it (NIST 800-63B: at most 100); a password reset lifts it. */
  ACCOUNT_LOCKOUT_THRESHOLD: z.coerce.number().int().positive().max(100).default(100),
  ACCOUNT_LOCKOUT_MINUTES: z.coerce
    .number()
    .positive()
    .default(24 * 60),
  /** Password hashes computed at once per process, and how many may wait before a sign-in is refused as busy. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().positive().default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().nonnegative().default(64),
  /**
   * Signs cookies (the SSO sign-in state). Unset: a random secret per process, fine for one
   * process; set it (32+ characters, the same on every API process) in production. See docs/sso.md.
   */
  COOKIE_SECRET: z.string().min(32).optional(),
  /** SMTP server of outgoing mail, e.g. smtps://user:pass@smtp.example.com:465. Unset: .eml files in MAIL_CAPTURE_DIR. */
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Compass <no-reply@compass.local>'),
  MAIL_CAPTURE_DIR: z.string().default(path.join(projectRoot, '.data', 'mail')),
  /** Retries of a mail that failed to send, the first after MAIL_RETRY_DELAY_SECONDS, then doubling. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).default(10),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  /** How often an idle mail worker looks for queued mail. */
  MAIL_POLL_SECONDS: z.coerce.number().min(0.1).default(2),
  /** Mails a worker claims and sends at a time; it claims the next batch at once while mail is due. */
  MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * The lease on claimed mail: a live worker renews it while it sends; the claim of a worker that
   * died lapses after this long and the mail is sent by another (so within a minute by default).
   */
  MAIL_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * Memory for cached dashboard answers per API process (docs/dashboard.md); 0 turns the cache off.
   * An answer of a busy employee's dashboardList is ~0.5 MB in memory.
   */
  DASHBOARD_CACHE_MB: z.coerce.number().int().min(0).default(64),
  /** Folder of uploaded files (the local storage). */
  FILE_STORAGE_DIR: z.string().default(path.join(projectRoot, '.data', 'files')),
  /**
   * Where uploaded files live: `local` in FILE_STORAGE_DIR (one machine), or `database` in the
   * StoredFile tables, which every API process on the database shares (docs/scaling.md).
   */
  FILE_STORE: z.enum(['local', 'database']).default('local'),
  /**
   * The key that encrypts stored secrets (SSO client secrets): 32 bytes as 64 hex characters or
   * base64. Unset: a random key is made once and kept in SECRETS_KEY_FILE (mode 0600).
   */
  SECRETS_KEY: z.string().optional(),
  SECRETS_KEY_FILE: z.string().default(path.join(projectRoot, '.data', 'secrets.key')),
  /**
   * Stored files no row refers to (their request's transaction never committed) are removed once
   * older than the grace period, by a sweep at start and every interval.
   */
  FILE_SWEEP_GRACE_MINUTES: z.coerce.number().positive().default(60),
  FILE_SWEEP_INTERVAL_MINUTES: z.coerce.number().positive().default(60),
  /**
   * Webhooks (docs/integrations.md): how often an idle delivery worker looks for due deliveries, how
   * long a receiver may take to answer, and the attempts before a delivery is marked failed.
   */
  WEBHOOK_POLL_SECONDS: z.coerce.number().min(0.1).default(5),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(WEBHOOK_MAX_ATTEMPTS),
  /** http:// receivers (local tests, a receiver on the same host); https:// only when false. */
  WEBHOOK_ALLOW_HTTP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Receivers on private, loopback, link-local or unique-local addresses; refused when false. */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Prometheus metrics (docs/operations.md, "Metrics"): GET /metrics on a listener of their own at
   * METRICS_HOST:METRICS_PORT (unset: none), and/or on the main port to a caller that sends
   * `Authorization: Bearer <METRICS_TOKEN>` (unset: not served there).
   */
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  /** The version compass_build_info reports (the image's build sets it); 'unknown' without. */
  COMPASS_VERSION: z.string().min(1).default('unknown'),
  /** Built web client to serve; empty disables serving it (API only). */
  WEB_DIST_DIR: z.string().default(path.join(projectRoot, 'web', 'dist')),
});

export type Config = Omit<z.infer<typeof ZConfig>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

/** The API's database bounds in milliseconds. */
export const databaseWaitsOf = (config: Config): DatabaseWaits => ({
  acquireMs: config.DATABASE_ACQUIRE_TIMEOUT_SECONDS * 1000,
  statementMs: config.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
  transactionMs: config.DATABASE_TRANSACTION_TIMEOUT_SECONDS * 1000,
});

/** Reads the environment (or overrides, for tests); the defaults run on a bare machine. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return { ...parsed.data, PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}` };
}
