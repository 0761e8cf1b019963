import { Prisma } from '../generated/prisma/client';

/**
 * Building blocks of hand-written statements: tagged templates only, so values are always
 * parameters. Used by the dashboard's reader and by lists whose filters Prisma cannot express well.
 */
export type Sql = Prisma.Sql;
export const sql = Prisma.sql;
export const join = Prisma.join;
export const emptySql = Prisma.empty;

export const uuid = (value: string) => sql`${value}::uuid`;
export const day = (value: string) => sql`${value}::date`;
/**
 * A moment as Prisma stores a DateTime (`timestamp(3)`, UTC, no zone), whatever the session's
 * TimeZone: for hand-written writes beside Prisma's, which take the time from this process too.
 */
export const storedTimestamp = (value: Date) => sql`(${value.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

/** Text for an ILIKE pattern, its own %, _ and \ taken literally. */
const literally = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** An ILIKE pattern that matches the text anywhere. */
export const containing = (text: string) => `%${literally(text)}%`;

/** An ILIKE pattern that matches text starting with `text`. */
export const startingWith = (text: string) => `${literally(text)}%`;
