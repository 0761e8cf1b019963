/**
 * `npx tsx bench/cluster.ts [--duration=5] [--warmup=2] [--connections=16]`: throughput through
 * haproxy with 1, 2 and 3 API processes, side by side in one run (issue 48). One cluster of
 * `npm run cluster` (scripts/cluster.ts, the demo seed) with three processes, and three balancers
 * in front of the first 1, 2 and 3 of them; each read call runs against the three in turn
 * (autocannon in its own process, bench/load.ts). Writes bench/results/<date>-cluster.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/test/smtp';
import { buildBundles, haproxyConfig, haproxyExecutable, startCluster } from '../scripts/cluster';
import { loadWorker, signIn } from './http';
import type { LoadSpec } from './load';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const durationS = arg('duration', 5);
const warmupS = arg('warmup', 2);
const connections = arg('connections', 16);
const SIZES = [1, 2, 3];

const log = (line: string) => console.log(line);
buildBundles(log);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-bench-cluster-'));
const api = [await freePort(), await freePort(), await freePort()];
const ports = {
  balancer: await freePort(),
  primary: await freePort(),
  replica: await freePort(),
  redis: await freePort(),
  api,
};
log('Starting the cluster (3 API processes)…');
// Shipped defaults but the per-account sign-in limit: the benchmark signs the same users in.
const cluster = await startCluster({
  dataDir,
  persistent: false,
  ports,
  drainSeconds: 0,
  env: { RATE_LIMIT_PER_ACCOUNT: '100000' },
  log,
});
const balancers: { size: number; url: string; stop: () => void }[] = [];
try {
  for (const size of SIZES) {
    const balancerPorts = { ...ports, balancer: await freePort(), api: api.slice(0, size) };
    const config = path.join(dataDir, `haproxy-${size}.cfg`);
    fs.writeFileSync(config, haproxyConfig(balancerPorts));
    const child = spawn(haproxyExecutable(), ['-f', config, '-db'], { stdio: 'ignore' });
    const url = `http://127.0.0.1:${balancerPorts.balancer}`;
    balancers.push({ size, url, stop: () => child.kill('SIGUSR1') });
    for (
      let tries = 0;
      !(await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      ));
      tries++
    ) {
      if (tries > 100) throw new Error(`haproxy for ${size} process(es) did not answer`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const busy = await signIn(cluster.url, 'ethan.coordinator');
  const admin = await signIn(cluster.url, 'olivia.admin');
  const cases: { name: string; method: 'GET' | 'POST'; path: string; token: string; body?: string }[] = [
    { name: 'permissions', method: 'GET', path: '/api/permissions', token: busy },
    { name: 'dashboardList (cached)', method: 'POST', path: '/api/dashboardList', token: busy, body: '{}' },
    { name: 'riskList', method: 'POST', path: '/api/riskList', token: admin, body: '{}' },
  ];
  const worker = loadWorker();
  const rows: string[] = [];
  try {
    for (const call of cases) {
      const cells: string[] = [];
      // The three sizes one after the other, call by call: the same minute of a busy machine.
      for (const balancer of balancers) {
        const spec: LoadSpec = {
          url: `${balancer.url}${call.path}`,
          method: call.method,
          headers: { authtoken: call.token, ...(call.body ? { 'content-type': 'application/json' } : {}) },
          ...(call.body ? { body: call.body } : {}),
          connections,
          durationS,
          warmupS,
        };
        const { stats } = await worker.load(spec);
        const load = os.loadavg()[0]!.toFixed(1);
        log(
          `${call.name}, ${balancer.size} process(es): ${stats.rps.toFixed(0)} req/s, p50 ${stats.p50.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, ${stats.errors} errors (load ${load})`,
        );
        cells.push(
          `${stats.rps.toFixed(0)} req/s, p50 ${stats.p50.toFixed(1)} / p99 ${stats.p99.toFixed(1)} ms${stats.errors ? `, ${stats.errors} errors` : ''} (load ${load})`,
        );
      }
      rows.push(`| ${call.name} | ${cells.join(' | ')} |`);
    }
  } finally {
    worker.close();
  }
  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(import.meta.dirname, 'results', `${date}-cluster.md`);
  fs.writeFileSync(
    file,
    [
      `# Throughput with 1, 2 and 3 API processes behind haproxy (${date})`,
      '',
      `\`npx tsx bench/cluster.ts --duration=${durationS} --warmup=${warmupS} --connections=${connections}\`: the cluster of`,
      '`npm run cluster` (demo seed, shipped defaults: request logging on, REDIS_URL, FILE_STORE=database,',
      'READ_REPLICA_URL), autocannon through haproxy; each call against the three balancers in turn.',
      `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), shared with other work while it ran;`,
      '"load" is the one-minute load average at the end of each run.',
      '',
      '| call | 1 process | 2 processes | 3 processes |',
      '| --- | --- | --- | --- |',
      ...rows,
      '',
      'What limits it: the API processes, haproxy, both PostgreSQL servers, Redis and autocannon share',
      'the same two cores, and during this run other work shared them too (the load average). The',
      'scheduler shares the cores by process, so on a busy machine more API processes take a larger share:',
      'the figures show the cluster serving and what each size answers here, not how it scales. With',
      'a core for every API process the processes add up until PostgreSQL is the limit.',
      '',
    ].join('\n'),
  );
  log(`Written to ${file}`);
} finally {
  for (const balancer of balancers) balancer.stop();
  await cluster.stop();
}
