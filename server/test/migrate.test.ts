import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrationChecksum, projectRoot } from '../src/db/migrate';
import { createTestDatabase } from './helpers';

const COMMITTED_DIR = path.join(projectRoot, 'prisma', 'migrations');
const committed = fs
  .readdirSync(COMMITTED_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function blankDatabase(): Promise<string> {
  const database = await createTestDatabase({ blank: true });
  cleanups.push(database.drop);
  return database.url;
}

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

const recorded = (url: string) =>
  query<MigrationRow>(url, 'SELECT * FROM "_prisma_migrations" ORDER BY started_at, migration_name');

const tableExists = async (url: string, table: string) =>
  (await query<{ name: string | null }>(url, `SELECT to_regclass('${table}') AS name`))[0]!.name !== null;

/** A migrations folder of the test's own: each name's migration.sql holds its script. */
function migrationsFolder(scripts: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-migrations-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  writeMigrations(dir, scripts);
  return dir;
}

function writeMigrations(dir: string, scripts: Record<string, string>) {
  for (const [name, sql] of Object.entries(scripts)) {
    fs.mkdirSync(path.join(dir, name), { recursive: true });
    fs.writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }
}

describe('migrate', () => {
  it('applies every committed migration to a new database, recorded as Prisma records them', async () => {
    const url = await blankDatabase();

    expect(await migrate(url)).toEqual(committed);

    const rows = await recorded(url);
    expect(rows.map((row) => row.migration_name)).toEqual(committed);
    for (const row of rows) {
      const sql = fs.readFileSync(path.join(COMMITTED_DIR, row.migration_name, 'migration.sql'), 'utf8');
      expect(row).toMatchObject({
        checksum: migrationChecksum(sql),
        logs: null,
        rolled_back_at: null,
        applied_steps_count: 1,
      });
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
    }
    // What Prisma 6.19.3's migrate deploy recorded for the first migration on a new database.
    expect(rows[0]!.checksum).toBe('a268fd56aea0f3a25954b2f3f803d5ab51e15c6b93d762082cb5e972874b1b8d');
    // The table is Prisma's, column for column.
    const columns = await query(
      url,
      `SELECT column_name, data_type, character_maximum_length, is_nullable, column_default
         FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => Object.values(c).join(' '))).toEqual([
      'id character varying 36 NO ',
      'checksum character varying 64 NO ',
      'finished_at timestamp with time zone  YES ',
      'migration_name character varying 255 NO ',
      'logs text  YES ',
      'rolled_back_at timestamp with time zone  YES ',
      'started_at timestamp with time zone  NO now()',
      'applied_steps_count integer  NO 0',
    ]);

    // A second run finds nothing to do and changes nothing.
    expect(await migrate(url)).toEqual([]);
    expect(await recorded(url)).toEqual(rows);
  });

  it('applies only the migrations an already migrated database lacks', async () => {
    const url = await blankDatabase();
    const dir = migrationsFolder({ '1_one': 'CREATE TABLE one (id int);\n' });
    expect(await migrate(url, dir)).toEqual(['1_one']);

    writeMigrations(dir, {
      '2_two': 'CREATE TABLE two (id int);\n',
      '3_three': 'CREATE TABLE three (id int);\n',
    });
    expect(await migrate(url, dir)).toEqual(['2_two', '3_three']);
    expect(await migrate(url, dir)).toEqual([]);
    expect((await recorded(url)).map((row) => row.migration_name)).toEqual(['1_one', '2_two', '3_three']);
  });

  it('lets only one of two processes starting together migrate', async () => {
    const url = await blankDatabase();

    const runs = await Promise.all([migrate(url), migrate(url)]);

    expect(runs.map((names) => names.length).sort((a, b) => a - b)).toEqual([0, committed.length]);
    expect((await recorded(url)).map((row) => row.migration_name)).toEqual(committed);
  });

  it('rolls a failing migration back whole, records nothing of it and stops there', async () => {
    const url = await blankDatabase();
    const dir = migrationsFolder({
      '1_good': 'CREATE TABLE good (id int);\n',
      '2_bad': 'CREATE TABLE half (id int);\nINSERT INTO missing VALUES (1);\n',
      '3_later': 'CREATE TABLE later (id int);\n',
    });

    await expect(migrate(url, dir)).rejects.toThrow(
      /^Migration 2_bad failed and was rolled back \(nothing of it is applied\): relation "missing" does not exist$/,
    );
    expect((await recorded(url)).map((row) => [row.migration_name, row.finished_at !== null])).toEqual([
      ['1_good', true],
    ]);
    expect(await tableExists(url, 'good')).toBe(true);
    expect(await tableExists(url, 'half')).toBe(false);
    expect(await tableExists(url, 'later')).toBe(false);

    // Once the script is corrected, the next start applies it and what follows.
    writeMigrations(dir, { '2_bad': 'CREATE TABLE half (id int);\n' });
    expect(await migrate(url, dir)).toEqual(['2_bad', '3_later']);
  });

  it('refuses a migration changed after it was applied, but not one whose line endings git converted', async () => {
    const url = await blankDatabase();
    const dir = migrationsFolder({ '1_tables': 'CREATE TABLE a (id int);\nCREATE TABLE b (id int);\n' });
    await migrate(url, dir);

    writeMigrations(dir, { '1_tables': 'CREATE TABLE a (id int);\r\nCREATE TABLE b (id int);\r\n' });
    expect(await migrate(url, dir)).toEqual([]);

    writeMigrations(dir, {
      '1_tables': 'CREATE TABLE a (id int);\nCREATE TABLE b (id bigint);\n',
      '2_next': 'CREATE TABLE c (id int);\n',
    });
    await expect(migrate(url, dir)).rejects.toThrow(/^Migration 1_tables was changed after it was applied/);
    expect(await tableExists(url, 'c')).toBe(false);
  });

  it('refuses to go on after an attempt Prisma left unfinished, until it is marked rolled back', async () => {
    const url = await blankDatabase();
    const dir = migrationsFolder({ '1_first': 'CREATE TABLE first (id int);\n' });
    await migrate(url, dir);
    // How Prisma's migrate deploy leaves a migration that failed.
    await query(
      url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at)
         VALUES ('8c3b1f4e-4c1e-4d6a-9a47-0b7b8e6f1a2d', '${migrationChecksum('x')}', '2_broken', 'error', now())`,
    );
    writeMigrations(dir, { '2_broken': 'CREATE TABLE broken (id int);\n' });

    await expect(migrate(url, dir)).rejects.toThrow(/^Migration 2_broken failed in an earlier run/);
    expect(await tableExists(url, 'broken')).toBe(false);

    await query(
      url,
      `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '2_broken'`,
    );
    expect(await migrate(url, dir)).toEqual(['2_broken']);
  });
});
