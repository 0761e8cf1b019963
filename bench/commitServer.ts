/**
 * The API of one commit, for bench/compare.ts: run as `node --import tsx bench/commitServer.ts
 * '<json>'` with the commit's worktree as the working directory. It builds the app from that
 * worktree's own server code (as bench/api.ts builds it: production config, silent log) on the given
 * database, prints `{"base": "http://127.0.0.1:<port>"}` and serves until it is sent SIGTERM.
 * Only Node's own modules are imported here, so nothing of this checkout's server is loaded.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface CommitServerSpec {
  /** The worktree whose server/src is started. */
  root: string;
  databaseUrl: string;
  webDistDir: string;
}

interface Listening {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as CommitServerSpec;
const from = <T>(file: string) =>
  import(pathToFileURL(path.join(spec.root, 'server', 'src', file)).href) as Promise<T>;
const { buildApp } = await from<{ buildApp: (deps: unknown) => Promise<Listening> }>('app.ts');
const { loadConfig } = await from<{
  loadConfig: (env: Record<string, string | undefined>) => { DATABASE_POOL_SIZE: number };
}>('config.ts');
const { createPrisma } = await from<{
  createPrisma: (url: string, poolSize: number) => { $disconnect(): Promise<void> };
}>('db/prisma.ts');

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: spec.webDistDir,
  DATABASE_URL: spec.databaseUrl,
});
const db = createPrisma(spec.databaseUrl, config.DATABASE_POOL_SIZE);
const app = await buildApp({ config, db, databaseUrl: spec.databaseUrl });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ base })}\n`);

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => db.$disconnect())
    .finally(() => process.exit(0));
});
