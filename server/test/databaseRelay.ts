import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { databaseWaitsOf, loadConfig } from '../src/config';
import { createPrisma } from '../src/db/prisma';
import { checkAnswers, createTestDatabase } from './helpers';
import { freePort } from './smtp';

/** The database URL on another TCP port of this machine (the embedded cluster's is a local socket). */
export function overTcp(target: URL, port: number): string {
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.searchParams.delete('host');
  return url.toString();
}

interface Connection {
  client: net.Socket;
  upstream: net.Socket;
}

/**
 * A TCP relay between the app and its database, so a test can fail the database without touching
 * the PostgreSQL other test files share:
 * - `down`: every connection cut, new ones refused (the database gone);
 * - `hang`: every connection kept open and new ones accepted, but no byte forwarded either way:
 *   what a PostgreSQL whose processes are stopped (SIGSTOP) looks like to a client;
 * - `up`: forwarding again; what `hang` held back arrives then, as after SIGCONT.
 */
export async function startRelay(target: URL) {
  const connections = new Set<Connection>();
  let server: net.Server | null = null;
  let hung = false;
  const port = await freePort();
  const forward = ({ client, upstream }: Connection) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const hold = ({ client, upstream }: Connection) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const listen = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      server = net.createServer((client) => {
        const connection = { client, upstream: net.connect(Number(target.port), '127.0.0.1') };
        connections.add(connection);
        for (const socket of [connection.client, connection.upstream]) {
          socket.on('close', () => {
            connections.delete(connection);
            connection.client.destroy();
            connection.upstream.destroy();
          });
          socket.on('error', () => undefined);
        }
        if (!hung) forward(connection);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  const up = async () => {
    if (hung) for (const connection of connections) forward(connection);
    hung = false;
    await listen();
  };
  const hang = () => {
    if (!hung) for (const connection of connections) hold(connection);
    hung = true;
  };
  const down = async () => {
    hung = false;
    for (const { client, upstream } of connections) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  };
  await listen();
  return { url: overTcp(target, port), up, down, hang };
}

/**
 * The real app over a test database of its own, reached through a relay the test fails at will.
 * `boundedWaits`: the Prisma client has the API's bounds (db/waits.ts), as in server.ts. `close`
 * opens the relay first, so closing waits on no held connection.
 */
export async function setupAppOverRelay(
  configOverrides: Record<string, string> = {},
  { boundedWaits = false } = {},
): Promise<{ app: FastifyInstance; relay: Relay; close: () => Promise<void> }> {
  const database = await createTestDatabase();
  const relay = await startRelay(new URL(database.url));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '', ...configOverrides });
  const db = createPrisma(relay.url, 5, boundedWaits ? databaseWaitsOf(config) : undefined);
  const app = await buildApp({ config, db, databaseUrl: relay.url });
  checkAnswers(app);
  await app.ready();
  const close = async () => {
    await relay.up();
    await app.close();
    await db.$disconnect();
    await relay.down();
    await database.drop();
  };
  return { app, relay, close };
}

export type Relay = Awaited<ReturnType<typeof startRelay>>;
