/** What the HTTP benchmarks share: the load generator in a child process, signed-in calls, the floors. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { ACCESS } from '@compass/shared';
import { DEMO_PASSWORD } from '../seed/demo';
import type { LoadResult, LoadSpec } from './load';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs `script` (a file in bench/) in its own Node process with `spec` as its one JSON argument, so
 * a load generator never shares an event loop with the server it measures; the last line it prints
 * is its JSON result. Killed after `limitS` seconds.
 */
export function runChild<T>(script: string, spec: unknown, limitS: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.join(benchDir, script), JSON.stringify(spec)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), limitS * 1000);
    child.on('close', (code) => {
      clearTimeout(killer);
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) reject(new Error(`${script} exited with ${code}: ${out}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}

/** One autocannon run (bench/load.ts) in its own process. */
export function load(spec: LoadSpec): Promise<LoadResult> {
  return runChild<LoadResult>('load.ts', spec, spec.durationS + spec.warmupS + 60);
}

/**
 * bench/load.ts kept running (`--worker`) for many runs, one at a time: the same load generator in
 * its own process, without Node's start-up for every run.
 */
export function loadWorker(): { load(spec: LoadSpec): Promise<LoadResult>; close(): void } {
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), path.join(benchDir, 'load.ts'), '--worker'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async load(spec) {
      child.stdin.write(`${JSON.stringify(spec)}\n`);
      const { value, done } = await lines.next();
      if (done) throw new Error(`bench/load.ts --worker exited with ${child.exitCode}`);
      return JSON.parse(value) as LoadResult;
    },
    close: () => child.stdin.end(),
  };
}

export async function post(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authtoken: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

export async function signIn(base: string, username: string): Promise<string> {
  const { status, json } = await post(`${base}/api/signIn`, { username, password: DEMO_PASSWORD });
  const data = (json as { response_data?: { authToken?: string } }).response_data;
  if (status !== 200 || !data?.authToken)
    throw new Error(`Sign-in of ${username} failed: ${JSON.stringify(json)}`);
  return data.authToken;
}

/** Starts a server on a free local port; its base URL. */
export async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export const FLOOR_ANSWER = { response_code: 200, response_message: 'ok', response_data: { ok: true } };

/** The app's route of a trivial signed-in call: the auth plugin (session lookup) and the envelope. */
export const SIGNED_IN_FLOOR = '/api/benchSignedInFloor';

/**
 * The floors every HTTP benchmark compares with: the signed-in route added to `app` (before it
 * listens), and a bare Fastify server answering the same JSON at `/floor`.
 */
export function addFloors(app: FastifyInstance): FastifyInstance {
  app.post(SIGNED_IN_FLOOR, { config: { access: ACCESS.signedIn } }, async () => FLOOR_ANSWER);
  const bare = Fastify({ logger: false });
  bare.post('/floor', async () => FLOOR_ANSWER);
  return bare;
}
