import { PrismaPg } from 'prisma-adapter-pg-6';

/**
 * The configuration of Prisma 6.19's CLI (devDependency `prisma-6`), which only
 * `npm run db:migrate:new` (scripts/new-migration.ts) runs, for `migrate diff`. Prisma 7 diffs
 * schemas only with its native schema engine, which it downloads from the internet; 6.19 runs a
 * wasm schema engine through a driver adapter of its own version. The script sets both variables.
 */
export default {
  experimental: { adapter: true },
  engine: 'js',
  schema: process.env.AUTHORING_SCHEMA,
  async adapter() {
    // Without allowExitOnIdle the CLI lingers ~10 s on the idle pool before it exits.
    return new PrismaPg({ connectionString: process.env.DATABASE_URL, allowExitOnIdle: true });
  },
};
