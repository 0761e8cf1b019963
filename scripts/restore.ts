/**
 * `npm run restore -- --from <folder> [--force]`: a backup of `npm run backup` into the database
 * (DATABASE_URL or the embedded PostgreSQL), FILE_STORAGE_DIR and SECRETS_KEY_FILE. Compass must be
 * stopped; the database and files folder must be empty unless --force (docs/operations.md).
 */
import { parseArgs } from 'node:util';
import { restore } from '../server/src/backup/restore';
import { loadConfig } from '../server/src/config';
import { openToolDatabase } from '../server/src/db/toolDatabase';

const USAGE = 'Usage: npm run restore -- --from <backup folder> [--force]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean' } } });
  if (!values.from) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const database = await openToolDatabase(config);
  try {
    const result = await restore(database.url, config, values.from, { force: values.force ?? false });
    const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Restored from ${values.from}:`);
    console.log(`  database: ${result.tables.length} tables, ${rows} rows`);
    for (const table of result.tables.filter((each) => each.rows > 0))
      console.log(`    ${table.name}: ${table.rows}`);
    if (result.upgradedBy.length > 0) console.log(`  then migrated: ${result.upgradedBy.join(', ')}`);
    console.log(`  report rollups refreshed: ${result.refreshed.length}`);
    console.log(`  files: ${result.files} into ${config.FILE_STORAGE_DIR}`);
    for (const note of result.notes) console.warn(`  ${note}`);
    return 0;
  } finally {
    await database.stop();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
