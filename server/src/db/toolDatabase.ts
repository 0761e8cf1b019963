import { defaultDataDir, ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { migrate, projectRoot } from './migrate';

/**
 * The database a command-line tool works on (`npm run seed`, `npm run org`): DATABASE_URL, or the
 * embedded PostgreSQL the server uses (same data folder and port), migrated first.
 */
export async function openToolDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = process.env.PG_DATA_DIR ?? defaultDataDir(projectRoot);
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    console.log(`Starting the embedded PostgreSQL (data in ${dataDir}, port ${port})`);
    embedded = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    await ensureDatabase(embedded.adminUrl, 'compass');
    url = embedded.urlFor('compass');
  }
  try {
    const applied = await migrate(url);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  return { url, stop: async () => void (await embedded?.stop()) };
}
