/**
 * `npm run files:move -- --to database` (or `--to local`): copies every stored file from the other
 * store into the one named, under the same keys, for a team switching FILE_STORE (docs/scaling.md,
 * "Shared files"). The source is left as it is; files the target holds already are skipped, so the
 * command can be run again to take the files written meanwhile. Works on DATABASE_URL or the
 * embedded PostgreSQL, like `npm run org`, and FILE_STORAGE_DIR.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config';
import { createPrisma } from '../server/src/db/prisma';
import { openToolDatabase } from '../server/src/db/toolDatabase';
import { copyStoredFiles, fileStorageOf, type CopyCounts } from '../server/src/plugins/storage';

const USAGE = 'Usage: npm run files:move -- --to database|local';
const STORES = { database: 'local', local: 'database' } as const;
/** A progress line every this many files. */
const PROGRESS_EVERY = 100;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const said = ({ copied, bytes, present }: CopyCounts) =>
  `${copied} copied (${megabytes(bytes)}), ${present} there already`;

async function main(): Promise<number> {
  const { to } = parseArgs({ options: { to: { type: 'string' } } }).values;
  if (to !== 'database' && to !== 'local') {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const database = await openToolDatabase(config);
  const db = createPrisma(database.url);
  try {
    const from = fileStorageOf({ ...config, FILE_STORE: STORES[to] }, db);
    const target = fileStorageOf({ ...config, FILE_STORE: to }, db);
    const where = (store: string) => (store === 'local' ? config.FILE_STORAGE_DIR : 'the database');
    console.log(`Copying the stored files from ${where(STORES[to])} to ${where(to)}…`);
    const counts = await copyStoredFiles(from, target, (sofar) => {
      if ((sofar.copied + sofar.present) % PROGRESS_EVERY === 0) console.log(`  ${said(sofar)}`);
    });
    console.log(`Done: ${counts.copied + counts.present} files, ${said(counts)}.`);
    console.log(`Set FILE_STORE=${to} on every API process and restart them; the source is left as it was.`);
    return 0;
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
