import { startServer } from './server';

// The production entry (the Docker image): the product as it is, never the demo data. `npm start`
// starts seed/serve.ts, which seeds the demo organisations first (SEED_ON_START).
await startServer();
