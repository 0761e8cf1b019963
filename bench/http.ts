/** What the HTTP benchmarks share: the load generator in a child process, signed-in calls. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../seed/demo';
import type { LoadResult, LoadSpec } from './load';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** One autocannon run (bench/load.ts) in its own process, so it never shares the server's event loop. */
export function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.join(benchDir, 'load.ts'), JSON.stringify(spec)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), (spec.durationS + spec.warmupS + 60) * 1000);
    child.on('close', (code) => {
      clearTimeout(killer);
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) reject(new Error(`load generator exited with ${code}: ${out}`));
      else resolve(JSON.parse(line) as LoadResult);
    });
  });
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
