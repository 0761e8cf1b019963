/**
 * Writes a new migration from the difference between prisma/migrations and schema.prisma:
 * `npm run db:migrate:new -- <name>`. The committed migrations are applied to a throwaway embedded
 * PostgreSQL and Prisma diffs that database against the schema. (`migrate dev` would do the same
 * through a shadow database, which the wasm schema engine of Prisma 6.19 cannot drive here.)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres } from '../server/src/db/embedded';
import { projectRoot } from '../server/src/db/migrate';

const SNAPSHOT = 'schema.snapshot.prisma';
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:migrate:new -- <name_in_snake_case>');
  process.exit(1);
}
const server = await startEmbeddedPostgres({
  dataDir: path.join(os.tmpdir(), `compass-migration-${process.pid}`, 'data'),
  port: 55000 + (process.pid % 1000),
  persistent: false,
  fast: true,
});
try {
  await ensureDatabase(server.adminUrl, 'migration');
  const url = server.urlFor('migration');
  const env = { ...process.env, DATABASE_URL: url };
  // The adapter forbids diffing against a live datasource, so each migration keeps the schema it
  // was made from (schema.snapshot.prisma) and the new one is the diff of two datamodels.
  const migrationsDir = path.join(projectRoot, 'prisma', 'migrations');
  const latest = fs
    .readdirSync(migrationsDir)
    .filter((entry) => fs.existsSync(path.join(migrationsDir, entry, SNAPSHOT)))
    .sort()
    .pop();
  const from = latest
    ? ['--from-schema-datamodel', path.join(migrationsDir, latest, SNAPSHOT)]
    : ['--from-empty'];
  const schema = path.join(projectRoot, 'prisma', 'schema.prisma');
  const sql = execFileSync(
    'npx',
    ['prisma', 'migrate', 'diff', ...from, '--to-schema-datamodel', schema, '--script'],
    {
      cwd: projectRoot,
      encoding: 'utf8',
      env,
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
}
