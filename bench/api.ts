/**
 * `npm run bench` — the API benchmark of issue 18 on the scale seed (run `npx tsx seed/scale.ts` first).
 * Options: --duration=10 --warmup=3 --connections=10 --only=<text in a call's name, or several: a|b; floors> --label=x
 * --skip-lighthouse.
 *
 * For every read call the screens use it measures, in one run:
 * - the call over HTTP (autocannon in a child process, its own event loop), with the app started in
 *   this process (production config, silent log) on the scale database;
 * - the raw SQL of the same answer: the SELECT statements the call sent (recorded from the pg driver
 *   during one request), sent straight to PostgreSQL at the same concurrency, back to back, each
 *   planned as the app plans it (prepared, generic or per run), so the ratio API / SQL is what the
 *   app adds to its database work;
 * - the floors: a bare Fastify JSON route, and a trivial signed-in call (a route behind the auth
 *   plugin, so the session lookup and the envelope and nothing else);
 * - the shipped-defaults floor (bench/shippedFloor.ts): `permissions` and the cached `dashboardList`
 *   of the production entry with loadConfig's defaults, request log on, beside bare Fastify with its
 *   default request logging, each in its own process with stdout on a file;
 * - a submission save (20 answers, 3 actions) per connection on its own draft;
 * - Lighthouse on /login and /dashboard when bench/lighthouse.ts is present, first, before any load.
 * Writes bench/results/<date>[-<label>].md and .json, and the table into README.md's benchmark section.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import * as prettier from 'prettier';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createPrisma } from '../server/src/db/prisma';
import { GENERIC_SESSION_OPTIONS, READ_SESSION_OPTIONS } from '../server/src/db/reader';
import { openScaleDatabase, SCALE_USERS } from '../seed/scaleDb';
import { addFloors, listen, load, runChild, SIGNED_IN_FLOOR, signIn } from './http';
import { measureShippedFloors, type ShippedFloor } from './shippedFloor';
import { answerable, saveBody, saveOnce, type SaveForm, type SaveResult, type SaveSpec } from './saveLoad';
import { caseIdsOf, CASES } from './cases';
import { closedLoop, dayStamp, machineInfo, ms, requireScaleSeed, soloName, type Stats } from './lib';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const { values: argv } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    label: { type: 'string' },
    'skip-lighthouse': { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
});
const DURATION_S = Number(argv.duration);
const WARMUP_S = Number(argv.warmup);
const CONNECTIONS = Number(argv.connections);

/** Targets of issue 18. */
const TARGET = { p50: 15, p95: 50, ratio: 2, floor: 0.5, shippedFloor: 0.3, saveP50: 30 };

interface Row {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  bytes: number;
  statements: number;
  sqlP50: number | null;
  ratio: number | null;
  met: boolean;
}

/** Every statement the pg driver sends while `fn` runs (Prisma's adapter and the read pool alike). */
/**
 * A statement the call sent: `prepared` when the app named it, `generic` when on the generic pool
 * (always its generic plan), else planned for its values on every run.
 */
interface Statement {
  text: string;
  values: unknown[];
  prepared: boolean;
  generic: boolean;
}

async function recordStatements(fn: () => Promise<void>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const original = pg.Client.prototype.query;
  // pg's overloads cannot be restated; the recorder passes every form through unchanged.
  pg.Client.prototype.query = function record(this: pg.Client, ...args: unknown[]) {
    const [config, values] = args;
    const { options } = (this as unknown as { connectionParameters: { options?: string } })
      .connectionParameters;
    const generic = options === GENERIC_SESSION_OPTIONS;
    if (typeof config === 'string')
      statements.push({ text: config, values: (values as unknown[]) ?? [], prepared: false, generic });
    else if (config && typeof config === 'object' && 'text' in config) {
      const { text, values: bound, name } = config as { text: string; values?: unknown[]; name?: string };
      statements.push({
        text,
        values: bound ?? (values as unknown[]) ?? [],
        prepared: Boolean(name),
        generic,
      });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  // The answer's reads only: not the session's lastSeenAt, a transaction's frame or a mail claim.
  return statements.filter((statement) => /^\s*(SELECT|WITH)\b/i.test(statement.text));
}

const database = await openScaleDatabase();
const admin = new pg.Client({ connectionString: database.url });
await admin.connect();
const rawPool = new pg.Pool({
  connectionString: database.url,
  max: CONNECTIONS,
  options: READ_SESSION_OPTIONS,
});
const rawGenericPool = new pg.Pool({
  connectionString: database.url,
  max: CONNECTIONS,
  options: GENERIC_SESSION_OPTIONS,
});
const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) => {
  const row = (await admin.query<T>(text, values)).rows[0];
  if (!row) throw new Error(`The scale seed lacks: ${text}`);
  return row;
};
const started = Date.now();
const loadAtStart = os.loadavg();
const companyId = await requireScaleSeed(admin);
const machine = await machineInfo(admin);
const ids = await caseIdsOf(admin, companyId);

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(benchDir, '..', 'web', 'dist'),
  DATABASE_URL: database.url,
});
const db = createPrisma(database.url, config.DATABASE_POOL_SIZE);
const app = await buildApp({ config, db, databaseUrl: database.url });
// The report rollups as the job queue keeps them: up to date before the report cases read them.
await app.runEveryFiveMinutes();
const bare = addFloors(app);

const rows: Row[] = [];
const floors: { name: string; rps: number; p50: number; p95: number }[] = [];
let shippedFloors: ShippedFloor[] = [];
let save: { stats: Stats; answers: number; actions: number } | undefined;
let lighthouse: Record<string, unknown>[] | undefined;
let lighthouseNote = '';
try {
  const base = await listen(app);
  const bareBase = await listen(bare);
  const tokens = {
    busy: await signIn(base, SCALE_USERS.busy),
    admin: await signIn(base, SCALE_USERS.admin),
    supplier: await signIn(base, SCALE_USERS.supplier),
  };
  const headersOf = (token: string | undefined, acceptEncoding?: string) => ({
    'content-type': 'application/json',
    ...(token ? { authtoken: token } : {}),
    ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
  });
  const run = (
    url: string,
    method: 'GET' | 'POST',
    token: string | undefined,
    body?: string,
    acceptEncoding?: string,
  ) =>
    load({
      url,
      method,
      headers: headersOf(token, acceptEncoding),
      body,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
    });

  // Lighthouse first, on a machine the load below has not yet heated: its simulated 4× slower CPU
  // scales whatever this machine's cores do, and after half an hour of load (PostgreSQL still
  // vacuuming, a load average near 3) it measured the machine, not the page.
  if (!argv['skip-lighthouse'] && !argv.only) {
    const file = path.join(benchDir, 'lighthouse.ts');
    if (fs.existsSync(file)) {
      const { runLighthouse } = (await import(file)) as {
        runLighthouse: (options: {
          baseUrl: string;
          authToken?: string;
        }) => Promise<Record<string, unknown>[]>;
      };
      lighthouse = await runLighthouse({ baseUrl: base, authToken: tokens.busy });
    } else lighthouseNote = 'bench/lighthouse.ts is not there: no Lighthouse run.';
  }

  // --only=floors (alone or among other texts): the two floors.
  const wanted = argv.only?.split('|') ?? [];
  if (!argv.only || wanted.includes('floors')) {
    for (const [name, url, token] of [
      ['bare Fastify (JSON route)', `${bareBase}/floor`, undefined],
      ['trivial signed-in call (auth plugin + envelope)', `${base}${SIGNED_IN_FLOOR}`, tokens.busy],
    ] as const) {
      const { stats } = await run(url, 'POST', token, '{}');
      floors.push({ name, rps: stats.rps, p50: stats.p50, p95: stats.p95 });
      console.log(`${name}: ${stats.rps.toFixed(0)} req/s, p50 ${ms(stats.p50)} ms`);
    }
    shippedFloors = await measureShippedFloors({
      databaseUrl: database.url,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
    });
    for (const floor of shippedFloors)
      console.log(
        `${floor.name}: ${floor.rps.toFixed(0)} req/s, p50 ${ms(floor.p50)} ms, ${floor.logLines} log lines` +
          `${floor.share === null ? '' : `, ${floor.share.toFixed(2)}× of bare Fastify with logging`}`,
      );
  }

  // --only=a|b: the calls whose name contains any of the texts (names themselves hold commas).
  for (const test of CASES.filter(
    (entry) => !argv.only || wanted.some((text) => entry.name.includes(text)),
  )) {
    const url = `${base}${test.path(ids)}`;
    const body = test.body ? JSON.stringify(test.body(ids)) : undefined;
    const token = tokens[test.who];
    const call = async () => {
      const response = await fetch(url, {
        method: test.method,
        headers: headersOf(token, test.acceptEncoding),
        body,
      });
      return { status: response.status, text: await response.text() };
    };
    // The first answer warms what the app keeps (the dashboard's cache, template shapes); the
    // statements of the second are the ones every measured request sends.
    const first = await call();
    let second = first;
    const statements = await recordStatements(async () => {
      second = await call();
    });
    const failure = [first, second].find((answer) => answer.status !== 200);
    const bytes = second.text.length;
    if (failure) {
      // A broken body must never produce a fast-looking number.
      console.error(`✖ ${test.name}: ${failure.status} ${failure.text.slice(0, 300)}`);
      rows.push({
        name: `${test.name} (FAILED: ${failure.status})`,
        rps: 0,
        p50: NaN,
        p95: NaN,
        p99: NaN,
        non2xx: 1,
        bytes,
        statements: 0,
        sqlP50: null,
        ratio: null,
        met: false,
      });
      continue;
    }
    const { stats, autocannon } = await run(url, test.method, token, body, test.acceptEncoding);
    let sqlP50: number | null = null;
    if (statements.length > 0) {
      // Back to back, each as the app sent it (a named prepared statement, or planned for its
      // values; on a generic-plan session where the app used one): the database's part alone.
      const raw = async () => {
        const client = await rawPool.connect();
        const generic = statements.some((statement) => statement.generic)
          ? await rawGenericPool.connect()
          : client;
        try {
          for (const statement of statements)
            await (statement.generic ? generic : client).query({
              name: statement.prepared ? soloName(statement.text) : undefined,
              text: statement.text,
              values: statement.values,
            });
        } finally {
          client.release();
          if (generic !== client) generic.release();
        }
      };
      await closedLoop(CONNECTIONS, WARMUP_S * 1000, raw);
      sqlP50 = (await closedLoop(CONNECTIONS, DURATION_S * 1000, raw)).p50;
    }
    const ratio = sqlP50 ? stats.p50 / sqlP50 : null;
    const met =
      autocannon.non2xx === 0 &&
      stats.p50 < TARGET.p50 &&
      stats.p95 < TARGET.p95 &&
      (ratio === null || ratio <= TARGET.ratio);
    rows.push({
      name: test.name,
      rps: stats.rps,
      p50: stats.p50,
      p95: stats.p95,
      p99: stats.p99,
      non2xx: autocannon.non2xx,
      bytes,
      statements: statements.length,
      sqlP50,
      ratio,
      met,
    });
    console.log(
      `${met ? '✔' : '✖'} ${test.name}: ${stats.rps.toFixed(0)} req/s, p50 ${ms(stats.p50)} ms, p95 ${ms(stats.p95)} ms, ` +
        `SQL p50 ${sqlP50 === null ? '-' : ms(sqlP50)} ms (${statements.length} statements), ${bytes} B`,
    );
  }

  if (!argv.only || 'formSubmissionSave'.includes(argv.only)) save = await measureSave(base, tokens.busy);
} finally {
  await app.close();
  await bare.close();
  await db.$disconnect();
  await rawPool.end();
  await rawGenericPool.end();
  await admin.end();
  await database.stop();
}

await writeReport();

/**
 * formSubmissionSave of a draft with 20 answers and 3 actions: each connection creates its own draft
 * first, then saves it again and again with the version it got back, one answer changed each time
 * (so every save writes a value and a change-log row). Driven from this process: a save carries
 * the version of the one before, which a fixed-body load generator cannot.
 */
async function measureSave(base: string, token: string) {
  const template = (await (
    await fetch(`${base}/api/formTemplateList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: token },
      body: '{}',
    })
  ).json()) as { response_data: { _id: string; name: string }[] };
  const benchTemplate = template.response_data.find((entry) => entry.name === 'Benchmark: 200 fields');
  if (!benchTemplate)
    throw new Error(
      'The scale seed lacks the template "Benchmark: 200 fields" (npm run bench:templates adds it)',
    );
  const detail = (await (
    await fetch(`${base}/api/formTemplateDetail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: token },
      body: JSON.stringify({ _id: benchTemplate._id }),
    })
  ).json()) as { response_data: { fieldList: { _id: string; type: string }[] } };
  const answered = answerable(detail.response_data.fieldList);
  const taskField = detail.response_data.fieldList.find((field) => field.type === 'task');
  const changing = answered.find((field) => field.type === 'text');
  if (answered.length < 20 || !taskField || !changing)
    throw new Error('The benchmark template has too few fields');
  const place = await one<{ workplaceId: string; branchId: string }>(
    `SELECT w.id AS "workplaceId", b.id AS "branchId" FROM "Workplace" w JOIN "Branch" b ON b."workplaceId" = w.id
     WHERE w."companyId" = $1 AND w."isActive" AND b."isActive" ORDER BY w.name, b.name LIMIT 1`,
    [companyId],
  );
  const form: SaveForm = {
    templateId: benchTemplate._id,
    workplace: place.workplaceId,
    branch: place.branchId,
    employeeId: ids.employeeId,
    answered,
    changingFieldId: changing._id,
    taskFieldId: taskField._id,
  };
  const url = `${base}/api/formSubmissionSave`;
  // One after another: `admin` is a single connection (pg refuses a query while one is running).
  const drafts: SaveSpec['drafts'] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const created = await saveOnce(url, token, saveBody(form, {}, 0));
    const tasks = (
      await admin.query<{ id: string }>(
        `SELECT id FROM "Action" WHERE "submissionId" = $1 ORDER BY "taskNumber"`,
        [created._id],
      )
    ).rows.map((row) => row.id);
    drafts.push({ _id: created._id, version: created.version, tasks });
  }
  const spec: SaveSpec = { url, token, form, drafts, warmupS: WARMUP_S, durationS: DURATION_S };
  let stats: SaveResult;
  try {
    stats = await runChild<SaveResult>('saveLoad.ts', spec, WARMUP_S + DURATION_S + 60);
  } finally {
    // The drafts go again, with their change log (kept on deletion, so thousands of rows a run
    // that the stored form's related lists then read): the database stays as the seed made it.
    const draftIds = drafts.map((draft) => draft._id);
    await admin.query(
      `DELETE FROM "ChangeLog" WHERE ("entityType" = 'formSubmission' AND "entityId" = ANY($1::uuid[]))
         OR ("entityType" = 'action' AND changes->>'submissionId' = ANY($1::text[]))`,
      [draftIds],
    );
    await admin.query(`DELETE FROM "FormSubmission" WHERE id = ANY($1::uuid[])`, [draftIds]);
  }
  console.log(
    `formSubmissionSave (20 answers, 3 actions): ${stats.rps.toFixed(0)} saves/s, p50 ${ms(stats.p50)} ms`,
  );
  return { stats, answers: answered.length, actions: 3 };
}

async function writeReport() {
  const loadAtEnd = os.loadavg();
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const command = `npm run bench -- --duration=${DURATION_S} --warmup=${WARMUP_S} --connections=${CONNECTIONS}${argv.only ? ` --only=${argv.only}` : ''}`;
  const bareFloor = floors[0];
  const signedIn = floors[1];
  const floorShare = bareFloor && signedIn ? signedIn.rps / bareFloor.rps : null;
  const table = [
    '| call | req/s | p50 ms | p95 ms | p99 ms | raw SQL p50 ms | API / SQL | answer | met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.rps.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ` +
        `${row.sqlP50 === null ? '-' : ms(row.sqlP50)} | ${row.ratio === null ? '-' : `${row.ratio.toFixed(1)}×`} | ` +
        `${(row.bytes / 1024).toFixed(1)} KB | ${row.met ? '✔' : '✖'} |`,
    ),
  ].join('\n');
  const floorTable = floors.length
    ? [
        '| floor | req/s | p50 ms | p95 ms |',
        '| --- | ---: | ---: | ---: |',
        ...floors.map(
          (floor) => `| ${floor.name} | ${floor.rps.toFixed(0)} | ${ms(floor.p50)} | ${ms(floor.p95)} |`,
        ),
      ].join('\n') +
      `\n\nThe trivial signed-in call reaches ${floorShare === null ? '-' : `${floorShare.toFixed(2)}×`} of bare Fastify's ` +
      `req/s (target ≥ ${TARGET.floor}×).`
    : '';
  const shippedTable = shippedFloors.length
    ? [
        '| shipped-defaults floor (own process, stdout on a file) | req/s | p50 ms | p95 ms | log lines | × bare with logging |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        ...shippedFloors.map(
          (floor) =>
            `| ${floor.name} | ${floor.rps.toFixed(0)} | ${ms(floor.p50)} | ${ms(floor.p95)} | ${floor.logLines} | ` +
            `${floor.share === null ? '-' : `${floor.share.toFixed(2)}×`} |`,
        ),
      ].join('\n') +
      `\n\nTarget for the shipped defaults: ≥ ${TARGET.shippedFloor}× of bare Fastify with its default request logging.`
    : '';
  const saveLine = save
    ? `formSubmissionSave (a draft with ${save.answers} answers and ${save.actions} actions, one per connection): ` +
      `${save.stats.rps.toFixed(0)} saves/s, p50 ${ms(save.stats.p50)} ms, p95 ${ms(save.stats.p95)} ms ` +
      `(target p50 < ${TARGET.saveP50} ms: ${save.stats.p50 < TARGET.saveP50 && save.stats.errors === 0 ? 'met' : 'not met'})` +
      `${save.stats.errors ? `; ${save.stats.errors} saves failed` : ''}.`
    : '';
  const lighthouseTable = lighthouse?.length
    ? [
        `| page | ${Object.keys(lighthouse[0]!)
          .filter((key) => key !== 'page')
          .join(' | ')} |`,
        `| --- | ${Object.keys(lighthouse[0]!)
          .filter((key) => key !== 'page')
          .map(() => '---:')
          .join(' | ')} |`,
        ...lighthouse.map(
          (row) =>
            `| ${String(row.page)} | ${Object.entries(row)
              .filter(([key]) => key !== 'page')
              .map(([, value]) =>
                typeof value === 'number'
                  ? Number.isInteger(value)
                    ? value
                    : value.toFixed(1)
                  : String(value),
              )
              .join(' | ')} |`,
        ),
      ].join('\n')
    : lighthouseNote;
  const summary =
    `\`${command}\` on the scale seed, ${CONNECTIONS} connections, ${DURATION_S} s per call after ${WARMUP_S} s warm-up; ` +
    `${machine.nproc} cores (${machine.cpu}), PostgreSQL ${machine.postgres}, Node ${machine.node}. ` +
    `Load average (1/5/15 min) ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end; ` +
    `${Math.round((Date.now() - started) / 1000)} s in all. Targets: p50 < ${TARGET.p50} ms, p95 < ${TARGET.p95} ms, ` +
    `API / raw SQL ≤ ${TARGET.ratio}× (the SELECTs the call sent, back to back, each planned as the app plans it).`;
  const report = [summary, table, floorTable, shippedTable, saveLine, lighthouseTable]
    .filter(Boolean)
    .join('\n\n');
  const out = path.join(benchDir, 'results', `${dayStamp()}${argv.label ? `-${argv.label}` : ''}`);
  fs.writeFileSync(`${out}.md`, `# API benchmark (${dayStamp()})\n\n${report}\n`);
  fs.writeFileSync(
    `${out}.json`,
    `${JSON.stringify({ machine, loadAtStart, loadAtEnd, connections: CONNECTIONS, durationS: DURATION_S, rows, floors, shippedFloors, save, lighthouse }, null, 2)}\n`,
  );
  console.log(`Wrote ${path.relative(process.cwd(), out)}.md`);
  if (argv.only) return;
  const readme = path.join(benchDir, '..', 'README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (!text.includes(start) || !text.includes(end))
    throw new Error(`README.md lacks the ${start} … ${end} markers`);
  const updated = `${text.slice(0, text.indexOf(start) + start.length)}\n${report}\n\n(bench/results/${path.basename(out)}.md)\n${text.slice(text.indexOf(end))}`;
  // Formatted as the project's format check wants it.
  const options = await prettier.resolveConfig(readme);
  fs.writeFileSync(readme, await prettier.format(updated, { ...options, filepath: readme }));
}
