import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { LocalFileStorage } from '../server/src/plugins/storage';
import { seedDemo } from '../seed/demo';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { ensureDatabase, startThrowawayPostgres } from '../server/src/db/embedded';
import { migrate, projectRoot } from '../server/src/db/migrate';
import { createPrisma } from '../server/src/db/prisma';
import { WebhookDeliveryWorker } from '../server/src/modules/webhooks';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailCaptureDir: string;
    /** The product's database, for tests that prepare what no screen makes yet (a mailed link). */
    databaseUrl: string;
  }
}

/** The whole product as a user gets it: built web client and API on one port, real database, demo data. */
export default async function setup(project: TestProject) {
  // WEB_DIST_DIR lets parallel work test its own build (vite build --outDir elsewhere).
  const webDistDir = process.env.WEB_DIST_DIR ?? path.join(projectRoot, 'web', 'dist');
  if (!fs.existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error('Build the web client first (npm run build); npm test does it for you.');
  }
  const pg = await startThrowawayPostgres('compass-e2e-pg-', { from: 40000, count: 10000 });
  const root = pg.folder;
  // Stopped in reverse order; vitest runs no teardown when setup fails, so a failure stops them too.
  const stops: Array<() => Promise<unknown>> = [() => pg.stop()];
  // The cluster goes last, and its folder (the files and the mail capture too) with it.
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    await ensureDatabase(pg.adminUrl, 'compass');
    const url = pg.urlFor('compass');
    const mailCaptureDir = path.join(root, 'mail');
    await migrate(url);
    const db = createPrisma(url);
    stops.push(() => db.$disconnect());
    // The demo documents' files go where the app reads them.
    await seedDemo(db, { storage: new LocalFileStorage(path.join(root, 'files')) });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      MAIL_CAPTURE_DIR: mailCaptureDir,
      MAIL_POLL_SECONDS: '0.5',
      FILE_STORAGE_DIR: path.join(root, 'files'),
      WEB_DIST_DIR: webDistDir,
      // Every browser signs in from 127.0.0.1, and a dozen files sign the same demo people in:
      // the per-address and per-account sign-in limits (tested in server/test/abuse.test.ts) would
      // refuse later tests' sign-ins. ethan.coordinator signs in about ten times in the minute
      // before accounts.test.ts signs him in once more (its sign-in then got a 429, now and then).
      RATE_LIMIT_PER_ADDRESS: '1000',
      RATE_LIMIT_PER_ACCOUNT: '1000',
      // The webhook test's receiver listens on http://127.0.0.1 (e2e/integrations.test.ts).
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_POLL_SECONDS: '0.5',
    });
    const app = await buildApp({ config, db, databaseUrl: url });
    stops.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.mail.startWorker();
    // As server.ts does: the deliveries of webhooks are sent by their worker, stopped before the app.
    const webhooks = new WebhookDeliveryWorker(db, app.secrets, config, app.log);
    webhooks.start();
    stops.push(() => webhooks.stop());
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    project.provide('baseUrl', `http://127.0.0.1:${address.port}`);
    project.provide('mailCaptureDir', mailCaptureDir);
    project.provide('databaseUrl', url);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
