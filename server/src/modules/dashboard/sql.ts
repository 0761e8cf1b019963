/** The dashboard's statement parts (the generic builders are db/sql.ts, re-exported for its files). */
import { FORM_NUMBER_PREFIX } from '@compass/shared';
import { day, join, sql, type Sql } from '../../db/sql';
import { Prisma } from '../../generated/prisma/client';

export { day, emptySql, join, sql, uuid, type Sql } from '../../db/sql';

/** A dashboard read: prepared (PostgreSQL chooses its plan), or planned for its values ('custom'). */
export type Query = <T extends unknown[]>(statement: Sql, plan?: 'custom') => Promise<T>;

/** Prefix of file URLs on the wire (notice attachments: filePath + attachment.path). */
export const FILE_PATH = '/api/files/';

/**
 * One kind of work item: rows of `from` (always aliased `t`) matching `where`, dated by `due`.
 * The list, the total, the pie and the bar chart of a section are all built from the same
 * sources, so they always count the same items.
 */
export interface Source {
  kind: string;
  from: Sql;
  where: Sql;
  due: Sql;
}

export interface Section<T> {
  total: number;
  list: T[];
}

export const emptySection = <T>(): Section<T> => ({ total: 0, list: [] });

/** The sections read at once, each under its name (in the order named). */
export async function allSections<T extends object>(pending: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const read = await Promise.all(
    Object.entries(pending).map(async ([name, section]) => [name, await (section as Promise<unknown>)]),
  );
  return Object.fromEntries(read) as T;
}

// ---------- SQL building blocks (tagged templates only: values are always parameters) ----------

/**
 * No items: what the builders below read when a caller may open no kind of a section (openers.ts).
 */
const NO_ITEMS = sql`SELECT NULL::uuid AS id, NULL::text AS kind, NULL::date AS due WHERE false`;

/** The first `limit` items of the sources by due date, with their kind and due day. */
export function topItems(sources: Source[], limit: number): Sql {
  if (sources.length === 0) return NO_ITEMS;
  const branches = sources.map(
    (source) =>
      sql`(SELECT t.id, ${source.kind}::text AS kind, ${source.due} AS due FROM ${source.from}
           WHERE ${source.where} ORDER BY ${source.due}, t.id LIMIT ${limit})`,
  );
  return sql`SELECT id, kind, due FROM (${join(branches, ' UNION ALL ')}) u ORDER BY due, kind, id LIMIT ${limit}`;
}

/** The number of items of the sources (optionally only those due in [startDay, endDay]). */
export function countOf(sources: Source[], range?: { startDay: string; endDay: string }): Sql {
  if (sources.length === 0) return sql`0`;
  const counts = sources.map((source) => {
    const inRange = range
      ? sql` AND ${source.due} BETWEEN ${day(range.startDay)} AND ${day(range.endDay)}`
      : Prisma.empty;
    return sql`(SELECT count(*) FROM ${source.from} WHERE ${source.where}${inRange})`;
  });
  return sql`(${join(counts, ' + ')})::int`;
}

/** total / due (past) / today / upcoming of the sources, relative to `today`. */
export function pieOf(sources: Source[], today: string): Sql {
  const dues = sources.length
    ? sources.map((source) => sql`SELECT ${source.due} AS due FROM ${source.from} WHERE ${source.where}`)
    : [NO_ITEMS];
  return sql`SELECT count(*)::int AS total,
      (count(*) FILTER (WHERE due < ${day(today)}))::int AS due,
      (count(*) FILTER (WHERE due = ${day(today)}))::int AS today,
      (count(*) FILTER (WHERE due > ${day(today)}))::int AS upcoming
    FROM (${join(dues, ' UNION ALL ')}) u`;
}

export const fullName = (alias: string) =>
  sql`NULLIF(concat_ws(' ', ${Prisma.raw(`${alias}."firstName"`)}, ${Prisma.raw(`${alias}."lastName"`)}), '')`;

// ---------- Row helpers ----------

export interface Counted {
  total: number | null;
}

export const yesNo = (value: boolean): 'yes' | 'no' => (value ? 'yes' : 'no');

export function toSection<R extends Counted & { id: string | null }, T>(
  rows: R[],
  map: (row: R) => T,
): Section<T> {
  const present = rows.filter((row) => row.id !== null);
  return { total: rows[0]?.total ?? 0, list: present.map(map) };
}

/** The caller's scope: the organisation and who they are in it. Never from the request. */

export function formattedNumber(number: number | null): string | null {
  return number === null ? null : `${FORM_NUMBER_PREFIX}${number}`;
}
