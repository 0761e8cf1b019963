import { cappedCount, countCap, type Listed, type ReadOptions, type Reader } from '../../db/reader';
import { emptySql, sql, type Sql } from '../../db/sql';
import { matchingPeople } from '../employees';

/**
 * One page of a register's list with its capped count: `rows` reads the page (limit, offset),
 * `count` selects the matching rows, both planned alike.
 */
export async function listPage<Row, Shown>(
  reader: Reader,
  request: Listed,
  read: {
    rows: (limit: number, offset: number) => Promise<Row[]>;
    count: Sql;
    plan?: ReadOptions | undefined;
  },
  shown: (row: Row) => Shown,
): Promise<{ rows: Shown[]; total: number; totalCapped?: true }> {
  const [rows, counted] = await Promise.all([
    read.rows(request.pageSize, (request.page - 1) * request.pageSize),
    cappedCount(reader, read.count, request, read.plan),
  ]);
  return { rows: rows.map(shown), ...counted };
}

/** listPage of a register whose page is one statement: `page(limit)`, given its LIMIT and OFFSET. */
export function statementPage<Row, Shown>(
  reader: Reader,
  request: Listed,
  read: { page: (limit: Sql) => Sql; count: Sql; plan?: ReadOptions | undefined },
  shown: (row: Row) => Shown,
): Promise<{ rows: Shown[]; total: number; totalCapped?: true }> {
  const rows = (limit: number, offset: number) =>
    reader.rows<Row>(read.page(sql`LIMIT ${limit} OFFSET ${offset}`), read.plan);
  return listPage(reader, request, { rows, count: read.count, plan: read.plan }, shown);
}

/**
 * The employees a searched page names, as its conditions read them: searchedPage's `people`, read
 * once for every column that names a person (two scans of every name were half a search's time).
 */
export const SEARCHED_PEOPLE = sql`SELECT id FROM searched_people`;

/**
 * A searched page of a register in one statement: the keys of the matches in the list's order, as
 * many as the count needs (countCap) or the page reaches, then the count and the page's rows from
 * them. The matching people and text are read, and planned, once instead of for a page and a count
 * apiece (a search reads far more than a filter: half of a searched page's cost was the count's).
 */
export async function searchedPage<Row extends { id: string }, Shown>(
  reader: Reader,
  listed: Listed,
  read: {
    /** The employees the search names, read once (SEARCHED_PEOPLE in the matches' conditions). */
    people?: Sql;
    /** The matches, ordered, without a LIMIT: `SELECT r.id, <the order's columns> … ORDER BY order`. */
    matches: Sql;
    /** The list's order on `r`, of the matches' columns. */
    order: Sql;
    /** The page's rows from `keys` (a SELECT of the page's matches on `r`), in `rowOrder`. */
    rows: (keys: Sql) => Sql;
    /** The list's order on the rows `p` of `rows`. */
    rowOrder: Sql;
    /** The generic plan unless the matches' count decides the plan (a trigram search of a code). */
    plan?: ReadOptions;
  },
  shown: (row: Row) => Shown,
): Promise<{ rows: Shown[]; total: number; totalCapped?: true }> {
  const cap = countCap(listed);
  const offset = (listed.page - 1) * listed.pageSize;
  const found = await reader.rows<{ matched: number } & (Row | { [K in keyof Row]: null })>(
    sql`WITH ${read.people ? sql`searched_people AS MATERIALIZED (${read.people}),` : emptySql}
      m AS MATERIALIZED (${read.matches} LIMIT ${Math.max(cap + 1, offset + listed.pageSize)})
      SELECT c.matched, p.* FROM (SELECT count(*)::int AS matched FROM m) c
      LEFT JOIN LATERAL (${read.rows(
        sql`SELECT r.* FROM m r ORDER BY ${read.order} LIMIT ${listed.pageSize} OFFSET ${offset}`,
      )}) p ON true
      ORDER BY ${read.rowOrder}`,
    // The generic plan: the same plan as one made for the values (the walk in the list's order,
    // the matching people and text hashed), without planning it each time — 1.3 of a searched
    // page's 3.1 ms (HR forms, "son").
    read.plan ?? { plan: 'generic' },
  );
  const matched = found[0]?.matched ?? 0;
  return {
    // No match: the count's one row, without a page's row.
    rows: found.filter((row): row is { matched: number } & Row => row.id !== null).map(shown),
    ...(matched > cap ? { total: cap, totalCapped: true as const } : { total: matched }),
  };
}

/** The order of the registers listed latest due first, on their rows `r`. */
const LATEST_DUE = sql`r."dueDate" DESC, r.id`;

/**
 * A page of a register of people's work listed latest due first, on its (companyId, dueDate DESC,
 * id) index (HR forms, performance reviews). `table` holds the rows; `where(people)` are the
 * filters' conditions on `r`, where `people` is SEARCHED_PEOPLE on a searched page;
 * `statement(chosen)` reads whole rows `chosen` on `r` as the list shows them, in LATEST_DUE. A
 * searched page is one statement (searchedPage); otherwise the page's keys come first, from the
 * index alone where the filters allow (page 50 skips 980 index entries, not 980 rows), then only
 * its rows. Always the generic plan: each filter (an employee, a reviewer, a status) has an index
 * of its own that the generic plan walks or sorts from for any value (at most a few hundred rows);
 * planned for their values, an employee's or a status's two statements spent ~0.7 ms each planning,
 * and under load a filtered page took 17–21 ms against an unfiltered one's 9 (issue 42).
 */
export function latestDuePage<Row extends { id: string }, Shown>(
  reader: Reader,
  request: Listed & { companyId: string },
  read: { table: Sql; where: (people?: Sql) => Sql; statement: (chosen: Sql) => Sql },
  shown: (row: Row) => Shown,
): Promise<{ rows: Shown[]; total: number; totalCapped?: true }> {
  const { table } = read;
  if (request.search) {
    const where = read.where(SEARCHED_PEOPLE);
    return searchedPage(
      reader,
      request,
      {
        people: matchingPeople(request.companyId, request.search),
        matches: sql`SELECT r.id, r."dueDate" FROM ${table} r WHERE ${where} ORDER BY ${LATEST_DUE}`,
        order: LATEST_DUE,
        rows: (keys) => read.statement(sql`SELECT a.* FROM (${keys}) k JOIN ${table} a ON a.id = k.id`),
        rowOrder: sql`p."dueDate" DESC, p.id`,
      },
      shown,
    );
  }
  const where = read.where();
  return statementPage(
    reader,
    request,
    {
      page: (limit) =>
        read.statement(sql`SELECT a.* FROM (SELECT r.id FROM ${table} r WHERE ${where}
          ORDER BY ${LATEST_DUE} ${limit}) k JOIN ${table} a ON a.id = k.id`),
      count: sql`SELECT 1 FROM ${table} r WHERE ${where}`,
      plan: { plan: 'generic' },
    },
    shown,
  );
}
