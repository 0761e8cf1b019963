import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/db/migrate';
import { freePort } from './smtp';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-start-test-'));
// The postgres user (when the tests run as root) must reach the cluster's folder.
fs.chmodSync(root, 0o755);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') !== '';
  } catch {
    return false;
  }
};

describe('npm start', () => {
  it('stops the server and then its embedded PostgreSQL cleanly on Ctrl-C', async () => {
    const dataDir = path.join(root, 'pg', 'data');
    // Its own process group, as a terminal gives it: the Ctrl-C below goes to the whole group.
    const start = spawn(process.execPath, [path.join(projectRoot, 'scripts', 'start.mjs')], {
      cwd: projectRoot,
      detached: true,
      env: {
        ...process.env,
        PG_DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        PORT: String(await freePort()),
        WEB_DIST_DIR: '',
        SEED_ON_START: 'false',
        LOG_LEVEL: 'warn',
        FILE_STORAGE_DIR: path.join(root, 'files'),
        MAIL_CAPTURE_DIR: path.join(root, 'mail'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [start.stdout, start.stderr])
      stream.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
    await expect.poll(() => output, { timeout: 90_000, interval: 200 }).toMatch(/is ready at|did not start/);
    expect(output).toContain('is ready at');
    const postgres = Number.parseInt(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8'), 10);
    expect(alive(postgres)).toBe(true);

    process.kill(-start.pid!, 'SIGINT');

    expect(await exited).toBe(0);
    // The app closed first, then PostgreSQL: one shutdown, to the end.
    expect(output).toMatch(/SIGINT: shutting down\n(.|\n)*Stopped\./);
    expect(output.match(/shutting down/g)).toHaveLength(1);
    expect(alive(postgres)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
