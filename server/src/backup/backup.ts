import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Config } from '../config';
import { shippedMigrationNames } from '../db/migrate';
import {
  BACKUP_FORMAT_VERSION,
  BackupRefused,
  DATABASE_FOLDER,
  FILES_FOLDER,
  filesUnder,
  KEY_FILE,
  MANIFEST_FILE,
  quoted,
  writeHashed,
  type BackupFileEntry,
  type BackupManifest,
} from './manifest';

export type BackupSettings = Pick<
  Config,
  'FILE_STORAGE_DIR' | 'SECRETS_KEY' | 'SECRETS_KEY_FILE' | 'PRODUCT_NAME'
>;

/**
 * The tables of the public schema with the columns COPY writes (generated ones are computed again
 * on load). Prisma's migrations table is left out: a restore applies the migrations itself. The
 * materialised views `report_*` are no tables: a restore refreshes them.
 */
const TABLES = `
  SELECT c.relname AS name,
         array_agg(a.attname::text ORDER BY a.attnum) AS columns
  FROM pg_class c
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'
  GROUP BY c.relname
  ORDER BY c.relname`;

const SEQUENCES = `
  SELECT relname AS name FROM pg_class
  WHERE relnamespace = 'public'::regnamespace AND relkind = 'S' ORDER BY relname`;

const APPLIED_MIGRATIONS = `
  SELECT migration_name AS name FROM "_prisma_migrations"
  WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`;

/** COPY text ends every row with a newline and escapes the newlines inside values: rows are newlines. */
function rowCounter(): { counter: Transform; rows: () => number } {
  let rows = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1;
      done(null, chunk);
    },
  });
  return { counter, rows: () => rows };
}

type DatabasePart = Pick<BackupManifest, 'migrations' | 'tables' | 'sequences'>;

/**
 * Every table in one REPEATABLE READ, READ ONLY transaction: one snapshot, so the rows agree with
 * each other while the product keeps serving. Sequences are not transactional: their values are read
 * in the same transaction and are at least those the snapshot's rows used.
 */
async function dumpDatabase(databaseUrl: string, into: string): Promise<DatabasePart> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrations = (await client.query<{ name: string }>(APPLIED_MIGRATIONS)).rows.map((row) => row.name);
    const tables: DatabasePart['tables'] = [];
    for (const { name, columns } of (await client.query<{ name: string; columns: string[] }>(TABLES)).rows) {
      const file = `${DATABASE_FOLDER}/${name}.copy.gz`;
      const { counter, rows } = rowCounter();
      const copy = () =>
        client.query(copyTo(`COPY ${quoted(name)} (${columns.map(quoted).join(', ')}) TO STDOUT`));
      const written = await writeHashed(copy, path.join(into, file), [counter, createGzip()]);
      tables.push({ name, columns, rows: rows(), file: { path: file, ...written } });
    }
    const sequences: DatabasePart['sequences'] = [];
    for (const { name } of (await client.query<{ name: string }>(SEQUENCES)).rows) {
      const [value] = (
        await client.query<{ lastValue: string; isCalled: boolean }>(
          `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${quoted(name)}`,
        )
      ).rows;
      sequences.push({ name, ...value! });
    }
    await client.query('COMMIT');
    return { migrations, tables, sequences };
  } finally {
    await client.end();
  }
}

/**
 * The stored files, copied after the snapshot: every file a row of it names was stored before it.
 * A file removed meanwhile (its row deleted after the snapshot, or by hand) cannot be copied any
 * more: it is named in `missingFiles`.
 */
async function copyFiles(
  storageDir: string,
  into: string,
): Promise<Pick<BackupManifest, 'files' | 'missingFiles'>> {
  const files: BackupFileEntry[] = [];
  const missingFiles: string[] = [];
  for (const relative of await filesUnder(storageDir)) {
    const file = `${FILES_FOLDER}/${relative}`;
    try {
      files.push({
        path: file,
        ...(await writeHashed(
          () => fs.createReadStream(path.join(storageDir, relative)),
          path.join(into, file),
        )),
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missingFiles.push(relative);
    }
  }
  return { files, missingFiles };
}

/** The key file, unless SECRETS_KEY comes from the environment: then the operator keeps it. */
async function copyKey(settings: BackupSettings, into: string): Promise<BackupManifest['secretsKey']> {
  if (settings.SECRETS_KEY)
    return {
      included: false,
      reason:
        'SECRETS_KEY was set in the environment: the key is not in this backup. Keep it with the backup; a restore needs the same SECRETS_KEY.',
    };
  if (!fs.existsSync(settings.SECRETS_KEY_FILE))
    return {
      included: false,
      reason: `There was no key file (${settings.SECRETS_KEY_FILE}): no secret was ever stored.`,
    };
  const written = await writeHashed(
    () => fs.createReadStream(settings.SECRETS_KEY_FILE),
    path.join(into, KEY_FILE),
  );
  return { included: true, file: { path: KEY_FILE, ...written } };
}

export interface BackupResult {
  manifest: BackupManifest;
  /**
   * False when stored files were removed before they were copied (`manifest.missingFiles`): the
   * backup is written, but rows in it may name files it lacks. The command then fails, so that a
   * scheduled backup is noticed and run again.
   */
  complete: boolean;
}

/**
 * Writes a backup folder at `out` (refused when it exists): the database's tables as of one
 * snapshot, then the stored files and the secrets key, and manifest.json with every file's SHA-256.
 * It is written under `<out>.partial` and renamed when complete, so a folder named `out` is whole.
 * Readable by its owner only (0700/0600): it holds the key to the stored secrets.
 */
export async function backup(
  databaseUrl: string,
  settings: BackupSettings,
  out: string,
): Promise<BackupResult> {
  const target = path.resolve(out);
  if (fs.existsSync(target)) throw new BackupRefused(`${target} exists already: give a new folder.`);
  const partial = `${target}.partial`;
  await fs.promises.rm(partial, { recursive: true, force: true });
  await fs.promises.mkdir(partial, { recursive: true, mode: 0o700 });
  try {
    const createdAt = new Date().toISOString();
    const database = await dumpDatabase(databaseUrl, partial);
    const { files, missingFiles } = await copyFiles(settings.FILE_STORAGE_DIR, partial);
    const secretsKey = await copyKey(settings, partial);
    const manifest: BackupManifest = {
      format: 'compass-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      product: { name: settings.PRODUCT_NAME, newestMigration: shippedMigrationNames().at(-1) ?? null },
      createdAt,
      ...database,
      files,
      missingFiles,
      secretsKey,
    };
    await fs.promises.writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await fs.promises.rename(partial, target);
    return { manifest, complete: missingFiles.length === 0 };
  } catch (error) {
    await fs.promises.rm(partial, { recursive: true, force: true });
    throw error;
  }
}
