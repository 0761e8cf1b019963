import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startEmbeddedPostgres, stopOrphanedPostgres } from '../src/db/embedded';
import { openToolDatabase } from '../src/db/toolDatabase';
import { freePort } from './smtp';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-embedded-test-'));
// The postgres user (when the tests run as root) must reach the cluster's folder.
fs.chmodSync(root, 0o755);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const embeddedModule = path.resolve(import.meta.dirname, '../src/db/embedded.ts');

/** Starts a persistent cluster in another Node process, as main.ts does, and kills that process with SIGKILL. */
async function startAndKill(dataDir: string, port: number): Promise<number> {
  const script = `
    import { startEmbeddedPostgres } from ${JSON.stringify(embeddedModule)};
    await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, persistent: true, fast: true });
    console.log('ready');
    setInterval(() => undefined, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the child exited (${code}) before its database was up`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return Number.parseInt(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8'), 10);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.existsSync('/proc') || fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') !== '';
  } catch {
    return false;
  }
};

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one;
  } finally {
    await client.end();
  }
}

describe('starting the embedded PostgreSQL again after a crash', () => {
  it('stops the server a killed process left running on the data folder, then starts', async () => {
    const dataDir = path.join(root, 'orphan', 'data');
    const port = await freePort();
    const orphan = await startAndKill(dataDir, port);
    // The killed process's PostgreSQL is still up and holds the folder and the port.
    expect(alive(orphan)).toBe(true);

    const server = await startEmbeddedPostgres({ dataDir, port, persistent: false, fast: true });
    try {
      expect(alive(orphan)).toBe(false);
      expect(await selectOne(server.adminUrl)).toBe(1);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('removes a lock file whose process is not a PostgreSQL of this folder', async () => {
    const dataDir = path.join(root, 'stale', 'data');
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, persistent: true, fast: true });
    await first.stop();
    // A PID that now belongs to something else (here: this test process).
    fs.writeFileSync(
      path.join(dataDir, 'postmaster.pid'),
      `${process.pid}\n${dataDir}\n0\n${port}\n/tmp\nlocalhost\n`,
    );
    expect(await stopOrphanedPostgres(dataDir)).toBe('removed');
    expect(alive(process.pid)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);

    const again = await startEmbeddedPostgres({ dataDir, port, persistent: false, fast: true });
    try {
      expect(await selectOne(again.adminUrl)).toBe(1);
    } finally {
      await again.stop();
    }
  }, 60_000);

  it('says why when PostgreSQL cannot start, instead of failing with undefined', async () => {
    const blocker = net.createServer();
    // On every address, so neither PostgreSQL's IPv4 nor its IPv6 socket can bind.
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const failure: unknown = await startEmbeddedPostgres({
        dataDir: path.join(root, 'busy', 'data'),
        port,
        persistent: false,
        fast: true,
      }).then(
        (server) => server.stop(),
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toMatch(/PostgreSQL did not start .*port \d+.*: .*FATAL/s);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  }, 60_000);
});

describe('a tool beside a running server (issue 40)', () => {
  it('uses the PostgreSQL the server started, on its port, and leaves it running', async () => {
    const dataDir = path.join(root, 'shared', 'data');
    const port = await freePort();
    // As the server starts it: this process is its parent and keeps running.
    const server = await startEmbeddedPostgres({ dataDir, port, persistent: false, fast: true });
    try {
      // Another EMBEDDED_PG_PORT in the tool's shell changes nothing: the lock file names the port.
      const tool = await openToolDatabase(
        loadConfig({ PG_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) }),
      );
      expect(new URL(tool.url).port).toBe(String(port));
      expect(await selectOne(tool.url)).toBe(1);
      await tool.stop();
      expect(await selectOne(server.adminUrl)).toBe(1);
      expect(await selectOne(tool.url)).toBe(1);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('refuses a second server on a running PostgreSQL instead of stopping it', async () => {
    const dataDir = path.join(root, 'second', 'data');
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dataDir, port, persistent: false, fast: true });
    try {
      const refused: unknown = await startEmbeddedPostgres({
        dataDir,
        port: await freePort(),
        persistent: true,
        fast: true,
      }).then(
        (second) => second.stop(),
        (error: unknown) => error,
      );
      expect((refused as Error).message).toMatch(
        new RegExp(
          `already running \\(PID \\d+, port ${port}\\), started by the running process ${process.pid}`,
        ),
      );
      expect(await selectOne(server.adminUrl)).toBe(1);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
