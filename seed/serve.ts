import { startServer } from '../server/src/server';
import { LocalFileStorage } from '../server/src/plugins/storage';
import { seedDemo } from './demo';

// `npm start` and `npm run dev`: the product with the demo organisations, seeded on the first
// start (SEED_ON_START, on by default; see README for the accounts).
await startServer(async (db, config) => {
  if (!config.SEED_ON_START) return;
  const { created } = await seedDemo(db, { storage: new LocalFileStorage(config.FILE_STORAGE_DIR) });
  if (created) console.warn('Seeded the demo organisations (see README for the accounts).');
});
