import { healthReadyCall } from '@compass/shared';
import { buildApp } from './app';
import { databaseWaitsOf, loadConfig, type Config } from './config';
import { waitForDatabase } from './db/connect';
import { defaultDataDir, ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { migrate, projectRoot } from './db/migrate';
import { createPrisma, type Db } from './db/prisma';
import { describeError } from './errors';
import { recordInstallation } from './installation';
import { startJobs } from './plugins/jobs';
import { errorEnvelope } from './plugins/envelope';
import { flushLog } from './plugins/requestLog';

const SHUTDOWN_TIMEOUT_MS = 30_000;

/** What runs once the database is migrated, before the server listens (the demo seed of `npm start`). */
export type BeforeListen = (db: Db, config: Config) => Promise<void>;

/**
 * Starts the product: database (embedded unless DATABASE_URL is set), migrations, `beforeListen`,
 * listen, the mail and webhook workers, the file sweeper and the job queue; an orderly shutdown on
 * SIGINT/SIGTERM. A failure to start says what failed and exits with 1.
 */
export async function startServer(beforeListen?: BeforeListen): Promise<void> {
  let embedded: EmbeddedPostgres | undefined;
  try {
    const config = loadConfig();
    let databaseUrl = config.DATABASE_URL;
    if (databaseUrl) {
      await waitForDatabase(databaseUrl, {
        timeoutSeconds: config.DATABASE_CONNECT_TIMEOUT_SECONDS,
        log: (line) => console.warn(line),
      });
    } else {
      const dataDir = config.PG_DATA_DIR ?? defaultDataDir(projectRoot);
      console.warn(`Starting the embedded PostgreSQL (data in ${dataDir}, port ${config.EMBEDDED_PG_PORT})`);
      embedded = await startEmbeddedPostgres({
        dataDir,
        port: config.EMBEDDED_PG_PORT,
        persistent: true,
        stopOnSignals: false,
      });
      await ensureDatabase(embedded.adminUrl, 'compass');
      databaseUrl = embedded.urlFor('compass');
    }

    const applied = await migrate(databaseUrl);
    if (applied.length > 0) console.warn(`Applied migrations: ${applied.join(', ')}`);

    const db = createPrisma(databaseUrl, config.DATABASE_POOL_SIZE, databaseWaitsOf(config));
    await recordInstallation(db, config);
    await beforeListen?.(db, config);

    const app = await buildApp({ config, db, databaseUrl });
    // The job queue starts once the server listens; a shutdown before then has none to stop.
    let stopJobs = async () => {};

    // A SIGTERM first drains (SHUTDOWN_DRAIN_SECONDS): readiness answers 503 while every other call
    // is still served, so a load balancer's health check takes the process out before it closes.
    let draining = false;
    const readyRoute = `/api${healthReadyCall.path}`;
    // Answered here, not thrown: an expected 503 of the drain is no error to log.
    app.addHook('onRequest', async (request, reply) => {
      if (draining && request.routeOptions.url === readyRoute)
        return reply.code(503).send(errorEnvelope(503, 'Not ready: the process is shutting down.'));
    });

    // In order: no new requests and the mail worker's batch done, then the database, then PostgreSQL.
    // A second signal while this runs changes nothing; a shutdown that hangs ends after a while.
    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      if (signal === 'SIGTERM' && config.SHUTDOWN_DRAIN_SECONDS > 0) {
        draining = true;
        console.warn(`${signal}: not ready; closing in ${config.SHUTDOWN_DRAIN_SECONDS} s`);
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
      }
      console.warn(`${signal}: shutting down`);
      setTimeout(() => {
        console.error(`Shutdown did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting.`);
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS).unref();
      await stopJobs();
      await app.close();
      await db.$disconnect();
      await embedded?.stop();
      // The log's last batch, written before the process ends (plugins/requestLog.ts).
      await flushLog(app.log);
      console.warn('Stopped.');
      process.exit(0);
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

    await app.listen({ port: config.PORT, host: config.HOST });
    if (config.METRICS_PORT) {
      const metrics = await app.metrics.listen(config.METRICS_PORT, config.METRICS_HOST);
      console.warn(`Metrics at http://${metrics.address}:${metrics.port}/metrics`);
    }
    await app.mail.startWorker();
    app.webhookDeliveries.start();
    app.fileSweeper.start();
    const work = {
      taskReminders: () => app.tasks.sendAll(),
      hourlyReminders: app.sendHourlyReminders,
      reportRollups: app.runEveryFiveMinutes,
    };
    stopJobs = (await startJobs(databaseUrl, work, app.log)).stop;
    // A fresh install has report figures at once rather than at the next five-minute mark.
    void app.runEveryFiveMinutes();
    console.warn(`${config.PRODUCT_NAME} is ready at ${config.PUBLIC_URL}`);
  } catch (error) {
    // Every failure to start says what failed, never just "undefined" or a bare stack.
    console.error(`The server did not start: ${describeError(error)}`);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}
