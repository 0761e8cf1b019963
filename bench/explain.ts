/**
 * `npx tsx bench/explain.ts [--top=8] [--label=x] [--data-dir=<dir>]`: EXPLAIN (ANALYZE, BUFFERS) of the
 * dashboard's statements for the busy employee (and the supplier's list) on the scale seed.
 * Captures the exact SQL and parameters each DashboardService call sends, times each statement
 * alone, and writes the plans of the slowest first to bench/results/explain-<date>.txt (the full
 * list of statements with their times heads the file).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { READ_SESSION_OPTIONS } from '../server/src/db/reader';
import type { DashboardService } from '../server/src/modules/dashboard/service';
import type { AuthContext } from '../server/src/plugins/auth';
import { openScaleDatabase, SCALE_USERS } from '../seed/scaleDb';
import {
  authContextOf,
  captureQueries,
  dayStamp,
  labelOf,
  ms,
  requireScaleSeed,
  soloName,
  soloTime,
  type CapturedQuery,
} from './lib';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const { values: argv } = parseArgs({
  options: {
    top: { type: 'string', default: '8' },
    label: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const TZ = 'UTC';

const CALLS: Array<
  [string, 'busy' | 'supplier', (s: DashboardService, auth: AuthContext) => Promise<unknown>]
> = [
  ['dashboardList', 'busy', (s, auth) => s.dashboardList(auth, { localTimeZone: TZ })],
  ['dashboardPieChart', 'busy', (s, auth) => s.pieChart(auth, { localTimeZone: TZ })],
  [
    'dashboardBarChart assignAction month',
    'busy',
    (s, auth) => s.barChart(auth, { barChartType: 'assignAction', selectedDay: 'month', localTimeZone: TZ }),
  ],
  [
    'dashboardBarChart companyOverview month',
    'busy',
    (s, auth) =>
      s.barChart(auth, { barChartType: 'companyOverview', selectedDay: 'month', localTimeZone: TZ }),
  ],
  [
    'dashboardSupplierList (supplier)',
    'supplier',
    (s, auth) => s.dashboardSupplierList(auth, { localTimeZone: TZ }),
  ],
  [
    'noticeboardList',
    'busy',
    (s, auth) => s.noticeboardList(auth, { page: 1, pageSize: 20, localTimeZone: TZ }),
  ],
];

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Puts the parameters into the text, for a plan a reader can re-run in psql. */
function inline(query: CapturedQuery): string {
  return query.text.replace(/\$(\d+)/g, (_match, index: string) => literal(query.values[Number(index) - 1]));
}

async function main(): Promise<void> {
  const database = await openScaleDatabase();
  const client = new pg.Client({ connectionString: database.url, options: READ_SESSION_OPTIONS });
  await client.connect();
  try {
    await requireScaleSeed(client);
    const auths = {
      busy: await authContextOf(client, SCALE_USERS.busy),
      supplier: await authContextOf(client, SCALE_USERS.supplier),
    };
    const all: Array<CapturedQuery & { call: string; soloMs: number }> = [];
    for (const [call, who, run] of CALLS) {
      const captured = await captureQueries(database.url, (service) => run(service, auths[who]));
      for (const query of captured) {
        // The caller() user lookup repeats in every call: keep one.
        if (
          all.some((seen) => seen.text === query.text && seen.call !== call && query.text.includes('"User"'))
        )
          continue;
        all.push({ ...query, call, soloMs: await soloTime(client, query) });
      }
    }
    all.sort((a, b) => b.soloMs - a.soloMs);
    const top = Number(argv.top);
    const out: string[] = [
      `EXPLAIN (ANALYZE, BUFFERS) of the dashboard statements, busy employee ${SCALE_USERS.busy} ` +
        `(supplier list: ${SCALE_USERS.supplier}), ${new Date().toISOString()}`,
      `Each statement timed alone (median of 5 after warm-ups; prepared or not as the service sends it), slowest first:`,
      '',
      ...all.map(
        (q, i) =>
          `${String(i + 1).padStart(2)}. ${ms(q.soloMs).padStart(7)} ms  [${q.call}] ${labelOf(q.text)}`,
      ),
      '',
    ];
    for (const [i, query] of all.slice(0, top).entries()) {
      // A prepared statement is explained through its prepared name, so the plan shown is the one
      // its executions use (generic once PostgreSQL settles on it), not a plan for these values.
      const plan = query.prepared
        ? await client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${soloName(query.text)}(${query.values.map(literal).join(', ')})`,
          )
        : await client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${query.text}`,
            query.values,
          );
      out.push(
        '='.repeat(110),
        `#${i + 1} [${query.call}] alone ${ms(query.soloMs)} ms (${query.prepared ? 'prepared' : 'unnamed: planned for its values'})`,
        '-'.repeat(110),
        inline(query).trim(),
        '-'.repeat(110),
        ...plan.rows.map((r) => r['QUERY PLAN']),
        '',
      );
    }
    const file = path.join(
      benchDir,
      'results',
      `explain-${dayStamp()}${argv.label ? `-${argv.label}` : ''}.txt`,
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${out.join('\n')}\n`);
    console.log(out.slice(0, all.length + 4).join('\n'));
    console.log(
      `Wrote ${path.relative(process.cwd(), file)} (plans of the ${Math.min(top, all.length)} slowest).`,
    );
  } finally {
    await client.end();
    await database.stop();
  }
}

await main();
