/**
 * `npx tsx seed/scale.ts [--data-dir=<dir>]`: the scale seed. Adds the organisation "Scale Holdings"
 * (2,000 employees, 200,000 submissions, 500,000 actions, 50,000 notices, 20,000 documents and the rest of a busy
 * tenant's five years of history) to DATABASE_URL, or to an embedded PostgreSQL of its own (see
 * seed/scaleDb.ts; never the developer's cluster). The demo organisations are seeded first when
 * missing, so the app works normally on this database.
 *
 * Everything is set-based SQL: a few INSERT … SELECT FROM generate_series statements, one per
 * table, with deterministic pseudo-random values (hashint8extended of the row number and a salt),
 * all in one transaction (a failure leaves nothing). Ids are name-based (md5 of a key such as
 * `emp:1`, laid out as a version-5 UUID), so a re-seed of a fresh database produces the same ids.
 * Idempotent: does nothing when "Scale Holdings" exists. Ends with VACUUM ANALYZE.
 *
 * The busy employee is employee 1 (`scale.busy`): ~1% of all actions (~5,500, ~1,500 of them
 * open and overdue), 3% of the coordinated submissions, and a share of every dashboard section.
 * Other assignments are skewed towards low employee numbers (n = 2 + 1999·r²). Supplier 1
 * ("Scale Supplier 001", portal on, user `scale.supplier`) holds ~10% of supplier work and ~1%
 * of actions through its ten personnel. Dates run over five years up to today (more recent
 * history is denser: age = 1826·(1 − √r) days), plus upcoming due dates.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import argon2 from 'argon2';
import pg from 'pg';
import { createPrisma } from '../server/src/db/prisma';
import { DEMO_ORGANISATION, DEMO_PASSWORD, seedDemo } from './demo';
import { openScaleDatabase, SCALE_ORGANISATION, SCALE_USERS } from './scaleDb';
import { seedScaleAssets } from './scale/assets';
import { documentSteps } from './scale/documents';
import { registerAndTemplateSteps, submissionSteps } from './scale/forms';
import { obligationRegisterStep } from './scale/obligations';
import { organisationSteps } from './scale/organisation';
import { seedScaleCompetencies } from './scale/competencies';
import { seedScaleHrForms } from './scale/hrForms';
import { seedScaleInductions } from './scale/inductions';
import { seedScaleOnlineTraining } from './scale/onlineTraining';
import { seedScaleTrainingAttempts } from './scale/trainingAttempts';
import { seedScalePerformanceReviews } from './scale/performanceReviews';
import { riskRegisterSteps } from './scale/risks';
import { E, SCALE, type Step, WP } from './scale/sizes';
import { supplierAndAuditSteps } from './scale/suppliersAndAudits';
import { seedScaleTimesheetsAndVisitors } from './scale/timesheetsAndVisitors';
import { workSteps } from './scale/work';

export { SCALE } from './scale/sizes';

// ---------- SQL ----------

/** Helpers (session-local, inlined by the planner): ids, pseudo-random numbers, skewed picks. */
function helpers(today: string, now: string): string {
  return `
CREATE FUNCTION pg_temp.sid(k text) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT overlay(overlay(md5('compass-scale:' || k) placing '5' from 13) placing '8' from 17)::uuid $$;
CREATE FUNCTION pg_temp.rnd(i bigint, s bigint) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (hashint8extended(i, s) & 2147483647)::float8 / 2147483648.0 $$;
CREATE FUNCTION pg_temp.today() RETURNS date LANGUAGE sql IMMUTABLE AS $$ SELECT DATE '${today}' $$;
CREATE FUNCTION pg_temp.nowts() RETURNS timestamp LANGUAGE sql IMMUTABLE AS $$ SELECT TIMESTAMP '${now}' $$;
CREATE FUNCTION pg_temp.cid() RETURNS uuid LANGUAGE sql IMMUTABLE AS $$ SELECT pg_temp.sid('company') $$;
CREATE FUNCTION pg_temp.emp(n int) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$ SELECT pg_temp.sid('emp:' || n) $$;
CREATE FUNCTION pg_temp.per(n int) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$ SELECT pg_temp.sid('per:' || n) $$;
CREATE FUNCTION pg_temp.sup(n int) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$ SELECT pg_temp.sid('sup:' || n) $$;
CREATE FUNCTION pg_temp.tpl(n int) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$ SELECT pg_temp.sid('tpl:' || n) $$;
CREATE FUNCTION pg_temp.tv(t int, v int) RETURNS uuid LANGUAGE sql IMMUTABLE
  AS $$ SELECT pg_temp.sid('tv:' || t || ':' || v) $$;
CREATE FUNCTION pg_temp.wp(n int) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$ SELECT pg_temp.sid('wp:' || n) $$;
CREATE FUNCTION pg_temp.br(w int, b int) RETURNS uuid LANGUAGE sql IMMUTABLE
  AS $$ SELECT pg_temp.sid('br:' || w || ':' || b) $$;
CREATE FUNCTION pg_temp.doc(n int) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$ SELECT pg_temp.sid('doc:' || n) $$;
-- An employee other than the busy one, skewed towards low numbers: 2 + 1999·r².
CREATE FUNCTION pg_temp.skew(i bigint, s bigint) RETURNS int LANGUAGE sql IMMUTABLE
  AS $$ SELECT 2 + floor(${SCALE.employees - 1} * pg_temp.rnd(i, s) ^ 2)::int $$;
-- Any employee but e.
CREATE FUNCTION pg_temp.other(e int, i bigint, s bigint) RETURNS int LANGUAGE sql IMMUTABLE
  AS $$ SELECT ((e + floor(pg_temp.rnd(i, s) * ${SCALE.employees - 2})::int) % ${SCALE.employees}) + 1 $$;
-- Days before today, over five years, denser towards today.
CREATE FUNCTION pg_temp.age(i bigint, s bigint) RETURNS int LANGUAGE sql IMMUTABLE
  AS $$ SELECT floor(1825 * (1 - sqrt(pg_temp.rnd(i, s))))::int $$;
-- A time of day on day d (never later than now).
CREATE FUNCTION pg_temp.at(d date, i bigint) RETURNS timestamp LANGUAGE sql IMMUTABLE
  AS $$ SELECT least(pg_temp.nowts(), d + make_interval(mins => 420 + (i % 600)::int)) $$;
CREATE FUNCTION pg_temp.ftype(t int) RETURNS "FormType" LANGUAGE sql IMMUTABLE
  AS $$ SELECT (CASE WHEN t <= 20 THEN 'form-submission' WHEN t <= 24 THEN 'hr'
                     WHEN t <= 27 THEN 'supplier' ELSE 'qr' END)::"FormType" $$;
-- Open with probability p (recent), or slack (old); busy employees leave more open.
CREATE FUNCTION pg_temp.isopen(due date, r float8, busy boolean) RETURNS boolean LANGUAGE sql IMMUTABLE
  AS $$ SELECT CASE WHEN due > pg_temp.today() THEN r < 0.95
                    WHEN due > pg_temp.today() - 30 THEN r < 0.5
                    WHEN busy THEN r < 0.28 ELSE r < 0.02 END $$;
SET LOCAL work_mem = '256MB';
SET LOCAL synchronous_commit = off;
`;
}

/** The statements of the seed, in order: each area's rows after those they refer to. */
function steps(passwordHash: string): Step[] {
  return [
    ...organisationSteps(passwordHash),
    ...registerAndTemplateSteps(),
    ...submissionSteps(),
    ...workSteps(),
    ...supplierAndAuditSteps(),
    obligationRegisterStep(SCALE.obligations, WP),
    ...documentSteps(E),
    ...riskRegisterSteps(),
  ];
}

/** Row counts of the scale organisation, table by table. */
// prettier-ignore
export const COUNTED_TABLES = [
  'Employee', 'User', 'Workplace', 'Branch', 'Role', 'Position', 'SupplierCompany', 'Personnel',
  'FormTemplate', 'FormTemplateVersion', 'TemplateSection', 'TemplateField', 'FormSubmission',
  'SubmissionCoordinator', 'Action', 'Notice', 'Attachment', 'ScheduledTask', 'Review', 'HrFormAssignment',
  'OnlineTrainingAssignment', 'TrainingAttempt', 'SupplierAssignment', 'SupplierRequirement', 'Audit',
  'AuditQuestionTask', 'Obligation', 'ObligationQuestionTask', 'DocumentFolder', 'Document', 'DocumentVersion',
  'DocumentAcknowledgement', 'DocumentApproval', 'AssetCategory', 'Asset', 'MaintenancePlan', 'MaintenanceRecord',
  'AssetFault', 'TimesheetRecord', 'TimesheetApproval', 'VisitorSetup', 'VisitorKiosk', 'Visit',
] as const;

export async function scaleCounts(client: pg.ClientBase, companyId: string): Promise<Record<string, number>> {
  const union = COUNTED_TABLES.map(
    (table) => `SELECT '${table}' AS name, count(*)::int AS n FROM "${table}" WHERE "companyId" = $1`,
  ).join(' UNION ALL ');
  const { rows } = await client.query<{ name: string; n: number }>(union, [companyId]);
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

/** The busy employee's open items, section by section (what the dashboard counts). */
export async function busyOpenCounts(
  client: pg.ClientBase,
  companyId: string,
): Promise<Record<string, number>> {
  const { rows } = await client.query<Record<string, number>>(
    `SELECT
      (SELECT count(*) FROM "Action" WHERE "companyId" = $1 AND "assigneeEmployeeId" = e.id)::int AS "actions",
      (SELECT count(*) FROM "Action" WHERE "companyId" = $1 AND "assigneeEmployeeId" = e.id AND NOT "isComplete")::int AS "openActions",
      (SELECT count(*) FROM "Action" WHERE "companyId" = $1 AND "assigneeEmployeeId" = e.id AND NOT "isComplete" AND "dueDate" < $2::date)::int AS "overdueActions",
      (SELECT count(*) FROM "Action" WHERE "companyId" = $1 AND "assigneeEmployeeId" = e.id AND NOT "isComplete" AND "dueDate" = $2::date)::int AS "actionsDueToday",
      (SELECT count(*) FROM "Action" WHERE "companyId" = $1 AND "assigneeEmployeeId" = e.id AND NOT "isComplete" AND "dueDate" > $2::date)::int AS "upcomingActions",
      (SELECT count(*) FROM "SubmissionCoordinator" c JOIN "FormSubmission" s ON s.id = c."submissionId"
        WHERE c."companyId" = $1 AND c."employeeId" = e.id AND c.position = 0 AND NOT s."isClosed")::int AS "openCoordinated",
      (SELECT count(*) FROM "ScheduledTask" WHERE "companyId" = $1 AND "assignForEmployeeId" = e.id AND "completedAt" IS NULL)::int AS "openScheduled",
      (SELECT count(*) FROM "Review" WHERE "companyId" = $1 AND "reviewerEmployeeId" = e.id AND "completedAt" IS NULL)::int AS "openReviews",
      (SELECT count(*) FROM "AuditQuestionTask" WHERE "companyId" = $1 AND "assigneeEmployeeId" = e.id AND NOT "isComplete")::int AS "openAuditQuestions",
      (SELECT count(*) FROM "OnlineTrainingAssignment" WHERE "companyId" = $1 AND "employeeId" = e.id AND status IN ('assigned', 'failed'))::int AS "openTraining",
      (SELECT count(*) FROM "OnlineTrainingAssignment" WHERE "companyId" = $1 AND "reviewerEmployeeId" = e.id AND status = 'awaitingReview')::int AS "trainingToReview",
      (SELECT count(*) FROM "MaintenanceRecord" WHERE "companyId" = $1 AND "assigneeEmployeeId" = e.id AND status = 'open')::int AS "openMaintenance"
    FROM "Employee" e WHERE e.id = (SELECT "employeeId" FROM "User" WHERE username = $3)`,
    [companyId, todayUtc(new Date()), SCALE_USERS.busy],
  );
  return rows[0] ?? {};
}

function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Adds "Scale Holdings" unless it exists. Returns the time of each step (ms), or null when the
 * organisation was already there.
 */
export async function seedScale(
  client: pg.ClientBase,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<{ companyId: string; timings: Array<[string, number]> } | null> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const found = await client.query('SELECT id FROM "Company" WHERE name = $1', [SCALE_ORGANISATION]);
  if (found.rowCount) return null;
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
  const timings: Array<[string, number]> = [];
  await client.query("SET TIME ZONE 'UTC'");
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(72202)');
    const again = await client.query('SELECT id FROM "Company" WHERE name = $1', [SCALE_ORGANISATION]);
    if (again.rowCount) {
      await client.query('ROLLBACK');
      return null;
    }
    await client.query(helpers(todayUtc(now), now.toISOString().slice(0, 23).replace('T', ' ')));
    for (const step of steps(passwordHash)) {
      const started = performance.now();
      if (step.params) await client.query(step.sql, step.params);
      else await client.query(step.sql);
      const ms = performance.now() - started;
      timings.push([step.name, ms]);
      log(`  ${step.name}: ${(ms / 1000).toFixed(1)} s`);
    }
    const { rows } = await client.query<{ id: string }>('SELECT pg_temp.cid()::text AS id');
    const started = performance.now();
    await client.query('COMMIT');
    timings.push(['commit', performance.now() - started]);
    log(`  commit: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { companyId: rows[0]!.id, timings };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

// ---------- Command line ----------

async function main(): Promise<void> {
  const started = performance.now();
  const database = await openScaleDatabase({ fast: true });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const demo = await client.query('SELECT 1 FROM "Company" WHERE name = $1', [DEMO_ORGANISATION]);
    if (!demo.rowCount) {
      const demoStarted = performance.now();
      const prisma = createPrisma(database.url, 2);
      try {
        await seedDemo(prisma);
      } finally {
        await prisma.$disconnect();
      }
      console.log(
        `Seeded the demo organisations in ${((performance.now() - demoStarted) / 1000).toFixed(1)} s`,
      );
    }
    console.log(`Seeding "${SCALE_ORGANISATION}"…`);
    const result = await seedScale(client, { log: (line) => console.log(line) });
    await seedScaleCompetencies(client, { log: (line) => console.log(line) });
    await seedScaleHrForms(client, { log: (line) => console.log(line) });
    await seedScalePerformanceReviews(client, { log: (line) => console.log(line) });
    await seedScaleOnlineTraining(client, { log: (line) => console.log(line) });
    await seedScaleTrainingAttempts(client, { log: (line) => console.log(line) });
    await seedScaleInductions(client, { log: (line) => console.log(line) });
    await seedScaleAssets(client, { log: (line) => console.log(line) });
    await seedScaleTimesheetsAndVisitors(client, { log: (line) => console.log(line) });
    if (!result) {
      console.log(`"${SCALE_ORGANISATION}" already exists: nothing changed.`);
    } else {
      const vacuumStarted = performance.now();
      await client.query('VACUUM (ANALYZE)');
      console.log(`  VACUUM (ANALYZE): ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
    }
    const { rows } = await client.query<{ id: string }>('SELECT id FROM "Company" WHERE name = $1', [
      SCALE_ORGANISATION,
    ]);
    const companyId = rows[0]!.id;
    console.log('Rows of Scale Holdings:');
    for (const [table, n] of Object.entries(await scaleCounts(client, companyId))) {
      console.log(`  ${table.padEnd(26)} ${n.toLocaleString('en-US').padStart(9)}`);
    }
    console.log(`The busy employee (${SCALE_USERS.busy}), as of today (UTC):`);
    for (const [name, n] of Object.entries(await busyOpenCounts(client, companyId))) {
      console.log(`  ${name.padEnd(26)} ${n.toLocaleString('en-US').padStart(9)}`);
    }
    console.log(
      `Accounts (password ${DEMO_PASSWORD}): ${Object.values(SCALE_USERS).join(', ')}. ` +
        `Database: ${database.dataDir ? `embedded, data in ${database.dataDir}` : 'DATABASE_URL'}.`,
    );
  } catch (error) {
    console.error('The scale seed failed; it writes in one transaction, so none of it was kept.');
    console.error(error);
    process.exitCode = 1;
  } finally {
    await client.end();
    await database.stop();
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
