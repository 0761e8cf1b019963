/**
 * The load generator of bench/dashboard.ts, run as a child process so autocannon never shares an
 * event loop with the server it measures. Input: one JSON argument (LoadSpec), or with `--worker`
 * one a line on stdin; output: one JSON line (LoadResult) on stdout for each. Warm-up first (not
 * recorded), then the measured run.
 */
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { summarize, type Stats } from './lib';

// autocannon appends every answer's bytes to a string (`body += chunk`), to check bodies this
// benchmark never asks it to check. Decoding is the load generator's CPU, on the same two cores as
// the server: for compressed answers (binary, UTF-8's slow path) it doubled the latency measured
// (docs/performance.md, "Answers compressed in one piece"). Only statuses and times are kept.
// An internal of autocannon 9 without types, so it is required as it is.
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody: (data: Buffer) => void };
};
if (typeof PipelinedRequestsQueue.prototype.addBody !== 'function')
  throw new Error('autocannon no longer has PipelinedRequestsQueue.addBody: see bench/load.ts');
PipelinedRequestsQueue.prototype.addBody = () => {};

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Session tokens to take turns with, request by request (several users); else the headers' one. */
  authTokens?: string[];
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface LoadResult {
  stats: Stats;
  /** autocannon's own summary (whole-millisecond histogram), to cross-check ours. */
  autocannon: {
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    rpsMean: number;
    non2xx: number;
    errors: number;
  };
}

function run(spec: LoadSpec, durationS: number, record: number[] | null): Promise<autocannon.Result> {
  const tokens = spec.authTokens ?? [];
  let turn = 0;
  const requests = tokens.length
    ? [
        {
          setupRequest: (request: autocannon.Request) => {
            turn = (turn + 1) % tokens.length;
            return { ...request, headers: { ...request.headers, authtoken: tokens[turn]! } };
          },
        },
      ]
    : undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        headers: spec.headers,
        body: spec.body,
        requests,
        connections: spec.connections,
        duration: durationS,
        timeout: 30,
      },
      (error: unknown, result: autocannon.Result) => (error ? reject(error) : resolve(result)),
    );
    if (record) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) record.push(responseTime);
      });
    }
  });
}

/** Warm-up, then the measured run. */
async function measure(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmupS > 0) await run(spec, spec.warmupS, null);
  const latencies: number[] = [];
  const result = await run(spec, spec.durationS, latencies);
  return {
    stats: summarize(latencies, result.duration * 1000, result.errors + result.non2xx),
    autocannon: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      rpsMean: result.requests.average,
      non2xx: result.non2xx,
      errors: result.errors,
    },
  };
}

// `--worker`: one LoadSpec a line on stdin, one LoadResult a line on stdout, for as long as stdin
// stays open — Node and tsx start once, not for every run (on a busy machine that start took 20 s).
if (process.argv[2] === '--worker') {
  for await (const line of createInterface({ input: process.stdin }))
    process.stdout.write(`${JSON.stringify(await measure(JSON.parse(line) as LoadSpec))}\n`);
} else {
  process.stdout.write(`${JSON.stringify(await measure(JSON.parse(process.argv[2] ?? '{}') as LoadSpec))}\n`);
}
