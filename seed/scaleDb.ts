/**
 * The database of the scale seed and the dashboard benchmark: DATABASE_URL when it is set,
 * otherwise an embedded PostgreSQL of its own — its own data folder and port, so it never touches
 * the developer's cluster (.data/postgres, port 54329).
 *
 *   data folder  --data-dir=<dir>, or SCALE_PG_DATA_DIR, or next to the developer's cluster:
 *                .data/scale-postgres (as root under a private folder: /var/tmp/compass-data-…/scale-postgres)
 *   port         SCALE_PG_PORT (default 54339)
 *   database     compass_scale
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  defaultDataDir,
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../server/src/db/embedded';
import { migrate, projectRoot } from '../server/src/db/migrate';

export const SCALE_ORGANISATION = 'Scale Holdings';
export const SCALE_DATABASE = 'compass_scale';
export const SCALE_DEFAULT_PORT = 54339;
/** The accounts of the scale organisation (password Demo@1234, like the demo). */
export const SCALE_USERS = {
  busy: 'scale.busy',
  admin: 'scale.admin',
  coordinator: 'scale.coordinator',
  light: 'scale.employee',
  supplier: 'scale.supplier',
  personnel: 'scale.personnel',
} as const;

export interface ScaleDatabase {
  url: string;
  /** Where the embedded cluster lives; undefined with DATABASE_URL. */
  dataDir: string | undefined;
  stop(): Promise<void>;
}

/** The data folder of the scale cluster (see the header). */
export function scaleDataDir(argv: string[] = process.argv.slice(2)): string {
  const { values } = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' } }, strict: false });
  const fromArg = values['data-dir'];
  if (typeof fromArg === 'string' && fromArg.length > 0) return path.resolve(fromArg);
  if (process.env.SCALE_PG_DATA_DIR) return path.resolve(process.env.SCALE_PG_DATA_DIR);
  return path.join(path.dirname(defaultDataDir(projectRoot)), 'scale-postgres');
}

/**
 * Opens the scale database (starting the embedded cluster when DATABASE_URL is unset) and applies
 * pending migrations. `fast` turns fsync off: for the bulk load only, never for measuring.
 */
export async function openScaleDatabase(options: { fast?: boolean } = {}): Promise<ScaleDatabase> {
  const given = process.env.DATABASE_URL;
  let embedded: EmbeddedPostgres | undefined;
  let url: string;
  let dataDir: string | undefined;
  if (given) {
    url = given;
  } else {
    dataDir = scaleDataDir();
    const port = Number(process.env.SCALE_PG_PORT ?? SCALE_DEFAULT_PORT);
    console.log(`Starting the scale PostgreSQL (data in ${dataDir}, port ${port})`);
    embedded = await startEmbeddedPostgres({ dataDir, port, persistent: true, fast: options.fast ?? false });
    await ensureDatabase(embedded.adminUrl, SCALE_DATABASE);
    url = embedded.urlFor(SCALE_DATABASE);
  }
  const applied = await migrate(url);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  return { url, dataDir, stop: async () => embedded?.stop() };
}
