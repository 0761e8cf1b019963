/**
 * `npm run backup -- --out <folder>`: the database (one snapshot), the stored files and the secrets
 * key into a new folder, with a manifest (server/src/backup, docs/operations.md "Backup and
 * restore"). Works on DATABASE_URL or the embedded PostgreSQL, running with the product or not.
 */
import { parseArgs } from 'node:util';
import { backup } from '../server/src/backup/backup';
import { loadConfig } from '../server/src/config';
import { openToolDatabase } from '../server/src/db/toolDatabase';

const USAGE = 'Usage: npm run backup -- --out <new folder>';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const database = await openToolDatabase(config, { migrate: false });
  try {
    const { manifest, vanished } = await backup(database.url, config, values.out);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backup written to ${values.out}:`);
    console.log(
      `  database: ${manifest.tables.length} tables, ${rows} rows (migration ${manifest.migrations.at(-1)})`,
    );
    console.log(`  files: ${manifest.files.length}`);
    console.log(
      `  secrets key: ${manifest.secretsKey.included ? 'included (keep the backup private)' : manifest.secretsKey.reason}`,
    );
    if (vanished.length > 0)
      console.warn(`  removed while the backup ran, not in it: ${vanished.join(', ')}`);
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
