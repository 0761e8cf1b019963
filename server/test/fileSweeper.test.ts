import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../src/plugins/storage';
import { setupTestApp, type TestContext } from './helpers';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-sweeper-'));
const storage = new LocalFileStorage(storageDir);
let ctx: TestContext;
let companyId: string;

beforeAll(async () => {
  ctx = await setupTestApp({
    FILE_STORAGE_DIR: storageDir,
    FILE_SWEEP_GRACE_MINUTES: '60',
    // Short for the scheduled sweep below (about one a second).
    FILE_SWEEP_INTERVAL_MINUTES: '0.02',
  });
  companyId = (await ctx.db.company.findFirstOrThrow()).id;
});

afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

const exists = (key: string) => fs.existsSync(path.join(storageDir, key));

/** A stored file written `minutesAgo` minutes ago, as an upload leaves it before its transaction. */
async function storedFile(minutesAgo: number): Promise<string> {
  const key = await storage.put(Buffer.from(`content ${Math.random()}`), 'txt');
  const when = new Date(Date.now() - minutesAgo * 60_000);
  fs.utimesSync(path.join(storageDir, key), when, when);
  return key;
}

describe('the stored-file sweeper', () => {
  it('removes old files no row names and keeps referenced and recent ones', async () => {
    // A request that stored its file and died before its transaction committed.
    const orphan = await storedFile(90);
    // A request still in its transaction: younger than the grace period.
    const recent = await storedFile(5);
    const attached = await storedFile(90);
    await ctx.db.attachment.create({
      data: {
        companyId,
        ownerType: 'notice',
        ownerId: companyId,
        name: 'kept.txt',
        storageKey: attached,
        mimeType: 'text/plain',
        size: 1,
      },
    });
    const logo = await storedFile(90);
    await ctx.db.company.update({ where: { id: companyId }, data: { logoKey: logo } });
    const mailed = await storedFile(90);
    await ctx.db.mailMessage.create({
      data: {
        companyId,
        toAddress: 'someone@northwind.example',
        subject: 'With a stored attachment',
        textBody: '',
        htmlBody: '',
        category: 'test',
        attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', storageKey: mailed }],
      },
    });
    // Something in the folder that is not a storage key is not the sweeper's business.
    fs.writeFileSync(path.join(storageDir, 'README'), 'not a stored file');
    fs.utimesSync(path.join(storageDir, 'README'), new Date(0), new Date(0));

    expect(await ctx.app.fileSweeper.sweep()).toBe(1);
    expect(exists(orphan)).toBe(false);
    for (const key of [recent, attached, logo, mailed, 'README']) expect(exists(key), key).toBe(true);
    // Nothing left to remove the second time.
    expect(await ctx.app.fileSweeper.sweep()).toBe(0);
  });

  it('runs on its schedule once started', async () => {
    const orphan = await storedFile(120);
    ctx.app.fileSweeper.start();
    try {
      await expect.poll(() => exists(orphan), { timeout: 10_000 }).toBe(false);
      const later = await storedFile(120);
      await expect.poll(() => exists(later), { timeout: 10_000 }).toBe(false);
    } finally {
      await ctx.app.fileSweeper.stop();
    }
  });
});
