import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedPostgres } from '../src/db/embedded';
import { projectRoot } from '../src/db/migrate';
import { freePort } from './smtp';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-tools-test-'));
// The postgres user (when the tests run as root) must reach the cluster's folder.
fs.chmodSync(root, 0o755);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const EXAMPLE = path.join(projectRoot, 'docs', 'examples', 'harbour-logistics.yaml');
const PUBLIC_URL = 'https://compass.harbour.example';
const run = promisify(execFile);

describe('npm run org beside npm start (issue 40)', () => {
  it('works on the running database, leaves it running, and mails the address the server is served at', async () => {
    const dataDir = path.join(root, 'pg', 'data');
    const port = await freePort();
    // What both share: the data folder, the files and the secrets key; nothing else of the server's shell.
    const shared = {
      PG_DATA_DIR: dataDir,
      FILE_STORAGE_DIR: path.join(root, 'files'),
      SECRETS_KEY_FILE: path.join(root, 'secrets.key'),
    };
    const { DATABASE_URL: _url, PUBLIC_URL: _public, PORT: _port, ...shell } = process.env;
    const start = spawn(process.execPath, [path.join(projectRoot, 'scripts', 'start.mjs')], {
      cwd: projectRoot,
      detached: true,
      env: {
        ...shell,
        ...shared,
        EMBEDDED_PG_PORT: String(await freePort()),
        PORT: String(port),
        PUBLIC_URL,
        WEB_DIST_DIR: '',
        SEED_ON_START: 'false',
        LOG_LEVEL: 'warn',
        MAIL_CAPTURE_DIR: path.join(root, 'mail'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [start.stdout, start.stderr])
      stream.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(() => output, { timeout: 90_000, interval: 200 })
        .toMatch(/is ready at|did not start/);
      expect(output).toContain(`is ready at ${PUBLIC_URL}`);
      const health = async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
      expect(await health()).toBe(200);
      const org = (...args: string[]) =>
        run('npx', ['tsx', path.join(projectRoot, 'server/src/organisationFileCli.ts'), ...args], {
          cwd: projectRoot,
          env: { ...shell, ...shared },
        });

      const dryRun = await org('import', EXAMPLE, '--dry-run');
      expect(dryRun.stdout).toContain('Dry run: nothing was written');
      expect(dryRun.stderr).toContain(`Using the embedded PostgreSQL already running on ${dataDir}`);
      expect(await health()).toBe(200);

      const invited = await org('import', EXAMPLE, '--invite');
      expect(invited.stdout).toContain('employees: 4 created');
      expect(invited.stderr).toContain(`Invitation links open ${PUBLIC_URL}`);
      expect(await health()).toBe(200);

      const client = new pg.Client({ connectionString: runningEmbeddedPostgres(dataDir)!.urlFor('compass') });
      await client.connect();
      try {
        const mails = await client.query<{ textBody: string }>(
          `SELECT "textBody" FROM "MailMessage" WHERE category = 'invitation'`,
        );
        expect(mails.rows).toHaveLength(3);
        for (const { textBody } of mails.rows) {
          expect(textBody).toMatch(
            new RegExp(`${PUBLIC_URL}/(reset-password|external-parties-account-activate)/[\\w-]+`),
          );
          expect(textBody).not.toContain('localhost');
        }
      } finally {
        await client.end();
      }
    } finally {
      process.kill(-start.pid!, 'SIGINT');
    }
    // The server stops its PostgreSQL itself: the tools left it to it.
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped.');
  }, 180_000);
});
