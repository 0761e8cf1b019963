/**
 * `npm run seed`: seeds the demo organisations into DATABASE_URL, or into the embedded PostgreSQL
 * the server uses (same data folder and port) when DATABASE_URL is not set. Does nothing when the
 * demo already exists.
 */
import {
  defaultDataDir,
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../server/src/db/embedded';
import { migrateIfNeeded, projectRoot } from '../server/src/db/migrate';
import { createPrisma } from '../server/src/db/prisma';
import { DEMO_ORGANISATION, DEMO_PASSWORD, SECOND_ORGANISATION, seedDemo } from './demo';

const started = Date.now();
let embedded: EmbeddedPostgres | undefined;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const dataDir = process.env.PG_DATA_DIR ?? defaultDataDir(projectRoot);
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  console.log(`Starting the embedded PostgreSQL (data in ${dataDir}, port ${port})`);
  embedded = await startEmbeddedPostgres({ dataDir, port, persistent: true });
  await ensureDatabase(embedded.adminUrl, 'compass');
  databaseUrl = embedded.urlFor('compass');
}

const db = createPrisma(databaseUrl);
try {
  const applied = await migrateIfNeeded(databaseUrl);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  const seedStarted = Date.now();
  const { created } = await seedDemo(db);
  if (created) {
    console.log(
      `Seeded "${DEMO_ORGANISATION}" and "${SECOND_ORGANISATION}" in ${Date.now() - seedStarted} ms. ` +
        `Every account's password is ${DEMO_PASSWORD}; for example olivia.admin, ethan.coordinator, ` +
        'mia.employee, noah.expired, ava.dual, acme.supplier, liam.personnel, zoe.noportal, sam.southbank.',
    );
  } else {
    console.log(`"${DEMO_ORGANISATION}" already exists: nothing changed.`);
  }
} catch (error) {
  console.error('Seeding failed; the seed writes in one transaction, so none of it was kept.');
  console.error(error);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
  await embedded?.stop();
}
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
