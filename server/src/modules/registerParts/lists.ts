import { cappedCount, type Listed, type ReadOptions, type Reader } from '../../db/reader';
import type { Sql } from '../../db/sql';

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
