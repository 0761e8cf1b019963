/**
 * `npm run seed`: seeds the demo organisations into DATABASE_URL, or into the embedded PostgreSQL
 * the server uses (same data folder and port) when DATABASE_URL is not set. Does nothing when the
 * demo already exists.
 */
import { loadConfig } from '../server/src/config';
import { createPrisma } from '../server/src/db/prisma';
import { LocalFileStorage } from '../server/src/plugins/storage';
import { openToolDatabase } from '../server/src/db/toolDatabase';
import { DEMO_ORGANISATION, DEMO_PASSWORD, SECOND_ORGANISATION, seedDemo } from './demo';

const started = Date.now();
const config = loadConfig();
const database = await openToolDatabase(config);
const db = createPrisma(database.url);
try {
  const seedStarted = Date.now();
  const { created } = await seedDemo(db, {
    storage: new LocalFileStorage(config.FILE_STORAGE_DIR),
  });
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
  await database.stop();
}
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
