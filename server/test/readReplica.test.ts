import { addDays, localDateOf } from '@compass/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ensureDatabase, startThrowawayPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { startEmbeddedReplica } from '../src/db/embeddedReplica';
import { migrate } from '../src/db/migrate';
import { createPrisma, onDataWrite, type Db } from '../src/db/prisma';
import { SEEN_VERSION_COOKIE } from '../src/db/replica';
import { REPLICA_CALLS } from '../src/plugins/replicaCalls';
import { checkAnswers, DEMO_PASSWORD } from './helpers';

/**
 * The read replica (READ_REPLICA_URL, db/replica.ts) against a real streaming standby of a real
 * primary: two API processes (apps A and B) share both, as two processes behind a balancer would.
 */
const DATABASE = 'compass';
let primary: EmbeddedPostgres & { folder: string };
let replica: EmbeddedPostgres;
let db: Db;
/** On the primary's and the replica's copy of the app's database. */
let primaryAdmin: pg.Client;
let replicaClient: pg.Client;
let appA: FastifyInstance;
let appB: FastifyInstance;
let token: string;
let ids: { ethan: string; workplace: string };
const today = localDateOf(new Date(), 'UTC');

async function startApp(
  databaseUrl: string,
  readReplicaUrl = replica.urlFor(DATABASE),
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '',
    READ_REPLICA_URL: readReplicaUrl,
    DATABASE_ACQUIRE_TIMEOUT_SECONDS: '2',
    DATABASE_STATEMENT_TIMEOUT_SECONDS: '2',
  });
  const app = await buildApp({ config, db, databaseUrl });
  checkAnswers(app);
  await app.ready();
  return app;
}

/** Waits until the replica has replayed everything the primary has written. */
async function caughtUp(): Promise<void> {
  const { rows } = await primaryAdmin.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  for (let tries = 0; tries < 600; tries++) {
    const replayed = await replicaClient.query<{ done: boolean }>(
      'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done',
      [rows[0]!.lsn],
    );
    if (replayed.rows[0]!.done) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the replica did not catch up');
}

/** compass_replica_reads_total of an app, by `served/reason`. */
async function replicaReads(app: FastifyInstance): Promise<Record<string, number>> {
  const metric = await app.metrics.registry.getSingleMetric('compass_replica_reads_total')!.get();
  return Object.fromEntries(metric.values.map((v) => [`${v.labels.served}/${v.labels.reason}`, v.value]));
}

/** The one routing decision `act` made on `app` (the counter that moved). */
async function routedBy(app: FastifyInstance, act: () => Promise<unknown>): Promise<string[]> {
  const before = await replicaReads(app);
  await act();
  const after = await replicaReads(app);
  return Object.keys(after).filter((key) => after[key] !== (before[key] ?? 0));
}

const riskList = (app: FastifyInstance, search: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/riskList',
    headers: { authtoken: token, ...(cookie && { cookie }) },
    payload: { search },
  });
const names = (response: LightMyRequestResponse) =>
  (response.json().response_data.rows as { name: string }[]).map((row) => row.name);

/** The cookie an answer set, as a request sends it back. */
function seenCookie(response: LightMyRequestResponse): string {
  const set = response.cookies.find((cookie) => cookie.name === SEEN_VERSION_COOKIE);
  if (!set) throw new Error(`no ${SEEN_VERSION_COOKIE} cookie in the answer`);
  return `${set.name}=${set.value}`;
}

beforeAll(async () => {
  const started = Date.now();
  primary = await startThrowawayPostgres('compass-replica-test-', { from: 44000, count: 1000 });
  await ensureDatabase(primary.adminUrl, DATABASE);
  const databaseUrl = primary.urlFor(DATABASE);
  await migrate(databaseUrl);
  db = createPrisma(databaseUrl, 5);
  await seedDemo(db);
  const primaryPort = Number(new URL(primary.adminUrl).port);
  replica = await startEmbeddedReplica({
    primary,
    primaryDataDir: path.join(primary.folder, 'data'),
    primaryPort,
    dataDir: path.join(primary.folder, 'replica'),
    port: primaryPort + 1000,
    persistent: false,
  });
  primaryAdmin = new pg.Client({ connectionString: databaseUrl });
  await primaryAdmin.connect();
  replicaClient = new pg.Client({ connectionString: replica.urlFor(DATABASE) });
  await replicaClient.connect();
  await caughtUp();
  appA = await startApp(databaseUrl);
  appB = await startApp(databaseUrl);
  const signedIn = await appA.inject({
    method: 'POST',
    url: '/api/signIn',
    payload: { username: 'ethan.coordinator', password: DEMO_PASSWORD, appType: 'web' },
  });
  token = signedIn.json().response_data.authToken;
  const ethan = await db.user.findUniqueOrThrow({
    where: { username: 'ethan.coordinator' },
    include: { employee: true },
  });
  ids = { ethan: ethan.employee!.id, workplace: ethan.employee!.workplaceId! };
  await caughtUp();
  console.warn(`primary, seed, replica and two apps ready in ${Date.now() - started} ms`);
}, 180_000);

afterAll(async () => {
  await appA?.close();
  await appB?.close();
  await db?.$disconnect();
  await primaryAdmin?.end();
  await replica?.stop();
  await primary?.stop();
}, 60_000);

describe('a call that tolerates the replica', () => {
  it('reads on the replica when it has caught up', async () => {
    expect(await routedBy(appA, () => riskList(appA, ''))).toEqual(['replica/caught_up']);
    // The replica ran the list's own statements, not only the version check.
    const ran = await replicaClient.query<{ query: string }>(
      `SELECT query FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid() AND query ILIKE '%"Risk"%'`,
      [DATABASE],
    );
    expect(ran.rows.length).toBeGreaterThan(0);
    const dashboard = () =>
      appA.inject({ method: 'POST', url: '/api/dashboardList', headers: { authtoken: token }, payload: {} });
    expect(await routedBy(appA, async () => expect((await dashboard()).statusCode).toBe(200))).toEqual([
      'replica/caught_up',
    ]);
  });

  it("leaves an API token's calls on the primary: its client keeps no cookie of its own writes", async () => {
    const session = await appA.inject({
      method: 'POST',
      url: '/api/signIn',
      payload: { username: 'olivia.admin', password: DEMO_PASSWORD, appType: 'web' },
    });
    const created = await appA.inject({
      method: 'POST',
      url: '/api/apiTokenCreate',
      headers: { authtoken: session.json().response_data.authToken },
      payload: { name: 'Replica test', accessKeys: ['risk'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    await caughtUp();
    let answer: LightMyRequestResponse | undefined;
    const listed = async () => {
      answer = await appA.inject({
        method: 'POST',
        url: '/api/riskList',
        headers: { authorization: `Bearer ${created.json().response_data.token}` },
        payload: { search: '' },
      });
    };
    expect(await routedBy(appA, listed)).toEqual(['primary/api_token']);
    expect(answer!.statusCode, answer!.body).toBe(200);
    expect(answer!.cookies.some((cookie) => cookie.name === SEEN_VERSION_COOKIE)).toBe(false);
  });

  it('leaves the calls outside the list on the primary', async () => {
    const permissions = () =>
      appA.inject({ method: 'POST', url: '/api/permissions', headers: { authtoken: token }, payload: {} });
    expect(await routedBy(appA, permissions)).toEqual([]);
  });
});

describe('a replica behind', () => {
  it("never answers older than the caller's own write, on either process, and serves again once replayed", async () => {
    await replicaClient.query('SELECT pg_wal_replay_pause()');
    const name = `Replica lag check ${Math.random().toString(36).slice(2, 8)}`;
    const saved = await appA.inject({
      method: 'POST',
      url: '/api/riskSave',
      headers: { authtoken: token },
      payload: {
        name,
        hazard: 'Work at height.',
        consequences: 'A fall.',
        existingControls: 'Harness.',
        inherent: { likelihood: 3, consequence: 5 },
        residual: { likelihood: 2, consequence: 4 },
        ownerId: ids.ethan,
        workplaceId: ids.workplace,
        reviewFrequency: 'quarterly',
        reviewerId: ids.ethan,
        coReviewerId: null,
        nextReviewDate: addDays(today, 10),
      },
    });
    expect(saved.statusCode).toBe(200);
    const cookie = seenCookie(saved);

    let onA!: LightMyRequestResponse;
    expect(await routedBy(appA, async () => (onA = await riskList(appA, name, cookie)))).toEqual([
      'primary/behind',
    ]);
    expect(names(onA)).toEqual([name]);
    let onB!: LightMyRequestResponse;
    expect(await routedBy(appB, async () => (onB = await riskList(appB, name, cookie)))).toEqual([
      'primary/behind',
    ]);
    expect(names(onB)).toEqual([name]);

    await replicaClient.query('SELECT pg_wal_replay_resume()');
    await caughtUp();
    let replayed!: LightMyRequestResponse;
    expect(await routedBy(appB, async () => (replayed = await riskList(appB, name, cookie)))).toEqual([
      'replica/caught_up',
    ]);
    expect(names(replayed)).toEqual([name]);
  });

  it('is not used for a caller whose cookie has seen a newer version than it has', async () => {
    const company = (await db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } }))
      .companyId!;
    const [{ version }] = (
      await primaryAdmin.query<{ version: string }>(
        `SELECT version::text AS version FROM "DashboardVersion" WHERE "companyId" = $1`,
        [company],
      )
    ).rows as [{ version: string }];
    // Only another process could have given it that version: this one's memory has not seen it.
    const ahead = `${SEEN_VERSION_COOKIE}=${company}.${BigInt(version) + 1000n}`;
    expect(await routedBy(appB, () => riskList(appB, '', ahead))).toEqual(['primary/behind']);
    // A cookie of another organisation, or not a version, says nothing.
    const other = `${SEEN_VERSION_COOKIE}=00000000-0000-0000-0000-000000000000.${BigInt(version) + 1000n}`;
    expect(await routedBy(appB, () => riskList(appB, '', other))).toEqual(['replica/caught_up']);
    expect(await routedBy(appB, () => riskList(appB, '', `${SEEN_VERSION_COOKIE}=${company}.x`))).toEqual([
      'replica/caught_up',
    ]);
  });
});

describe('the cost of the check', () => {
  it('is measured against an app without a replica, one call each in turn', async () => {
    const without = await startApp(primary.urlFor(DATABASE), '');
    const took = { replica: [] as number[], none: [] as number[] };
    // Sent back as a browser would: an answer sets the cookie only when the version moved.
    let cookie = '';
    const dashboard = async (app: FastifyInstance, into: number[]) => {
      const started = process.hrtime.bigint();
      const response = await app.inject({
        method: 'POST',
        url: '/api/dashboardList',
        headers: { authtoken: token, cookie },
        payload: {},
      });
      into.push(Number(process.hrtime.bigint() - started) / 1e6);
      expect(response.statusCode).toBe(200);
      if (response.cookies.length > 0) cookie = seenCookie(response);
    };
    try {
      for (let round = 0; round < 100; round++) {
        await dashboard(appA, took.replica);
        await dashboard(without, took.none);
      }
    } finally {
      await without.close();
    }
    const p50 = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!.toFixed(2);
    console.warn(
      `dashboardList (cached answer) p50: ${p50(took.replica)} ms routed with the replica, ${p50(took.none)} ms without`,
    );
  });
});

/** What each listed call is sent beyond `{}` (or an empty query). */
const INPUTS: Record<string, { body?: object; query?: string }> = {
  '/reportData': { body: { report: 'risks' } },
  '/reportRecords': { body: { report: 'hazardous', key: 'none' } },
  '/reportExport': { query: '?report=hazardous&format=csv' },
};

describe('the listed calls', () => {
  it('answer and write nothing', async () => {
    // An administrator: every listed call is open to this role.
    const signedIn = await appA.inject({
      method: 'POST',
      url: '/api/signIn',
      payload: { username: 'olivia.admin', password: DEMO_PASSWORD, appType: 'web' },
    });
    const admin = signedIn.json().response_data.authToken as string;
    let writes = 0;
    const stop = onDataWrite(() => (writes += 1));
    try {
      for (const call of REPLICA_CALLS) {
        const input = INPUTS[call.path] ?? {};
        const response = await appA.inject({
          method: call.method,
          url: `/api${call.path}${input.query ?? ''}`,
          headers: { authtoken: admin },
          ...(call.method === 'POST' && { payload: input.body ?? {} }),
        });
        expect(response.statusCode, `${call.path}: ${response.body.slice(0, 200)}`).toBe(200);
      }
    } finally {
      stop();
    }
    expect(writes).toBe(0);
  });
});

/** The replica's server and its children (sessions, WAL receiver), from its lock file. */
function replicaProcesses(): number[] {
  const postmaster = Number(
    fs.readFileSync(path.join(primary.folder, 'replica', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);
  return [postmaster, ...children];
}

describe('a replica that hangs', () => {
  it('is given up within the bounds: the primary answers, then alone for a while', async () => {
    const hung = replicaProcesses();
    for (const pid of hung) process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      let answer!: LightMyRequestResponse;
      const routed = await routedBy(appB, async () => (answer = await riskList(appB, 'Replica lag check')));
      // The check's own read times out, or (the replica's version still in memory) the list's read
      // does and the primary reads it again.
      expect([['primary/replica_down'], ['primary/replica_failed', 'replica/caught_up']]).toContainEqual(
        routed.sort(),
      );
      expect(names(answer)).toHaveLength(1);
      const firstMs = Date.now() - started;
      const next = Date.now();
      expect(await routedBy(appB, () => riskList(appB, ''))).toEqual(['primary/replica_down']);
      console.warn(
        `replica hung (${routed.join(', ')}): answered by the primary in ${firstMs} ms, the next in ${Date.now() - next} ms`,
      );
    } finally {
      for (const pid of hung) process.kill(pid, 'SIGCONT');
    }
  });
});

describe('a replica that stops', () => {
  it('leaves every read to the primary, answered right, and is skipped for a while', async () => {
    await replicaClient.end();
    await replica.stop();
    const started = Date.now();
    let first!: LightMyRequestResponse;
    expect(await routedBy(appA, async () => (first = await riskList(appA, 'Replica lag check')))).toEqual([
      'primary/replica_down',
    ]);
    const firstMs = Date.now() - started;
    expect(first.statusCode).toBe(200);
    expect(names(first)).toHaveLength(1);
    const next = Date.now();
    expect(await routedBy(appA, () => riskList(appA, ''))).toEqual(['primary/replica_down']);
    console.warn(`replica stopped: first answer in ${firstMs} ms, the next in ${Date.now() - next} ms`);
  });
});
