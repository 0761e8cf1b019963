/**
 * `npx tsx bench/compare.ts --base=<rev> [--head=HEAD]` — the read calls of bench/cases.ts on two
 * commits at once, paired, so that a busy machine slows both sides alike instead of faking a result.
 * Options: --rounds=3 --duration=3 --warmup=1 --connections=10 --only=<text in a call's name: a|b>
 * --label=x --data-dir=<the seeded scale cluster, stopped> (default: seed/scaleDb.ts's).
 *
 * Each commit is checked out in a worktree of its own (/tmp/bench-base, /tmp/bench-head: this
 * checkout's node_modules linked in, its Prisma client generated) and its API is started from there
 * as a child process (bench/commitServer.ts) on its own copy of the scale cluster
 * (/var/tmp/scale-pg-base, -head), whose migrations are brought to what that commit expects. Then,
 * call by call, autocannon (bench/load.ts) runs on base and head in turn, round after round, the
 * order swapped every round; a call is flagged when head's median req/s is lower than base's by more
 * than the spread of the rounds. Writes bench/results/<date>-compare-<label>.md and .json. The
 * worktrees and copies are kept for the next run (reused when at the same commit).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { SCALE_DATABASE, SCALE_DEFAULT_PORT, SCALE_USERS, scaleDataDir } from '../seed/scaleDb';
import { caseIdsOf, CASES, type Case } from './cases';
import type { CommitServerSpec } from './commitServer';
import { loadWorker, signIn } from './http';
import { dayStamp, machineInfo, ms, requireScaleSeed } from './lib';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const { values: argv } = parseArgs({
  options: {
    base: { type: 'string' },
    head: { type: 'string', default: 'HEAD' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    label: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
if (!argv.base) throw new Error('--base=<rev> is required (the commit to compare with)');
const ROUNDS = Number(argv.rounds);
const DURATION_S = Number(argv.duration);
const WARMUP_S = Number(argv.warmup);
const CONNECTIONS = Number(argv.connections);

/**
 * How to undo a migration a base commit predates, on its copy of the cluster (the copy was
 * migrated by a newer checkout). A migration missing here stops the run: add its reverse.
 */
const REVERSE_MIGRATIONS: Record<string, string> = {
  '20261129013500_hr_reviewer_spelling': `ALTER TYPE "HrSectionType" RENAME VALUE 'hrReviewer' TO 'hrReviwer'`,
  '20261130122000_register_search_speed': `DROP INDEX "HazardousSubstance_name_trgm_idx";
    DROP INDEX "HazardousSubstance_supplierName_trgm_idx";
    DROP INDEX "Notice_companyId_startDate_createdAt_id_idx";
    CREATE INDEX "Notice_companyId_startDate_createdAt_id_idx" ON "Notice"("companyId", "startDate" DESC, "createdAt" DESC, "id" DESC);
    DROP INDEX "Risk_companyId_nextReviewDate_name_id_idx";
    CREATE INDEX "Risk_companyId_nextReviewDate_name_id_idx" ON "Risk"("companyId", "nextReviewDate", "name", "id")`,
};

type SideName = 'base' | 'head';

interface Side {
  name: SideName;
  commit: string;
  worktree: string;
  cluster: EmbeddedPostgres;
  url: string;
  server: ChildProcess;
  base: string;
  tokens: Record<Case['who'], string>;
}

interface Round {
  rps: number;
  p50: number;
  p95: number;
  failed: number;
  load1: number;
}

interface SideResult {
  rounds: Round[];
  rps: number;
  p50: number;
  p95: number;
  bytes: number;
}

interface Row {
  name: string;
  failure?: string;
  base?: SideResult;
  head?: SideResult;
  sameAnswer?: boolean;
  /** head req/s ÷ base req/s (medians): below 1 is slower. */
  ratio?: number;
  /** The larger relative range (max − min) ÷ median of either side's req/s over the rounds. */
  spread?: number;
  flagged?: boolean;
}

const git = (...args: string[]) =>
  execFileSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8' }).trim();

/** The commit's worktree at /tmp/bench-<side>, made (or reused) with this checkout's packages. */
function worktreeOf(side: SideName, rev: string): { commit: string; worktree: string } {
  const commit = git('rev-parse', `${rev}^{commit}`);
  const worktree = `/tmp/bench-${side}`;
  if (fs.existsSync(worktree)) {
    const at = execFileSync('git', ['-C', worktree, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    if (at !== commit)
      throw new Error(`${worktree} is at ${at}, not ${commit}: git worktree remove --force ${worktree}`);
  } else git('worktree', 'add', '--detach', worktree, commit);
  linkPackages(worktree);
  console.log(`${side}: ${commit.slice(0, 10)} in ${worktree}; generating its Prisma client`);
  execFileSync(process.execPath, [path.join(worktree, 'scripts', 'generate.mjs')], {
    cwd: worktree,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { commit, worktree };
}

/**
 * This checkout's node_modules, package by package, except the workspaces (@compass/*): a link to
 * the whole folder would resolve `@compass/shared` to this checkout's shared/, not the commit's.
 */
function linkPackages(worktree: string): void {
  const modules = path.join(worktree, 'node_modules');
  if (fs.existsSync(modules)) return;
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@compass') continue;
    fs.symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  fs.mkdirSync(path.join(modules, '@compass'));
  for (const workspace of ['server', 'shared', 'web'])
    fs.symlinkSync(path.join('..', '..', workspace), path.join(modules, '@compass', workspace));
  for (const workspace of ['server', 'web']) {
    const own = path.join(repoRoot, workspace, 'node_modules');
    if (fs.existsSync(own)) fs.symlinkSync(own, path.join(worktree, workspace, 'node_modules'));
  }
}

/** The side's copy of the scale cluster, started, its migrations those of `worktree`. */
async function clusterOf(side: SideName, worktree: string, port: number) {
  const source = argv['data-dir'] ? path.resolve(argv['data-dir']) : scaleDataDir([]);
  const dataDir = `/var/tmp/scale-pg-${side}`;
  if (!fs.existsSync(dataDir)) {
    if (fs.existsSync(path.join(source, 'postmaster.pid')))
      throw new Error(`${source} is running: stop it first, a running cluster cannot be copied`);
    console.log(`${side}: copying ${source} to ${dataDir}`);
    execFileSync('cp', ['-a', source, dataDir]);
  }
  const cluster = await startEmbeddedPostgres({ dataDir, port, persistent: true });
  try {
    const url = cluster.urlFor(SCALE_DATABASE);
    const migrations = path.join(worktree, 'prisma', 'migrations');
    const known = new Set(fs.readdirSync(migrations));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ migration_name: string }>(
        'SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC',
      );
      for (const { migration_name: name } of rows.filter((row) => !known.has(row.migration_name))) {
        const reverse = REVERSE_MIGRATIONS[name];
        if (!reverse)
          throw new Error(`${side} predates migration ${name}: add its reverse to REVERSE_MIGRATIONS`);
        await client.query('BEGIN');
        await client.query(reverse);
        await client.query('DELETE FROM "_prisma_migrations" WHERE migration_name = $1', [name]);
        await client.query('COMMIT');
        console.log(`${side}: undid ${name}`);
      }
    } finally {
      await client.end();
    }
    const applied = await migrate(url, migrations);
    if (applied.length > 0) console.log(`${side}: applied ${applied.join(', ')}`);
    return { cluster, url };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** The commit's API in a child process (bench/commitServer.ts); resolves once it listens. */
function serve(worktree: string, databaseUrl: string): Promise<{ server: ChildProcess; base: string }> {
  const spec: CommitServerSpec = {
    root: worktree,
    databaseUrl,
    webDistDir: path.join(repoRoot, 'web', 'dist'),
  };
  const server = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), path.join(benchDir, 'commitServer.ts'), JSON.stringify(spec)],
    { cwd: worktree, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`The server of ${worktree} exited with ${code}`)));
    createInterface({ input: server.stdout! }).once('line', (line) => {
      resolve({ server, base: (JSON.parse(line) as { base: string }).base });
    });
  });
}

async function startSide(name: SideName, rev: string, port: number): Promise<Side> {
  const { commit, worktree } = worktreeOf(name, rev);
  const { cluster, url } = await clusterOf(name, worktree, port);
  let server: ChildProcess | undefined;
  try {
    const served = await serve(worktree, url);
    server = served.server;
    const tokens = {
      busy: await signIn(served.base, SCALE_USERS.busy),
      admin: await signIn(served.base, SCALE_USERS.admin),
      supplier: await signIn(served.base, SCALE_USERS.supplier),
    };
    console.log(`${name}: serving at ${served.base}`);
    return { name, commit, worktree, cluster, url, server, base: served.base, tokens };
  } catch (error) {
    server?.kill('SIGTERM');
    await cluster.stop();
    throw error;
  }
}

async function stopSide(side: Side): Promise<void> {
  await new Promise<void>((resolve) => {
    if (side.server.exitCode !== null) return resolve();
    side.server.removeAllListeners('exit');
    side.server.once('exit', () => resolve());
    side.server.kill('SIGTERM');
  });
  await side.cluster.stop();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const relativeRange = (values: number[]) => (Math.max(...values) - Math.min(...values)) / median(values);

function requestOf(side: Side, test: Case, ids: Awaited<ReturnType<typeof caseIdsOf>>) {
  return {
    url: `${side.base}${test.path(ids)}`,
    method: test.method,
    headers: {
      'content-type': 'application/json',
      authtoken: side.tokens[test.who],
      ...(test.acceptEncoding ? { 'accept-encoding': test.acceptEncoding } : {}),
    },
    body: test.body ? JSON.stringify(test.body(ids)) : undefined,
  };
}

/** One call on both sides: an answer check, then the rounds, base and head in turn. */
async function compareCase(
  sides: [Side, Side],
  test: Case,
  ids: Awaited<ReturnType<typeof caseIdsOf>>,
): Promise<Row> {
  const answers = await Promise.all(
    sides.map(async (side) => {
      const request = requestOf(side, test, ids);
      const response = await fetch(request.url, request);
      // A signed-in user's own answers (permissions, accounts) carry the session's token.
      const body = (await response.text()).replaceAll(request.headers.authtoken, '<token>');
      return { status: response.status, body };
    }),
  );
  const failed = answers
    .map((answer, i) => [sides[i]!.name, answer] as const)
    .filter(([, a]) => a.status !== 200);
  if (failed.length > 0)
    return {
      name: test.name,
      failure: failed.map(([name, answer]) => `${name} ${answer.status}`).join(', '),
    };
  const rounds: Record<SideName, Round[]> = { base: [], head: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    // Swapped every round, so a machine getting busier or quieter weighs on both sides alike.
    for (const side of round % 2 === 0 ? sides : [sides[1], sides[0]]) {
      const load1 = os.loadavg()[0]!;
      const { stats, autocannon } = await worker.load({
        ...requestOf(side, test, ids),
        connections: CONNECTIONS,
        durationS: DURATION_S,
        warmupS: WARMUP_S,
      });
      rounds[side.name].push({
        rps: stats.rps,
        p50: stats.p50,
        p95: stats.p95,
        failed: autocannon.non2xx + autocannon.errors,
        load1,
      });
    }
  }
  const result = (name: SideName, bytes: number): SideResult => ({
    rounds: rounds[name],
    rps: median(rounds[name].map((round) => round.rps)),
    p50: median(rounds[name].map((round) => round.p50)),
    p95: median(rounds[name].map((round) => round.p95)),
    bytes,
  });
  const base = result('base', Buffer.byteLength(answers[0]!.body));
  const head = result('head', Buffer.byteLength(answers[1]!.body));
  const ratio = head.rps / base.rps;
  const spread = Math.max(
    relativeRange(base.rounds.map((r) => r.rps)),
    relativeRange(head.rounds.map((r) => r.rps)),
  );
  const roundFailures = [...base.rounds, ...head.rounds].reduce((sum, round) => sum + round.failed, 0);
  return {
    name: test.name,
    ...(roundFailures > 0 ? { failure: `${roundFailures} answers other than 200 under load` } : {}),
    base,
    head,
    sameAnswer: answers[0]!.body === answers[1]!.body,
    ratio,
    spread,
    flagged: 1 - ratio > spread,
  };
}

function writeReport(
  rows: Row[],
  sides: [Side, Side],
  context: { started: number; loadAtStart: number[]; machine: unknown },
) {
  const label = argv.label ?? `${sides[0].commit.slice(0, 7)}-${sides[1].commit.slice(0, 7)}`;
  const out = path.join(benchDir, 'results', `${dayStamp()}-compare-${label}`);
  const measured = rows.filter((row) => row.ratio !== undefined);
  const ratios = measured.map((row) => row.ratio!);
  const slowest = [...measured].sort((a, b) => a.ratio! - b.ratio!).slice(0, 5);
  const flagged = measured.filter((row) => row.flagged);
  const loadAtEnd = os.loadavg();
  const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const command =
    `npx tsx bench/compare.ts --base=${argv.base} --head=${argv.head} --rounds=${ROUNDS} --duration=${DURATION_S} ` +
    `--warmup=${WARMUP_S} --connections=${CONNECTIONS}${argv.only ? ` --only='${argv.only}'` : ''}`;
  const summary = [
    `\`${command}\`: base ${sides[0].commit.slice(0, 10)}, head ${sides[1].commit.slice(0, 10)}, both served at once ` +
      `on copies of the scale cluster; per call ${ROUNDS} rounds of ${DURATION_S} s after ${WARMUP_S} s warm-up on each ` +
      `side in turn, ${CONNECTIONS} connections. Load average (1/5/15 min) ${loads(context.loadAtStart)} at the start, ` +
      `${loads(loadAtEnd)} at the end; ${Math.round((Date.now() - context.started) / 1000)} s in all.`,
    `Median ratio head/base of req/s over ${measured.length} calls: **${ratios.length ? median(ratios).toFixed(3) : '-'}** ` +
      `(range ${ratios.length ? `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}` : '-'}). ` +
      `Slowest: ${slowest.map((row) => `${row.name} ${row.ratio!.toFixed(2)}`).join('; ')}. ` +
      `Flagged (head slower than base by more than the spread of the rounds): ` +
      `${flagged.length ? flagged.map((row) => row.name).join('; ') : 'none'}. ` +
      `Failed: ${
        rows
          .filter((row) => row.failure)
          .map((row) => `${row.name} (${row.failure})`)
          .join('; ') || 'none'
      }.`,
  ].join('\n\n');
  const cell = (side?: SideResult) =>
    side ? `${side.rps.toFixed(0)} | ${ms(side.p50)} | ${ms(side.p95)}` : '- | - | -';
  const table = [
    '| call | base req/s | p50 ms | p95 ms | head req/s | p50 ms | p95 ms | head/base | spread | same answer | flag |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: | :---: |',
    ...rows.map(
      (row) =>
        `| ${row.name}${row.failure ? ` (${row.failure})` : ''} | ${cell(row.base)} | ${cell(row.head)} | ` +
        `${row.ratio === undefined ? '-' : row.ratio.toFixed(2)} | ` +
        `${row.spread === undefined ? '-' : `±${(row.spread * 100).toFixed(0)}%`} | ` +
        `${row.sameAnswer === undefined ? '-' : row.sameAnswer ? 'yes' : 'no'} | ${row.flagged ? '⚠' : ''} |`,
    ),
  ].join('\n');
  const notes =
    'req/s, p50 and p95: the median over the rounds of each side. head/base: the ratio of the median req/s ' +
    "(below 1: head is slower). spread: the larger of the two sides' (max − min) ÷ median of req/s over the rounds; " +
    '⚠ when head is slower by more than it. same answer: the first answers are identical (the session token aside).';
  fs.writeFileSync(
    `${out}.md`,
    `# Paired comparison, ${sides[0].commit.slice(0, 7)} → ${sides[1].commit.slice(0, 7)} (${dayStamp()})\n\n${summary}\n\n${table}\n\n${notes}\n`,
  );
  fs.writeFileSync(
    `${out}.json`,
    `${JSON.stringify(
      {
        machine: context.machine,
        base: sides[0].commit,
        head: sides[1].commit,
        rounds: ROUNDS,
        durationS: DURATION_S,
        warmupS: WARMUP_S,
        connections: CONNECTIONS,
        loadAtStart: context.loadAtStart,
        loadAtEnd,
        rows,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Wrote ${path.relative(process.cwd(), out)}.md\n\n${summary}`);
}

const started = Date.now();
const loadAtStart = os.loadavg();
const wanted = argv.only?.split('|') ?? [];
const cases = CASES.filter((entry) => !argv.only || wanted.some((text) => entry.name.includes(text)));
const opened: Side[] = [];
const worker = loadWorker();
// Stopped by a signal: the servers and the clusters go too (the copies stay).
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    worker.close();
    void Promise.all(opened.map(stopSide)).finally(() => process.exit(1));
  });
try {
  opened.push(await startSide('base', argv.base, SCALE_DEFAULT_PORT + 2));
  opened.push(await startSide('head', argv.head, SCALE_DEFAULT_PORT + 3));
  const sides = opened as [Side, Side];
  const client = new pg.Client({ connectionString: sides[1].url });
  await client.connect();
  const machine = await machineInfo(client);
  const ids = await caseIdsOf(client, await requireScaleSeed(client));
  await client.end();
  const rows: Row[] = [];
  for (const [i, test] of cases.entries()) {
    const row = await compareCase(sides, test, ids);
    rows.push(row);
    console.log(
      `${i + 1}/${cases.length} ${row.flagged ? '⚠' : row.failure ? '✖' : '✔'} ${test.name}: ` +
        (row.ratio === undefined
          ? row.failure
          : `base ${row.base!.rps.toFixed(0)} req/s, head ${row.head!.rps.toFixed(0)} req/s, ` +
            `head/base ${row.ratio.toFixed(2)} (spread ±${(row.spread! * 100).toFixed(0)}%)`),
    );
  }
  writeReport(rows, sides, { started, loadAtStart, machine });
} finally {
  worker.close();
  for (const side of opened) await stopSide(side);
}
