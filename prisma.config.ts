import path from 'node:path';
import { defineConfig } from 'prisma/config';

// Only `prisma generate` runs through this file: the application connects through its driver
// adapter (server/src/db/prisma.ts) and migrations are applied by server/src/db/migrate.ts.
export default defineConfig({
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
});
