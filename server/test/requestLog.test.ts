import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/db/migrate';
import { createTestDatabase } from './helpers';
import { freePort } from './smtp';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-request-log-test-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: Record<string, unknown>;
  res?: Record<string, unknown>;
  responseTime?: number;
}

const linesOf = (file: string): LogLine[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);

/** Runs `args` with node (tsx loaded) and stdout on `logFile`; its stderr, and its exit when it ends. */
function run(args: string[], env: Record<string, string>, logFile: string) {
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', log, 'pipe'],
  });
  fs.closeSync(log);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stderr: () => stderr };
}

describe('the request log of the production entry (main.ts), stdout on a file', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('writes one line per request with what ops reads, and every line before it exits on SIGTERM', async () => {
    const port = await freePort();
    const logFile = path.join(root, 'server.log');
    // Nothing but what a machine must set: LOG_LEVEL and the log's destination are the defaults.
    const server = run(
      [path.join(projectRoot, 'server', 'src', 'main.ts')],
      {
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        FILE_STORAGE_DIR: path.join(root, 'files'),
        MAIL_CAPTURE_DIR: path.join(root, 'mail'),
        SECRETS_KEY_FILE: path.join(root, 'secrets.key'),
        WEB_DIST_DIR: '',
      },
      logFile,
    );
    await expect.poll(server.stderr, { timeout: 90_000, interval: 200 }).toMatch(/is ready at|did not start/);
    expect(server.stderr()).toContain('is ready at');

    const base = `http://127.0.0.1:${port}`;
    const calls = [
      { id: 'log-test.live', url: '/api/health/live', init: {} },
      { id: 'log-test.missing', url: '/api/noSuchCall?token=secret-in-query', init: {} },
      {
        id: 'log-test.signin',
        url: '/api/signIn',
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', authtoken: 'secret-header' },
          body: JSON.stringify({ username: 'nobody', password: 'secret-password' }),
        },
      },
    ];
    const statuses: number[] = [];
    for (const call of calls) {
      const response = await fetch(`${base}${call.url}`, {
        ...call.init,
        headers: { ...(call.init.headers ?? {}), 'x-request-id': call.id },
      });
      await response.text();
      statuses.push(response.status);
    }
    // At once after the last answer: its line may still be in the batch.
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    const lines = linesOf(logFile);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    calls.forEach((call, index) => {
      const ofRequest = lines.filter((line) => line.reqId === call.id);
      expect(ofRequest.map((line) => line.msg)).toEqual(['request completed']);
      const [line] = ofRequest;
      expect(line).toMatchObject({
        level: 30,
        req: { method: call.init.method ?? 'GET', remoteAddress: '127.0.0.1' },
        res: { statusCode: statuses[index] },
      });
      expect(line!.responseTime).toBeGreaterThanOrEqual(0);
    });
    expect(lines.find((line) => line.reqId === 'log-test.missing')?.req?.url).toBe(
      '/api/noSuchCall?token=[redacted]',
    );
    const text = fs.readFileSync(logFile, 'utf8');
    for (const secret of ['secret-in-query', 'secret-header', 'secret-password'])
      expect(text).not.toContain(secret);
  }, 120_000);
});

describe('the batched stdout (plugins/requestLog.ts)', () => {
  const logger = (then: string) => `
    import pino from 'pino';
    import { batchedStdout } from ${JSON.stringify(path.join(projectRoot, 'server', 'src', 'plugins', 'requestLog.ts'))};
    const { logger: { stream, hooks } } = batchedStdout();
    const log = pino({ hooks }, stream);
    ${then}`;

  it('writes what it gathered when the process dies of an uncaught exception', async () => {
    const logFile = path.join(root, 'crash.log');
    const crash = run(
      [
        '--input-type=module',
        '-e',
        logger(`log.info('the line before the crash');
          setImmediate(() => { throw new Error('crashed'); });`),
      ],
      {},
      logFile,
    );
    expect((await crash.exited).code).toBe(1);
    expect(crash.stderr()).toContain('crashed');
    expect(linesOf(logFile).map((line) => line.msg)).toEqual(['the line before the crash']);
  });

  it('writes an error line at once, without waiting for the batch', async () => {
    const logFile = path.join(root, 'killed.log');
    // The event loop blocked after the error line (no timer can flush), then a SIGKILL (no exit
    // handler runs): only a write started when the line was logged reaches the file.
    const killed = run(
      [
        '--input-type=module',
        '-e',
        logger(`log.error('the error line');
          const until = Date.now() + 500;
          while (Date.now() < until);
          process.kill(process.pid, 'SIGKILL');`),
      ],
      {},
      logFile,
    );
    expect((await killed.exited).signal).toBe('SIGKILL');
    expect(linesOf(logFile).map((line) => line.msg)).toEqual(['the error line']);
  });

  it('drops what passes its bound while stdout takes nothing, and says how much once stdout takes lines again', async () => {
    const logged = 20_000;
    // About 21 MB of lines, logged while nobody reads the pipe of stdout; the process stays until
    // its stdin ends, so that its timer can say what was dropped.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        logger(`const padding = 'x'.repeat(1000);
          for (let line = 0; line < ${logged}; line++) log.info({ line, padding }, 'line');
          process.stderr.write('logged');
          process.stdin.on('end', () => process.exit(0)).resume();`),
      ],
      { cwd: projectRoot, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await expect.poll(() => stderr, { timeout: 60_000, interval: 100 }).toContain('logged');

    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const text = () => Buffer.concat(chunks).toString();
    await expect.poll(text, { timeout: 60_000, interval: 100 }).toContain('log lines dropped');
    child.stdin.end();
    expect(await exited).toBe(0);

    const lines = text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine & { droppedLines?: number; droppedBytes?: number });
    const written = lines.filter((line) => line.msg === 'line').length;
    const notes = lines.filter((line) => line.droppedLines !== undefined);
    console.warn(`stalled stdout: ${written} lines written, ${notes[0]?.droppedLines} dropped`);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ level: 40, droppedLines: logged - written });
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(logged);
    expect(notes[0]!.droppedBytes).toBeGreaterThan(1000 * (logged - written));
  }, 120_000);
});
