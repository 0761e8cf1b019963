import { createHash } from 'node:crypto';
import { RECORDS_COUNT_CAP } from '@compass/shared';
import pg from 'pg';
import type { Prisma } from '../generated/prisma/client';
import { sql } from './sql';
import { boundedPoolConfig, noAnswerAfter, type DatabaseWaits } from './waits';

/**
 * Runs the hot paths' read statements (tagged `Prisma.sql` templates from db/sql.ts: values are
 * parameters): the dashboard, the Records list, permissions. Prisma compiles every query on every call
 * and cannot prepare statements; these go out prepared on the app's read pool (bench/README.md).
 */
/** How a statement is planned: see Reader.rows. */
export interface ReadOptions {
  plan?: 'generic' | 'custom';
  /** An export's read (CSV, XLSX): bounded by the export timeout instead of the statement timeout. */
  export?: true;
}

/**
 * Planned for its values when `filtered` (a search or a narrowing filter: how many rows match decides
 * the plan, an index range or a trigram bitmap), else always the prepared statement's generic plan.
 */
export const planFor = (filtered: unknown): ReadOptions => ({ plan: filtered ? 'custom' : 'generic' });

export interface Reader {
  /**
   * By default a statement is prepared and PostgreSQL chooses, after five runs, between its generic
   * plan and planning every run for the values (when the generic plan's estimate is the higher).
   * `plan: 'custom'` sends the statement unnamed, planned for its values on every run: for
   * statements whose best plan depends on how many rows the caller has (see formCoordination).
   * `plan: 'generic'` always runs the generic plan (a connection of the generic pool): for
   * statements whose generic plan is right for every value but estimated dearer than a custom one,
   * which PostgreSQL would otherwise plan again on every run (the action register's page: 2.3 ms
   * planned each time, 0.9 ms generic).
   */
  rows<T>(statement: Prisma.Sql, options?: ReadOptions): Promise<T[]>;
  close(): Promise<void>;
}

// Timestamps, dates and times stay text: a service turns them into local days itself, so the
// Node process's own time zone never shifts a value (pg would read `timestamp` as local time).
const AS_TEXT = new Set([
  pg.types.builtins.DATE,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIME,
  pg.types.builtins.TIMETZ,
]);
const identity = (value: string) => value;

/**
 * A timestamp read as text: Prisma stores DateTime as `timestamp` in UTC without a zone, which is
 * read as UTC here (a value that carries its zone keeps it).
 */
export function timestampOf(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}
/**
 * How many rows `rows` (a SELECT) gives for a page of a list, counted only up to `countCap(listed)`:
 * a count of every match reads them all, on every page (50,000 notices). Past the cap the answer is
 * the cap with `totalCapped`, and the pager says "of 1,000+" or, for a search, "of 100+"
 * (docs/performance.md).
 */
export async function cappedCount(
  reader: Reader,
  rows: Prisma.Sql,
  listed: Listed,
  options?: ReadOptions,
): Promise<{ total: number; totalCapped?: true }> {
  const cap = countCap(listed);
  const [counted] = await reader.rows<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM (${rows} LIMIT ${cap + 1}) capped`,
    options,
  );
  const count = counted?.total ?? 0;
  return count > cap ? { total: cap, totalCapped: true } : { total: count };
}

/**
 * A searched page of a register in two reads: the matches' ids in the list's order, planned for the
 * word (a rare one through the trigram indexes, a common one in the list's order until it has them);
 * then the page's rows by id, joins and all, one prepared statement on its generic plan. Planned for
 * each word, the whole page cost more to plan than to read (1.2 of a searched risk page's 2.4 ms of
 * database CPU), and its count read the matches a second time (docs/performance.md, "Searched
 * registers"). A page within the count (countCap) reads the ids up to it and counts them; a page past
 * it lets the database skip to the page (the ids before it are not sent: a page of 100 in 207,756
 * matches once sent them all), and its count follows from how full the page is.
 */
export async function keyedSearchPage<Row, Shown>(
  reader: Reader,
  listed: Listed,
  read: {
    /** The matches' ids, ordered, without a LIMIT: `SELECT r.id … ORDER BY <the list's order>`. */
    keys: Prisma.Sql;
    /** The rows of `ids` (a uuid[]) as the list shows them, in its order. */
    rows: (ids: Prisma.Sql) => Prisma.Sql;
  },
  shown: (row: Row) => Shown,
): Promise<{ rows: Shown[]; total: number; totalCapped?: true }> {
  const cap = countCap(listed);
  const offset = (listed.page - 1) * listed.pageSize;
  const { ids, matched } =
    offset + listed.pageSize <= cap + 1
      ? await keysCounted(reader, read.keys, cap, offset, listed.pageSize)
      : await keysPastTheCap(reader, read.keys, listed, cap, offset);
  const rows =
    ids.length === 0 ? [] : await reader.rows<Row>(read.rows(sql`${ids}::uuid[]`), { plan: 'generic' });
  return {
    rows: rows.map(shown),
    ...(matched > cap ? { total: cap, totalCapped: true as const } : { total: matched }),
  };
}

interface PageKeys {
  /** The page's ids, in order. */
  ids: string[];
  /** How many rows match, exact up to the cap (any number above it says only "more"). */
  matched: number;
}

/** A page within the count: the ids up to cap + 1 (at most RECORDS_COUNT_CAP + 1), counted in Node. */
async function keysCounted(
  reader: Reader,
  keys: Prisma.Sql,
  cap: number,
  offset: number,
  pageSize: number,
): Promise<PageKeys> {
  const read = await reader.rows<{ id: string }>(sql`${keys} LIMIT ${cap + 1}`, { plan: 'custom' });
  return { ids: read.slice(offset, offset + pageSize).map((key) => key.id), matched: read.length };
}

/**
 * A page past the count (offset + pageSize > cap + 1, so the cap is RECORDS_COUNT_CAP): the database
 * applies the offset. A full page means more than offset + pageSize > cap matches; a part page ends
 * the matches, offset + its length; an empty one is past the end, counted up to the cap.
 */
async function keysPastTheCap(
  reader: Reader,
  keys: Prisma.Sql,
  listed: Listed,
  cap: number,
  offset: number,
): Promise<PageKeys> {
  const { pageSize } = listed;
  const options = { plan: 'custom' } as const;
  const read = await reader.rows<{ id: string }>(sql`${keys} LIMIT ${pageSize} OFFSET ${offset}`, options);
  const ids = read.map((key) => key.id);
  if (ids.length === pageSize) return { ids, matched: cap + 1 };
  if (ids.length > 0) return { ids, matched: offset + ids.length };
  const counted = await cappedCount(reader, keys, listed, options);
  return { ids, matched: counted.totalCapped ? cap + 1 : counted.total };
}

/** A list request as far as its count depends on it. */
export interface Listed {
  search?: string | undefined;
  page: number;
  pageSize: number;
}

/** How many pages past the one shown a search counts. */
const SEARCH_PAGES_COUNTED = 4;

/**
 * Where a list's count stops. A search counts four pages past the one shown ("of 100+", and Next
 * moves it on), at most RECORDS_COUNT_CAP: a common word is in thousands of rows, and counting a
 * thousand of them read ten times what the page needed (docs/performance.md, "Counting four pages
 * ahead"). Without a search a list counts to RECORDS_COUNT_CAP: an index range is cheap to count.
 */
export const countCap = (request: Listed) =>
  request.search
    ? Math.min(RECORDS_COUNT_CAP, (request.page + SEARCH_PAGES_COUNTED) * request.pageSize)
    : RECORDS_COUNT_CAP;

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? identity : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Every statement goes out as a named prepared statement (the name is a hash of its text), so each
 * pool connection parses it once and PostgreSQL can keep a generic plan: on the dashboard's
 * statements planning cost as much as executing (bench/README.md). The texts are a small fixed
 * set — every value, even a limit, is a parameter — so the per-connection statement cache stays
 * small.
 */
export function pgReader(
  pool: pg.Pool,
  ownsPool: boolean,
  generic: pg.Pool = pool,
  /** The bound of `export` reads; without it they run as any other read. */
  exportTimeoutMs?: number,
): Reader {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `read_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async rows<T>(statement: Prisma.Sql, options?: ReadOptions): Promise<T[]> {
      const from = options?.plan === 'generic' ? generic : pool;
      const query: pg.QueryConfig = {
        name: options?.plan === 'custom' ? undefined : nameOf(statement.text),
        text: statement.text,
        values: statement.values,
        types,
      };
      const result =
        options?.export && exportTimeoutMs
          ? await readAllowing(from, query, exportTimeoutMs)
          : await from.query(query);
      return result.rows as T[];
    },
    close: async () => {
      if (!ownsPool) return;
      await pool.end();
      if (generic !== pool) await generic.end();
    },
  };
}

/**
 * A read allowed `timeoutMs` instead of the pool's statement bound: in a read-only transaction of
 * its own, with the bound set for that transaction alone (server and client side).
 */
async function readAllowing(
  pool: pg.Pool,
  query: pg.QueryConfig,
  timeoutMs: number,
): Promise<pg.QueryResult> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${Math.round(timeoutMs)}`);
    // pg reads a query's own query_timeout; its types leave it out.
    const bounded: pg.QueryConfig = { ...query, query_timeout: noAnswerAfter(timeoutMs) } as pg.QueryConfig;
    const result = await client.query(bounded);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection that failed may still wait for an answer or sit in an aborted transaction: the
    // pool closes it instead of lending it again.
    client.release(failure);
  }
}

/**
 * Session settings of the read pool. The working set (indexes and the few rows a page
 * shows) is in memory, so a random read costs about a sequential one; with the default 4 the
 * planner hash-joins a 50-row page against a whole table (a 10,000-row sequential scan) instead
 * of 50 primary-key lookups.
 */
export const READ_SESSION_OPTIONS = '-c random_page_cost=1.1';
/** The generic pool's sessions: every prepared statement keeps its generic plan (Reader.rows). */
export const GENERIC_SESSION_OPTIONS = `${READ_SESSION_OPTIONS} -c plan_cache_mode=force_generic_plan`;

/**
 * A pg pool on the app's database for the prepared reads of hot paths (the dashboard's statements,
 * the auth plugin's session lookup): the Prisma adapter cannot prepare statements.
 */
export function createReadPool(
  databaseUrl: string,
  maxConnections: number,
  options: string = READ_SESSION_OPTIONS,
  /** The API's bounds (db/waits.ts); the benchmarks' pools go without. */
  waits?: DatabaseWaits,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: maxConnections,
    idleTimeoutMillis: 10_000,
    options,
    ...(waits && boundedPoolConfig(waits)),
  });
  // An idle connection dropped by the server is replaced on the next query; nothing to do here.
  pool.on('error', () => {});
  return pool;
}

/** A reader on a pool of its own (the benchmarks); the app shares its read pool. */
export function createReader(databaseUrl: string, maxConnections: number): Reader {
  return pgReader(
    createReadPool(databaseUrl, maxConnections),
    true,
    createReadPool(databaseUrl, maxConnections, GENERIC_SESSION_OPTIONS),
  );
}
