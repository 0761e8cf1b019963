/**
 * `npm run db:migrate`: applies the pending migrations without starting the server, to
 * DATABASE_URL or to the embedded PostgreSQL the server uses (server/src/db/migrate.ts).
 */
import { loadConfig } from '../server/src/config';
import { openToolDatabase } from '../server/src/db/toolDatabase';

try {
  const database = await openToolDatabase(loadConfig());
  await database.stop();
  console.log('The database is up to date.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
