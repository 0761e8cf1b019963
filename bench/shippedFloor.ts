/**
 * The shipped-defaults floor (issue 48): the product as a bare machine runs it, beside bare Fastify
 * with its own default request logging, both in their own processes with stdout on a file.
 *
 * - The product is the production entry, `server/src/main.ts` (the Docker image runs its build), with
 *   nothing set but DATABASE_URL and PORT: every other setting is loadConfig's default, so LOG_LEVEL
 *   info and the request log on pino's default destination, stdout. Its job queue, mail and webhook
 *   workers run as they do in production.
 * - stdout is a file (`> compass.log`), as a service's log is a file or a pipe to a collector
 *   (Docker's log driver, journald): the same write per flush in the kernel, and no reader in the
 *   benchmark's own process to share its CPU with the server.
 * The signed-in floor is the two calls the issue names: `permissions` and the cached
 * `dashboardList`, each as a share of bare Fastify's req/s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SCALE_USERS } from '../seed/scaleDb';
import { load, signIn } from './http';
import type { Stats } from './lib';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

export interface ShippedFloor {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  /** Lines the process wrote to its log during the run (requests × lines per request, roughly). */
  logLines: number;
  /** req/s as a share of bare Fastify with logging; null for bare Fastify itself. */
  share: number | null;
}

interface Started {
  base: string;
  logFile: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts `script` with `env` and stdout on a file; resolves once stderr says `ready`. */
async function start(name: string, script: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `compass-shipped-floor-${name}-${process.pid}.log`);
  const log = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', log, 'pipe'],
  });
  fs.closeSync(log);
  let said = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 120 s: ${said}`)), 120_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (/ready/.test(said)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${said}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    logFile,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Waits for the report rollups' refresh that the product starts once it listens (server.ts): on the
 * scale seed it keeps the database busy for tens of seconds, and the floor is the steady state.
 */
async function startUpRefreshDone(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let quiet = 0;
    for (let waited = 0; quiet < 2 && waited < 300; waited++) {
      await sleep(1000);
      const { rows } = await client.query<{ running: number }>(
        `SELECT count(*)::int AS running FROM pg_stat_activity
         WHERE datname = current_database() AND state = 'active' AND query ILIKE 'REFRESH MATERIALIZED VIEW%'`,
      );
      quiet = rows[0]!.running === 0 ? quiet + 1 : 0;
    }
  } finally {
    await client.end();
  }
}

const linesIn = (file: string) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length;

/** Bare Fastify with logging, then the product's `permissions` and cached `dashboardList`. */
export async function measureShippedFloors(options: {
  databaseUrl: string;
  connections: number;
  durationS: number;
  warmupS: number;
}): Promise<ShippedFloor[]> {
  const { connections, durationS, warmupS } = options;
  const run = async (url: string, method: 'GET' | 'POST', token?: string): Promise<Stats> =>
    (
      await load({
        url,
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authtoken: token } : {}) },
        body: method === 'POST' ? '{}' : undefined,
        connections,
        durationS,
        warmupS,
      })
    ).stats;
  const floors: ShippedFloor[] = [];
  const measured = async (name: string, logFile: string, stats: () => Promise<Stats>) => {
    const before = linesIn(logFile);
    const { rps, p50, p95 } = await stats();
    const bareRps = floors[0]?.rps;
    floors.push({
      name,
      rps,
      p50,
      p95,
      logLines: linesIn(logFile) - before,
      share: bareRps ? rps / bareRps : null,
    });
  };

  const bare = await start('bare', path.join(benchDir, 'bareLogged.ts'), {});
  try {
    await measured('bare Fastify, default request logging to a file', bare.logFile, () =>
      run(`${bare.base}/floor`, 'POST'),
    );
  } finally {
    await bare.stop();
  }
  const product = await start('product', path.join(benchDir, '..', 'server', 'src', 'main.ts'), {
    DATABASE_URL: options.databaseUrl,
  });
  try {
    await startUpRefreshDone(options.databaseUrl);
    const token = await signIn(product.base, SCALE_USERS.busy);
    await measured('permissions, shipped defaults (log to a file)', product.logFile, () =>
      run(`${product.base}/api/permissions`, 'GET', token),
    );
    await measured('dashboardList (cached), shipped defaults (log to a file)', product.logFile, () =>
      run(`${product.base}/api/dashboardList`, 'POST', token),
    );
  } finally {
    await product.stop();
  }
  for (const started of [bare, product]) fs.rmSync(started.logFile, { force: true });
  return floors;
}
