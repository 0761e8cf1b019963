import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { join, sql } from '../../db/sql';

/**
 * The report rollups: materialised views named `report_*` (the migrations report_rollups and the
 * areas' own) that hold the big tables' figures by month. The job queue brings them up to date every
 * five minutes (plugins/jobs.ts), so a report read from them is at most that old; `"ReportRollup"`
 * keeps when each was refreshed, the `asOf` of its figures and the key of the service's cache.
 */

/** The lock of a refresh: with several processes the one that holds it refreshes, the others skip. */
const REFRESH_LOCK = 'report-rollups';
/** A refresh of every rollup at scale takes a few seconds; a transaction's default bound is shorter. */
const REFRESH_TIMEOUT_MS = 5 * 60_000;

interface Rollup {
  name: string;
  populated: boolean;
  /** The other `report_*` views it is built from: refreshed before it. */
  reads: string[];
}

/** Every rollup with the rollups it reads, from the catalogue. */
const ROLLUPS = sql`
  SELECT m.matviewname::text AS name, m.ispopulated AS populated,
         coalesce(array_agg(DISTINCT used.relname::text) FILTER (WHERE used.relname IS NOT NULL), '{}'::text[]) AS reads
  FROM pg_matviews m
  JOIN pg_class v ON v.relname = m.matviewname AND v.relnamespace = to_regnamespace(m.schemaname)
  JOIN pg_rewrite r ON r.ev_class = v.oid
  LEFT JOIN pg_depend d ON d.objid = r.oid AND d.classid = 'pg_rewrite'::regclass
    AND d.refclassid = 'pg_class'::regclass AND d.refobjid <> v.oid
  LEFT JOIN pg_class used ON used.oid = d.refobjid AND used.relkind = 'm' AND used.relname LIKE 'report\\_%'
  WHERE m.schemaname = current_schema() AND m.matviewname LIKE 'report\\_%'
  GROUP BY m.matviewname, m.ispopulated`;

/** The rollups in an order where each comes after those it reads. */
function inRefreshOrder(rollups: Rollup[]): Rollup[] {
  const ordered: Rollup[] = [];
  const placed = new Set<string>();
  let waiting = [...rollups].sort((a, b) => a.name.localeCompare(b.name));
  while (waiting.length > 0) {
    const ready = waiting.filter((rollup) => rollup.reads.every((name) => placed.has(name)));
    // A cycle cannot be created between views; should one appear the rest still go, in name order.
    const next = ready.length > 0 ? ready : waiting;
    for (const rollup of next) {
      ordered.push(rollup);
      placed.add(rollup.name);
    }
    waiting = waiting.filter((rollup) => !placed.has(rollup.name));
  }
  return ordered;
}

/**
 * Brings every rollup up to date — CONCURRENTLY, so reports keep reading the previous figures
 * meanwhile; a plain REFRESH the first time (a view never populated cannot be refreshed
 * concurrently) — and stamps each. Returns the names refreshed: none when another process holds
 * the refresh. One view failing does not stop the others; the failures are thrown together at the
 * end for the caller to log.
 */
export async function refreshRollups(db: Db): Promise<string[]> {
  const failures: string[] = [];
  const refreshed = await db.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<{ held: boolean }[]>(
        sql`SELECT pg_try_advisory_xact_lock(hashtext(${REFRESH_LOCK})) AS held`,
      );
      if (!lock?.held) return [];
      const done: string[] = [];
      for (const rollup of inRefreshOrder(await tx.$queryRaw<Rollup[]>(ROLLUPS))) {
        const view = `"${rollup.name.replaceAll('"', '""')}"`;
        try {
          // Each view in a savepoint: a failure undoes that view only.
          await tx.$executeRawUnsafe('SAVEPOINT rollup');
          await tx.$executeRawUnsafe(
            `REFRESH MATERIALIZED VIEW ${rollup.populated ? 'CONCURRENTLY ' : ''}${view}`,
          );
          // A view filled for the first time has no statistics yet: without them its reads are planned
          // for one row. Later refreshes change it gradually, which autovacuum's analyze follows.
          if (!rollup.populated) await tx.$executeRawUnsafe(`ANALYZE ${view}`);
          await tx.$executeRaw(
            sql`INSERT INTO "ReportRollup" (name, "refreshedAt") VALUES (${rollup.name}, clock_timestamp())
                ON CONFLICT (name) DO UPDATE SET "refreshedAt" = EXCLUDED."refreshedAt"`,
          );
          await tx.$executeRawUnsafe('RELEASE SAVEPOINT rollup');
          done.push(rollup.name);
        } catch (error) {
          await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT rollup');
          failures.push(`${rollup.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return done;
    },
    { timeout: REFRESH_TIMEOUT_MS },
  );
  if (failures.length > 0) throw new Error(`Report rollups not refreshed: ${failures.join('; ')}`);
  return refreshed;
}

/**
 * When the figures of these rollups were brought up to date: the oldest refresh of them, null when
 * one was never refreshed (its figures are not there yet).
 */
export async function rollupStamp(from: Reader | Db, names: readonly string[]): Promise<Date | null> {
  if (names.length === 0) return null;
  const wanted = [...new Set(names)];
  // In milliseconds: a number reads the same through the Reader (timestamps as text) and Prisma.
  const statement = sql`
    SELECT CASE WHEN count(*) = ${wanted.length} THEN (extract(epoch FROM min("refreshedAt")) * 1000)::float8 END AS "asOf"
    FROM "ReportRollup" WHERE name IN (${join(wanted)})`;
  const [stamp] =
    'rows' in from
      ? await from.rows<{ asOf: number | null }>(statement)
      : await from.$queryRaw<{ asOf: number | null }[]>(statement);
  return stamp?.asOf == null ? null : new Date(stamp.asOf);
}
