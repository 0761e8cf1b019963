import net from 'node:net';
import pg from 'pg';
import { messages } from '@compass/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForDatabase } from '../src/db/connect';
import { databaseErrorOf } from '../src/db/errors';
import { createPrisma } from '../src/db/prisma';
import { overTcp, setupAppOverRelay, type Relay } from './databaseRelay';
import { createTestDatabase, signIn } from './helpers';
import { freePort } from './smtp';

describe('database failures that arrive without a code', () => {
  it.each([
    // pg, a connection cut while a query waits for its answer
    new Error('Connection terminated unexpectedly'),
    // pg's query_timeout: a server that stopped answering (db/waits.ts)
    new Error('Query read timeout'),
    // Prisma's P1001 and P1017 texts, as the driver adapter can report them without the code
    new Error("Can't reach database server at `127.0.0.1:5432`"),
    new Error('Server has closed the connection.'),
    // wrapped once more, as Prisma wraps the driver's error
    new Error('Invalid `prisma.user.findFirst()` invocation', {
      cause: new Error('Connection terminated due to connection timeout'),
    }),
  ])('maps "$message" to 503 with the service-unavailable message', (error) => {
    expect(databaseErrorOf(error)).toMatchObject({
      statusCode: 503,
      message: messages.common.serviceUnavailable,
    });
  });

  it('leaves other failures alone', () => {
    expect(databaseErrorOf(new Error('Cannot read properties of undefined'))).toBeNull();
    const missingFile = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' });
    expect(databaseErrorOf(missingFile)).toBeNull();
  });

  it('maps a local socket that is not there (no database listens) to 503, from pg and from Prisma', async () => {
    const url = `postgresql://postgres:secret@localhost:${await freePort()}/compass?host=/tmp`;
    const client = new pg.Client({ connectionString: url });
    const fromPg = await client.connect().catch((error: unknown) => error);
    expect(fromPg).toMatchObject({ code: 'ENOENT', syscall: 'connect' });
    expect(databaseErrorOf(fromPg)).toMatchObject({ statusCode: 503 });
    const prisma = createPrisma(url, 1);
    const fromPrisma = await prisma.user.findFirst().catch((error: unknown) => error);
    await prisma.$disconnect();
    expect(databaseErrorOf(fromPrisma)).toMatchObject({ statusCode: 503 });
  });
});

describe('with the database down', () => {
  let app: FastifyInstance;
  let relay: Relay;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, relay, close } = await setupAppOverRelay());
  });

  afterAll(() => close());

  it('answers 503 with a clear message, and serves again once the database is back', async () => {
    const token = await signIn(app, 'mia.employee');
    await relay.down();

    const signInAnswer = await app.inject({
      method: 'POST',
      url: '/api/signIn',
      payload: { username: 'mia.employee', password: 'Demo@1234', appType: 'web' },
    });
    expect(signInAnswer.statusCode).toBe(503);
    expect(signInAnswer.json()).toMatchObject({
      response_code: 503,
      response_message: messages.common.serviceUnavailable,
      error_code: 'unavailable',
    });

    // A signed-in call: the session lookup on the read pool fails the same way.
    const permissions = await app.inject({
      method: 'GET',
      url: '/api/permissions',
      headers: { authtoken: token },
    });
    expect(permissions.statusCode).toBe(503);
    expect(permissions.json()).toMatchObject({
      response_message: messages.common.serviceUnavailable,
      error_code: 'unavailable',
    });

    await relay.up();
    await expect
      .poll(
        async () =>
          (await app.inject({ method: 'GET', url: '/api/permissions', headers: { authtoken: token } }))
            .statusCode,
        { timeout: 15_000 },
      )
      .toBe(200);
  });
});

describe('waiting for an external database at start', () => {
  it('retries with backoff, logging each try, until the database answers', async () => {
    const database = await createTestDatabase();
    const target = new URL(database.url);
    const port = await freePort();
    const url = overTcp(target, port);
    const log: string[] = [];
    // The database "comes up" (the relay starts listening) a little after the first tries.
    let relay: net.Server | undefined;
    const late = setTimeout(() => {
      relay = net
        .createServer((client) => {
          const upstream = net.connect(Number(target.port), '127.0.0.1');
          client.pipe(upstream).pipe(client);
          client.on('error', () => undefined);
          upstream.on('error', () => undefined);
        })
        .listen(port, '127.0.0.1');
    }, 1_500);
    try {
      await waitForDatabase(url, { timeoutSeconds: 30, log: (line) => log.push(line) });
      expect(log.length).toBeGreaterThanOrEqual(2);
      expect(log[0]).toMatch(/not reachable \(attempt 1, .*ECONNREFUSED.*; retrying$/);
      expect(log.join('\n')).not.toContain('compass@');
    } finally {
      clearTimeout(late);
      await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
      await database.drop();
    }
  });

  it('gives up after DATABASE_CONNECT_TIMEOUT_SECONDS with a message that says which database and why', async () => {
    const url = `postgresql://postgres:secret@127.0.0.1:${await freePort()}/compass`;
    const log: string[] = [];
    const started = Date.now();
    const failure = await waitForDatabase(url, { timeoutSeconds: 2, log: (line) => log.push(line) }).catch(
      (error: unknown) => error,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(
      /^Cannot connect to the database postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/compass: .*ECONNREFUSED/,
    );
    expect(log.length).toBeGreaterThanOrEqual(2);
  });
});
