import type { Config } from './config';
import type { Db } from './db/prisma';

/** Installation has one row. */
const ROW = 1;

/**
 * Records where and under which name this server is served (PUBLIC_URL, PRODUCT_NAME); written at
 * every start (server.ts), so the last server started on the database is what the tools mail.
 */
export async function recordInstallation(db: Db, config: Config): Promise<void> {
  const served = { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME };
  await db.installation.upsert({ where: { id: ROW }, create: { id: ROW, ...served }, update: served });
}

/**
 * A command-line tool's configuration with the server's address and product name, so the links it
 * mails (`npm run org -- import --invite`) are the ones the product is served at: the tool does not
 * share the server's environment, and its own PUBLIC_URL defaults to localhost. `recorded` is false
 * while no server has started on the database; the tool's own settings stand then.
 */
export async function asServed(db: Db, config: Config): Promise<{ config: Config; recorded: boolean }> {
  const served = await db.installation.findUnique({ where: { id: ROW } });
  if (!served) return { config, recorded: false };
  return {
    config: { ...config, PUBLIC_URL: served.publicUrl, PRODUCT_NAME: served.productName },
    recorded: true,
  };
}
