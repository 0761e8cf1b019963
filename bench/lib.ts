/** Shared pieces of the benchmarks: statistics, the machine, callers, and capturing the SQL a call runs. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { ACCESS_KEYS } from '@compass/shared';
import { READ_SESSION_OPTIONS, pgReader } from '../server/src/db/reader';
import { DashboardService } from '../server/src/modules/dashboard/service';
import type { AuthContext } from '../server/src/plugins/auth';
import { SCALE_ORGANISATION } from '../seed/scaleDb';

// ---------- Statistics ----------

export interface Stats {
  requests: number;
  errors: number;
  durationS: number;
  rps: number;
  mean: number;
  p50: number;
  p95: number;
  p97_5: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function summarize(latencies: number[], durationMs: number, errors = 0): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    requests: sorted.length,
    errors,
    durationS: durationMs / 1000,
    rps: sorted.length / (durationMs / 1000),
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p97_5: percentile(sorted, 97.5),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * `concurrency` loops call `fn` back to back for `durationMs` (a closed loop, like autocannon's
 * connections); returns the latency of every call that finished.
 */
export async function closedLoop(
  concurrency: number,
  durationMs: number,
  fn: () => Promise<unknown>,
): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await fn();
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ??= error;
        }
      }
    }),
  );
  if (firstError) console.error('  first error:', firstError);
  return summarize(latencies, performance.now() - started, errors);
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

// ---------- Machine ----------

export interface Machine {
  nproc: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  platform: string;
  loadAverage: string;
  postgres: string;
  postgresSettings: Record<string, string>;
}

export async function machineInfo(client: pg.ClientBase): Promise<Machine> {
  let nproc = os.availableParallelism();
  try {
    nproc = Number(execFileSync('nproc', { encoding: 'utf8' }).trim()) || nproc;
  } catch {
    // nproc missing: keep Node's count.
  }
  const version = await client.query<{ server_version: string }>('SHOW server_version');
  const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
    `SELECT name, setting, unit FROM pg_settings WHERE name IN
      ('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'max_connections', 'jit', 'fsync')`,
  );
  return {
    nproc,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
    postgres: version.rows[0]?.server_version ?? 'unknown',
    postgresSettings: Object.fromEntries(
      settings.rows.map((row) => [row.name, row.unit ? `${row.setting} (${row.unit})` : row.setting]),
    ),
  };
}

export const dayStamp = (date = new Date()) => date.toISOString().slice(0, 10);

// ---------- Callers ----------

/** The session-free caller context of a user, as the auth plugin builds it. */
export async function authContextOf(client: pg.ClientBase, username: string): Promise<AuthContext> {
  const { rows } = await client.query<
    Omit<AuthContext, 'sessionId' | 'token' | 'accessKeys'> & { access: Record<string, unknown> }
  >(
    `SELECT u.id AS "userId", u."companyId", c."timeZone", u."userType"::text AS "userType", u."employeeId", u."supplierId",
       u."personnelId", u."isForceUpdatePassword",
       CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('companyId', s."companyId",
         'supplierPortal', s."supplierPortal", 'supplierAccess', s."supplierAccess", 'isActive', s."isActive",
         'portalAccess', u."portalAccess") END
         AS supplier, coalesce(r.access, '{}'::jsonb) AS access
     FROM "User" u JOIN "Company" c ON c.id = u."companyId"
       LEFT JOIN "SupplierCompany" s ON s.id = u."supplierId"
       LEFT JOIN "Employee" e ON e.id = u."employeeId" LEFT JOIN "Role" r ON r.id = e."roleId"
     WHERE u.username = $1`,
    [username],
  );
  const row = rows[0];
  if (!row) throw new Error(`No user ${username}: run npx tsx seed/scale.ts first`);
  const { access, ...caller } = row;
  // The role's keys set to yes, as the auth plugin reads them (the dashboard lists by them).
  const accessKeys = new Set(ACCESS_KEYS.filter((key) => access[key] === true));
  return { ...caller, accessKeys, sessionId: '00000000-0000-0000-0000-000000000000', token: 'bench' };
}

export async function requireScaleSeed(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ id: string }>('SELECT id FROM "Company" WHERE name = $1', [
    SCALE_ORGANISATION,
  ]);
  if (!rows[0])
    throw new Error(`"${SCALE_ORGANISATION}" is not in this database: run npx tsx seed/scale.ts first`);
  return rows[0].id;
}

// ---------- The SQL of a call ----------

export interface CapturedQuery {
  text: string;
  values: unknown[];
  /** Sent as a named prepared statement (false: unnamed, planned for its values each time). */
  prepared: boolean;
}

/**
 * Runs `call` on a DashboardService whose pool records every statement it sends (text and
 * parameters, exactly as pg receives them).
 */
export async function captureQueries(
  url: string,
  call: (service: DashboardService) => Promise<unknown>,
): Promise<CapturedQuery[]> {
  const pool = new pg.Pool({ connectionString: url, max: 4, options: READ_SESSION_OPTIONS });
  pool.on('error', () => {});
  const captured: CapturedQuery[] = [];
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (config: unknown, values?: unknown) => {
    if (typeof config === 'string')
      captured.push({ text: config, values: (values as unknown[]) ?? [], prepared: false });
    else if (config && typeof config === 'object' && 'text' in config) {
      const { text, values: bound, name } = config as { text: string; values?: unknown[]; name?: string };
      captured.push({ text, values: bound ?? [], prepared: name !== undefined });
    }
    return query(config, values);
  };
  try {
    await call(new DashboardService(pgReader(pool, false)));
  } finally {
    await pool.end().catch(() => {});
  }
  return captured;
}

/** The name soloTime prepares a statement under (EXPLAIN EXECUTE of it shows the plan in use). */
export const soloName = (text: string) =>
  `solo_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

/**
 * Median time of `runs` solo executions of a statement, sent as the service sends it (prepared
 * or not), after warm-ups (six for a prepared one, so PostgreSQL has settled on its plan).
 */
export async function soloTime(client: pg.ClientBase, query: CapturedQuery, runs = 5): Promise<number> {
  const config = {
    name: query.prepared ? soloName(query.text) : undefined,
    text: query.text,
    values: query.values,
  };
  for (let i = 0; i < (query.prepared ? 6 : 1); i += 1) await client.query(config);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await client.query(config);
    times.push(performance.now() - t0);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

/** A short label of a statement: its first table after FROM or its leading words. */
export function labelOf(text: string): string {
  const compact = text.replace(/\s+/g, ' ').trim();
  const from = /FROM "?(\w+)"? t\b/.exec(compact) ?? /FROM (?:"public"\.)?"?(\w+)"?/.exec(compact);
  return `${from?.[1] ?? '?'}: ${compact.slice(0, 90)}…`;
}
