import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shippedMigrationNames } from '../src/db/migrate';
import { setupTestApp, type TestContext } from './helpers';

/**
 * The health calls an orchestrator asks: liveness (the process answers) apart from readiness (it
 * can serve: database, file store, migrations). A hung database: databaseHang.test.ts; a full or
 * read-only file store: fileStoreFull.test.ts.
 */
let ctx: TestContext;
const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-health-'));

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORAGE_DIR: storeDir });
  return () => fs.rmSync(storeDir, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('liveness and readiness', () => {
  it('answers liveness without asking anything', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ response_code: 200, response_data: { status: 'ok' } });
  });

  it('is ready when the database answers, the store takes a file and every migration is applied', async () => {
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().response_data).toEqual({
      status: 'ready',
      database: 'ok',
      fileStore: 'ok',
      migrations: 'ok',
    });
    // The probe file is gone again.
    expect(fs.readdirSync(storeDir)).toEqual([]);
  });

  it('is not ready while a migration the server ships is not applied, and names it', async () => {
    const latest = shippedMigrationNames().at(-1)!;
    const [applied] = await ctx.db.$queryRaw<Record<string, unknown>[]>`
      SELECT * FROM "_prisma_migrations" WHERE migration_name = ${latest}`;
    await ctx.db.$executeRaw`DELETE FROM "_prisma_migrations" WHERE migration_name = ${latest}`;
    try {
      const notReady = await get('/api/health/ready');
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toMatchObject({
        response_code: 503,
        response_message: `Not ready: 1 migration is not applied (${latest}).`,
        error_code: 'unavailable',
        response_data: { status: 'notReady', database: 'ok', fileStore: 'ok', migrations: 'failing' },
      });
      // Liveness is not readiness: the process stays up.
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      await ctx.db.$executeRaw`INSERT INTO "_prisma_migrations"
        SELECT * FROM json_populate_record(NULL::"_prisma_migrations", ${JSON.stringify(applied)}::json)`;
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('keeps GET /api/health as it was for its callers (the web client)', async () => {
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json().response_data).toEqual({ status: 'ok', database: 'ok' });
  });

  it('documents the three calls in the OpenAPI document', async () => {
    const { paths } = (await get('/api/openapi.json')).json();
    for (const call of ['/api/health', '/api/health/live', '/api/health/ready'])
      expect(paths[call]?.get).toBeTruthy();
  });
});
