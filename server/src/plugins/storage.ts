import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { messages } from '@compass/shared';
import { AppError } from '../errors';

/**
 * Where uploaded files live. Callers only ever hold opaque keys made here; a download resolves
 * an attachment row the caller may read to its key, never a path from the request.
 */
export interface FileStorage {
  put(content: Buffer, extension: string): Promise<string>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  /** Keys of the stored files last written before `before`. */
  listOlderThan(before: Date): AsyncIterable<string>;
  /** Writes and removes a small file: fails when the store cannot take files (readiness). */
  probe(): Promise<void>;
}

/** What a store that is full, over its quota, read-only or not writable for this process says. */
const CANNOT_TAKE_FILES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM']);

/**
 * A write the store refused for want of space or permission becomes 507 with a message the user
 * can act on (try again later); the cause stays in the log. Anything else is left as it is.
 */
function fileStoreErrorOf(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (!code || !CANNOT_TAKE_FILES.has(code)) return error;
  const refused = new AppError(507, messages.common.fileStoreUnavailable, null, undefined, 'unavailable');
  refused.cause = error;
  return refused;
}

const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/** Files in a local folder, sharded by month: `2026/11/<uuid>.png`. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(content: Buffer, extension: string): Promise<string> {
    const now = new Date();
    const ext = /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : '';
    const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}${ext}`;
    const file = this.pathOf(key);
    try {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, content, { flag: 'wx' });
    } catch (error) {
      // A write that failed part-way (a full disk) leaves the file it created: no half file is kept.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        await fs.promises.rm(file, { force: true }).catch(() => undefined);
      throw fileStoreErrorOf(error);
    }
    return key;
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
