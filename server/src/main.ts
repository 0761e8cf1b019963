import { buildApp } from './app';
import { loadConfig } from './config';
import { waitForDatabase } from './db/connect';
import { defaultDataDir, ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { migrateIfNeeded, projectRoot } from './db/migrate';
import { createPrisma } from './db/prisma';
import { describeError } from './errors';

const SHUTDOWN_TIMEOUT_MS = 30_000;

/** Start: database (embedded unless DATABASE_URL is set), migrations, first-start seed, listen. */
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

  const applied = await migrateIfNeeded(databaseUrl);
  if (applied.length > 0) console.warn(`Applied migrations: ${applied.join(', ')}`);

  const db = createPrisma(databaseUrl, config.DATABASE_POOL_SIZE);
  if (config.SEED_ON_START) {
    // Loaded only when asked for: a production start with SEED_ON_START=false never loads the demo data.
    const { seedDemo } = await import('../../seed/demo');
    const { created } = await seedDemo(db);
    if (created) console.warn('Seeded the demo organisations (see README for the accounts).');
  }

  const app = await buildApp({ config, db, databaseUrl });

  // In order: no new requests and the mail worker's batch done, then the database, then PostgreSQL.
  // A second signal while this runs changes nothing; a shutdown that hangs ends after a while.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.warn(`${signal}: shutting down`);
    setTimeout(() => {
      console.error(`Shutdown did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    await db.$disconnect();
    await embedded?.stop();
    console.warn('Stopped.');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

  await app.listen({ port: config.PORT, host: config.HOST });
  await app.mail.startWorker();
  app.fileSweeper.start();
  console.warn(`${config.PRODUCT_NAME} is ready at ${config.PUBLIC_URL}`);
} catch (error) {
  // Every failure to start says what failed, never just "undefined" or a bare stack.
  console.error(`The server did not start: ${describeError(error)}`);
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
}
