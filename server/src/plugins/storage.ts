import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

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
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, content, { flag: 'wx' });
    return key;
  }

  read(key: string): Readable {
    return fs.createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
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
