import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../../seed/demo';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';
import { createPrisma } from '../src/db/prisma';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export const TEMPLATE_DATABASE = 'compass_template';

/**
 * One real PostgreSQL per test run: a template database is migrated and seeded once, and every
 * test file gets its own copy of it (helpers.ts), so files never see each other's writes.
 */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-test-pg-'));
  fs.chmodSync(root, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: path.join(root, 'data'),
    port: 20000 + Math.floor(Math.random() * 20000),
    persistent: false,
    fast: true,
  });
  const teardown = async () => {
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    await ensureDatabase(server.adminUrl, TEMPLATE_DATABASE);
    const url = server.urlFor(TEMPLATE_DATABASE);
    await migrate(url);
    const db = createPrisma(url);
    await seedDemo(db);
    await db.$disconnect();
  } catch (error) {
    // vitest runs no teardown when setup fails: the cluster would outlive the run.
    await teardown();
    throw error;
  }
  project.provide('pgAdminUrl', server.adminUrl);
  return teardown;
}
