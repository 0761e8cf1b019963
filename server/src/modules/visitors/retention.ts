import { VISITOR_RETENTION_DEFAULT_DAYS } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { sql } from '../../db/sql';

/** Visits removed per statement: short transactions, however many expired since the last run. */
const PURGE_BATCH = 1000;

/**
 * Removes the visits whose sign-in is older than their workplace's retentionDays (the default
 * without a setup), with their photos' attachment rows (the file sweeper then removes the files no
 * row names), a batch at a time; answers how many visits went. Each workplace's expired visits are
 * an index range (companyId, workplaceId, signInAt). MATERIALIZED: both deletes see one list of ids
 * (an inlined CTE could be evaluated twice and pick different rows under LIMIT).
 */
export async function purgeExpiredVisits(db: Db): Promise<number> {
  let purged = 0;
  for (;;) {
    const count = await db.$executeRaw(
      sql`WITH expired AS MATERIALIZED (
          SELECT v.id, v."companyId" FROM "Workplace" w
          LEFT JOIN "VisitorSetup" s ON s."companyId" = w."companyId" AND s."workplaceId" = w.id
          CROSS JOIN LATERAL (
            SELECT x.id, x."companyId" FROM "Visit" x
            WHERE x."companyId" = w."companyId" AND x."workplaceId" = w.id
              AND x."signInAt" < now() - make_interval(days => coalesce(s."retentionDays", ${VISITOR_RETENTION_DEFAULT_DAYS}::int))
            LIMIT ${PURGE_BATCH}
          ) v
          LIMIT ${PURGE_BATCH}
        ), photos AS (
          DELETE FROM "Attachment" a USING expired e
          WHERE a."companyId" = e."companyId" AND a."ownerType" = 'visit' AND a."ownerId" = e.id
        )
        DELETE FROM "Visit" v USING expired e WHERE v.id = e.id`,
    );
    purged += count;
    if (count < PURGE_BATCH) return purged;
  }
}
