/**
 * `npx tsx bench/dashboard.ts [--duration=10] [--warmup=3] [--connections=10] [--only=list,pie] [--label=x]`
 *
 * The dashboard calls on the scale seed (run `npx tsx seed/scale.ts` first; same database rules,
 * see seed/scaleDb.ts). Starts the app in process on 127.0.0.1 (buildApp, production config,
 * silent log), signs in as the busy employee (scale.busy) and the supplier (scale.supplier), and
 * for each call measures, at the same concurrency and duration:
 *   api      HTTP through autocannon (in a child process: its own event loop), warm-up first; the
 *            app as it runs, answers cached per user until the organisation's data changes;
 *   uncached the same through a second app with the cache off (DASHBOARD_CACHE_MB=0): every call
 *            loads its answer, the cost of a first visit or of a call right after a change;
 *   writes   the cached app while the organisation's data changes --writes-per-second times a
 *            second (a committed update of one notice), so answers are loaded again after each;
 *   users    as writes, but the requests take turns among ten employees (the busy one and
 *            employees 2–10, the next busiest): ten answers to load again after each change;
 *   service  the DashboardService method called directly (its own reader and pool, no HTTP);
 *   sql      the same statements the call sends, through pg directly (named prepared statements,
 *            run together like the service does), no HTTP, no service code;
 * plus the floor: a bare Fastify route returning a small JSON, through the same autocannon run.
 * Writes bench/results/dashboard-<date>[-<label>].md and .json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createPrisma } from '../server/src/db/prisma';
import { createReader, READ_SESSION_OPTIONS } from '../server/src/db/reader';
import { DashboardService } from '../server/src/modules/dashboard/service';
import type { AuthContext } from '../server/src/plugins/auth';
import { openScaleDatabase, SCALE_ORGANISATION, SCALE_USERS } from '../seed/scaleDb';
import {
  authContextOf,
  captureQueries,
  closedLoop,
  dayStamp,
  labelOf,
  machineInfo,
  ms,
  requireScaleSeed,
  soloTime,
  type CapturedQuery,
  type Stats,
} from './lib';
import { addFloors, listen, load, post, SIGNED_IN_FLOOR, signIn } from './http';
import type { LoadResult } from './load';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const { values: argv } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    label: { type: 'string' },
    'data-dir': { type: 'string' },
    'writes-per-second': { type: 'string', default: '2' },
  },
});
const WRITES_PER_SECOND = Number(argv['writes-per-second']);
const DURATION_S = Number(argv.duration);
const WARMUP_S = Number(argv.warmup);
const CONNECTIONS = Number(argv.connections);
const TIME_ZONE = 'UTC';
/** The issue's targets for dashboardList and the chart calls, 10 concurrent users. */
const TARGET = { p50: 30, p95: 100 };

type Who = 'busy' | 'supplier';

interface Call {
  key: string;
  name: string;
  path: string;
  body: Record<string, unknown>;
  who: Who;
  /** Held to the issue's targets (dashboardList and the charts). */
  targeted: boolean;
  service: (service: DashboardService, auth: AuthContext) => Promise<unknown>;
}

const CALLS: Call[] = [
  {
    key: 'list',
    name: 'dashboardList',
    path: '/api/dashboardList',
    body: { localTimeZone: TIME_ZONE },
    who: 'busy',
    targeted: true,
    service: (s, auth) => s.dashboardList(auth, { localTimeZone: TIME_ZONE }),
  },
  {
    key: 'supplier',
    name: 'dashboardSupplierList (supplier)',
    path: '/api/dashboardSupplierList',
    body: { localTimeZone: TIME_ZONE },
    who: 'supplier',
    targeted: false,
    service: (s, auth) => s.dashboardSupplierList(auth, { localTimeZone: TIME_ZONE }),
  },
  {
    key: 'pie',
    name: 'dashboardPieChart',
    path: '/api/dashboardPieChart',
    body: { localTimeZone: TIME_ZONE },
    who: 'busy',
    targeted: true,
    service: (s, auth) => s.pieChart(auth, { localTimeZone: TIME_ZONE }),
  },
  {
    key: 'bar',
    name: 'dashboardBarChart (assignAction, month)',
    path: '/api/dashboardBarChart',
    body: { barChartType: 'assignAction', selectedDay: 'month', localTimeZone: TIME_ZONE },
    who: 'busy',
    targeted: true,
    service: (s, auth) =>
      s.barChart(auth, { barChartType: 'assignAction', selectedDay: 'month', localTimeZone: TIME_ZONE }),
  },
  {
    key: 'barCompany',
    name: 'dashboardBarChart (companyOverview, month)',
    path: '/api/dashboardBarChart',
    body: { barChartType: 'companyOverview', selectedDay: 'month', localTimeZone: TIME_ZONE },
    who: 'busy',
    targeted: true,
    service: (s, auth) =>
      s.barChart(auth, { barChartType: 'companyOverview', selectedDay: 'month', localTimeZone: TIME_ZONE }),
  },
  {
    key: 'notices',
    name: 'noticeboardList (page 1 of 20)',
    path: '/api/noticeboardList',
    body: { page: 1, pageSize: 20, localTimeZone: TIME_ZONE },
    who: 'busy',
    targeted: false,
    service: (s, auth) => s.noticeboardList(auth, { page: 1, pageSize: 20, localTimeZone: TIME_ZONE }),
  },
];

interface CallResult {
  key: string;
  name: string;
  targeted: boolean;
  api: LoadResult;
  uncached: LoadResult;
  writes: LoadResult & { commits: number };
  users: LoadResult & { commits: number };
  service: Stats;
  sql: Stats;
  /** Load average (1, 5, 15 min) when the call's measurement started. */
  loadAverage: string;
  heaviest: { label: string; soloMs: number; text: string; values: unknown[] };
  statements: Array<{ label: string; soloMs: number }>;
  sample: string;
}

// ---------- Helpers ----------

/** What a response holds, in one line (section totals and list lengths). */
function sampleOf(data: unknown): string {
  if (!data || typeof data !== 'object') return String(data);
  const record = data as Record<string, unknown>;
  const inner = (record.list && !Array.isArray(record.list) ? record.list : record) as Record<
    string,
    unknown
  >;
  return Object.entries(inner)
    .map(([key, value]) => {
      if (value && typeof value === 'object' && 'total' in value) {
        const section = value as { total: number; list?: unknown[] };
        return `${key} ${section.total}${section.list ? `/${section.list.length}` : ''}`;
      }
      if (Array.isArray(value)) return `${key} [${value.length}]`;
      if (typeof value === 'object') return `${key} ${JSON.stringify(value)}`;
      return `${key} ${String(value)}`;
    })
    .join(', ');
}

const loadAverageNow = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
const latencyCells = (stats: Stats) => [ms(stats.p50), ms(stats.p95), ms(stats.p99), stats.rps.toFixed(0)];

/**
 * Commits a change to the scale organisation's data every `intervalMs` (an update of one of its
 * notices that leaves it as it is: the triggers give the organisation a new data version, so every
 * cached answer is loaded again). Stops when asked; returns how many changes committed.
 */
function changeDataEvery(client: pg.Client, intervalMs: number) {
  let commits = 0;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() =>
        client.query(
          `UPDATE "Notice" SET title = title WHERE id = (
             SELECT n.id FROM "Notice" n JOIN "Company" c ON c.id = n."companyId"
             WHERE c.name = $1 ORDER BY n.id LIMIT 1)`,
          [SCALE_ORGANISATION],
        ),
      )
      .then(() => (commits += 1));
  }, intervalMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      return commits;
    },
  };
}

/**
 * Sign-ins for employees 2–10 of the scale organisation (the busiest after employee 1, whose
 * account is scale.busy): their seeded accounts, or scale.crowdNN with the demo password, added once.
 */
async function crowdUsernames(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ username: string }>(
    `WITH busy AS (SELECT "companyId", "passwordHash" FROM "User" WHERE username = $1),
     wanted AS (
       SELECT e.id, e."companyId", n, busy."passwordHash" FROM busy CROSS JOIN generate_series(2, 10) n
       JOIN "Employee" e ON e."companyId" = busy."companyId" AND e."employeeNumber" = 'SH-' || (10000 + n)),
     created AS (
       INSERT INTO "User" (id, "companyId", username, "passwordHash", "userType", "employeeId", "passwordChangedAt",
         "createdAt", "updatedAt")
       SELECT gen_random_uuid(), w."companyId", 'scale.crowd' || lpad(w.n::text, 2, '0'), w."passwordHash",
         'employee', w.id, now(), now(), now()
       FROM wanted w WHERE NOT EXISTS (SELECT 1 FROM "User" u WHERE u."employeeId" = w.id)
       RETURNING username)
     SELECT username FROM created
     UNION SELECT u.username FROM "User" u JOIN wanted w ON u."employeeId" = w.id`,
    [SCALE_USERS.busy],
  );
  if (rows.length !== 9) throw new Error(`expected 9 accounts of employees 2–10, found ${rows.length}`);
  return rows.map((row) => row.username).sort();
}

// ---------- Main ----------

async function main(): Promise<void> {
  const started = performance.now();
  const database = await openScaleDatabase();
  const admin = new pg.Client({ connectionString: database.url, options: READ_SESSION_OPTIONS });
  await admin.connect();
  const sqlPool = new pg.Pool({
    connectionString: database.url,
    max: CONNECTIONS,
    options: READ_SESSION_OPTIONS,
  });
  sqlPool.on('error', () => {});
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '' });
  const db = createPrisma(database.url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ config, db, databaseUrl: database.url });
  const uncachedApp = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '', DASHBOARD_CACHE_MB: '0' }),
    db,
    databaseUrl: database.url,
  });
  // The floors: the session lookup and the envelope every dashboard call pays before its own work.
  const floor = addFloors(app);
  const results: CallResult[] = [];
  const closers: Array<() => Promise<unknown>> = [
    () => app.close(),
    () => uncachedApp.close(),
    () => floor.close(),
    () => db.$disconnect(),
    () => sqlPool.end(),
    () => admin.end(),
  ];
  let floorResult: LoadResult | undefined;
  let signedInFloor: LoadResult | undefined;
  try {
    await requireScaleSeed(admin);
    const machine = await machineInfo(admin);
    const base = await listen(app);
    const uncachedBase = await listen(uncachedApp);
    const floorBase = await listen(floor);
    const tokens: Record<Who, string> = {
      busy: await signIn(base, SCALE_USERS.busy),
      supplier: await signIn(base, SCALE_USERS.supplier),
    };
    const crowd = [tokens.busy];
    for (const username of await crowdUsernames(admin)) crowd.push(await signIn(base, username));
    const auths: Record<Who, AuthContext> = {
      busy: await authContextOf(admin, SCALE_USERS.busy),
      supplier: await authContextOf(admin, SCALE_USERS.supplier),
    };
    const service = new DashboardService(createReader(database.url, config.DATABASE_POOL_SIZE));
    closers.unshift(() => service.close());
    const only = argv.only?.split(',');
    const calls = CALLS.filter((call) => !only || only.includes(call.key));
    console.log(
      `Machine: ${machine.nproc} CPUs (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, ` +
        `PostgreSQL ${machine.postgres}; load ${machine.loadAverage}`,
    );
    console.log(`Each run: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up, ${DURATION_S} s measured.\n`);

    for (const call of calls) {
      const loadAverage = loadAverageNow();
      console.log(`${call.name}  (load average ${loadAverage})`);
      const check = await post(`${base}${call.path}`, call.body, tokens[call.who]);
      const envelope = check.json as { response_code?: number; response_data?: unknown };
      if (check.status !== 200 || envelope.response_code !== 200) {
        throw new Error(`${call.name} answered ${check.status}: ${JSON.stringify(check.json).slice(0, 300)}`);
      }
      const sample = sampleOf(envelope.response_data);
      console.log(`  answer: ${sample}`);

      // The statements of the call, each timed alone; the slowest is the raw-SQL comparison.
      const captured = await captureQueries(database.url, (s) => call.service(s, auths[call.who]));
      const timed: Array<CapturedQuery & { soloMs: number }> = [];
      for (const query of captured) timed.push({ ...query, soloMs: await soloTime(admin, query) });
      timed.sort((a, b) => b.soloMs - a.soloMs);
      const heaviest = timed[0]!;
      console.log(
        `  ${captured.length} statements; heaviest alone ${ms(heaviest.soloMs)} ms: ${labelOf(heaviest.text)}`,
      );

      const loadOf = (target: string, authTokens?: string[]) =>
        load({
          url: `${target}${call.path}`,
          method: 'POST',
          headers: { 'content-type': 'application/json', authtoken: tokens[call.who] },
          body: JSON.stringify(call.body),
          authTokens,
          connections: CONNECTIONS,
          durationS: DURATION_S,
          warmupS: WARMUP_S,
        });
      const report = (name: string, result: LoadResult, extra = '') =>
        console.log(
          `  ${name.padEnd(8)} p50 ${ms(result.stats.p50)}  p95 ${ms(result.stats.p95)}  ` +
            `p97.5 ${ms(result.stats.p97_5)}  p99 ${ms(result.stats.p99)} ms  ` +
            `${result.stats.rps.toFixed(0)} req/s  (errors ${result.stats.errors})${extra}`,
        );
      const api = await loadOf(base);
      report('api', api);
      const uncached = await loadOf(uncachedBase);
      report('uncached', uncached);
      const writer = changeDataEvery(admin, 1000 / WRITES_PER_SECOND);
      const writes = { ...(await loadOf(base)), commits: await writer.stop() };
      report('writes', writes, `, ${writes.commits} commits`);
      const crowdWriter = changeDataEvery(admin, 1000 / WRITES_PER_SECOND);
      const users = {
        ...(await loadOf(base, call.who === 'busy' ? crowd : [tokens[call.who]])),
        commits: await crowdWriter.stop(),
      };
      report('users', users, `, ${users.commits} commits`);
      const direct = () => call.service(service, auths[call.who]);
      await closedLoop(CONNECTIONS, WARMUP_S * 1000, direct);
      const serviceStats = await closedLoop(CONNECTIONS, DURATION_S * 1000, direct);
      console.log(
        `  service  p50 ${ms(serviceStats.p50)}  p95 ${ms(serviceStats.p95)}  p97.5 ${ms(serviceStats.p97_5)}  ` +
          `p99 ${ms(serviceStats.p99)} ms  ${serviceStats.rps.toFixed(0)} calls/s`,
      );
      // The call's own statements, run together and prepared (or not) as the service runs them.
      const raw = () =>
        Promise.all(
          captured.map((query, i) =>
            sqlPool.query({
              name: query.prepared ? `bench_${call.key}_${i}` : undefined,
              text: query.text,
              values: query.values,
            }),
          ),
        );
      await closedLoop(CONNECTIONS, WARMUP_S * 1000, raw);
      const sqlStats = await closedLoop(CONNECTIONS, DURATION_S * 1000, raw);
      console.log(
        `  sql      p50 ${ms(sqlStats.p50)}  p95 ${ms(sqlStats.p95)}  p97.5 ${ms(sqlStats.p97_5)}  ` +
          `p99 ${ms(sqlStats.p99)} ms  ${sqlStats.rps.toFixed(0)} queries/s`,
      );
      console.log(
        `  ratio p50: api/service ${(api.stats.p50 / serviceStats.p50).toFixed(2)}, ` +
          `api/sql ${(api.stats.p50 / sqlStats.p50).toFixed(2)}\n`,
      );
      results.push({
        key: call.key,
        name: call.name,
        targeted: call.targeted,
        api,
        uncached,
        writes,
        users,
        service: serviceStats,
        sql: sqlStats,
        loadAverage,
        heaviest: {
          label: labelOf(heaviest.text),
          soloMs: heaviest.soloMs,
          text: heaviest.text,
          values: heaviest.values,
        },
        statements: timed.map((query) => ({ label: labelOf(query.text), soloMs: query.soloMs })),
        sample,
      });
    }

    floorResult = await load({
      url: `${floorBase}/floor`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ localTimeZone: TIME_ZONE }),
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
    });
    console.log(
      `HTTP floor (bare Fastify, JSON) p50 ${ms(floorResult.stats.p50)}  p95 ${ms(floorResult.stats.p95)}  ` +
        `p99 ${ms(floorResult.stats.p99)} ms  ${floorResult.stats.rps.toFixed(0)} req/s\n`,
    );

    signedInFloor = await load({
      url: `${base}${SIGNED_IN_FLOOR}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: tokens.busy },
      body: JSON.stringify({ localTimeZone: TIME_ZONE }),
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
    });
    console.log(
      `HTTP floor with sign-in (auth plugin) p50 ${ms(signedInFloor.stats.p50)}  p95 ${ms(signedInFloor.stats.p95)}  ` +
        `p99 ${ms(signedInFloor.stats.p99)} ms  ${signedInFloor.stats.rps.toFixed(0)} req/s\n`,
    );

    const seconds = (performance.now() - started) / 1000;
    writeReport(machine, results, { bare: floorResult, signedIn: signedInFloor }, seconds, database.dataDir);
  } finally {
    // Everything that holds a connection closes before the cluster stops.
    for (const close of closers) {
      await Promise.resolve()
        .then(close)
        .catch((error: unknown) => console.error('closing:', error));
    }
    await database.stop();
  }
}

function writeReport(
  machine: Awaited<ReturnType<typeof machineInfo>>,
  results: CallResult[],
  floors: { bare: LoadResult; signedIn: LoadResult },
  seconds: number,
  dataDir: string | undefined,
): void {
  const date = dayStamp();
  const resultsDir = path.join(benchDir, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const command = `npx tsx bench/dashboard.ts ${process.argv.slice(2).join(' ')}`.trim();
  const verdict = (result: CallResult) => {
    if (!result.targeted) return 'n/a';
    const ok = result.api.stats.p50 < TARGET.p50 && result.api.stats.p95 < TARGET.p95;
    return ok ? 'met' : '**missed**';
  };
  const lines = [
    `# Dashboard benchmark, ${new Date().toISOString()}`,
    '',
    `Command: \`${command}\` (${seconds.toFixed(0)} s). Database: ${dataDir ? `embedded, ${dataDir}` : 'DATABASE_URL'}.`,
    '',
    `Machine: ${machine.nproc} CPUs (${machine.cpu}), ${machine.memoryGiB} GiB, ${machine.platform}, Node ` +
      `${machine.node}, PostgreSQL ${machine.postgres} (${Object.entries(machine.postgresSettings)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ')}); load average at start ${machine.loadAverage}.`,
    '',
    `Each run: ${CONNECTIONS} concurrent connections (closed loop), ${WARMUP_S} s warm-up, ${DURATION_S} s ` +
      `measured; latencies in ms. api = HTTP via autocannon on 127.0.0.1, the app as it runs (answers ` +
      `cached per user until the organisation's data changes); uncached = the same with the cache off ` +
      `(every call loads its answer); writes = api while the organisation's data changes ` +
      `${WRITES_PER_SECOND} times a second (each change makes every answer load again); users = writes with the requests taking turns among ` +
      `ten employees (the busy one and the next nine; the supplier call keeps its one supplier); service = the DashboardService ` +
      `method called directly (no HTTP; its own pool of ${loadConfig({}).DATABASE_POOL_SIZE}); sql = the call's own ` +
      `statements, run together through pg (pool of ${CONNECTIONS}) and prepared or not as the service sends ` +
      `them, no HTTP and no service code. ` +
      `The load average (1/5/15 min) is taken when each call's run starts. Target (issue): p50 < ${TARGET.p50} ms ` +
      `and p95 < ${TARGET.p95} ms for dashboardList and the charts.`,
    '',
    row(['call', 'api p50', 'p95', 'p97.5', 'p99', 'req/s', 'errors', 'target', 'load average']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---', '---']),
    ...results.map((r) =>
      row([
        r.name,
        ms(r.api.stats.p50),
        ms(r.api.stats.p95),
        ms(r.api.stats.p97_5),
        ms(r.api.stats.p99),
        r.api.stats.rps.toFixed(0),
        r.api.stats.errors,
        verdict(r),
        r.loadAverage,
      ]),
    ),
    ...(
      [
        ['HTTP floor (bare Fastify)', floors.bare],
        ['HTTP floor with sign-in (auth plugin, bare route)', floors.signedIn],
      ] as const
    ).map(([name, floor]) =>
      row([
        name,
        ms(floor.stats.p50),
        ms(floor.stats.p95),
        ms(floor.stats.p97_5),
        ms(floor.stats.p99),
        floor.stats.rps.toFixed(0),
        floor.stats.errors,
        '',
        '',
      ]),
    ),
    '',
    row([
      'call',
      'uncached p50',
      'p95',
      'p99',
      'req/s',
      'writes p50',
      'p95',
      'p99',
      'req/s',
      'commits',
      'users p50',
      'p95',
      'p99',
      'req/s',
      'commits',
    ]),
    row(['---', ...Array<string>(14).fill('---:')]),
    ...results.map((r) =>
      row([
        r.name,
        ...latencyCells(r.uncached.stats),
        ...latencyCells(r.writes.stats),
        r.writes.commits,
        ...latencyCells(r.users.stats),
        r.users.commits,
      ]),
    ),
    '',
    row([
      'call',
      'service p50',
      'p95',
      'p99',
      'calls/s',
      'sql p50',
      'p95',
      'p99',
      'queries/s',
      'api/service p50',
      'api/sql p50',
      'uncached/sql p50',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...results.map((r) =>
      row([
        r.name,
        ms(r.service.p50),
        ms(r.service.p95),
        ms(r.service.p99),
        r.service.rps.toFixed(0),
        ms(r.sql.p50),
        ms(r.sql.p95),
        ms(r.sql.p99),
        r.sql.rps.toFixed(0),
        (r.api.stats.p50 / r.service.p50).toFixed(2),
        (r.api.stats.p50 / r.sql.p50).toFixed(2),
        (r.uncached.stats.p50 / r.sql.p50).toFixed(2),
      ]),
    ),
    '',
    '## autocannon cross-check (its whole-millisecond histogram)',
    '',
    row(['call', 'p50', 'p90', 'p97.5', 'p99', 'req/s (mean of seconds)', 'non-2xx', 'errors']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...[
      ...results.map((r) => [r.name, r.api] as const),
      ['HTTP floor', floors.bare] as const,
      ['HTTP floor with sign-in', floors.signedIn] as const,
    ].map(([name, r]) =>
      row([
        name,
        r.autocannon.p50,
        r.autocannon.p90,
        r.autocannon.p97_5,
        r.autocannon.p99,
        r.autocannon.rpsMean.toFixed(0),
        r.autocannon.non2xx,
        r.autocannon.errors,
      ]),
    ),
    '',
    '## What each call answered, and its statements (each timed alone, median of 5, ms)',
    '',
    ...results.flatMap((r) => [
      `### ${r.name}`,
      '',
      `Answer: ${r.sample}`,
      '',
      ...r.statements.map((s) => `- ${ms(s.soloMs)} ms — \`${s.label.replace(/`/g, "'")}\``),
      '',
    ]),
  ];
  const markdown = `${lines.join('\n')}\n`;
  const base = path.join(resultsDir, `dashboard-${date}${argv.label ? `-${argv.label}` : ''}`);
  fs.writeFileSync(`${base}.md`, markdown);
  fs.writeFileSync(
    `${base}.json`,
    `${JSON.stringify({ date: new Date().toISOString(), command, machine, connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, results, floor: floors.bare, signedInFloor: floors.signedIn }, null, 2)}\n`,
  );
  console.log(`Wrote ${path.relative(process.cwd(), `${base}.md`)} and .json`);
}

await main();
