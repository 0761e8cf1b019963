/**
 * `npx tsx bench/prepared.ts [--duration=6] [--data-dir=<dir>]`: how much of dashboardList's
 * database time is planning. Runs the call's own statements (captured from DashboardService), all
 * in parallel per call like the service does, from 10 callers through pg: once unnamed (parsed and
 * planned on every execution, as Prisma's $queryRaw sent them before the dashboard's own reader),
 * once as named prepared statements (PostgreSQL may reuse a generic plan after five executions).
 * Two rounds, alternating, to show the noise.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { READ_SESSION_OPTIONS } from '../server/src/db/reader';
import { openScaleDatabase, SCALE_USERS } from '../seed/scaleDb';
import { authContextOf, captureQueries, closedLoop, ms, requireScaleSeed } from './lib';

const { values: argv } = parseArgs({
  options: { duration: { type: 'string', default: '6' }, 'data-dir': { type: 'string' } },
});

async function main(): Promise<void> {
  const database = await openScaleDatabase();
  const client = new pg.Client({ connectionString: database.url, options: READ_SESSION_OPTIONS });
  await client.connect();
  const pool = new pg.Pool({ connectionString: database.url, max: 10, options: READ_SESSION_OPTIONS });
  pool.on('error', () => {});
  try {
    await requireScaleSeed(client);
    const auth = await authContextOf(client, SCALE_USERS.busy);
    const captured = await captureQueries(database.url, (service) =>
      service.dashboardList(auth, { localTimeZone: 'UTC' }),
    );
    const call = (named: boolean) => () =>
      Promise.all(
        captured.map((query, i) =>
          pool.query({ name: named ? `dashboard-${i}` : undefined, text: query.text, values: query.values }),
        ),
      );
    const durationMs = Number(argv.duration) * 1000;
    console.log(`dashboardList: ${captured.length} statements in parallel per call, 10 callers, pool of 10`);
    for (const round of [1, 2]) {
      for (const named of [false, true]) {
        await closedLoop(10, 2000, call(named));
        const stats = await closedLoop(10, durationMs, call(named));
        console.log(
          `  round ${round} ${(named ? 'prepared (named statements)' : 'unnamed (as $queryRaw)').padEnd(28)} ` +
            `p50 ${ms(stats.p50).padStart(6)}  p95 ${ms(stats.p95).padStart(6)}  ${stats.rps.toFixed(1)} calls/s`,
        );
      }
    }
  } finally {
    await pool.end();
    await client.end();
    await database.stop();
  }
}

await main();
