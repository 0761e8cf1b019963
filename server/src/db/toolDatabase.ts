import { waitForDatabase } from './connect';
import {
  defaultDataDir,
  ensureDatabase,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embedded';
import { migrate, projectRoot } from './migrate';

/** The settings (config.ts) a tool finds its database by: handed in, as the database layer sits below the configuration. */
export interface ToolDatabaseSettings {
  DATABASE_URL?: string;
  PG_DATA_DIR?: string;
  EMBEDDED_PG_PORT: number;
}

/** How long a tool waits for an embedded PostgreSQL that is still starting. */
const RUNNING_CLUSTER_WAIT_SECONDS = 30;

/**
 * The database a command-line tool works on (`npm run seed`, `npm run org`, `npm run db:migrate`):
 * DATABASE_URL, or the embedded PostgreSQL the server uses (same data folder), migrated first.
 * When that PostgreSQL already runs (`npm start` is up), the tool uses it and leaves it running;
 * otherwise it starts it and stops it again on `stop`. Messages go to stderr: `npm run org -- export`
 * writes the file to stdout. A backup reads the database as it is (`migrate: false`): it must not
 * change what it copies.
 */
export async function openToolDatabase(
  config: ToolDatabaseSettings,
  { migrate: migrateFirst = true }: { migrate?: boolean } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    const dataDir = config.PG_DATA_DIR ?? defaultDataDir(projectRoot);
    const running = runningEmbeddedPostgres(dataDir);
    if (running) {
      console.warn(
        `Using the embedded PostgreSQL already running on ${dataDir} (PID ${running.pid}, port ${running.port}); it keeps running`,
      );
      await waitForDatabase(running.adminUrl, {
        timeoutSeconds: RUNNING_CLUSTER_WAIT_SECONDS,
        log: (line) => console.warn(line),
      });
      embedded = running;
    } else {
      console.warn(`Starting the embedded PostgreSQL (data in ${dataDir}, port ${config.EMBEDDED_PG_PORT})`);
      embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, persistent: true });
    }
    url = embedded.urlFor('compass');
  }
  try {
    if (embedded) await ensureDatabase(embedded.adminUrl, 'compass');
    const applied = migrateFirst ? await migrate(url) : [];
    if (applied.length > 0) console.warn(`Applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  return { url, stop: async () => void (await embedded?.stop()) };
}
