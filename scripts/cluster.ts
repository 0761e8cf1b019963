/**
 * `npm run cluster [-- --api=N]`: the product as several processes on loopback (docs/scaling.md):
 * an embedded PostgreSQL primary and a streaming replica of it, Debian's redis-server (the shared
 * rate limits), the migrations and the demo seed once, N API processes of the built bundle
 * (server/dist/main.mjs) and Debian's haproxy in front of them, serving the web client and the API.
 * Ctrl-C stops everything, the balancer first and PostgreSQL last. scripts/cluster.test.ts starts
 * the same cluster through startCluster().
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemo } from '../seed/demo';
import { defaultDataDir, ensureDatabase, startEmbeddedPostgres } from '../server/src/db/embedded';
import { startEmbeddedReplica } from '../server/src/db/embeddedReplica';
import { migrate, projectRoot } from '../server/src/db/migrate';
import { createPrisma } from '../server/src/db/prisma';
import { DatabaseFileStorage } from '../server/src/plugins/storage';

export interface ClusterPorts {
  balancer: number;
  primary: number;
  replica: number;
  redis: number;
  /** One per API process. */
  api: number[];
}

export interface ClusterOptions {
  /** Holds the PostgreSQL clusters, the generated haproxy.cfg, the secrets and each process's log. */
  dataDir: string;
  /** False: the data folder is deleted on stop (tests). */
  persistent: boolean;
  ports: ClusterPorts;
  /** SHUTDOWN_DRAIN_SECONDS of every API process. */
  drainSeconds: number;
  /** More settings of every API process (a test's lower limits). */
  env?: Record<string, string>;
  log: (line: string) => void;
}

export interface Cluster {
  /** The balancer's address: the product's PUBLIC_URL. */
  url: string;
  /** Each API process's own address, past the balancer. */
  apiUrls: string[];
  databaseUrl: string;
  replicaUrl: string;
  /** Sends `signal` to API process `index` and resolves when it has exited. */
  stopApi(index: number, signal: NodeJS.Signals): Promise<void>;
  /** Sends `signal` to API process `index` (SIGSTOP: it hangs, the calls sent to it unanswered). */
  signalApi(index: number, signal: NodeJS.Signals): void;
  /** Starts API process `index` again and resolves once it is ready. */
  startApi(index: number): Promise<void>;
  stop(): Promise<void>;
}

const BUNDLE = path.join(projectRoot, 'server', 'dist', 'main.mjs');
/** The balancer's settings, shared with docker-compose.yml; the cluster swaps in its bind address and servers. */
const HAPROXY_TEMPLATE = path.join(projectRoot, 'deploy', 'haproxy.cfg');
/** How many lines of each process's log a failed start shows. */
const LOG_TAIL_LINES = 20;
const SERVERS_MARK = '    # servers';
const READY_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200; throws with what the process said when `exited` says it stopped. */
async function waitReady(url: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const reason = exited();
    if (reason) throw new Error(reason);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${READY_TIMEOUT_MS / 1000} s`);
}

/** The web client when it is missing and always the server bundle (esbuild: seconds), so the cluster runs today's sources. */
export function buildBundles(log: (line: string) => void): void {
  const steps: [string, string[], boolean][] = [
    [
      'the web client',
      ['run', 'build', '-w', 'web'],
      !fs.existsSync(path.join(projectRoot, 'web', 'dist', 'index.html')),
    ],
    ['the server bundle', ['run', 'build:server'], true],
  ];
  for (const [what, args, needed] of steps) {
    if (!needed) continue;
    log(`Building ${what}…`);
    const built = spawnSync('npm', args, { cwd: projectRoot, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`Building ${what} failed:\n${built.stdout}${built.stderr}`);
  }
}

/** The secrets every API process shares (sessions, cookies, stored secrets); kept in the data folder. */
function sharedSecrets(dataDir: string): { COOKIE_SECRET: string; SECRETS_KEY: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file))
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ReturnType<typeof sharedSecrets>;
  const secrets = {
    COOKIE_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
  };
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * Debian's haproxy and redis-server are in /usr/sbin and /usr/bin, which a CI runner's PATH may
 * leave out: the name when PATH has it, else the first of `paths` that exists.
 */
function executable(name: string, paths: string[]): string {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  if (dirs.some((dir) => fs.existsSync(path.join(dir, name)))) return name;
  const found = paths.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`${name} is not installed (not on PATH, nor at ${paths.join(' or ')})`);
  return found;
}

export const haproxyExecutable = () =>
  executable('haproxy', ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy']);
const redisExecutable = () =>
  executable('redis-server', ['/usr/bin/redis-server', '/usr/local/bin/redis-server']);

/**
 * deploy/haproxy.cfg with this cluster's bind address and its API processes as the servers; its
 * pattern files (retryable-calls.lst) by their place in deploy/, since the copy is written
 * elsewhere; with `statsSocket`, the socket startCluster asks whether every server is up.
 */
export function haproxyConfig(ports: ClusterPorts, statsSocket?: string): string {
  const template = fs.readFileSync(HAPROXY_TEMPLATE, 'utf8');
  const at = template.indexOf(SERVERS_MARK);
  if (at < 0) throw new Error(`${HAPROXY_TEMPLATE} has no "${SERVERS_MARK.trim()}" line`);
  const servers = ports.api.map((port, index) => `    server api${index + 1} 127.0.0.1:${port} check`);
  const deployDir = path.dirname(HAPROXY_TEMPLATE);
  return [
    template
      .slice(0, at)
      .trimEnd()
      .replace(/^(\s*bind) .*$/m, `$1 127.0.0.1:${ports.balancer}`)
      .replace(/ -f (\S+\.lst)$/gm, (_match, file: string) => ` -f "${path.join(deployDir, file)}"`)
      .replace(/^global$/m, statsSocket ? `global\n    stats socket "${statsSocket}" mode 600` : 'global'),
    SERVERS_MARK,
    ...servers,
    '',
  ].join('\n');
}

/** A child whose output goes to `logFile`; `exitReason()` says why it stopped once it has. */
function spawnLogged(command: string, args: string[], logFile: string, env?: NodeJS.ProcessEnv) {
  const out = fs.openSync(logFile, 'a');
  // A group of its own: a Ctrl-C in the terminal reaches this script alone, which stops the children in order.
  const child = spawn(command, args, { cwd: projectRoot, env, stdio: ['ignore', out, out], detached: true });
  fs.closeSync(out);
  let reason: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      reason = `${path.basename(command)} exited (${signal ?? code}); see ${logFile}`;
      resolve();
    }),
  );
  return { child, exited, exitReason: () => reason };
}

async function stopChild(child: ChildProcess, exited: Promise<void>, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await exited;
}

/** Redis for the shared rate limits: in memory only (counts of the last minute need no disk). */
async function startRedis(dataDir: string, port: number) {
  const logFile = path.join(dataDir, 'logs', 'redis.log');
  const redis = spawnLogged(
    redisExecutable(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dataDir],
    logFile,
  );
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!fs.readFileSync(logFile, 'utf8').includes('Ready to accept connections')) {
    const reason = redis.exitReason();
    if (reason) throw new Error(reason);
    if (Date.now() > deadline) throw new Error(`redis-server did not start; see ${logFile}`);
    await sleep(100);
  }
  return redis;
}

/** One command on haproxy's stats socket; its answer. */
function askHaproxy(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.connect(socket, () => connection.end(`${command}\n`));
    connection.setTimeout(2000, () => connection.destroy(new Error(`haproxy did not answer "${command}"`)));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    connection.on('error', reject);
  });
}

/**
 * Waits until haproxy has checked every server of the api backend and found it up: a server is
 * UP from the start, before its first check, so a passed check (L7OK) is what counts. The load
 * then meets no server the balancer has not yet tried.
 */
async function waitServersUp(socket: string, count: number, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let states = 'no answer';
  while (Date.now() < deadline) {
    const reason = exited();
    if (reason) throw new Error(reason);
    const stat = await askHaproxy(socket, 'show stat').catch(() => '');
    const [header, ...rows] = stat.replace(/^# /, '').trim().split('\n');
    if (header && rows.length > 0) {
      const columns = header.split(',');
      const field = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
      const servers = rows
        .map((row) => row.split(','))
        .filter(
          (row) => field(row, 'pxname') === 'api' && !['BACKEND', 'FRONTEND'].includes(field(row, 'svname')),
        );
      states = servers
        .map((row) => `${field(row, 'svname')} ${field(row, 'status')} ${field(row, 'check_status')}`)
        .join(', ');
      const up = servers.filter(
        (row) => field(row, 'status') === 'UP' && field(row, 'check_status') === 'L7OK',
      );
      if (servers.length === count && up.length === count) return;
    }
    await sleep(100);
  }
  throw new Error(`haproxy did not find every API process up within ${READY_TIMEOUT_MS / 1000} s: ${states}`);
}

/**
 * The last lines of the cluster's logs that said anything (those `only` names, else all): for the
 * message of a failed start, and for a test to show what the processes said.
 */
export function logTails(dataDir: string, only: (file: string) => boolean = () => true): string {
  const logs = path.join(dataDir, 'logs');
  if (!fs.existsSync(logs)) return '';
  return fs
    .readdirSync(logs)
    .filter(only)
    .map((file) => ({ file, lines: fs.readFileSync(path.join(logs, file), 'utf8').trimEnd() }))
    .filter(({ lines }) => lines !== '')
    .map(
      ({ file, lines }) =>
        `--- ${file} (last ${LOG_TAIL_LINES} lines)\n${lines.split('\n').slice(-LOG_TAIL_LINES).join('\n')}`,
    )
    .join('\n');
}

/** Migrations and the demo organisations (their files in the database store), once. */
async function migrateAndSeed(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const applied = await migrate(databaseUrl);
  if (applied.length > 0) log(`Applied ${applied.length} migration(s).`);
  const db = createPrisma(databaseUrl, 2);
  try {
    const { created } = await seedDemo(db, { storage: new DatabaseFileStorage(db) });
    if (created) log('Seeded the demo organisations (see README for the accounts).');
  } finally {
    await db.$disconnect();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { dataDir, ports, log } = options;
  fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  // The postgres user (PostgreSQL runs as it when this runs as root) must reach the clusters' folders.
  fs.chmodSync(dataDir, 0o755);
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch((error: unknown) => log(String(error)));
    if (!options.persistent) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const primaryDir = path.join(dataDir, 'primary');
    const primary = await startEmbeddedPostgres({
      dataDir: primaryDir,
      port: ports.primary,
      persistent: true,
      stopOnSignals: false,
    });
    stops.push(() => primary.stop());
    await ensureDatabase(primary.adminUrl, 'compass');
    const databaseUrl = primary.urlFor('compass');
    await migrateAndSeed(databaseUrl, log);
    const replica = await startEmbeddedReplica({
      primary,
      primaryDataDir: primaryDir,
      primaryPort: ports.primary,
      dataDir: path.join(dataDir, 'replica'),
      port: ports.replica,
      persistent: options.persistent,
    });
    stops.push(() => replica.stop());
    const redis = await startRedis(dataDir, ports.redis);
    stops.push(() => stopChild(redis.child, redis.exited, 'SIGTERM'));

    const url = `http://127.0.0.1:${ports.balancer}`;
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      READ_REPLICA_URL: replica.urlFor('compass'),
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      FILE_STORE: 'database',
      SHUTDOWN_DRAIN_SECONDS: String(options.drainSeconds),
      ...sharedSecrets(dataDir),
      PUBLIC_URL: url,
      // haproxy overwrites X-Forwarded-For with the client's address: the one hop to believe.
      TRUST_PROXY: '1',
      SEED_ON_START: 'false',
      MAIL_CAPTURE_DIR: path.join(dataDir, 'mail'),
      FILE_STORAGE_DIR: path.join(dataDir, 'files'),
      ...options.env,
    };
    const apis: (ReturnType<typeof spawnLogged> | null)[] = ports.api.map(() => null);
    const apiUrls = ports.api.map((port) => `http://127.0.0.1:${port}`);
    const startApi = async (index: number) => {
      const api = spawnLogged(process.execPath, [BUNDLE], path.join(dataDir, 'logs', `api${index + 1}.log`), {
        ...env,
        PORT: String(ports.api[index]),
      });
      apis[index] = api;
      await waitReady(`${apiUrls[index]}/api/health/ready`, api.exitReason);
    };
    const stopApi = async (index: number, signal: NodeJS.Signals) => {
      const api = apis[index];
      if (api) await stopChild(api.child, api.exited, signal);
    };
    const signalApi = (index: number, signal: NodeJS.Signals) => void apis[index]?.child.kill(signal);
    // Ctrl-C closes every API process at once, without the drain: the balancer goes first.
    stops.push(() =>
      Promise.all(ports.api.map((_port, index) => stopApi(index, 'SIGINT'))).then(() => undefined),
    );
    await Promise.all(ports.api.map((_port, index) => startApi(index)));

    const config = path.join(dataDir, 'haproxy.cfg');
    const statsSocket = path.join(dataDir, 'haproxy.sock');
    fs.writeFileSync(config, haproxyConfig(ports, statsSocket));
    const haproxy = spawnLogged(
      haproxyExecutable(),
      ['-f', config, '-db'],
      path.join(dataDir, 'logs', 'haproxy.log'),
    );
    stops.push(() => stopChild(haproxy.child, haproxy.exited, 'SIGUSR1'));
    await waitServersUp(statsSocket, ports.api.length, haproxy.exitReason);
    await waitReady(`${url}/api/health/ready`, haproxy.exitReason);

    return {
      url,
      apiUrls,
      databaseUrl,
      replicaUrl: replica.urlFor('compass'),
      stopApi,
      signalApi,
      startApi,
      stop: stopAll,
    };
  } catch (error) {
    // What each process said, before a test's data folder goes with the stop.
    const tails = logTails(dataDir);
    await stopAll();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tails}`, { cause: error });
  }
}

/** The command: ports from 8080 (balancer) and 3101… (API processes) unless given. */
async function main(): Promise<void> {
  const arg = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1];
  const apiCount = Number(arg('api') ?? 3);
  const balancer = Number(arg('port') ?? 8080);
  if (!Number.isInteger(apiCount) || apiCount < 1 || !Number.isInteger(balancer))
    throw new Error('Usage: npm run cluster -- [--api=N] [--port=8080]');
  const log = (line: string) => console.log(line);
  buildBundles(log);
  const dataDir = path.join(path.dirname(defaultDataDir(projectRoot)), 'cluster');
  // A Ctrl-C while it starts stops it once started: the start's own steps are not cut halfway.
  let cluster: Cluster | null = null;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log(cluster ? 'Stopping the cluster…' : 'Stopping the cluster once it has started…');
      if (cluster) void cluster.stop().then(() => process.exit(0));
    });
  log(`Starting the cluster (data and logs in ${dataDir})…`);
  cluster = await startCluster({
    dataDir,
    persistent: true,
    ports: {
      balancer,
      primary: 54331,
      replica: 54332,
      redis: 6391,
      api: Array.from({ length: apiCount }, (_value, index) => 3101 + index),
    },
    drainSeconds: 2,
    log,
  });
  if (stopping) {
    await cluster.stop();
    process.exit(0);
  }
  log(
    `Compass is ready at ${cluster.url} (${apiCount} API processes: ${cluster.apiUrls.join(', ')}). Ctrl-C stops it.`,
  );
}

/**
 * As scripts/start.mjs does: the cluster runs in a process group of its own, so a Ctrl-C in the
 * terminal reaches this process only, never the PostgreSQL servers under the API processes.
 */
function runDetached(): void {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, COMPASS_CLUSTER_DETACHED: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 1));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (!process.env.COMPASS_CLUSTER_DETACHED) runDetached();
  else
    await main().catch((error: unknown) => {
      console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
