import { cappedCount, type Listed, type ReadOptions, type Reader } from '../../db/reader';
import { sql, type Sql } from '../../db/sql';

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
