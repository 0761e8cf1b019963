import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { join, sql } from '../../db/sql';

/**
 * The report rollups: materialised views named `report_*` (the migrations report_rollups and the
 * areas' own) that hold the big tables' figures by month. The job queue brings them up to date every
 * five minutes (plugins/jobs.ts), so a report read from them is at most that old; `"ReportRollup"`
 * keeps when each was refreshed, the `asOf` of its figures and the key of the service's cache.
 */

/** A view's refresh at scale takes seconds; a transaction's default bound is shorter. */
const REFRESH_TIMEOUT_MS = 5 * 60_000;

interface Rollup {
  name: string;
  /** The other `report_*` views it is built from: refreshed before it. */
  reads: string[];
}

/** Every rollup with the rollups it reads, from the catalogue. */
const ROLLUPS = sql`
  SELECT m.matviewname::text AS name,
         coalesce(array_agg(DISTINCT used.relname::text) FILTER (WHERE used.relname IS NOT NULL), '{}'::text[]) AS reads
  FROM pg_matviews m
  JOIN pg_class v ON v.relname = m.matviewname AND v.relnamespace = to_regnamespace(m.schemaname)
  JOIN pg_rewrite r ON r.ev_class = v.oid
  LEFT JOIN pg_depend d ON d.objid = r.oid AND d.classid = 'pg_rewrite'::regclass
    AND d.refclassid = 'pg_class'::regclass AND d.refobjid <> v.oid
  LEFT JOIN pg_class used ON used.oid = d.refobjid AND used.relkind = 'm' AND used.relname LIKE 'report\\_%'
  WHERE m.schemaname = current_schema() AND m.matviewname LIKE 'report\\_%'
  GROUP BY m.matviewname`;

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
 * Brings one rollup up to date in a transaction of its own, under a lock of its own: false when
 * another process holds it, or when the view was refreshed within `skipWithinMs` (another process
 * just did it). Concurrently, so reports keep reading the previous figures meanwhile; a plain
 * REFRESH the first time (a view never populated cannot be refreshed concurrently).
 */
async function refreshOne(db: Db, name: string, skipWithinMs: number): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<{ held: boolean }[]>(
        sql`SELECT pg_try_advisory_xact_lock(hashtext(${`report-rollup:${name}`})) AS held`,
      );
      if (!lock?.held) return false;
      // Read after the lock is held: a refresh another process committed meanwhile is seen.
      const [state] = await tx.$queryRaw<{ populated: boolean; fresh: boolean }[]>(
        sql`SELECT m.ispopulated AS populated,
                   EXISTS (SELECT 1 FROM "ReportRollup" r WHERE r.name = m.matviewname::text
                           AND r."refreshedAt" > clock_timestamp() - make_interval(secs => ${skipWithinMs / 1000})) AS fresh
            FROM pg_matviews m WHERE m.schemaname = current_schema() AND m.matviewname = ${name}`,
      );
      if (!state || (state.populated && state.fresh)) return false;
      const view = `"${name.replaceAll('"', '""')}"`;
      await tx.$executeRawUnsafe(
        `REFRESH MATERIALIZED VIEW ${state.populated ? 'CONCURRENTLY ' : ''}${view}`,
      );
      // A view filled for the first time has no statistics yet: without them its reads are planned
      // for one row. Later refreshes change it gradually, which autovacuum's analyze follows.
      if (!state.populated) await tx.$executeRawUnsafe(`ANALYZE ${view}`);
      await tx.$executeRaw(
        sql`INSERT INTO "ReportRollup" (name, "refreshedAt") VALUES (${name}, clock_timestamp())
            ON CONFLICT (name) DO UPDATE SET "refreshedAt" = EXCLUDED."refreshedAt"`,
      );
      return true;
    },
    { timeout: REFRESH_TIMEOUT_MS },
  );
}

/**
 * Brings every rollup up to date, each after those it reads and committed one by one, so a view's
 * figures are readable as soon as it is done (the first fill of all takes half a minute at scale)
 * and two processes never block each other. The five-minute job skips the views refreshed within
 * the last minute (`skipWithinMs`); a direct call (a script, a test after a change) refreshes all.
 * Returns the names refreshed. One view failing does not stop the others; the failures are thrown
 * together at the end for the caller to log. `signal` stops it between two views.
 */
export async function refreshRollups(
  db: Db,
  { skipWithinMs = 0, signal }: { skipWithinMs?: number; signal?: AbortSignal } = {},
): Promise<string[]> {
  const failures: string[] = [];
  const refreshed: string[] = [];
  for (const rollup of inRefreshOrder(await db.$queryRaw<Rollup[]>(ROLLUPS))) {
    // A server shutting down waits for the view being refreshed, not for the rest.
    if (signal?.aborted) break;
    try {
      if (await refreshOne(db, rollup.name, skipWithinMs)) refreshed.push(rollup.name);
    } catch (error) {
      failures.push(`${rollup.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
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

/**
 * The version of these rollups' figures, the key of the service's cache: every one's stamp, so a
 * refresh of any of them changes it (their oldest, the `asOf`, stays put while one keeps failing).
 * Null while one is not filled yet: its first refresh has not committed.
 */
export async function rollupVersion(from: Reader, names: readonly string[]): Promise<string | null> {
  const wanted = [...new Set(names)];
  const [version] = await from.rows<{ version: string | null }>(
    sql`SELECT CASE WHEN count(*) = ${wanted.length}
                 THEN string_agg((extract(epoch FROM r."refreshedAt") * 1000000)::bigint::text, '.' ORDER BY r.name) END AS version
        FROM "ReportRollup" r
        JOIN pg_matviews m ON m.matviewname = r.name AND m.schemaname = current_schema() AND m.ispopulated
        WHERE r.name IN (${join(wanted)})`,
  );
  return version?.version ?? null;
}
