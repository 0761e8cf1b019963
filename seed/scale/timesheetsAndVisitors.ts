/**
 * TimeSheet and Vismate of "Scale Holdings" (issue 45, docs/timesheets-and-visitors.md): a year of
 * QR clock-ins of every active employee at their own workplace and branch (weekdays, ~5% of days
 * missed, one day in ten split by a lunch break), ~2% of employees with a missed clock-out on a
 * recent day (their last record; the clock-in page refuses a new one until it is corrected), about
 * 60% of the others clocked in today (before now), ~1% of past records corrected with a reason; ~80% of ended
 * weeks approved with their day hours; a kiosk setup and kiosk for every workplace, and 100,000
 * visits over the last year (~10% contractors of the scale suppliers, most matched to their
 * personnel; hosts among the workplace's employees; workplace 1 the busiest; ~50 on site now).
 *
 * The organisation's time zone is UTC (the scale company's default), so its days are the UTC days
 * of the timestamps. Approvals and corrections are by the manager's account (scale.manager) where
 * the manager has one, otherwise by scale.admin (hrAdmin, payroll). Set-based SQL in its own
 * transaction (seedScaleOnce), when Scale Holdings has no visitor setup yet.
 */
import type pg from 'pg';
import { SCALE_USERS } from '../scaleDb';
import { SIGNATURE_PNG } from '../demo/northwind/timesheetsAndVisitors';
import { rnd, seedScaleOnce, sid } from './once';
import { E, S, WP } from './sizes';
import { FIRST_NAMES, LAST_NAMES } from './words';

export const TIMESHEET_VISITOR_SCALE = { days: 365, visits: 100_000, openVisits: 50 };
const V = TIMESHEET_VISITOR_SCALE.visits;

// prettier-ignore
const COMPANIES = `ARRAY['Harbourside Logistics', 'Peak Engineering', 'Bluegum Consulting', 'City Council', 'Southern Freight',
  'Greenleaf Packaging', 'Atlas Insurance', 'Redline Transport', 'Coastal Labs', 'Summit Recruitment',
  'WorkSafe Inspectorate', 'Ironbark Fabrication', 'Clearwater Utilities', 'Northstar IT', 'Kestrel Couriers',
  'Oakridge Builders', 'Union Bank', 'Silverline Catering', 'Horizon Training', 'Metro Fire Services']`;
const VISITOR_PURPOSES = `ARRAY['Meeting', 'Job interview', 'Delivery', 'Site tour', 'Audit', 'Training', 'Sales visit']`;
const CONTRACTOR_PURPOSES = `ARRAY['Maintenance', 'Electrical work', 'Plumbing repair', 'Cleaning', 'Inspection']`;
const HAZARDOUS = 'Are you carrying hazardous materials?';
const ALLERGIES = 'Do you have any allergies we should know about?';
const SITE_RULES =
  'Wear the visitor lanyard at all times. Stay with your host. Hi-vis and closed shoes beyond reception. ' +
  'In an emergency follow the wardens to the assembly point.';

/** The SQL literals the steps share: the company, today, now and the approving accounts. */
type StepContext = { company: string; day: string; at: string; admin: string };
type Step = { name: string; sql: string };

/** A workplace's setup (its two questions) and its reception kiosk; every tenth also an old, revoked one. */
function setupStep({ company, day, at, admin }: StepContext): Step {
  const question = (q: number, label: string, type: string, required: boolean) =>
    `jsonb_build_object('_id', ${sid(`'vq:' || w || ':${q}'`)}, 'label', '${label}', 'type', '${type}', 'required', ${required})`;
  return {
    name: `visitor setups and kiosks (${WP} workplaces)`,
    sql: `
INSERT INTO "VisitorSetup" (id, "companyId", "workplaceId", questions, "siteRules", "takeSignature", "takePhoto",
  "notifyHost", "retentionDays", "updatedById", "updatedAt")
SELECT ${sid(`'visitorSetup:' || w`)}, ${company}, ${sid(`'wp:' || w`)},
  jsonb_build_array(${question(1, HAZARDOUS, 'yesNo', true)}, ${question(2, ALLERGIES, 'text', false)}),
  '${SITE_RULES}', true, false, true, 365, ${admin}, ${day} - 370 + time '10:00'
FROM generate_series(1, ${WP}) w;
INSERT INTO "VisitorKiosk" (id, "companyId", "workplaceId", name, "createdById", "createdAt", "lastSeenAt", "revokedAt")
SELECT ${sid(`'visitorKiosk:' || w`)}, ${company}, ${sid(`'wp:' || w`)}, 'Reception kiosk', ${admin},
  ${day} - 370 + time '10:30', ${at}, NULL
FROM generate_series(1, ${WP}) w
UNION ALL
SELECT ${sid(`'visitorKiosk:old:' || w`)}, ${company}, ${sid(`'wp:' || w`)}, 'Old tablet', ${admin},
  ${day} - 600 + time '10:30', ${day} - 371 + time '16:00', ${day} - 370 + time '10:35'
FROM generate_series(10, ${WP}, 10) w;`,
  };
}

/**
 * The clock-ins: ts_seed holds every record (kept for the approvals), then the missed clock-outs
 * cut their employee's later records and leave the last one open.
 */
function recordStep({ company, day, at }: StepContext): Step {
  const days = TIMESHEET_VISITOR_SCALE.days;
  return {
    name: `clock-ins: ${days} days of every active employee`,
    sql: `
CREATE TEMP TABLE ts_employee ON COMMIT DROP AS
SELECT e.id, e."workplaceId", e."branchId", e."firstName" || ' ' || e."lastName" AS name, e."managerEmployeeId", x.n,
  CASE WHEN ${rnd('x.n', 971)} < 0.02 THEN ${day} - 1 - floor(10 * ${rnd('x.n', 972)})::int END AS "missedOn"
FROM "Employee" e
CROSS JOIN LATERAL (SELECT substr(e."employeeNumber", 4)::int - 10000 AS n) x
WHERE e."companyId" = ${company} AND e."isActive";
CREATE TEMP TABLE ts_seed ON COMMIT DROP AS
SELECT e.n, e.id AS "employeeId", d, k,
  d + make_interval(mins => s + CASE WHEN k = 2 THEN lunch + 30 ELSE 0 END) AS "signInAt",
  d + make_interval(mins => s + CASE WHEN split AND k = 1 THEN lunch WHEN split THEN len + 30 ELSE len END) AS "signOutAt"
FROM ts_employee e
CROSS JOIN generate_series(${day} - ${days}, ${day} - 1, interval '1 day') g
CROSS JOIN LATERAL (SELECT g::date AS d, e.n::bigint * 100000 + (g::date - DATE '2000-01-01') AS i) di
CROSS JOIN LATERAL (SELECT 390 + floor(150 * ${rnd('i', 973)})::int AS s, 450 + floor(120 * ${rnd('i', 974)})::int AS len,
  240 + floor(60 * ${rnd('i', 975)})::int AS lunch, ${rnd('i', 976)} < 0.1 AS split) t
CROSS JOIN LATERAL generate_series(1, CASE WHEN split THEN 2 ELSE 1 END) k
WHERE extract(isodow FROM d) < 6 AND ${rnd('i', 977)} >= 0.05 AND (e."missedOn" IS NULL OR d <= e."missedOn");
-- The missed clock-out: the employee's last record stays open (one open record per employee).
UPDATE ts_seed s SET "signOutAt" = NULL
FROM (SELECT DISTINCT ON (s."employeeId") s."employeeId", s.d, s.k FROM ts_seed s JOIN ts_employee e ON e.id = s."employeeId"
      WHERE e."missedOn" IS NOT NULL ORDER BY s."employeeId", s.d DESC, s.k DESC) last
WHERE s."employeeId" = last."employeeId" AND s.d = last.d AND s.k = last.k;
-- Clocked in today (a weekday): most of the others, in the morning, or before now when the seed runs
-- earlier (on site now has its employees whenever the benchmark runs).
INSERT INTO ts_seed (n, "employeeId", d, k, "signInAt", "signOutAt")
SELECT e.n, e.id, ${day}, 1, t."signInAt", NULL
FROM ts_employee e
CROSS JOIN LATERAL (SELECT least(${day} + make_interval(mins => 390 + floor(150 * ${rnd('e.n', 978)})::int),
  ${at} - make_interval(mins => 1 + floor(120 * ${rnd('e.n', 979)})::int)) AS "signInAt") t
WHERE e."missedOn" IS NULL AND extract(isodow FROM ${day}) < 6 AND ${rnd('e.n', 970)} < 0.6 AND t."signInAt" >= ${day};
CREATE INDEX ON ts_seed ("employeeId", d);
ANALYZE ts_seed;
INSERT INTO "TimesheetRecord" (id, "companyId", "employeeId", "workplaceId", "branchId", "fullName", "signInNote",
  signature, "signInAt", "signOutAt", "createdAt", "correctedAt")
SELECT ${sid(`'tsr:' || s.n || ':' || s.d || ':' || s.k`)}, ${company}, s."employeeId", e."workplaceId", e."branchId", e.name,
  CASE WHEN ${rnd("s.n * 100000 + (s.d - DATE '2000-01-01')", 980)} < 0.03 THEN 'Started early for a delivery.' END,
  -- Signatures are new (issue 45): the records of the last two months have one.
  CASE WHEN s.d > ${day} - 60 THEN '${SIGNATURE_PNG}' END,
  s."signInAt", s."signOutAt", s."signInAt",
  CASE WHEN s."signOutAt" IS NOT NULL AND s.d < ${day} - 7 AND ${rnd("s.n * 100000 + (s.d - DATE '2000-01-01') * 3 + s.k", 981)} < 0.01
    THEN s."signOutAt" + interval '1 day' END
FROM ts_seed s JOIN ts_employee e ON e.id = s."employeeId";`,
  };
}

/** The approvals of ~80% of ended weeks without an open record, their log, and the corrections' log. */
function approvalStep({ company, day, admin }: StepContext): Step {
  const approver = `coalesce((SELECT u.id FROM "User" u WHERE u."companyId" = ${company} AND u."employeeId" = e."managerEmployeeId" LIMIT 1), ${admin})`;
  const hours = `round((extract(epoch FROM r."signOutAt" - r."signInAt") / 3600)::numeric, 2)`;
  return {
    name: 'approved weeks (~80% of ended ones) and the change log of approvals and corrections',
    sql: `
CREATE TEMP TABLE ts_week ON COMMIT DROP AS
SELECT r."employeeId", date_trunc('week', r."signInAt")::date AS "weekStart",
  ARRAY[${[1, 2, 3, 4, 5, 6, 7].map((d) => `coalesce(sum(${hours}) FILTER (WHERE extract(isodow FROM r."signInAt") = ${d}), 0)`).join(', ')}]::numeric(6, 2)[] AS "dayHours",
  sum(${hours}) AS "totalHours", bool_or(r."signOutAt" IS NULL) AS open
FROM "TimesheetRecord" r WHERE r."companyId" = ${company}
GROUP BY r."employeeId", date_trunc('week', r."signInAt")::date;
INSERT INTO "TimesheetApproval" (id, "companyId", "employeeId", "weekStart", "dayHours", "totalHours", "approvedById", "approvedAt")
SELECT ${sid(`'tsa:' || w."employeeId" || ':' || w."weekStart"`)}, ${company}, w."employeeId", w."weekStart", w."dayHours",
  coalesce(w."totalHours", 0), ${approver}, w."weekStart" + 8 + time '10:00' + make_interval(mins => (hashtext(w."employeeId"::text) & 255))
FROM ts_week w JOIN "Employee" e ON e.id = w."employeeId"
WHERE NOT w.open AND w."weekStart" + 6 < ${day} AND w."totalHours" > 0
  AND w."weekStart" + 8 < ${day} AND ${rnd(`hashtext(w."employeeId"::text || w."weekStart")`, 982)} < 0.8;
INSERT INTO "ChangeLog" (id, "companyId", "entityType", "entityId", "userId", action, changes, "createdAt")
SELECT ${sid(`'log:tsa:' || a.id`)}, ${company}, 'timesheetWeek', a."employeeId", a."approvedById", 'approved',
  jsonb_build_object('weekStart', a."weekStart"), a."approvedAt"
FROM "TimesheetApproval" a WHERE a."companyId" = ${company}
UNION ALL
SELECT ${sid(`'log:tsr:' || r.id`)}, ${company}, 'timesheetRecord', r.id, ${approver}, 'corrected',
  jsonb_build_object('reason', 'Forgot to clock out; times confirmed with the supervisor.',
    'before', jsonb_build_object('signInAt', r."signInAt", 'signOutAt', NULL),
    'after', jsonb_build_object('signInAt', r."signInAt", 'signOutAt', r."signOutAt")), r."correctedAt"
FROM "TimesheetRecord" r JOIN "Employee" e ON e.id = r."employeeId"
WHERE r."companyId" = ${company} AND r."correctedAt" IS NOT NULL;`,
  };
}

/** 100,000 visits: the newest ${TIMESHEET_VISITOR_SCALE.openVisits} still on site, the others over the last year. */
function visitStep({ company, day, at }: StepContext): Step {
  const open = TIMESHEET_VISITOR_SCALE.openVisits;
  const name = (first: string, last: string) =>
    `(${FIRST_NAMES})[${first}] || ' ' || (${LAST_NAMES})[${last}]`;
  const answer = (q: number, label: string, value: string) =>
    `jsonb_build_object('questionId', ${sid(`'vq:' || w || ':${q}'`)}, 'label', '${label}', 'value', ${value})`;
  return {
    name: `visits (${V}; ${open} on site now)`,
    sql: `
INSERT INTO "Visit" (id, "companyId", "workplaceId", "kioskId", kind, "fullName", "visitorCompany", "supplierId",
  "personnelId", "hostEmployeeId", purpose, phone, answers, "rulesAcceptedAt", signature, "signInAt", "signOutAt", "signedOutById")
SELECT ${sid(`'visit:' || v`)}, ${company}, ${sid(`'wp:' || w`)}, ${sid(`'visitorKiosk:' || w`)},
  (CASE WHEN contractor THEN 'contractor' ELSE 'visitor' END)::"VisitKind",
  CASE WHEN contractor AND matched THEN ${name('1 + (p * 3) % 40', '1 + (p * 11) % 50')}
       ELSE ${name(`1 + floor(40 * ${rnd('v', 984)})::int`, `1 + floor(50 * ${rnd('v', 985)})::int`)} END,
  CASE WHEN contractor THEN 'Scale Supplier ' || lpad(s::text, 3, '0')
       WHEN ${rnd('v', 986)} < 0.15 THEN '' ELSE (${COMPANIES})[1 + floor(20 * ${rnd('v', 987)})::int] END,
  CASE WHEN contractor THEN ${sid(`'sup:' || s`)} END,
  CASE WHEN contractor AND matched THEN ${sid(`'per:' || p`)} END,
  host,
  CASE WHEN contractor THEN (${CONTRACTOR_PURPOSES})[1 + floor(5 * ${rnd('v', 988)})::int]
       ELSE (${VISITOR_PURPOSES})[1 + floor(7 * ${rnd('v', 988)})::int] END,
  '04' || lpad(floor(100000000 * ${rnd('v', 989)})::bigint::text, 8, '0'),
  jsonb_build_array(${answer(1, HAZARDOUS, `CASE WHEN ${rnd('v', 990)} < 0.03 THEN 'Yes' ELSE 'No' END`)},
    ${answer(2, ALLERGIES, `CASE WHEN ${rnd('v', 991)} < 0.1 THEN 'Peanuts' ELSE '' END`)}),
  "signInAt", CASE WHEN ${rnd('v', 992)} < 0.9 THEN '${SIGNATURE_PNG}' END, "signInAt", "signOutAt",
  CASE WHEN "signOutAt" IS NOT NULL AND ${rnd('v', 993)} < 0.03 THEN host END
FROM generate_series(1, ${V}) v
CROSS JOIN LATERAL (SELECT 1 + floor(${WP} * ${rnd('v', 994)} ^ 1.6)::int AS w, ${rnd('v', 995)} < 0.1 AS contractor,
  ${rnd('v', 996)} < 0.7 AS matched,
  -- An active supplier company, skewed towards the first (the inactive ones, s % 25 = 13, step on).
  (SELECT x + (x % 25 = 13)::int FROM (SELECT 1 + floor(${S - 1} * ${rnd('v', 997)} ^ 2)::int AS x) y) AS s) k
CROSS JOIN LATERAL (SELECT (s - 1) * 10 + 1 + floor(10 * ${rnd('v', 998)})::int AS p,
  -- A host of the visit's workplace (employee n works at workplace 1 + n % ${WP}); some contractors have none.
  CASE WHEN ${rnd('v', 999)} < CASE WHEN contractor THEN 0.5 ELSE 0.9 END
    THEN ${sid(`'emp:' || (((${WP} * floor(${E / WP} * ${rnd('v', 1000)})::int + w - 2) % ${E} + ${E}) % ${E} + 1)`)} END AS host) h
CROSS JOIN LATERAL (SELECT CASE WHEN v <= ${open} THEN ${at} - make_interval(mins => v * 5)
  ELSE ${day} - 1 - floor(364 * ${rnd('v', 1001)})::int + make_interval(mins => 420 + floor(600 * ${rnd('v', 1002)})::int) END AS "signInAt") i
CROSS JOIN LATERAL (SELECT CASE WHEN v > ${open}
  THEN "signInAt" + make_interval(mins => 15 + floor(345 * ${rnd('v', 1003)} ^ 2)::int) END AS "signOutAt") o;`,
  };
}

/** The steps that add TimeSheet and Vismate, in order (the approvals read the records). */
export function timesheetVisitorSteps(companyId: string, now: Date): Step[] {
  const company = `'${companyId}'::uuid`;
  const context: StepContext = {
    company,
    day: `DATE '${now.toISOString().slice(0, 10)}'`,
    at: `TIMESTAMP '${now.toISOString().slice(0, 23).replace('T', ' ')}'`,
    admin: `(SELECT id FROM "User" WHERE "companyId" = ${company} AND username = '${SCALE_USERS.admin}')`,
  };
  return [setupStep, recordStep, approvalStep, visitStep].map((step) => step(context));
}

/** Row counts of the part and the open-record rule (at most one open record per employee). */
async function logCounts(client: pg.ClientBase, log: (line: string) => void): Promise<void> {
  const { rows } = await client.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM "TimesheetRecord" r WHERE r."companyId" = c.id)::int AS "timesheet records",
       (SELECT count(*) FROM "TimesheetRecord" r WHERE r."companyId" = c.id AND r."signOutAt" IS NULL)::int AS "open records",
       (SELECT count(*) FROM "TimesheetRecord" r WHERE r."companyId" = c.id AND r."signOutAt" IS NULL
          AND r."signInAt" < date_trunc('day', now() AT TIME ZONE 'UTC'))::int AS "missed clock-outs",
       (SELECT max(k) FROM (SELECT count(*) AS k FROM "TimesheetRecord" r WHERE r."companyId" = c.id
          AND r."signOutAt" IS NULL GROUP BY r."employeeId") x)::int AS "most open records of one employee",
       (SELECT count(*) FROM "TimesheetApproval" a WHERE a."companyId" = c.id)::int AS "approved weeks",
       (SELECT count(*) FROM "VisitorSetup" s WHERE s."companyId" = c.id)::int AS "visitor setups",
       (SELECT count(*) FROM "VisitorKiosk" k WHERE k."companyId" = c.id)::int AS "kiosks",
       (SELECT count(*) FROM "Visit" v WHERE v."companyId" = c.id)::int AS "visits",
       (SELECT count(*) FROM "Visit" v WHERE v."companyId" = c.id AND v."signOutAt" IS NULL)::int AS "visits on site"
     FROM "Company" c WHERE c.name = 'Scale Holdings'`,
  );
  for (const [name, n] of Object.entries(rows[0] ?? {})) log(`    ${name}: ${n.toLocaleString('en-US')}`);
}

/** Adds TimeSheet and Vismate to Scale Holdings unless it has a visitor setup. Whether it added them. */
export async function seedScaleTimesheetsAndVisitors(
  client: pg.ClientBase,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const added = await seedScaleOnce(client, {
    lock: 72210,
    seededSql: 'EXISTS (SELECT 1 FROM "VisitorSetup" x WHERE x."companyId" = c.id)',
    steps: (companyId) => timesheetVisitorSteps(companyId, now),
    log,
  });
  if (!added) return false;
  await client.query(
    'ANALYZE "TimesheetRecord", "TimesheetApproval", "ChangeLog", "VisitorSetup", "VisitorKiosk", "Visit"',
  );
  await logCounts(client, log);
  return true;
}
