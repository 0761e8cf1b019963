import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

export const projectRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** Applies the committed migrations with Prisma's own migrate deploy (wasm engine, no download). */
export async function migrateDeploy(databaseUrl: string): Promise<string> {
  const cli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
  const { stdout } = await run(process.execPath, [cli, 'migrate', 'deploy'], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  });
  return stdout;
}

/** Names of committed migrations not yet finished in the database. */
export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const committed = fs
    .readdirSync(path.join(projectRoot, 'prisma', 'migrations'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const table = await client.query("SELECT to_regclass('public._prisma_migrations') AS name");
    if (!table.rows[0]?.name) return committed;
    const applied = await client.query<{ migration_name: string }>(
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const done = new Set(applied.rows.map((row) => row.migration_name));
    return committed.filter((name) => !done.has(name));
  } finally {
    await client.end();
  }
}

/**
 * Migrates when something is pending. The check saves the ~10 s the wasm schema engine of the
 * CLI idles before exiting, on every start where there is nothing to do.
 */
export async function migrateIfNeeded(databaseUrl: string): Promise<string[]> {
  const pending = await pendingMigrations(databaseUrl);
  if (pending.length > 0) await migrateDeploy(databaseUrl);
  return pending;
}
