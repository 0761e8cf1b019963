import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { migrationAdapter } from './prisma/adapter';

// The schema's env("DATABASE_URL") must resolve even for `generate`, which never connects; without
// it the CLI cannot read the generator block and falls back to downloading a native engine.
process.env.DATABASE_URL ??= 'postgresql://localhost/not-configured';

// Prisma 6.19 runs its schema engine as wasm only through a driver adapter; see ../shared/PLATFORM.md.
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  async adapter() {
    return migrationAdapter(process.env.DATABASE_URL ?? '');
  },
});
