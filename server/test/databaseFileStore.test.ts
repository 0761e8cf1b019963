import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { addDays, messages } from '@compass/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backup } from '../src/backup/backup';
import { restore } from '../src/backup/restore';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { projectRoot } from '../src/db/migrate';
import { createPrisma, type Db } from '../src/db/prisma';
import { DatabaseFileStorage, LocalFileStorage } from '../src/plugins/storage';
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
 * FILE_STORE=database: files in the StoredFile tables, shared by every API process on the database.
 * Apps on one database stand for processes; each has a files folder of its own that must stay
 * empty. The database refusing a write for space (disk_full) is a trigger that raises SQLSTATE
 * 53100, as PostgreSQL does when its disk is full.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-dbstore-'));
const folderOf = (name: string) => path.join(tmp, name);
const PART = 1024 * 1024;
// 3 MiB and a little: four parts, the last a short one.
const BIG = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * PART)]);

// Uploads and downloads of megabytes on a machine other tests share.
vi.setConfig({ testTimeout: 120_000 });

let ctx: TestContext;
const closeAtEnd: (() => Promise<void>)[] = [];

/**
 * Another app on `databaseUrl`: another API process, with its own (unused) files folder. Its answers
 * are checked against the OpenAPI document unless `unchecked` (a fault's 500, which it leaves out).
 */
async function anotherApp(databaseUrl: string, overrides: Record<string, string>, unchecked = false) {
  const db = createPrisma(databaseUrl, 5);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '', ...overrides });
  const app = await buildApp({ config, db, databaseUrl });
  if (!unchecked) checkAnswers(app);
  await app.ready();
  closeAtEnd.push(async () => {
    await app.close();
    await db.$disconnect();
  });
  return { app, db };
}

/** A new document with its file, uploaded through `app` by Olivia (the admin). */
async function createDocument(app: FastifyInstance, db: Db, name: string, content: Buffer) {
  const details = {
    name,
    ownerId: (await employeeOf(db, 'ethan.coordinator')).id,
    reviewerId: (await employeeOf(db, 'olivia.admin')).id,
    reviewFrequency: 'years',
    nextReviewDate: addDays(new Date().toISOString().slice(0, 10), 90),
  };
  const { payload, contentType } = multipartPayload({ details: JSON.stringify(details) }, [
    { name: `${name}.pdf`, content },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/documentCreate',
    headers: { authtoken: await signIn(app, 'olivia.admin'), 'content-type': contentType },
    payload,
  });
}

const download = async (app: FastifyInstance, attachmentId: string, username = 'olivia.admin') =>
  app.inject({
    method: 'GET',
    url: `/api/files/${attachmentId}`,
    headers: { authtoken: await signIn(app, username) },
  });

const filesIn = (folder: string) =>
  fs.existsSync(folder)
    ? fs.readdirSync(folder, { recursive: true }).filter((entry) => String(entry).includes('.'))
    : [];

const partsOf = (db: Db, key: string) =>
  db.storedFilePart.findMany({
    where: { key },
    orderBy: { part: 'asc' },
    select: { part: true, content: true },
  });

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORE: 'database', FILE_STORAGE_DIR: folderOf('first') });
});

afterAll(async () => {
  for (const close of closeAtEnd.reverse()) await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the database file store', () => {
  let other: { app: FastifyInstance; db: Db };
  let attachmentId: string;
  let key: string;

  beforeAll(async () => {
    other = await anotherApp(ctx.databaseUrl, {
      FILE_STORE: 'database',
      FILE_STORAGE_DIR: folderOf('second'),
    });
  });

  it('serves a file uploaded through one process byte for byte through another, kept in 1 MiB parts', async () => {
    const created = await createDocument(ctx.app, ctx.db, 'Shared Policy', BIG);
    expect(created.statusCode, created.body).toBe(200);
    const attachment = await ctx.db.attachment.findFirstOrThrow({ where: { name: 'Shared Policy.pdf' } });
    attachmentId = attachment.id;
    key = attachment.storageKey;
    expect(key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);

    const parts = await partsOf(ctx.db, key);
    expect(parts.map((part) => [part.part, part.content.length])).toEqual([
      [0, PART],
      [1, PART],
      [2, PART],
      [3, BIG.length - 3 * PART],
    ]);
    expect(await ctx.db.storedFile.findUnique({ where: { key } })).toMatchObject({ size: BIG.length });

    // Read part after part: the first chunk is one part, not the whole file.
    const reading = new DatabaseFileStorage(ctx.db).read(key);
    const first = (await reading[Symbol.asyncIterator]().next()).value as Buffer;
    reading.destroy();
    expect(first.length).toBe(PART);

    const served = await download(other.app, attachmentId);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(served.rawPayload, BIG)).toBe(0);
    // Neither process wrote to its folder.
    expect([...filesIn(folderOf('first')), ...filesIn(folderOf('second'))]).toEqual([]);
  });

  it('refuses the file to a user of another organisation with 404, as before', async () => {
    const refused = await download(other.app, attachmentId, 'sam.southbank');
    expect(refused.statusCode).toBe(404);
  });

  it('answers 404 for a row whose file is gone, exactly as the local store does', async () => {
    const { companyId } = await employeeOf(ctx.db, 'olivia.admin');
    const document = await ctx.db.attachment.findUniqueOrThrow({ where: { id: attachmentId } });
    const gone = await ctx.db.attachment.create({
      data: {
        ...document,
        id: undefined,
        companyId,
        name: 'gone.pdf',
        storageKey: '2026/11/00000000-0000-4000-8000-000000000000.pdf',
      },
    });
    const local = await anotherApp(ctx.databaseUrl, { FILE_STORAGE_DIR: folderOf('local') }, true);
    const database = await anotherApp(ctx.databaseUrl, { FILE_STORE: 'database' }, true);
    const fromDatabase = await download(database.app, gone.id);
    const fromFolder = await download(local.app, gone.id);
    console.warn(
      `a missing file: ${fromDatabase.statusCode} from the database, ${fromFolder.statusCode} from a folder`,
    );
    expect(fromDatabase.statusCode).toBe(404);
    expect(fromDatabase.statusCode).toBe(fromFolder.statusCode);
    expect(fromDatabase.json()).toEqual(fromFolder.json());
    await ctx.db.attachment.delete({ where: { id: gone.id } });
  });

  it('answers a file the store cannot read (a folder in its place) with a 500 in the JSON envelope', async () => {
    const { companyId } = await employeeOf(ctx.db, 'olivia.admin');
    const document = await ctx.db.attachment.findUniqueOrThrow({ where: { id: attachmentId } });
    const storageKey = '2026/11/00000000-0000-4000-8000-0000000000e1.pdf';
    const unreadable = await ctx.db.attachment.create({
      data: { ...document, id: undefined, companyId, name: 'unreadable.pdf', storageKey },
    });
    fs.mkdirSync(path.join(folderOf('unreadable'), storageKey), { recursive: true });
    const local = await anotherApp(ctx.databaseUrl, { FILE_STORAGE_DIR: folderOf('unreadable') }, true);
    const answer = await download(local.app, unreadable.id);
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-disposition']).toBeUndefined();
    expect(answer.json()).toMatchObject({
      response_code: 500,
      response_message: messages.common.serverError,
    });
    await ctx.db.attachment.delete({ where: { id: unreadable.id } });
  });

  it('sweeps files no row names once past the grace period, parts and all, and keeps the named ones', async () => {
    const storage = new DatabaseFileStorage(ctx.db);
    const orphan = await storage.put(Buffer.alloc(PART + 1, 7), 'pdf');
    const young = await storage.put(Buffer.from('young'), 'txt');
    const longAgo = new Date(Date.now() - 3 * 3_600_000);
    await ctx.db.storedFile.updateMany({
      where: { key: { in: [orphan, key] } },
      data: { createdAt: longAgo },
    });

    const listed: string[] = [];
    for await (const old of storage.listOlderThan(new Date(Date.now() - 3_600_000))) listed.push(old);
    expect(listed.sort()).toEqual([orphan, key].sort());

    expect(await ctx.app.fileSweeper.sweep()).toBe(1);
    expect(await ctx.db.storedFile.findUnique({ where: { key: orphan } })).toBeNull();
    expect(await ctx.db.storedFilePart.count({ where: { key: orphan } })).toBe(0);
    expect(await ctx.db.storedFile.findUnique({ where: { key } })).not.toBeNull();
    expect(await ctx.db.storedFile.findUnique({ where: { key: young } })).not.toBeNull();

    await storage.remove(young);
    await storage.remove(young);
    expect(await ctx.db.storedFile.findUnique({ where: { key: young } })).toBeNull();
  });

  it('is ready while the database takes files; a database that is full answers 507, keeps nothing half, and takes files again', async () => {
    const ready = () => other.app.inject({ method: 'GET', url: '/api/health/ready' });
    const passedAt = performance.now();
    expect((await ready()).json().response_data).toMatchObject({ status: 'ready', fileStore: 'ok' });
    const filesBefore = await ctx.db.storedFile.count();

    await ctx.db.$executeRawUnsafe(`CREATE FUNCTION pretend_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$`);
    await ctx.db.$executeRawUnsafe(
      `CREATE TRIGGER disk_full BEFORE INSERT ON "StoredFilePart" FOR EACH ROW EXECUTE FUNCTION pretend_disk_full()`,
    );
    try {
      // A pass of the last 5 s is reused (health/service.ts): no probe write until a write is refused.
      const reused = await ready();
      if (performance.now() - passedAt < 5000) expect(reused.statusCode).toBe(200);
      const refused = await createDocument(other.app, other.db, 'Full Database Policy', BIG);
      expect(refused.statusCode, refused.body).toBe(507);
      expect(refused.json()).toMatchObject({
        response_code: 507,
        response_message: messages.common.fileStoreUnavailable,
        error_code: 'unavailable',
      });
      expect(await ctx.db.storedFile.count()).toBe(filesBefore);
      expect(await ctx.db.document.count({ where: { name: 'Full Database Policy' } })).toBe(0);

      const notReady = await ready();
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json().response_data).toMatchObject({
        status: 'notReady',
        database: 'ok',
        fileStore: 'failing',
      });
      // The stored file is still served.
      expect((await download(other.app, attachmentId)).statusCode).toBe(200);
    } finally {
      await ctx.db.$executeRawUnsafe('DROP TRIGGER disk_full ON "StoredFilePart"');
      await ctx.db.$executeRawUnsafe('DROP FUNCTION pretend_disk_full()');
    }
    expect((await ready()).statusCode).toBe(200);
    expect((await createDocument(other.app, other.db, 'Full Database Policy', BIG)).statusCode).toBe(200);
    // The probes left no row behind.
    expect(await ctx.db.storedFile.count({ where: { key: { startsWith: '.probe-' } } })).toBe(0);
  });

  it('is carried by a backup in its tables, and a restored database serves the files', async () => {
    const settings = {
      FILE_STORAGE_DIR: folderOf('first'),
      SECRETS_KEY_FILE: path.join(tmp, 'secrets.key'),
      SECRETS_KEY: undefined,
      PRODUCT_NAME: 'Compass',
    };
    const out = path.join(tmp, 'backup');
    const { manifest, complete } = await backup(ctx.databaseUrl, settings, out);
    expect(complete).toBe(true);
    expect(manifest.files).toEqual([]);
    const partRows = manifest.tables.find((table) => table.name === 'StoredFilePart')?.rows;
    expect(partRows).toBe(await ctx.db.storedFilePart.count());
    expect(partRows).toBeGreaterThanOrEqual(8);

    const target = await createTestDatabase({ blank: true });
    closeAtEnd.push(target.drop);
    await restore(target.url, { ...settings, FILE_STORAGE_DIR: folderOf('restored') }, out);
    const restored = await anotherApp(target.url, {
      FILE_STORE: 'database',
      FILE_STORAGE_DIR: folderOf('restored'),
    });
    const served = await download(restored.app, attachmentId);
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, BIG)).toBe(0);
  });
  // Four runs of the command, each starting tsx and connecting anew: a longer bound.
  it('moves every file to a folder and back under the same keys (npm run files:move), doing only the rest when run again', async () => {
    const stored = await ctx.db.storedFile.findMany({ select: { key: true, size: true } });
    const folder = folderOf('moved');
    const move = (...args: string[]) =>
      promisify(execFile)('npx', ['tsx', path.join(projectRoot, 'scripts/moveFiles.ts'), ...args], {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: ctx.databaseUrl, FILE_STORAGE_DIR: folder },
      });

    const toFolder = await move('--to', 'local');
    expect(toFolder.stdout).toContain(`Done: ${stored.length} files, ${stored.length} copied`);
    for (const file of stored) expect(fs.statSync(path.join(folder, file.key)).size).toBe(file.size);
    expect(fs.readFileSync(path.join(folder, key)).equals(BIG)).toBe(true);
    expect((await move('--to', 'local')).stdout).toContain(
      `0 copied (0.0 MB), ${stored.length} there already`,
    );

    const onlyInFolder = await new LocalFileStorage(folder).put(Buffer.from('written meanwhile'), 'txt');
    const toDatabase = await move('--to', 'database');
    expect(toDatabase.stdout).toContain(`1 copied (0.0 MB), ${stored.length} there already`);
    const read = await new DatabaseFileStorage(ctx.db).read(onlyInFolder).toArray();
    expect(Buffer.concat(read).toString()).toBe('written meanwhile');

    const refused = await move('--to', 's3').catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run files:move') });
  }, 300_000);
});
