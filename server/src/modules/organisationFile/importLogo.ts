import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@compass/shared';
import sharp from 'sharp';
import type { FileStorage } from '../../plugins/storage';
import { ImportRefused } from './importProblems';
import type { ImportRun, Tx } from './importRun';

/**
 * The logo's file: inside the organisation file's folder (`baseDir`), as a relative path without
 * '..' whose real path, links followed, is inside the folder's real path too; a regular file no larger
 * than an uploaded one. Anything else is refused: a file must not make the import read the host's
 * other files (a logo of /etc/passwd was read before).
 */
async function logoFileBeside(baseDir: string, logoPath: string): Promise<string> {
  const outside = new ImportRefused([
    `organisation.logo: ${logoPath} must be a file in the organisation file's folder, named without .. or a leading /`,
  ]);
  if (path.isAbsolute(logoPath) || logoPath.split(/[\\/]/).includes('..')) throw outside;
  const missing = new ImportRefused([`organisation.logo: No file ${logoPath} next to the organisation file`]);
  const [folder, file] = await Promise.all([
    fs.realpath(baseDir),
    fs.realpath(path.resolve(baseDir, logoPath)),
  ]).catch(() => {
    throw missing;
  });
  const inside = path.relative(folder, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside))
    throw outside;
  const stat = await fs.stat(file);
  if (!stat.isFile()) throw missing;
  if (stat.size > MAX_UPLOAD_BYTES)
    throw new ImportRefused([
      `organisation.logo: ${logoPath} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
    ]);
  return file;
}

export async function readLogo(baseDir: string, logoPath: string): Promise<Buffer> {
  const content = await fs.readFile(await logoFileBeside(baseDir, logoPath)).catch(() => {
    throw new ImportRefused([`organisation.logo: No file ${logoPath} next to the organisation file`]);
  });
  try {
    return await sharp(content)
      .rotate()
      .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new ImportRefused([`organisation.logo: ${logoPath} is not a PNG, JPEG or WebP image`]);
  }
}

/** The logo is replaced only when its pixels differ from the stored one. */
export async function syncLogo(
  run: ImportRun,
  storage: FileStorage,
  tx: Tx,
  company: { id: string; logoKey: string | null },
  logo: Buffer,
  dryRun: boolean,
) {
  if (company.logoKey) {
    const current = Buffer.concat(
      await storage
        .read(company.logoKey)
        .toArray()
        .catch(() => []),
    );
    if (current.equals(logo)) return run.tally('logo', 'unchanged');
  }
  run.tally('logo', company.logoKey ? 'updated' : 'created');
  if (dryRun) return;
  const key = await storage.put(logo, 'png');
  await tx.company.update({ where: { id: company.id }, data: { logoKey: key } });
}
