import type { TestProject } from 'vitest/node';
import { seedDemo } from '../../seed/demo';
import { ensureDatabase, startThrowawayPostgres } from '../src/db/embedded';
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
  const server = await startThrowawayPostgres('compass-test-pg-', { from: 20000, count: 20000 });
  const teardown = () => server.stop();
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
