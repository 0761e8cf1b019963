import type { Db } from '../db/prisma';
import { sql, uuid, type Sql } from '../db/sql';
import { Prisma } from '../generated/prisma/client';

/** Each run works at most this many rows of a kind; the next run takes the rest. */
const REMINDER_BATCH = 500;

/** A row due for its reminder: the claim and the mails are the kind's own. */
export interface DueRow {
  id: string;
  companyId: string;
}

/**
 * A kind of row reminded of once, when its due day comes within `days` of its organisation's
 * today (the due day included): an HR form, a performance review, a competency's expiry.
 */
export interface DueReminders {
  /** The table, `r` in `open`, with its `companyId` and `reminderSentAt`: a constant, never input. */
  table: string;
  /** The `@db.Date` column the reminder counts towards: a constant, never input. */
  dueDay: string;
  days: number;
  /** Which rows of `table` (as `r`) are still open to remind of, besides not being reminded yet. */
  open: Sql;
  /** Queues the row's mails in `tx`, once it is claimed. Answers how many were queued. */
  remind(tx: Prisma.TransactionClient, row: DueRow): Promise<number>;
}

/** The rows of one kind now due for their reminder, each reminded in its own transaction. */
export async function sendDueReminders(db: Db, kind: DueReminders, now: Date): Promise<number> {
  const at = now.toISOString();
  const dueDay = Prisma.raw(`r."${kind.dueDay}"`);
  // Each organisation's today in its time zone; the constant bounds (a day either side) let an
  // index on the due day be read as one range.
  const due = await db.$queryRaw<DueRow[]>(sql`
    SELECT r.id, r."companyId"
    FROM ${Prisma.raw(`"${kind.table}"`)} r JOIN "Company" co ON co.id = r."companyId"
    WHERE r."reminderSentAt" IS NULL AND ${kind.open}
      AND ${dueDay} BETWEEN (${at}::timestamptz AT TIME ZONE 'UTC')::date - 1
        AND (${at}::timestamptz AT TIME ZONE 'UTC')::date + ${kind.days + 1}::int
      AND ${dueDay} >= (${at}::timestamptz AT TIME ZONE co."timeZone")::date
      AND ${dueDay} <= (${at}::timestamptz AT TIME ZONE co."timeZone")::date + ${kind.days}::int
    ORDER BY ${dueDay}, r.id
    LIMIT ${REMINDER_BATCH}`);
  let queued = 0;
  for (const row of due)
    queued += await db.$transaction(async (tx) => {
      // The claim and the mails commit together, by the same rule that found the row: a second
      // runner's claim waits for this commit, then finds the row taken, so none is sent twice.
      const claimed = await tx.$executeRaw(sql`
        UPDATE ${Prisma.raw(`"${kind.table}"`)} r SET "reminderSentAt" = ${at}::timestamptz AT TIME ZONE 'UTC'
        WHERE r.id = ${uuid(row.id)} AND r."reminderSentAt" IS NULL AND ${kind.open}`);
      return claimed === 1 ? kind.remind(tx, row) : 0;
    });
  return queued;
}
