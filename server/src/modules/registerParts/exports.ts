import type { FastifyReply } from 'fastify';
import type { Reader } from '../../db/reader';
import type { Sql } from '../../db/sql';
import { csvOf, type CsvColumn } from '../../plugins/csv';
import { fileHeaders } from '../../plugins/downloads';

/**
 * A register's export: the rows of its list's statement (bounded by the export timeout), shown as
 * the list shows them, in the export's columns.
 */
export async function exportRows<Row, Shown>(
  reader: Reader,
  statement: Sql,
  shown: (row: Row) => Shown,
  columns: readonly CsvColumn<Shown>[],
): Promise<string> {
  const rows = await reader.rows<Row>(statement, { export: true });
  return csvOf(columns, rows.map(shown));
}

/** A register's CSV export as a download (its type from the name: text/csv, UTF-8). */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply.headers(fileHeaders({ fileName })).send(csv);
}
