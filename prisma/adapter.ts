import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

const NAME_OID = 19;
const CHAR_OID = 18;
const TEXT_OID = 25;

/**
 * The CLI reads catalog columns of type `name` and `"char"`, which
 * @prisma/adapter-pg 6.19 cannot deserialize (prisma/prisma#27403); they are
 * handed over as text, which is what they hold.
 */
class CatalogAsTextClient extends pg.Client {
  // pg's overloads cannot be restated in a subclass; both the promise and the callback form
  // (the pool's) are passed through with their result fixed.
  override query(...args: unknown[]): never {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: Error | null, res: pg.QueryResult) => callback(error, res && asText(res));
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    return (result instanceof Promise ? result.then(asText) : result) as never;
  }
}

function asText(res: pg.QueryResult): pg.QueryResult {
  for (const field of res.fields ?? []) {
    if (field.dataTypeID === NAME_OID || field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
  }
  return res;
}

/** The shadow database must be a fresh database, closed before it is dropped. */
class MigrationPg extends PrismaPg {
  constructor(private readonly connectionString: string) {
    super(
      new pg.Pool({
        connectionString,
        allowExitOnIdle: true,
        idleTimeoutMillis: 100,
        Client: CatalogAsTextClient,
      }),
    );
  }

  override async connectToShadowDb() {
    const main = await this.connect();
    const database = `prisma_shadow_${crypto.randomUUID().replaceAll('-', '')}`;
    await main.executeScript(`CREATE DATABASE "${database}"`);
    const url = new URL(this.connectionString);
    url.pathname = `/${database}`;
    const shadowFactory = new PrismaPg(
      new pg.Pool({
        connectionString: url.toString(),
        allowExitOnIdle: true,
        idleTimeoutMillis: 100,
        Client: CatalogAsTextClient,
      }),
      { disposeExternalPool: true },
    );
    const shadow = await shadowFactory.connect();
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose();
      await main.executeScript(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await main.dispose();
    };
    return shadow;
  }
}

export function migrationAdapter(connectionString: string) {
  return new MigrationPg(connectionString);
}
