import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Config } from '../config';
import { migrateInTransaction, projectRoot, shippedMigrationNames } from '../db/migrate';
import { createPrisma } from '../db/prisma';
import { refreshRollups } from '../modules/reports';
import {
  BackupRefused,
  FILES_FOLDER,
  filesUnder,
  quoted,
  readManifest,
  sha256Of,
  writeHashed,
  type BackupFileEntry,
  type BackupManifest,
} from './manifest';

export type RestoreSettings = Pick<Config, 'FILE_STORAGE_DIR' | 'SECRETS_KEY' | 'SECRETS_KEY_FILE'>;

export interface RestoreResult {
  tables: { name: string; rows: number }[];
  files: number;
  /** The migrations newer than the backup, applied after its data was loaded. */
  upgradedBy: string[];
  /** The report rollups filled from the restored data. */
  refreshed: string[];
  /** What the operator must know: the key, chiefly. */
  notes: string[];
}

const MIGRATIONS_DIR = path.join(projectRoot, 'prisma', 'migrations');

/** A path the manifest names, inside `root` (the backup, the files folder); one that leads out of it is refused. */
function inside(root: string, relative: string): string {
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(path.resolve(root) + path.sep))
    throw new BackupRefused(`The manifest names ${relative}, outside ${root}.`);
  return resolved;
}

/**
 * A file the manifest names, as a regular file reached through folders of the backup only: a link
 * (to the file or to a folder on its way) could make the restore read anything on this machine.
 */
async function regularFileInside(from: string, relative: string): Promise<string> {
  const file = inside(from, relative);
  const steps = path.relative(path.resolve(from), file).split(path.sep);
  for (let step = 1; step <= steps.length; step += 1) {
    const stat = await fs.promises
      .lstat(path.join(path.resolve(from), ...steps.slice(0, step)))
      .catch(() => null);
    if (!stat) throw new BackupRefused(`The backup is incomplete: ${relative} is missing.`);
    if (step < steps.length ? !stat.isDirectory() : !stat.isFile())
      throw new BackupRefused(
        `The backup is not as written: ${relative} is not a regular file in a folder (a link?).`,
      );
  }
  return file;
}

/** Every file of the backup is there with the size and SHA-256 the manifest gives, before anything is written. */
async function verifyFiles(from: string, manifest: BackupManifest): Promise<void> {
  const entries: BackupFileEntry[] = [
    ...manifest.tables.map((table) => table.file),
    ...manifest.files,
    ...(manifest.secretsKey.included ? [manifest.secretsKey.file] : []),
  ];
  // A stored file is written to the files folder by its path below files/: none may lead out of it.
  for (const entry of manifest.files)
    inside(path.join(from, FILES_FOLDER), path.relative(FILES_FOLDER, entry.path));
  for (const entry of entries) {
    const file = await regularFileInside(from, entry.path);
    const { size } = await fs.promises.stat(file);
    if (size !== entry.size || (await sha256Of(fs.createReadStream(file))) !== entry.sha256)
      throw damaged(entry);
  }
}

const damaged = (entry: BackupFileEntry) =>
  new BackupRefused(
    `The backup is damaged: ${entry.path} is not the file the manifest names (size or SHA-256 differs).`,
  );

/** Refuses a backup of a newer product: its database has migrations this one does not ship. */
function checkMigrations(manifest: BackupManifest): void {
  const shipped = new Set(shippedMigrationNames());
  const unknown = manifest.migrations.filter((name) => !shipped.has(name));
  if (unknown.length > 0)
    throw new BackupRefused(
      `This backup was made by a newer Compass: its database has migrations this one does not know (${unknown.join(', ')}). Restore it with that version or a newer one.`,
    );
}

/** The tables that hold data; the migrations table and the server's own Installation row do not count. */
async function tablesWithRows(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'
       AND relname NOT IN ('_prisma_migrations', 'Installation') ORDER BY relname`,
  );
  const filled: string[] = [];
  for (const { name } of rows) {
    const found = await client.query(`SELECT 1 FROM ${quoted(name)} LIMIT 1`);
    if (found.rowCount) filled.push(name);
  }
  return filled;
}

/** Refuses a database in use (the product must be stopped) or with data (unless forced). */
async function checkDatabase(client: pg.Client, force: boolean): Promise<void> {
  const { rows } = await client.query<{ sessions: number }>(
    `SELECT count(*)::int AS sessions FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
  );
  if (rows[0]!.sessions > 0)
    throw new BackupRefused(
      `${rows[0]!.sessions} other connection(s) use this database: stop Compass (every API process) before a restore.`,
    );
  const filled = await tablesWithRows(client);
  if (filled.length > 0 && !force)
    throw new BackupRefused(
      `The database has data (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''}): a restore replaces all of it. Give --force to replace it.`,
    );
}

/** The folder and key the restore writes: empty, or --force. */
async function checkFilesAndKey(
  settings: RestoreSettings,
  manifest: BackupManifest,
  from: string,
  force: boolean,
) {
  if (!force && (await filesUnder(settings.FILE_STORAGE_DIR)).length > 0)
    throw new BackupRefused(
      `${settings.FILE_STORAGE_DIR} holds files already. Give --force to restore into it anyway.`,
    );
  if (!manifest.secretsKey.included || force || !fs.existsSync(settings.SECRETS_KEY_FILE)) return;
  const backupKey = fs.readFileSync(inside(from, manifest.secretsKey.file.path));
  const presentKey = fs.readFileSync(settings.SECRETS_KEY_FILE);
  if (backupKey.length !== presentKey.length || !timingSafeEqual(backupKey, presentKey))
    throw new BackupRefused(
      `${settings.SECRETS_KEY_FILE} holds another key than the backup. Give --force to replace it (secrets sealed with it will no longer open).`,
    );
}

/** The objects of the public schema the migrations create (extensions' own stay), dropped to apply them again. */
const SCHEMA_OBJECTS = `
  SELECT CASE c.relkind WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'v' THEN 'VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END AS kind,
         quote_ident(c.relname) AS name, 1 AS pass
  FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
  UNION ALL
  SELECT CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, quote_ident(t.typname), 2
  FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd')
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  UNION ALL
  SELECT 'ROUTINE', p.oid::regprocedure::text, 3
  FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  ORDER BY pass`;

/**
 * The database at exactly the backup's migrations: whatever the public schema holds is dropped and
 * the backup's migrations applied from this product's copies, so its tables take the rows as they
 * were dumped. Inside the restore's transaction (the migrations hold no CONCURRENTLY, and enum values
 * they add may be used in it, their types being created in it too).
 */
async function rebuildSchema(client: pg.Client, migrations: string[]): Promise<void> {
  const { rows } = await client.query<{ kind: string; name: string }>(SCHEMA_OBJECTS);
  // CASCADE may already have dropped one with another: IF EXISTS.
  for (const { kind, name } of rows) await client.query(`DROP ${kind} IF EXISTS ${name} CASCADE`);
  const subset = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-restore-migrations-'));
  try {
    for (const name of migrations)
      fs.cpSync(path.join(MIGRATIONS_DIR, name), path.join(subset, name), { recursive: true });
    await migrateInTransaction(client, subset);
  } finally {
    fs.rmSync(subset, { recursive: true, force: true });
  }
}

/**
 * The rows, inside the restore's transaction. The foreign keys are dropped first and added again at
 * the end, which checks every row against them (tables load in any order, self-references too, and
 * the database role needs to own the tables only, no superuser); the tables' own triggers are off
 * while they load, as the rows they would derive are in the backup already.
 */
async function loadTables(
  client: pg.Client,
  from: string,
  manifest: BackupManifest,
): Promise<RestoreResult['tables']> {
  const { rows: foreignKeys } = await client.query<{ tableName: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS "tableName", quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
  );
  for (const key of foreignKeys)
    await client.query(`ALTER TABLE ${key.tableName} DROP CONSTRAINT ${key.name}`);
  const loaded: RestoreResult['tables'] = [];
  for (const table of manifest.tables) {
    const name = quoted(table.name);
    await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
    const copy = client.query(copyFrom(`COPY ${name} (${table.columns.map(quoted).join(', ')}) FROM STDIN`));
    await pipeline(fs.createReadStream(inside(from, table.file.path)), createGunzip(), copy);
    await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
    if (copy.rowCount !== table.rows)
      throw new BackupRefused(
        `${table.name}: ${copy.rowCount} rows loaded, the manifest says ${table.rows}.`,
      );
    loaded.push({ name: table.name, rows: copy.rowCount });
  }
  for (const key of foreignKeys)
    await client.query(`ALTER TABLE ${key.tableName} ADD CONSTRAINT ${key.name} ${key.definition}`);
  for (const sequence of manifest.sequences)
    await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
      quoted(sequence.name),
      sequence.lastValue,
      sequence.isCalled,
    ]);
  return loaded;
}

/**
 * Schema, rows, sequences and this product's newer migrations in ONE transaction: a restore that
 * fails anywhere (a row count, a full disk, a migration) leaves the database as it was.
 */
async function restoreDatabase(
  client: pg.Client,
  from: string,
  manifest: BackupManifest,
): Promise<Pick<RestoreResult, 'tables' | 'upgradedBy'>> {
  await client.query('BEGIN');
  try {
    await rebuildSchema(client, manifest.migrations);
    const tables = await loadTables(client, from, manifest);
    const upgradedBy = await migrateInTransaction(client);
    await client.query('COMMIT');
    return { tables, upgradedBy };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** Where the files folder and the key are written before the database commits, beside their places. */
function stagingOf(settings: RestoreSettings) {
  const filesDir = path.resolve(settings.FILE_STORAGE_DIR);
  return {
    filesDir: `${filesDir}.restoring`,
    keyFile: `${path.resolve(settings.SECRETS_KEY_FILE)}.restoring`,
    /** The files folder replaced (--force), kept until the restored one is in its place. */
    replacedDir: `${filesDir}.replaced`,
  };
}

async function discardStaging(settings: RestoreSettings): Promise<void> {
  const staging = stagingOf(settings);
  await fs.promises.rm(staging.filesDir, { recursive: true, force: true });
  await fs.promises.rm(staging.keyFile, { force: true });
}

/**
 * The stored files and the key written to their staging places (the key 0600), each checked against
 * the manifest as it is written, so that what is put in place after the commit is whole.
 */
async function stageFilesAndKey(
  from: string,
  manifest: BackupManifest,
  settings: RestoreSettings,
): Promise<void> {
  const staging = stagingOf(settings);
  // A restore that was killed may have left them.
  await discardStaging(settings);
  await fs.promises.mkdir(staging.filesDir, { recursive: true, mode: 0o700 });
  const stage = async (entry: BackupFileEntry, target: string) => {
    const written = await writeHashed(() => fs.createReadStream(inside(from, entry.path)), target);
    if (written.size !== entry.size || written.sha256 !== entry.sha256) throw damaged(entry);
  };
  for (const entry of manifest.files)
    await stage(entry, inside(staging.filesDir, path.relative(FILES_FOLDER, entry.path)));
  if (manifest.secretsKey.included) await stage(manifest.secretsKey.file, staging.keyFile);
}

/**
 * The staged files folder and key into their places, right after the commit: renames, which a
 * full disk cannot stop half-way. A files folder there (--force) is replaced whole.
 */
async function putInPlace(manifest: BackupManifest, settings: RestoreSettings): Promise<void> {
  const staging = stagingOf(settings);
  const filesDir = path.resolve(settings.FILE_STORAGE_DIR);
  await fs.promises.rm(staging.replacedDir, { recursive: true, force: true });
  if (fs.existsSync(filesDir)) await fs.promises.rename(filesDir, staging.replacedDir);
  await fs.promises.rename(staging.filesDir, filesDir);
  if (manifest.secretsKey.included) await fs.promises.rename(staging.keyFile, settings.SECRETS_KEY_FILE);
  await fs.promises.rm(staging.replacedDir, { recursive: true, force: true });
}

/** What the operator must know: the key, chiefly, and files the backup lacks. */
function notesOf(manifest: BackupManifest, settings: RestoreSettings): string[] {
  const notes: string[] = [];
  if (!manifest.secretsKey.included)
    notes.push(`The secrets key is not in the backup: ${manifest.secretsKey.reason}`);
  else if (settings.SECRETS_KEY)
    notes.push(
      `The key was restored to ${settings.SECRETS_KEY_FILE}, but SECRETS_KEY is set and the product uses that one: unset it, or set it to the restored key.`,
    );
  if (manifest.missingFiles.length > 0)
    notes.push(
      `${manifest.missingFiles.length} stored file(s) were removed while the backup ran and are not in it: ${manifest.missingFiles.join(', ')}`,
    );
  return notes;
}

/**
 * Restores the backup folder `from` into the database at `databaseUrl` and the files folder and key
 * file of `settings`. Checks first, writes nothing until all pass: the manifest (layout, no
 * migration this product does not know), every file (a regular file, its SHA-256), the database
 * unused and without data, the files folder empty, the key file absent or the same (`force`
 * replaces data, files and key). Then the files and key are staged beside their places, the
 * database restored and upgraded in one transaction, and right after its commit the staged files
 * and key renamed into place; a failure before the commit leaves database, files and key as they
 * were. Last, the report rollups are filled from the restored data.
 */
export async function restore(
  databaseUrl: string,
  settings: RestoreSettings,
  from: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  const manifest = readManifest(from);
  checkMigrations(manifest);
  await verifyFiles(from, manifest);
  await checkFilesAndKey(settings, manifest, from, force);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let database: Pick<RestoreResult, 'tables' | 'upgradedBy'>;
  try {
    await checkDatabase(client, force);
    await stageFilesAndKey(from, manifest, settings);
    database = await restoreDatabase(client, from, manifest);
  } catch (error) {
    await discardStaging(settings);
    throw error;
  } finally {
    await client.end();
  }
  await putInPlace(manifest, settings);
  const db = createPrisma(databaseUrl, 1);
  let refreshed: string[];
  try {
    refreshed = await refreshRollups(db);
  } finally {
    await db.$disconnect();
  }
  return { ...database, files: manifest.files.length, refreshed, notes: notesOf(manifest, settings) };
}
