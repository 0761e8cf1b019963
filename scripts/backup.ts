/**
 * `npm run backup -- --out <folder>`: the database (one snapshot), the stored files and the secrets
 * key into a new folder, with a manifest (server/src/backup, docs/operations.md "Backup and
 * restore"). Works on DATABASE_URL or the embedded PostgreSQL, running with the product or not.
 */
import { parseArgs } from 'node:util';
import { backup } from '../server/src/backup/backup';
import { runBackupCommand } from '../server/src/backup/command';

await runBackupCommand({
  usage: 'Usage: npm run backup -- --out <new folder>',
  parseArgs: () => ({ folder: parseArgs({ options: { out: { type: 'string' } } }).values.out }),
  run: async ({ folder }, databaseUrl, config) => {
    const { manifest, complete } = await backup(databaseUrl, config, folder);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backup written to ${folder}:`);
    console.log(
      `  database: ${manifest.tables.length} tables, ${rows} rows (migration ${manifest.migrations.at(-1)})`,
    );
    console.log(`  files: ${manifest.files.length}`);
    console.log(
      `  secrets key: ${manifest.secretsKey.included ? 'included (keep the backup private)' : manifest.secretsKey.reason}`,
    );
    if (!complete)
      console.error(
        `  removed while the backup ran, not in it: ${manifest.missingFiles.join(', ')} (run the backup again)`,
      );
    return complete;
  },
});
