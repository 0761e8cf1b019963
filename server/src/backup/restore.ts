import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Config } from '../config';
import { migrate, projectRoot, shippedMigrationNames } from '../db/migrate';
import { createPrisma } from '../db/prisma';
import { refreshRollups } from '../modules/reports';
import {
  BackupRefused,
  FILES_FOLDER,
  filesUnder,
  quoted,
  readManifest,
  sha256Of,
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
    const file = inside(from, entry.path);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw new BackupRefused(`The backup is incomplete: ${entry.path} is missing.`);
    if (stat.size !== entry.size || (await sha256Of(fs.createReadStream(file))) !== entry.sha256)
      throw new BackupRefused(
        `The backup is damaged: ${entry.path} is not the file the manifest names (size or SHA-256 differs).`,
      );
  }
}

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
 * were dumped. The migrations newer than the backup follow after the load, upgrading its data.
 */
async function rebuildSchema(client: pg.Client, databaseUrl: string, migrations: string[]): Promise<void> {
  const { rows } = await client.query<{ kind: string; name: string }>(SCHEMA_OBJECTS);
  // CASCADE may already have dropped one with another: IF EXISTS.
  for (const { kind, name } of rows) await client.query(`DROP ${kind} IF EXISTS ${name} CASCADE`);
  const subset = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-restore-migrations-'));
  try {
    for (const name of migrations)
      fs.cpSync(path.join(MIGRATIONS_DIR, name), path.join(subset, name), { recursive: true });
    await migrate(databaseUrl, subset);
  } finally {
    fs.rmSync(subset, { recursive: true, force: true });
  }
}

/**
 * The rows in one transaction: all or nothing. The foreign keys are dropped first and added again at
 * the end, which checks every row against them (tables load in any order, self-references too, and
 * the database role needs to own the tables only, no superuser); the tables' own triggers are off
 * while they load, as the rows they would derive are in the backup already.
 */
async function loadTables(
  client: pg.Client,
  from: string,
  manifest: BackupManifest,
): Promise<RestoreResult['tables']> {
  await client.query('BEGIN');
  try {
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
      const copy = client.query(
        copyFrom(`COPY ${name} (${table.columns.map(quoted).join(', ')}) FROM STDIN`),
      );
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
    await client.query('COMMIT');
    return loaded;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** The stored files into the files folder (verified already), then the key (0600). */
async function restoreFilesAndKey(
  from: string,
  manifest: BackupManifest,
  settings: RestoreSettings,
): Promise<string[]> {
  for (const entry of manifest.files) {
    const target = inside(settings.FILE_STORAGE_DIR, path.relative(FILES_FOLDER, entry.path));
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.copyFile(inside(from, entry.path), target);
  }
  const key = manifest.secretsKey;
  if (!key.included) return [`The secrets key is not in the backup: ${key.reason}`];
  await fs.promises.mkdir(path.dirname(settings.SECRETS_KEY_FILE), { recursive: true });
  await fs.promises.copyFile(inside(from, key.file.path), settings.SECRETS_KEY_FILE);
  await fs.promises.chmod(settings.SECRETS_KEY_FILE, 0o600);
  return settings.SECRETS_KEY
    ? [
        `The key was restored to ${settings.SECRETS_KEY_FILE}, but SECRETS_KEY is set and the product uses that one: unset it, or set it to the restored key.`,
      ]
    : [];
}

/**
 * Restores the backup folder `from` into the database at `databaseUrl` and the files folder and key
 * file of `settings`. Checks first, writes nothing until all pass: the manifest (layout, no
 * migration this product does not know), every file's SHA-256, the database unused and without data,
 * the files folder empty, the key file absent or the same (`force` replaces data, files and key).
 * Then: the schema at the backup's migrations, the rows, the newer migrations, the report rollups,
 * the files, the key.
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
  let tables: RestoreResult['tables'];
  try {
    await checkDatabase(client, force);
    await rebuildSchema(client, databaseUrl, manifest.migrations);
    tables = await loadTables(client, from, manifest);
  } finally {
    await client.end();
  }
  const upgradedBy = await migrate(databaseUrl);
  const db = createPrisma(databaseUrl, 1);
  let refreshed: string[];
  try {
    refreshed = await refreshRollups(db);
  } finally {
    await db.$disconnect();
  }
  const notes = await restoreFilesAndKey(from, manifest, settings);
  return { tables, files: manifest.files.length, upgradedBy, refreshed, notes };
}
