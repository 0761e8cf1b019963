import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** The layout of a backup folder this product writes and reads; a newer layout is refused. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
/** The folders of a backup: one gzipped COPY text file per table, the stored files as they lie. */
export const DATABASE_FOLDER = 'database';
export const FILES_FOLDER = 'files';
export const KEY_FILE = 'secrets.key';

const ZFileEntry = z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string() });

const ZManifest = z.object({
  format: z.literal('compass-backup'),
  formatVersion: z.number().int().min(1),
  /** Compass has no release number: its schema version is the newest migration it ships. */
  product: z.object({ name: z.string(), newestMigration: z.string().nullable() }),
  createdAt: z.string(),
  /** The migrations applied to the database when the snapshot was taken, in order. */
  migrations: z.array(z.string()),
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.number().int().min(0),
      file: ZFileEntry,
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  files: z.array(ZFileEntry),
  /**
   * Stored files removed between the snapshot and their copy (paths below the files folder): rows of
   * the snapshot may name them. Backups written before this field was added have none.
   */
  missingFiles: z.array(z.string()).default([]),
  secretsKey: z.discriminatedUnion('included', [
    z.object({ included: z.literal(true), file: ZFileEntry }),
    z.object({ included: z.literal(false), reason: z.string() }),
  ]),
});

export type BackupManifest = z.infer<typeof ZManifest>;
export type BackupFileEntry = z.infer<typeof ZFileEntry>;

/** A backup that cannot be restored here, or a database or folder it must not be restored into. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/** The manifest of a backup folder; refused when missing, malformed or of a newer layout. */
export function readManifest(backupDir: string): BackupManifest {
  const file = path.join(backupDir, MANIFEST_FILE);
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat) throw new BackupRefused(`${backupDir} is not a Compass backup: it has no ${MANIFEST_FILE}.`);
  if (!stat.isFile()) throw new BackupRefused(`${file} is not a regular file (a link?): refused.`);
  let parsed: ReturnType<typeof ZManifest.safeParse>;
  try {
    parsed = ZManifest.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    throw new BackupRefused(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (!parsed.success)
    throw new BackupRefused(`${file} is not a Compass backup manifest: ${parsed.error.message}`);
  if (parsed.data.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupRefused(
      `This backup has layout ${parsed.data.formatVersion}; this Compass reads up to ${BACKUP_FORMAT_VERSION}. Restore it with the version that made it, or newer.`,
    );
  return parsed.data;
}

/** The SHA-256 of a stream's bytes in hex, as they pass. */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * A file written 0600 through `transform`s, with its size and the SHA-256 of what was written. The
 * source is opened once the folder is there, so its errors (a file removed meanwhile) reach the
 * pipeline: a stream opened earlier may fail before anything listens, and that ends the process.
 */
export async function writeHashed(
  open: () => Readable,
  target: string,
  transforms: Transform[] = [],
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  await pipeline([open(), ...transforms, tap, fs.createWriteStream(target, { mode: 0o600, flags: 'wx' })]);
  return { size, sha256: hash.digest('hex') };
}

/** Every regular file under `root`, as paths relative to it with '/' separators; none when it does not exist. */
export async function filesUnder(root: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** A table's or sequence's name as an SQL identifier. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
