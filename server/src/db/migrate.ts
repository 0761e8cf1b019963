import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

// Three folders up from this file (server/src/db), two from the server bundle (server/dist/*.mjs,
// scripts/build-server.mjs), whose import.meta is the bundle's.
export const projectRoot = path.resolve(
  import.meta.dirname,
  import.meta.url.endsWith('.mjs') ? '../..' : '../../..',
);

const MIGRATIONS_DIR = path.join(projectRoot, 'prisma', 'migrations');

/**
 * The advisory lock key Prisma's schema engine takes on PostgreSQL while it migrates: the runner
 * and Prisma's own `migrate deploy` (6.x, on databases it still serves) exclude each other too.
 */
const LOCK_KEY = 72707369;

/** Prisma's table, created exactly as its schema engine creates it. */
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  override name = 'MigrationError';
}

interface Migration {
  name: string;
  sql: string;
}

/** The SHA-256 of the script in hex, as Prisma records it. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** Prisma accepts a script whose line endings git converted since it was applied; so does this. */
function matchesChecksum(sql: string, checksum: string): boolean {
  return [sql, sql.replaceAll('\r\n', '\n'), sql.replaceAll(/\r?\n/g, '\r\n')].some(
    (variant) => migrationChecksum(variant) === checksum,
  );
}

/**
 * The names of prisma/migrations/<name>/migration.sql, in name (= time) order: the migrations this
 * server ships, which readiness wants all applied.
 */
export function shippedMigrationNames(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
}

/** The shipped migrations with their scripts. */
function committedMigrations(dir: string): Migration[] {
  return shippedMigrationNames(dir).map((name) => ({
    name,
    sql: fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8'),
  }));
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/** The migrations still to apply; refuses a database Prisma would refuse, and a changed migration. */
function pendingOf(committed: Migration[], rows: AppliedRow[]): Migration[] {
  const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed) {
    throw new MigrationError(
      `Migration ${failed.migration_name} failed in an earlier run and was left unfinished. Repair ` +
        `the database by hand, then mark the attempt: UPDATE "_prisma_migrations" SET rolled_back_at ` +
        `= now() WHERE migration_name = '${failed.migration_name}' AND finished_at IS NULL.`,
    );
  }
  const applied = new Map(
    rows.filter((row) => row.rolled_back_at === null).map((row) => [row.migration_name, row.checksum]),
  );
  return committed.filter((migration) => {
    const checksum = applied.get(migration.name);
    if (checksum === undefined) return true;
    if (!matchesChecksum(migration.sql, checksum)) {
      throw new MigrationError(
        `Migration ${migration.name} was changed after it was applied to this database (checksum ` +
          `${checksum} recorded, ${migrationChecksum(migration.sql)} now). Restore the file as it ` +
          `was and put the change in a new migration (npm run db:migrate:new).`,
      );
    }
    return false;
  });
}

/** The pending migrations of `migrationsDir` applied on `client`; the names applied. */
async function applyPending(
  client: pg.Client,
  migrationsDir: string,
  ownTransactions: boolean,
): Promise<string[]> {
  const committed = committedMigrations(migrationsDir);
  await client.query(CREATE_TABLE);
  const { rows } = await client.query<AppliedRow>(
    'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
  );
  const pending = pendingOf(committed, rows);
  for (const migration of pending) await applyOne(client, migration, ownTransactions);
  return pending.map((migration) => migration.name);
}

/**
 * Applies the committed migrations not yet applied, in order, each in its own transaction, and
 * records them in `_prisma_migrations` as Prisma does, so a database migrated by Prisma's
 * `migrate deploy` continues here and the other way round. The advisory lock makes a second
 * process that starts at the same time wait, then find nothing left to do. A migration that fails
 * is rolled back whole and leaves no row; the error names it. Returns the names applied.
 */
export async function migrate(databaseUrl: string, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    return await applyPending(client, migrationsDir, true);
  } finally {
    // Closing the session releases the lock too, also when a statement above failed.
    await client.end();
  }
}

/**
 * The same inside the transaction the caller opened on `client` (a restore: schema, rows and upgrade
 * commit together or not at all). A failing migration aborts that transaction: the caller rolls it
 * back. The lock is the transaction's, released when it ends.
 */
export async function migrateInTransaction(
  client: pg.Client,
  migrationsDir = MIGRATIONS_DIR,
): Promise<string[]> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
  return applyPending(client, migrationsDir, false);
}

async function applyOne(client: pg.Client, migration: Migration, ownTransaction: boolean): Promise<void> {
  if (ownTransaction) await client.query('BEGIN');
  try {
    const id = randomUUID();
    await client.query(
      'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
      [id, migrationChecksum(migration.sql), migration.name],
    );
    // Without parameters pg sends the script as one simple query: every statement in it runs.
    await client.query(migration.sql);
    await client.query(
      'UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1',
      [id],
    );
    if (ownTransaction) await client.query('COMMIT');
  } catch (error) {
    if (ownTransaction) await client.query('ROLLBACK');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      ownTransaction
        ? `Migration ${migration.name} failed and was rolled back (nothing of it is applied): ${reason}`
        : `Migration ${migration.name} failed: ${reason}`,
      { cause: error },
    );
  }
}
