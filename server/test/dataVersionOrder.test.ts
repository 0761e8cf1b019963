import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { createTestDatabase } from './helpers';

const NORTHWIND = demoId('nw:company');
/** The advisory lock that holds transaction A between taking its version and writing it. */
const PAUSE_LOCK = 4848;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  clients.push(client);
  return client;
}

/** One change of the organisation: a new notice (each transaction writes its own row, so neither waits on the other). */
async function addNotice(client: pg.Client, title: string): Promise<void> {
  await client.query(
    `INSERT INTO "Notice" (id, "companyId", title, content, "startDate", "audienceIds")
     VALUES (gen_random_uuid(), $1, $2, $2, current_date, '{}')`,
    [NORTHWIND, title],
  );
}

async function versionOf(client: pg.Client): Promise<bigint> {
  const { rows } = await client.query<{ version: string }>(
    'SELECT version FROM "DashboardVersion" WHERE "companyId" = $1',
    [NORTHWIND],
  );
  return BigInt(rows[0]!.version);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const setup = await connect();
  // Widens the race the reviewer reproduced to a certainty: a version write of a transaction that sets
  // test.pause_version_write waits for PAUSE_LOCK after the bump's INSERT took its values, before it
  // meets the organisation's row (BEFORE INSERT row triggers fire before ON CONFLICT's check).
  await setup.query(`
    CREATE FUNCTION test_pause_version_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('test.pause_version_write', true) = 'on' THEN
        PERFORM pg_advisory_xact_lock_shared(${PAUSE_LOCK});
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER "DashboardVersion_test_pause" BEFORE INSERT ON "DashboardVersion"
      FOR EACH ROW EXECUTE FUNCTION test_pause_version_write();`);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
  await database?.drop();
});

describe('the data version follows commit order', () => {
  it('gives the transaction that commits later the higher version, though it bumped first', async () => {
    const [control, a, b] = [await connect(), await connect(), await connect()];
    const before = await versionOf(control);
    await control.query('SELECT pg_advisory_lock($1)', [PAUSE_LOCK]);
    const pid = (await a.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

    // A changes the organisation; its deferred bump runs at COMMIT and stops at the pause.
    await a.query('BEGIN');
    await a.query("SET LOCAL test.pause_version_write = 'on'");
    await addNotice(a, 'Order A');
    const aCommitted = a.query('COMMIT');
    for (let tries = 0; ; tries++) {
      const { rows } = await control.query<{ waiting: boolean }>(
        `SELECT wait_event = 'advisory' AS waiting FROM pg_stat_activity WHERE pid = $1`,
        [pid],
      );
      if (rows[0]?.waiting) break;
      if (tries === 500) throw new Error("A's commit never reached the pause");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // B changes the same organisation and commits while A is still inside its COMMIT.
    await b.query('BEGIN');
    await addNotice(b, 'Order B');
    await b.query('COMMIT');
    const afterB = await versionOf(control);
    expect(afterB).toBeGreaterThan(before);

    await control.query('SELECT pg_advisory_unlock($1)', [PAUSE_LOCK]);
    await aCommitted;
    const afterA = await versionOf(control);
    // A replica that replayed B but not A must not show a version as new as the primary's after A.
    expect(afterA).toBeGreaterThan(afterB);
  });
});
