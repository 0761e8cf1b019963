import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays } from '@compass/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ORGANISATION } from '../../seed/demo';
import { buildApp } from '../src/app';
import { backup } from '../src/backup/backup';
import { BackupRefused, filesUnder, MANIFEST_FILE, type BackupManifest } from '../src/backup/manifest';
import { restore, type RestoreResult } from '../src/backup/restore';
import { loadConfig } from '../src/config';
import { migrate, projectRoot, shippedMigrationNames } from '../src/db/migrate';
import { createPrisma, type Db } from '../src/db/prisma';
import { SecretBox } from '../src/plugins/secrets';
import {
  checkAnswers,
  createTestDatabase,
  employeeOf,
  multipartPayload,
  setupTestApp,
  signIn,
  type TestContext,
} from './helpers';

/**
 * A backup of the demo database with an uploaded file and a sealed SSO secret, restored into a new
 * database and a new files folder: the product built on them answers as the original did.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-backup-'));
const source = { FILE_STORAGE_DIR: path.join(tmp, 'files'), SECRETS_KEY_FILE: path.join(tmp, 'secrets.key') };
const settingsOf = (folder: string) => ({
  FILE_STORAGE_DIR: path.join(folder, 'files'),
  SECRETS_KEY_FILE: path.join(folder, 'secrets.key'),
  SECRETS_KEY: undefined,
  PRODUCT_NAME: 'Compass',
});
const backupDir = path.join(tmp, 'backup');
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from(crypto.getRandomValues(new Uint8Array(4096))),
]);
const SSO_SECRET = 'the client secret';

let ctx: TestContext;
let manifest: BackupManifest;
const cleanups: (() => Promise<void>)[] = [];

/** The answers compared before and after: lists of a coordinator and an admin, a submission, the file. */
async function answersOf(app: FastifyInstance, db: Db) {
  const ethan = await signIn(app, 'ethan.coordinator');
  const olivia = await signIn(app, 'olivia.admin');
  const call = async (token: string, name: string, payload: object) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers: { authtoken: token },
      payload,
    });
    expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    return response.json().response_data;
  };
  const submission = await db.formSubmission.findFirstOrThrow({
    where: { isDraft: false },
    orderBy: { id: 'asc' },
  });
  const attachment = await db.attachment.findFirstOrThrow({ where: { name: 'backup-proof.pdf' } });
  const download = await app.inject({
    method: 'GET',
    url: `/api/files/${attachment.id}`,
    headers: { authtoken: olivia },
  });
  expect(download.statusCode).toBe(200);
  const company = await db.company.findFirstOrThrow({ where: { name: DEMO_ORGANISATION } });
  const sso = await db.ssoProvider.findFirstOrThrow({ where: { companyId: company.id } });
  return {
    dashboard: await call(ethan, 'dashboardList', { localTimeZone: 'UTC' }),
    risks: await call(ethan, 'riskList', { page: 1, pageSize: 50, sort: 'name' }),
    documents: await call(olivia, 'documentList', {}),
    submission: await call(ethan, 'formSubmissionDetails', {
      formSubmissionId: submission.id,
      localTimeZone: 'UTC',
    }),
    counts: {
      users: await db.user.count(),
      submissions: await db.formSubmission.count(),
      actions: await db.action.count(),
      attachments: await db.attachment.count(),
    },
    file: download.rawPayload,
    ssoSecret: sso.clientSecret,
  };
}

/** A new blank database (no schema) and a new folder for files and the key. */
async function freshTarget() {
  const database = await createTestDatabase({ blank: true });
  cleanups.push(database.drop);
  return { url: database.url, settings: settingsOf(fs.mkdtempSync(path.join(tmp, 'target-'))) };
}

/** A copy of the backup with its manifest changed by `change`. */
function copyWithManifest(change: (manifest: BackupManifest) => void): string {
  const copy = fs.mkdtempSync(path.join(tmp, 'copy-'));
  fs.cpSync(backupDir, copy, { recursive: true });
  const file = path.join(copy, MANIFEST_FILE);
  const changed = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  change(changed);
  fs.writeFileSync(file, JSON.stringify(changed));
  return copy;
}

const userCount = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM "User"')).rows[0]!.n;
  } finally {
    await client.end();
  }
};

const publicTables = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`)).rowCount;
  } finally {
    await client.end();
  }
};

let before: Awaited<ReturnType<typeof answersOf>>;

beforeAll(async () => {
  ctx = await setupTestApp(source);
  const olivia = await signIn(ctx.app, 'olivia.admin');
  const ethan = await employeeOf(ctx.db, 'ethan.coordinator');
  const details = {
    name: 'Backup Proof',
    ownerId: ethan.id,
    reviewerId: (await employeeOf(ctx.db, 'olivia.admin')).id,
    reviewFrequency: 'years',
    nextReviewDate: addDays(new Date().toISOString().slice(0, 10), 90),
  };
  const { payload, contentType } = multipartPayload({ details: JSON.stringify(details) }, [
    { name: 'backup-proof.pdf', content: PDF },
  ]);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/documentCreate',
    headers: { authtoken: olivia, 'content-type': contentType },
    payload,
  });
  expect(created.statusCode, created.body).toBe(200);
  await ctx.db.ssoProvider.create({
    data: {
      companyId: ethan.companyId,
      provider: 'microsoft',
      issuer: 'https://login.example',
      clientId: 'compass',
      clientSecret: ctx.app.secrets.seal(SSO_SECRET),
    },
  });
  before = await answersOf(ctx.app, ctx.db);
  manifest = (await backup(ctx.databaseUrl, settingsOf(tmp), backupDir)).manifest;
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('backup', () => {
  it('writes every table with its row count, the files and the key, readable by its owner only', async () => {
    const count = async (table: string) =>
      (await ctx.db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table}"`))[0]!.n;
    for (const table of ['User', 'FormSubmission', 'Attachment', 'SsoProvider', 'DashboardVersion'])
      expect(manifest.tables.find((entry) => entry.name === table)?.rows, table).toBe(await count(table));
    expect(manifest.tables.map((table) => table.name)).not.toContain('_prisma_migrations');
    expect(manifest.tables.some((table) => table.name.startsWith('report_'))).toBe(false);
    expect(manifest.migrations.length).toBeGreaterThan(50);
    expect(manifest.sequences.map((sequence) => sequence.name)).toContain('DashboardVersion_seq');
    expect(manifest.files.length).toBeGreaterThan(0);
    expect(manifest.secretsKey.included).toBe(true);
    expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(backupDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    await expect(backup(ctx.databaseUrl, settingsOf(tmp), backupDir)).rejects.toThrow(/exists already/);
  });

  it('says when the key comes from the environment and is not in the backup', async () => {
    const out = path.join(tmp, 'backup-env-key');
    const settings = { ...settingsOf(tmp), SECRETS_KEY: 'a'.repeat(64) };
    const written = (await backup(ctx.databaseUrl, settings, out)).manifest;
    expect(written.secretsKey).toEqual({ included: false, reason: expect.stringMatching(/SECRETS_KEY/) });
    expect(fs.existsSync(path.join(out, 'secrets.key'))).toBe(false);
  });

  it('names the stored files removed before they were copied, and reports itself incomplete', async () => {
    const storage = path.join(tmp, 'vanishing');
    fs.mkdirSync(path.join(storage, '2026/11'), { recursive: true });
    for (const name of ['one.bin', 'two.bin']) fs.writeFileSync(path.join(storage, '2026/11', name), name);
    const removed = path.join(storage, '2026/11/two.bin');
    const createReadStream = fs.createReadStream;
    // The file goes (its row deleted) between the listing and its copy.
    const spy = vi.spyOn(fs, 'createReadStream').mockImplementation((file, options) => {
      if (file === removed) fs.rmSync(removed);
      return createReadStream(file, options);
    });
    const out = path.join(tmp, 'backup-vanished');
    try {
      const written = await backup(ctx.databaseUrl, { ...settingsOf(tmp), FILE_STORAGE_DIR: storage }, out);
      expect(written.complete).toBe(false);
      expect(written.manifest.missingFiles).toEqual(['2026/11/two.bin']);
      expect(written.manifest.files.map((file) => file.path)).toEqual(['files/2026/11/one.bin']);
    } finally {
      spy.mockRestore();
    }
    expect(JSON.parse(fs.readFileSync(path.join(out, MANIFEST_FILE), 'utf8')).missingFiles).toEqual([
      '2026/11/two.bin',
    ]);
    expect(manifest.missingFiles).toEqual([]);
    const fresh = await freshTarget();
    const restored = await restore(fresh.url, fresh.settings, out);
    expect(restored.notes).toEqual([
      '1 stored file(s) were removed while the backup ran and are not in it: 2026/11/two.bin',
    ]);
    expect(await filesUnder(fresh.settings.FILE_STORAGE_DIR)).toEqual(['2026/11/one.bin']);
  });
});

describe('restore', () => {
  let result: RestoreResult;
  let target: Awaited<ReturnType<typeof freshTarget>>;

  it('into a new database and files folder: the product serves the same data, files and secrets', async () => {
    target = await freshTarget();
    result = await restore(target.url, target.settings, backupDir);
    expect(result.tables).toEqual(manifest.tables.map((table) => ({ name: table.name, rows: table.rows })));
    expect(result.files).toBe(manifest.files.length);
    expect(result.refreshed.length).toBeGreaterThan(0);
    expect(result.notes).toEqual([]);

    const db = createPrisma(target.url, 5);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '',
      ...target.settings,
    });
    const app = await buildApp({ config, db, databaseUrl: target.url });
    checkAnswers(app);
    await app.ready();
    try {
      const after = await answersOf(app, db);
      expect(after).toEqual(before);
      expect(Buffer.compare(after.file, PDF)).toBe(0);
      expect(app.secrets.open(after.ssoSecret)).toBe(SSO_SECRET);
      // The restored key, not a new one, is what opens it.
      expect(fs.readFileSync(target.settings.SECRETS_KEY_FILE)).toEqual(
        fs.readFileSync(source.SECRETS_KEY_FILE),
      );
      expect(() => new SecretBox(Buffer.alloc(32, 7)).open(after.ssoSecret)).toThrow();
    } finally {
      await app.close();
      await db.$disconnect();
    }
  });

  it('refuses a database with data unless forced, and replaces it when forced', async () => {
    const folder = settingsOf(fs.mkdtempSync(path.join(tmp, 'again-')));
    await expect(restore(target.url, folder, backupDir)).rejects.toThrow(/database has data.*--force/);
    const stray = path.join(target.settings.FILE_STORAGE_DIR, 'stray.bin');
    fs.writeFileSync(stray, 'not in the backup');
    await expect(restore(target.url, target.settings, backupDir, { force: true })).resolves.toMatchObject({
      tables: result.tables,
    });
    // The files folder is the backup's, whole; nothing staged is left beside it.
    expect(fs.existsSync(stray)).toBe(false);
    expect(await filesUnder(target.settings.FILE_STORAGE_DIR)).toEqual(
      manifest.files.map((file) => file.path.replace(/^files\//, '')),
    );
    expect(fs.readdirSync(path.dirname(target.settings.FILE_STORAGE_DIR)).sort()).toEqual([
      'files',
      'secrets.key',
    ]);
  });

  it('a forced restore that fails leaves the database, the files and the key as they were', async () => {
    const users = await userCount(target.url);
    const marker = path.join(target.settings.FILE_STORAGE_DIR, 'marker.bin');
    fs.writeFileSync(marker, 'still here');
    const key = fs.readFileSync(target.settings.SECRETS_KEY_FILE);
    const unchanged = async () => {
      expect(await userCount(target.url)).toBe(users);
      expect(fs.readFileSync(marker, 'utf8')).toBe('still here');
      expect(fs.readFileSync(target.settings.SECRETS_KEY_FILE)).toEqual(key);
      expect(fs.readdirSync(path.dirname(target.settings.FILE_STORAGE_DIR)).sort()).toEqual([
        'files',
        'secrets.key',
      ]);
    };
    // The rows load, but one table has a row fewer than its manifest says: after the schema was dropped.
    const offByOne = copyWithManifest((changed) => {
      changed.tables.find((table) => table.name === 'User')!.rows += 1;
    });
    await expect(restore(target.url, target.settings, offByOne, { force: true })).rejects.toThrow(
      `User: ${users} rows loaded, the manifest says ${users + 1}.`,
    );
    await unchanged();
    // The key cannot be staged (its folder is a file): nothing is written either.
    const blocked = { ...target.settings, SECRETS_KEY_FILE: path.join(marker, 'secrets.key') };
    await expect(restore(target.url, blocked, backupDir, { force: true })).rejects.toThrow(/ENOTDIR/);
    await unchanged();
    fs.rmSync(marker);
  });

  it('refuses the files folder of another installation unless forced', async () => {
    const other = await freshTarget();
    await expect(restore(other.url, target.settings, backupDir)).rejects.toThrow(/holds files already/);
    expect(await publicTables(other.url)).toBe(0);
  });

  it('refuses a database the product is using', async () => {
    await expect(
      restore(ctx.databaseUrl, settingsOf(fs.mkdtempSync(path.join(tmp, 'used-'))), backupDir, {
        force: true,
      }),
    ).rejects.toThrow(/other connection\(s\) use this database/);
    expect(await ctx.db.user.count()).toBe(before.counts.users);
  });

  it("restores a backup of an older product at its own migrations, then applies this product's newer ones", async () => {
    const shipped = shippedMigrationNames();
    const older = await freshTarget();
    const subset = fs.mkdtempSync(path.join(tmp, 'older-migrations-'));
    for (const name of shipped.slice(0, -1))
      fs.cpSync(path.join(projectRoot, 'prisma', 'migrations', name), path.join(subset, name), {
        recursive: true,
      });
    await migrate(older.url, subset);
    const olderBackup = path.join(tmp, 'older-backup');
    expect((await backup(older.url, older.settings, olderBackup)).manifest.migrations).toEqual(
      shipped.slice(0, -1),
    );

    const fresh = await freshTarget();
    const restored = await restore(fresh.url, fresh.settings, olderBackup);
    expect(restored.upgradedBy).toEqual(shipped.slice(-1));
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        'SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name',
      );
      expect(rows.map((row) => row.migration_name)).toEqual(shipped);
    } finally {
      await client.end();
    }
  });

  /** A copy of the backup changed by `change`, restored into a new database: refused, nothing written. */
  async function refusedCopy(change: (copy: string) => void): Promise<string> {
    const copy = fs.mkdtempSync(path.join(tmp, 'copy-'));
    fs.cpSync(backupDir, copy, { recursive: true });
    change(copy);
    const fresh = await freshTarget();
    const refusal = await restore(fresh.url, fresh.settings, copy).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BackupRefused);
    expect(await publicTables(fresh.url)).toBe(0);
    expect(fs.existsSync(fresh.settings.FILE_STORAGE_DIR)).toBe(false);
    return (refusal as Error).message;
  }

  it('refuses a backup made by a newer product', async () => {
    const message = await refusedCopy((copy) => {
      const file = path.join(copy, MANIFEST_FILE);
      const newer = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
      newer.migrations.push('29991231000000_from_the_future');
      fs.writeFileSync(file, JSON.stringify(newer));
    });
    expect(message).toMatch(/newer Compass.*29991231000000_from_the_future/);
  });

  it('detects a damaged or missing file, and a path leading out of the files folder, before writing anything', async () => {
    const damagedFile = manifest.files[0]!.path;
    expect(
      await refusedCopy((copy) => {
        const file = path.join(copy, damagedFile);
        const bytes = fs.readFileSync(file);
        bytes[0] = bytes[0]! ^ 0xff;
        fs.writeFileSync(file, bytes);
      }),
    ).toBe(
      `The backup is damaged: ${damagedFile} is not the file the manifest names (size or SHA-256 differs).`,
    );
    expect(
      await refusedCopy((copy) => {
        const file = path.join(copy, MANIFEST_FILE);
        const leading = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
        leading.files[0]!.path = 'files/../database/User.copy.gz';
        fs.writeFileSync(file, JSON.stringify(leading));
      }),
    ).toMatch(/^The manifest names \.\.\/database\/User\.copy\.gz, outside/);
    // A link, to the very bytes the manifest names, or a folder that is one: refused.
    const linked = manifest.files[0]!.path;
    expect(
      await refusedCopy((copy) => {
        fs.rmSync(path.join(copy, linked));
        fs.symlinkSync(path.join(backupDir, linked), path.join(copy, linked));
      }),
    ).toBe(`The backup is not as written: ${linked} is not a regular file in a folder (a link?).`);
    expect(
      await refusedCopy((copy) => {
        fs.rmSync(path.join(copy, 'database'), { recursive: true });
        fs.symlinkSync(path.join(backupDir, 'database'), path.join(copy, 'database'));
      }),
    ).toMatch(/^The backup is not as written: database\/.* is not a regular file in a folder/);
    const table = manifest.tables.find((entry) => entry.name === 'User')!.file.path;
    expect(await refusedCopy((copy) => fs.rmSync(path.join(copy, table)))).toBe(
      `The backup is incomplete: ${table} is missing.`,
    );
  });
});
