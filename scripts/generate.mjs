// `postinstall`: generates the Prisma client (server/src/generated/prisma) offline.
// Prisma 7's CLI fetches its native schema engine before every command, `generate` included,
// although generate never runs it; given a path, it only checks that the file exists. The schema
// engine is never needed here (server/src/db/migrate.ts applies the migrations), so the path of
// the Node binary, which exists on every platform, stands in for it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('prisma/package.json')),
  'build',
  'index.js',
);
const result = spawnSync(process.execPath, [cli, 'generate'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(result.status ?? 1);
