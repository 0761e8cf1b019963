/**
 * `npm run restore -- --from <folder> [--force]`: a backup of `npm run backup` into the database
 * (DATABASE_URL or the embedded PostgreSQL), FILE_STORAGE_DIR and SECRETS_KEY_FILE. Compass must be
 * stopped; the database and files folder must be empty unless --force (docs/operations.md).
 */
import { parseArgs } from 'node:util';
import { runBackupCommand } from '../server/src/backup/command';
import { restore } from '../server/src/backup/restore';

await runBackupCommand({
  usage: 'Usage: npm run restore -- --from <backup folder> [--force]',
  parseArgs: () => {
    const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean' } } });
    return { folder: values.from, force: values.force ?? false };
  },
  run: async ({ folder, force }, databaseUrl, config) => {
    const result = await restore(databaseUrl, config, folder, { force });
    const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Restored from ${folder}:`);
    console.log(`  database: ${result.tables.length} tables, ${rows} rows`);
    for (const table of result.tables.filter((each) => each.rows > 0))
      console.log(`    ${table.name}: ${table.rows}`);
    if (result.upgradedBy.length > 0) console.log(`  then migrated: ${result.upgradedBy.join(', ')}`);
    console.log(`  report rollups refreshed: ${result.refreshed.length}`);
    console.log(`  files: ${result.files} into ${config.FILE_STORAGE_DIR}`);
    for (const note of result.notes) console.warn(`  ${note}`);
    return true;
  },
});
