import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, messages } from '@compass/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeOf, multipartPayload, setupTestApp, signIn, type TestContext } from './helpers';

/**
 * The file store on a filesystem of its own: a 1 MB tmpfs mounted for this file (as root, as CI
 * runs), filled up or made read-only for real, and unmounted at the end. Nothing is mocked and the
 * machine's own disks are not touched. Where mounting is not allowed (not root) the file is skipped.
 */
const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-store-'));
const mount = (...options: string[]) => execFileSync('mount', options, { stdio: 'pipe' });
const mounted = (() => {
  try {
    mount('-t', 'tmpfs', '-o', 'size=1m,mode=0755', 'tmpfs', storeDir);
    return true;
  } catch {
    fs.rmdirSync(storeDir);
    return false;
  }
})();

/** The files in the store, as paths below it. */
const storedFiles = () =>
  fs
    .readdirSync(storeDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storeDir, path.join(entry.parentPath, entry.name)));

/** Writes one file until the store is full (ENOSPC). */
function fillStore(): string {
  const filler = path.join(storeDir, 'filler');
  const descriptor = fs.openSync(filler, 'w');
  try {
    for (;;) fs.writeSync(descriptor, Buffer.alloc(64 * 1024, 1));
  } catch (error) {
    expect(error).toMatchObject({ code: 'ENOSPC' });
  } finally {
    fs.closeSync(descriptor);
  }
  return filler;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.skipIf(!mounted)('a file store that cannot take files', () => {
  let ctx: TestContext;
  let admin: string;
  let people: { owner: string; reviewer: string };

  beforeAll(async () => {
    ctx = await setupTestApp({ FILE_STORAGE_DIR: storeDir });
    admin = await signIn(ctx.app, 'olivia.admin');
    people = {
      owner: (await employeeOf(ctx.db, 'ethan.coordinator')).id,
      reviewer: (await employeeOf(ctx.db, 'olivia.admin')).id,
    };
  });

  afterAll(() => {
    execFileSync('umount', ['--lazy', storeDir]);
    fs.rmdirSync(storeDir);
  });

  const ready = () => ctx.app.inject({ method: 'GET', url: '/api/health/ready' });

  /** A new document with its file (a Document, its version and an Attachment row). */
  function createDocument(name: string) {
    const details = {
      name,
      ownerId: people.owner,
      reviewerId: people.reviewer,
      reviewFrequency: 'years',
      nextReviewDate: addDays(new Date().toISOString().slice(0, 10), 90),
    };
    const { payload, contentType } = multipartPayload({ details: JSON.stringify(details) }, [
      { name: 'policy.pdf', content: PDF },
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/documentCreate',
      headers: { authtoken: admin, 'content-type': contentType },
      payload,
    });
  }

  async function uploadLogo() {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1f5fbf' } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartPayload({}, [{ name: 'logo.png', content: png }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/organisationLogoUpload',
      headers: { authtoken: admin, 'content-type': contentType },
      payload,
    });
  }

  const refusal = {
    response_code: 507,
    response_message: messages.common.fileStoreUnavailable,
    error_code: 'unavailable',
  };

  it('full: answers 507 with a clear message, keeps no half file and no row, and takes files again once there is space', async () => {
    const filler = fillStore();

    const refused = await createDocument('Full Store Policy');
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json()).toMatchObject(refusal);
    // Nothing half: no file beside the filler, no row naming one.
    expect(storedFiles()).toEqual(['filler']);
    expect(await ctx.db.document.count({ where: { name: 'Full Store Policy' } })).toBe(0);
    expect(await ctx.db.attachment.count({ where: { name: 'policy.pdf' } })).toBe(0);

    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({
      response_message: 'Not ready: the file store cannot take files (ENOSPC).',
      response_data: { status: 'notReady', database: 'ok', fileStore: 'failing', migrations: 'ok' },
    });

    fs.rmSync(filler);
    const accepted = await createDocument('Full Store Policy');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const attachment = await ctx.db.attachment.findFirstOrThrow({ where: { name: 'policy.pdf' } });
    expect(fs.readFileSync(path.join(storeDir, attachment.storageKey))).toEqual(PDF);
    expect(storedFiles()).toEqual([attachment.storageKey]);
    expect((await ready()).statusCode).toBe(200);
  });

  it('read-only: answers 507, keeps the stored logo, lets a removal through, and takes files again once writable', async () => {
    expect((await uploadLogo()).statusCode).toBe(200);
    const { companyId } = await employeeOf(ctx.db, 'olivia.admin');
    const company = await ctx.db.company.findUniqueOrThrow({ where: { id: companyId } });
    const logoKey = company.logoKey!;
    mount('-o', 'remount,ro', storeDir);
    try {
      const refused = await uploadLogo();
      expect(refused.statusCode, refused.body).toBe(507);
      expect(refused.json()).toMatchObject(refusal);
      expect((await ctx.db.company.findUniqueOrThrow({ where: { id: company.id } })).logoKey).toBe(logoKey);

      const notReady = await ready();
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json().response_data).toMatchObject({ fileStore: 'failing', database: 'ok' });
      expect(notReady.json().response_message).toBe('Not ready: the file store cannot take files (EROFS).');

      // The removal is recorded; the file the store cannot remove now is left to the sweeper.
      const removed = await ctx.app.inject({
        method: 'POST',
        url: '/api/organisationLogoDelete',
        headers: { authtoken: admin },
        payload: {},
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await ctx.db.company.findUniqueOrThrow({ where: { id: company.id } })).logoKey).toBeNull();
      expect(storedFiles()).toContain(logoKey);
    } finally {
      mount('-o', 'remount,rw', storeDir);
    }
    expect((await uploadLogo()).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(200);
  });
});
