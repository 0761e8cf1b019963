import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startJobs } from '../src/plugins/jobs';
import { createTestDatabase } from './helpers';

/**
 * API processes that start together on a database without the job queue (a first start, or a
 * cluster's processes started at once: scripts/cluster.test.ts) each make pg-boss's queues. Made at
 * the same moment, they deadlocked and a process exited; now they are made one process at a time.
 */
const PROCESSES = 4;
const idle = { taskReminders: async () => 0, hourlyReminders: async () => 0, reportRollups: async () => 0 };
const stops: (() => Promise<void>)[] = [];
const log = Fastify({ logger: false }).log;

afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
});

describe('the job queue, started by several processes at once', () => {
  it(`starts in ${PROCESSES} processes at once on a database that has none, each queue made once`, async () => {
    const database = await createTestDatabase();
    stops.push(database.drop);
    const started = await Promise.allSettled(
      Array.from({ length: PROCESSES }, () => startJobs(database.url, idle, log)),
    );
    for (const result of started) if (result.status === 'fulfilled') stops.unshift(result.value.stop);
    expect(
      started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started')),
    ).toEqual(Array(PROCESSES).fill('started'));

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `SELECT name FROM pgboss.queue WHERE name NOT LIKE '\\_\\_pgboss%' ORDER BY name`,
      );
      expect(rows.map((row) => row.name)).toEqual(['report-rollups', 'supplier-reminders', 'task-reminders']);
    } finally {
      await client.end();
    }
  }, 120_000);
});
