/**
 * Writes a new migration from the difference between prisma/migrations and schema.prisma:
 * `npm run db:migrate:new -- <name>`. Prisma diffs the schema snapshot kept with the latest
 * migration against schema.prisma. The diff runs on Prisma 6.19's CLI (devDependency `prisma-6`,
 * configured by prisma/authoring.config.ts): Prisma 7 diffs only with a native schema engine it
 * downloads from the internet, 6.19 with a wasm one that needs a database to connect to, hence the
 * throwaway embedded PostgreSQL. (`migrate dev` would need a shadow database, which 6.19's wasm
 * engine cannot drive here.)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres } from '../server/src/db/embedded';
import { projectRoot } from '../server/src/db/migrate';

const SNAPSHOT = 'schema.snapshot.prisma';

/**
 * A schema as Prisma 6.19 diffs it offline: with the datasource url it requires and a generator
 * on its wasm engine ("client"; otherwise the CLI downloads a native query engine first).
 */
function forPrisma6(schema: string, workDir: string): string {
  const models = schema.replace(/^(generator|datasource) \w+ \{[^}]*\}\n/gm, '');
  return [
    `generator client {\n  provider   = "prisma-client"\n  output     = "${path.join(workDir, 'client')}"\n  engineType = "client"\n}`,
    'datasource db {\n  provider = "postgresql"\n  url      = env("DATABASE_URL")\n}',
    models,
  ].join('\n');
}

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:migrate:new -- <name_in_snake_case>');
  process.exit(1);
}
const workDir = path.join(os.tmpdir(), `compass-migration-${process.pid}`);
const server = await startEmbeddedPostgres({
  dataDir: path.join(workDir, 'data'),
  port: 55000 + (process.pid % 1000),
  persistent: false,
  fast: true,
});
try {
  await ensureDatabase(server.adminUrl, 'migration');
  // The adapter forbids diffing against a live datasource, so each migration keeps the schema it
  // was made from (schema.snapshot.prisma) and the new one is the diff of two datamodels.
  const migrationsDir = path.join(projectRoot, 'prisma', 'migrations');
  const latest = fs
    .readdirSync(migrationsDir)
    .filter((entry) => fs.existsSync(path.join(migrationsDir, entry, SNAPSHOT)))
    .sort()
    .pop();
  const schema = path.join(projectRoot, 'prisma', 'schema.prisma');
  const copy = (source: string, name: string) => {
    const target = path.join(workDir, name);
    fs.writeFileSync(target, forPrisma6(fs.readFileSync(source, 'utf8'), workDir));
    return target;
  };
  const to = copy(schema, 'to.prisma');
  const from = latest
    ? ['--from-schema-datamodel', copy(path.join(migrationsDir, latest, SNAPSHOT), 'from.prisma')]
    : ['--from-empty'];
  const cli = path.join(
    path.dirname(createRequire(import.meta.url).resolve('prisma-6/package.json')),
    'build',
    'index.js',
  );
  const sql = execFileSync(
    process.execPath,
    [
      cli,
      'migrate',
      'diff',
      '--config',
      path.join(projectRoot, 'prisma', 'authoring.config.ts'),
      ...from,
      '--to-schema-datamodel',
      to,
      '--script',
    ],
    {
      cwd: projectRoot,
      encoding: 'utf8',
      env: {
        ...process.env,
        DATABASE_URL: server.urlFor('migration'),
        AUTHORING_SCHEMA: to,
        CHECKPOINT_DISABLE: '1',
        PRISMA_HIDE_UPDATE_MESSAGE: '1',
      },
    },
  );
  if (!/^\s*[A-Z]/m.test(sql.replace(/^--.*$/gm, ''))) {
    console.log('The schema matches the migrations: nothing to write.');
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const dir = path.join(projectRoot, 'prisma', 'migrations', `${stamp}_${name}`);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'migration.sql'), sql);
    fs.copyFileSync(schema, path.join(dir, SNAPSHOT));
    console.log(`Wrote ${path.relative(projectRoot, dir)}/migration.sql`);
  }
} finally {
  await server.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}
