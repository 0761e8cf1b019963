import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { messages } from '@compass/shared';
import type { Config } from '../config';
import { codesOf, isUniqueViolation } from '../db/errors';
import type { Db } from '../db/prisma';
import { AppError } from '../errors';

/**
 * Where uploaded files live. Callers only ever hold opaque keys made here; a download resolves
 * an attachment row the caller may read to its key, never a path from the request.
 */
export interface FileStorage {
  put(content: Buffer, extension: string): Promise<string>;
  /** Stores a file under a key another store made (a move between stores); false when it is there already. */
  putAs(key: string, content: Buffer): Promise<boolean>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  /** Keys of the stored files last written before `before`. */
  listOlderThan(before: Date): AsyncIterable<string>;
  /** Writes and removes a small file: fails when the store cannot take files (readiness). */
  probe(): Promise<void>;
  /** Writes refused for want of space or permission (507) so far: readiness probes again after one. */
  readonly writesRefused: number;
}

/**
 * What a store that is full, over its quota, read-only or not writable for this process says; for
 * the database store, PostgreSQL's disk_full (SQLSTATE 53100: its disk or tablespace is full).
 */
const CANNOT_TAKE_FILES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM']);
const DATABASE_FULL = '53100';

/**
 * A write the store refused for want of space or permission becomes 507 with a message the user
 * can act on (try again later); the cause stays in the log. Anything else is left as it is (a
 * database that is down stays the usual 503 of db/errors.ts). A refused write of `store` is counted
 * in its writesRefused.
 */
function fileStoreErrorOf(error: unknown, store?: { writesRefused: number }): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const full = (code && CANNOT_TAKE_FILES.has(code)) || codesOf(error).includes(DATABASE_FULL);
  if (!full) return error;
  if (store) store.writesRefused++;
  const refused = new AppError(507, messages.common.fileStoreUnavailable, null, undefined, 'unavailable');
  refused.cause = error;
  return refused;
}

const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/** The same keys in every store, so a file keeps its key when it moves from one to another. */
function newKey(extension: string): string {
  const now = new Date();
  const ext = /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : '';
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}${ext}`;
}

function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}

/** Files in a local folder, sharded by month: `2026/11/<uuid>.png`. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  writesRefused = 0;

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
  }

  async put(content: Buffer, extension: string): Promise<string> {
    const key = newKey(extension);
    if (!(await this.putAs(key, content))) throw new Error(`A stored file exists already: ${key}`);
    return key;
  }

  async putAs(key: string, content: Buffer): Promise<boolean> {
    const file = this.pathOf(key);
    try {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, content, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      // A write that failed part-way (a full disk) leaves the file it created: no half file is kept.
      await fs.promises.rm(file, { force: true }).catch(() => undefined);
      throw fileStoreErrorOf(error, this);
    }
  }

  read(key: string): Readable {
    return fs.createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async probe(): Promise<void> {
    // Not a storage key: the sweeper never lists it, should a failed removal leave it behind.
    const file = path.join(this.root, `.probe-${randomUUID()}`);
    try {
      await fs.promises.mkdir(this.root, { recursive: true });
      await fs.promises.writeFile(file, 'probe', { flag: 'wx' });
    } finally {
      await fs.promises.rm(file, { force: true }).catch(() => undefined);
    }
  }

  async *listOlderThan(before: Date): AsyncIterable<string> {
    let entries: string[];
    try {
      entries = await fs.promises.readdir(this.root, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const key = entry.split(path.sep).join('/');
      if (!KEY_PATTERN.test(key)) continue;
      const stat = await fs.promises.stat(this.pathOf(key)).catch(() => null);
      if (stat?.isFile() && stat.mtime < before) yield key;
    }
  }
}

/** A file's parts (StoredFilePart): a download holds about one part in memory, never the whole file. */
const PART_BYTES = 1024 * 1024;
/** Keys the sweeper is given per query. */
const LIST_BATCH = 500;

/** The error a missing file gives in the local store, so that every caller treats both alike. */
const missingFile = (key: string) =>
  Object.assign(new Error(`ENOENT: no such stored file '${key}'`), { code: 'ENOENT' });

/**
 * Files in the database (StoredFile and its 1 MiB StoredFileParts), under the same keys as the local
 * store: every API process on the database reads every file, and the files share its transactions,
 * backups and replicas (docs/scaling.md). Through the app's Prisma client, so every wait is bounded
 * like any other call's (db/waits.ts).
 */
export class DatabaseFileStorage implements FileStorage {
  constructor(private readonly db: Db) {}

  writesRefused = 0;

  async put(content: Buffer, extension: string): Promise<string> {
    const key = newKey(extension);
    if (!(await this.putAs(key, content))) throw new Error(`A stored file exists already: ${key}`);
    return key;
  }

  async putAs(key: string, content: Buffer): Promise<boolean> {
    checkedKey(key);
    const parts = [];
    // Views of the upload, not copies (a received upload's memory is an ArrayBuffer, never shared).
    const memory = content.buffer as ArrayBuffer;
    for (let offset = 0; offset < content.length; offset += PART_BYTES) {
      const length = Math.min(PART_BYTES, content.length - offset);
      parts.push({
        part: offset / PART_BYTES,
        content: new Uint8Array(memory, content.byteOffset + offset, length),
      });
    }
    try {
      // One statement set in one transaction: a refused part leaves neither the file nor a part.
      await this.db.storedFile.create({
        data: { key, size: content.length, parts: { createMany: { data: parts } } },
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw fileStoreErrorOf(error, this);
    }
  }

  read(key: string): Readable {
    checkedKey(key);
    const db = this.db;
    async function* parts() {
      const file = await db.storedFile.findUnique({ where: { key }, select: { size: true } });
      if (!file) throw missingFile(key);
      for (let part = 0; part * PART_BYTES < file.size; part++) {
        const row = await db.storedFilePart.findUnique({
          where: { key_part: { key, part } },
          select: { content: true },
        });
        // Removed while it was being read.
        if (!row) throw missingFile(key);
        yield Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength);
      }
    }
    // Part after part as the reader takes them: at most one part waits beyond the one being sent.
    return Readable.from(parts(), { objectMode: false, highWaterMark: PART_BYTES });
  }

  async remove(key: string): Promise<void> {
    await this.db.storedFile.deleteMany({ where: { key: checkedKey(key) } });
  }

  async probe(): Promise<void> {
    // A part written and its file removed in one transaction: nothing stays, and its key is no storage key.
    const key = `.probe-${randomUUID()}`;
    try {
      await this.db.$transaction([
        this.db.storedFile.create({
          data: { key, size: 5, parts: { create: { part: 0, content: Buffer.from('probe') } } },
        }),
        this.db.storedFile.delete({ where: { key } }),
      ]);
    } catch (error) {
      throw fileStoreErrorOf(error);
    }
  }

  async *listOlderThan(before: Date): AsyncIterable<string> {
    // By key, after the last one listed: the sweeper removes files between the batches.
    let after = '';
    for (;;) {
      const rows = await this.db.storedFile.findMany({
        where: { createdAt: { lt: before }, key: { gt: after } },
        orderBy: { key: 'asc' },
        take: LIST_BATCH,
        select: { key: true },
      });
      for (const { key } of rows) if (KEY_PATTERN.test(key)) yield key;
      if (rows.length < LIST_BATCH) return;
      after = rows.at(-1)!.key;
    }
  }
}

/** The store FILE_STORE names: the API, the command-line tools and the file move all use this. */
export function fileStorageOf(config: Pick<Config, 'FILE_STORE' | 'FILE_STORAGE_DIR'>, db: Db): FileStorage {
  return config.FILE_STORE === 'database'
    ? new DatabaseFileStorage(db)
    : new LocalFileStorage(config.FILE_STORAGE_DIR);
}

/** What a copy between stores did: files copied (and their bytes), and files the target held already. */
export interface CopyCounts {
  copied: number;
  bytes: number;
  present: number;
}

/**
 * Every file of `from` into `to` under its own key (`npm run files:move`). Files `to` holds already
 * are left as they are, so a copy run again (interrupted, or to take files written meanwhile) does
 * only the rest. One file in memory at a time: uploads are at most MAX_UPLOAD_BYTES.
 */
export async function copyStoredFiles(
  from: FileStorage,
  to: FileStorage,
  progress: (counts: CopyCounts) => void = () => undefined,
): Promise<CopyCounts> {
  const everything = new Date(8.64e15);
  const present = new Set<string>();
  for await (const key of to.listOlderThan(everything)) present.add(key);
  const counts: CopyCounts = { copied: 0, bytes: 0, present: 0 };
  for await (const key of from.listOlderThan(everything)) {
    const content = present.has(key) ? null : Buffer.concat(await from.read(key).toArray());
    if (content && (await to.putAs(key, content))) {
      counts.copied += 1;
      counts.bytes += content.length;
    } else counts.present += 1;
    progress(counts);
  }
  return counts;
}
