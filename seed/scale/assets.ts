/**
 * The Asset Register of "Scale Holdings" (issue 44, docs/assets.md): 60 categories and 20,000 more
 * assets (A-00201 on; the first 200 are the forms' pick list of seed/scale/forms.ts), ~400 category
 * plans and ~2,000 asset plans done by employees (the busy one has a share) and supplier companies
 * (Scale Supplier 001, with portal users, has a fifth of the suppliers' plans), three years of done
 * maintenance, the one open (or, after a disposal or a stopped plan, cancelled) record of every plan
 * and asset, and ~3,000 faults with their corrective records (most done; every asset out of service
 * has its open fault).
 *
 * Category plans are on the 48 smaller categories (13–60, ~3,000 assets): a plan of a category of a
 * thousand assets would open a thousand records. The big categories (1–12, ~17,000 assets) have asset
 * plans. The scale templates have no asset field, so no submission chooses an asset.
 *
 * Set-based SQL in its own transaction (seedScaleOnce), when Scale Holdings has no asset category
 * yet. The open-work trigger (migration assets_register) would recount an asset's open records for
 * every inserted row: it is disabled for the bulk insert, the two columns are set by one UPDATE
 * from the open records afterwards, and it is enabled again before the commit.
 */
import type pg from 'pg';
import { rnd, seedScaleOnce, sid } from './once';
import { BPW, E, S, WP } from './sizes';

export const ASSET_SCALE = {
  assets: 20_000,
  categories: 60,
  categoryPlans: 400,
  assetPlans: 2_000,
  faults: 3_000,
};
const A = ASSET_SCALE.assets;
/** Categories 1–12 are big (no category plans), 13–60 small. */
const BIG = 12;

// prettier-ignore
const KINDS = `ARRAY['Forklift', 'Scissor lift', 'Boom lift', 'Vehicle', 'Truck', 'Compressor', 'Generator',
  'Fire extinguisher', 'Fire pump', 'Pressure washer', 'Floor scrubber', 'Welder', 'Pallet jack', 'Crane', 'Conveyor',
  'Pump', 'Ladder', 'Power tool', 'Air conditioner', 'Gas detector']`;
// prettier-ignore
const MAKES = `ARRAY['Toyota', 'Genie', 'JLG', 'Ford', 'Isuzu', 'Atlas Copco', 'Honda', 'Ansul', 'Grundfos', 'Kärcher',
  'Tennant', 'Lincoln', 'Crown', 'Liebherr', 'Interroll', 'Hilti', 'Makita', 'Bosch', 'Daikin', 'Dräger']`;
// prettier-ignore
const NOTES = `ARRAY['All checks passed.', 'Done as scheduled; no defects.', 'Worn part replaced.', 'Adjusted and tested.',
  'Minor leak fixed; monitor.', 'Serviced to the manufacturer''s schedule.', 'Tagged and logged.',
  'Lubricated and cleaned.']`;
// prettier-ignore
const FAULTS = `ARRAY['Will not start.', 'Hydraulic oil leaking under the base.', 'Brakes feel soft.',
  'Warning light on the dashboard.', 'Guard cracked; moving parts exposed.', 'Loud grinding noise when running.',
  'Emergency stop does not latch.', 'Battery will not hold a charge.', 'Tyre damaged.', 'Cable insulation split near the plug.']`;
const GUESTS = `ARRAY['Sam (night shift)', 'Visitor at reception', 'Temp operator', 'Delivery driver']`;

/** [frequency, months, days, how many days back its plans start at most] of each unit. */
// prettier-ignore
const UNITS: [string, number, number, number][] = [
  ['fiveYears', 60, 0, 1095], ['fourYears', 48, 0, 1095], ['threeYears', 36, 0, 1095], ['biYear', 24, 0, 1095],
  ['years', 12, 0, 1095], ['halfYear', 6, 0, 1095], ['quarterly', 3, 0, 1095], ['biMonth', 2, 0, 1000],
  ['months', 1, 0, 1000], ['fortnight', 0, 14, 300], ['weeks', 0, 7, 180], ['weekDays', 0, 1, 40], ['days', 0, 1, 40],
];
const unitValues = UNITS.map(([unit, m, d, span]) => `('${unit}', ${m}, ${d}, ${span})`).join(', ');

/** SQL of a frequency picked by `r` from cumulative weights [unit, up to]. */
const frequencyOf = (r: string, weights: [string, number][]) =>
  `CASE ${weights.map(([unit, upTo]) => `WHEN ${r} < ${upTo} THEN '${unit}'`).join(' ')} ELSE 'fiveYears' END`;
// prettier-ignore
const CATEGORY_FREQUENCIES: [string, number][] = [
  ['years', 0.22], ['halfYear', 0.45], ['quarterly', 0.7], ['months', 0.82], ['biMonth', 0.87], ['biYear', 0.93],
  ['threeYears', 0.97], ['fourYears', 0.985],
];
// prettier-ignore
const ASSET_FREQUENCIES: [string, number][] = [
  ['days', 0.03], ['weekDays', 0.06], ['weeks', 0.14], ['fortnight', 0.22], ['months', 0.42], ['biMonth', 0.52],
  ['quarterly', 0.68], ['halfYear', 0.8], ['years', 0.92], ['biYear', 0.95], ['threeYears', 0.97], ['fourYears', 0.985],
];

/** An active employee picked by `r`, skewed towards low numbers (the inactive ones, n % 20 = 7, step on). */
const employeeOf = (r: string) =>
  `(SELECT ${sid(`'emp:' || (e + (e > 10 AND e % 20 = 7)::int)`)} FROM (SELECT 2 + floor(${E - 1} * ${r} ^ 2)::int AS e) x)`;
/** An active supplier company picked by `r` (the inactive ones, s % 25 = 13, step on). */
const supplierOf = (r: string) =>
  `(SELECT ${sid(`'sup:' || (s + (s % 25 = 13)::int)`)} FROM (SELECT 1 + floor(${S} * ${r} ^ 2)::int AS s) x)`;

/** The SQL literals the steps share: the company, today and now. */
type StepContext = { company: string; day: string; at: string };
type Step = { name: string; sql: string };

/** The categories and the assets (asset_seed keeps their draws for the later steps). */
function assetRowsStep({ company, day }: StepContext): Step {
  return {
    name: `asset categories (${ASSET_SCALE.categories}) and assets (${A})`,
    sql: `
INSERT INTO "AssetCategory" (id, "companyId", name, "createdAt")
SELECT ${sid(`'assetCategory:' || c`)}, ${company},
  (${KINDS})[1 + (c - 1) % 20] || 's' || (ARRAY['', ' (site)', ' (hire)'])[1 + (c - 1) / 20], ${day} - 1500 + time '09:00'
FROM generate_series(1, ${ASSET_SCALE.categories}) c;
CREATE TEMP TABLE asset_seed ON COMMIT DROP AS
SELECT n, ${sid(`'asset:' || (200 + n)`)} AS id, c, purchased, status,
  CASE WHEN status = 'disposed' THEN least(${day}, greatest(purchased + 30, ${day} - floor(400 * ${rnd('n', 908)})::int)) END AS "disposedOn",
  CASE WHEN ${rnd('n', 909)} < 0.85 THEN CASE WHEN ${rnd('n', 910)} < 0.01 THEN ${sid(`'emp:1'`)} ELSE ${employeeOf(rnd('n', 911))} END END AS owner,
  CASE WHEN ${rnd('n', 912)} < 0.7 THEN ${supplierOf(rnd('n', 913))} END AS supplier
FROM generate_series(1, ${A}) n
CROSS JOIN LATERAL (SELECT
  CASE WHEN n % 20 < 17 THEN 1 + floor(${BIG} * ${rnd('n', 901)} ^ 1.5)::int
       ELSE ${BIG + 1} + floor(${ASSET_SCALE.categories - BIG} * ${rnd('n', 902)})::int END AS c,
  ${day} - 30 - floor(2900 * ${rnd('n', 907)})::int AS purchased,
  CASE WHEN ${rnd('n', 905)} < 0.02 THEN 'disposed' WHEN ${rnd('n', 905)} < 0.05 THEN 'outOfService' ELSE 'inService' END AS status) x;
CREATE UNIQUE INDEX ON asset_seed (n);
CREATE INDEX ON asset_seed (c);
ANALYZE asset_seed;
INSERT INTO "Asset" (id, "companyId", number, name, "categoryId", make, model, "serialNumber", "workplaceId", "branchId",
  location, "ownerEmployeeId", "supplierId", "purchaseDate", "purchaseCost", status, "isActive", notes, "createdAt", "updatedAt")
SELECT a.id, ${company}, 'A-' || lpad((200 + n)::text, 5, '0'), (${KINDS})[1 + (c - 1) % 20] || ' #' || (200 + n),
  ${sid(`'assetCategory:' || c`)}, (${MAKES})[1 + (c - 1) % 20],
  upper(substr(md5('model:' || c || ':' || n % 7), 1, 2)) || '-' || (100 + (c * 37 + n % 7) % 900),
  upper(substr(md5('serial:' || n), 1, 12)), ${sid(`'wp:' || w`)}, ${sid(`'br:' || w || ':' || b`)},
  (ARRAY['Bay ', 'Aisle ', 'Level ', 'Yard ', 'Store '])[1 + n % 5] || (1 + n % 37), owner, supplier, purchased,
  round((300 + 120000 * ${rnd('n', 914)} ^ 3)::numeric, 2), status::"AssetStatus", status <> 'disposed',
  CASE WHEN status = 'disposed' THEN 'Disposed of: beyond economical repair.' ELSE '' END,
  greatest(purchased, ${day} - 1800) + time '09:00', coalesce(a."disposedOn", greatest(purchased, ${day} - 1800)) + time '10:00'
FROM asset_seed a
CROSS JOIN LATERAL (SELECT 1 + floor(${WP} * ${rnd('n', 903)})::int AS w, 1 + floor(${BPW} * ${rnd('n', 904)})::int AS b) p;`,
  };
}

/** The plans of categories and of assets (plan_seed keeps them for the records). */
function planStep({ company, day }: StepContext): Step {
  return {
    name: `maintenance plans (${ASSET_SCALE.categoryPlans} of categories, ${ASSET_SCALE.assetPlans} of assets)`,
    sql: `
CREATE TEMP TABLE plan_seed ON COMMIT DROP AS
SELECT x.key, ${sid(`'maintenancePlan:' || x.key`)} AS id, x.c, x.n, x.i, u.unit, u.m, u.d,
  CASE WHEN u.unit = 'weekDays' THEN f + CASE extract(isodow FROM f) WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END ELSE f END AS first,
  CASE WHEN ${rnd('x.i', 931)} < 0.65
    THEN CASE WHEN ${rnd('x.i', 932)} < 0.04 THEN ${sid(`'emp:1'`)} ELSE ${employeeOf(rnd('x.i', 933))} END END AS emp,
  CASE WHEN ${rnd('x.i', 931)} >= 0.65
    THEN CASE WHEN ${rnd('x.i', 934)} < 0.2 THEN ${sid(`'sup:1'`)} ELSE ${supplierOf(rnd('x.i', 935))} END END AS sup,
  CASE WHEN ${rnd('x.i', 936)} < 0.03 THEN ${day} - floor(300 * ${rnd('x.i', 937)})::int END AS "stoppedOn",
  CASE u.unit WHEN 'years' THEN 'Annual service' WHEN 'halfYear' THEN 'Six-monthly service'
    WHEN 'quarterly' THEN 'Quarterly service' WHEN 'days' THEN 'Pre-start inspection'
    WHEN 'weekDays' THEN 'Pre-start inspection' WHEN 'weeks' THEN 'Weekly check' WHEN 'fortnight' THEN 'Fortnightly check'
    WHEN 'months' THEN (ARRAY['Monthly inspection', 'Test and tag', 'Lubrication', 'Battery check'])[1 + x.i % 4]
    ELSE (ARRAY['Load test', 'Calibration', 'Major overhaul', 'Certification'])[1 + x.i % 4] END AS title,
  CASE WHEN ${rnd('x.i', 938)} < 0.3 THEN ${sid(`'tpl:' || (ARRAY[4, 7, 8, 10])[1 + x.i % 4]`)} END AS form
FROM (
  SELECT 'c' || p AS key, ${BIG + 1} + (p - 1) % ${ASSET_SCALE.categories - BIG} AS c, NULL::int AS n, p AS i,
    ${frequencyOf(rnd('p', 921), CATEGORY_FREQUENCIES)} AS unit
  FROM generate_series(1, ${ASSET_SCALE.categoryPlans}) p
  UNION ALL
  SELECT 'a' || q, NULL, 1 + floor(${A} * ${rnd('q', 922)})::int, 100000 + q, ${frequencyOf(rnd('q', 923), ASSET_FREQUENCIES)}
  FROM generate_series(1, ${ASSET_SCALE.assetPlans}) q
) x
JOIN (VALUES ${unitValues}) u(unit, m, d, span) ON u.unit = x.unit
-- Older plans are more likely: a plan runs for 2/3 of its span on average.
CROSS JOIN LATERAL (SELECT ${day} - floor(u.span * sqrt(${rnd('x.i', 939)}))::int AS f) s;
-- An asset's own plan stops when the asset is disposed of.
UPDATE plan_seed p SET "stoppedOn" = a."disposedOn" FROM asset_seed a WHERE a.n = p.n AND a."disposedOn" IS NOT NULL;
INSERT INTO "MaintenancePlan" (id, "companyId", "assetId", "categoryId", title, instructions, frequency,
  "assigneeEmployeeId", "assigneeSupplierId", "formTemplateId", "firstDueDate", "isActive", "createdAt", "updatedAt")
SELECT p.id, ${company}, CASE WHEN p.n IS NOT NULL THEN ${sid(`'asset:' || (200 + p.n)`)} END,
  CASE WHEN p.c IS NOT NULL THEN ${sid(`'assetCategory:' || p.c`)} END, p.title,
  p.title || ': follow the manufacturer''s checklist and record the readings.', p.unit::"FrequencyUnit",
  p.emp, p.sup, p.form, p.first, p."stoppedOn" IS NULL, p.first - 14 + time '09:00',
  coalesce(p."stoppedOn", p.first - 14) + time '09:00'
FROM plan_seed p;`,
  };
}

/** Every plan's records of each of its assets: the done ones and the open (or cancelled) one. */
function recordStep({ company, day, at }: StepContext): Step {
  return {
    name: 'maintenance records: three years of done work and the open record of every plan and asset',
    sql: `
CREATE TEMP TABLE pair_seed ON COMMIT DROP AS
SELECT row_number() OVER () AS pair, y.*,
  -- Done before the limit; the first due on or after it is open (cancelled after a disposal or a stop).
  coalesce(least(y."disposedOn", y."stoppedOn"), ${day} - y.overdue) AS lim,
  least(y."disposedOn", y."stoppedOn") IS NOT NULL AS cut
FROM (
  SELECT p.key, p.id AS "planId", p.unit, p.m, p.d, p.first, p.emp, p.sup, p.title, p."stoppedOn",
    a.n, a.id AS "assetId", a.purchased, a."disposedOn",
    CASE WHEN ${rnd('a.n * 7919 + p.i', 941)} < 0.12 THEN 1 + floor(60 * ${rnd('a.n * 7919 + p.i', 942)})::int ELSE 0 END AS overdue
  FROM plan_seed p JOIN asset_seed a ON a.c = p.c
  UNION ALL
  SELECT p.key, p.id, p.unit, p.m, p.d, p.first, p.emp, p.sup, p.title, p."stoppedOn", a.n, a.id, a.purchased, a."disposedOn",
    CASE WHEN ${rnd('p.i', 943)} < 0.12 THEN 1 + floor(60 * ${rnd('p.i', 944)})::int ELSE 0 END
  FROM plan_seed p JOIN asset_seed a ON a.n = p.n
) y;
-- Who records the completions: the assignee's sign-in when it has one.
ALTER TABLE pair_seed ADD COLUMN "doneBy" uuid;
UPDATE pair_seed s SET "doneBy" = u.id FROM "User" u
WHERE u."companyId" = ${company} AND (u."employeeId" = s.emp OR (u."supplierId" = s.sup AND u."personnelId" IS NULL));
ALTER TABLE "MaintenanceRecord" DISABLE TRIGGER "MaintenanceRecord_open_work";
INSERT INTO "MaintenanceRecord" (id, "companyId", "assetId", "planId", kind, title, instructions, "assigneeEmployeeId",
  "assigneeSupplierId", "dueDate", status, "completedOn", "completedByUserId", "completionNotes", cost, "createdAt", "updatedAt")
SELECT ${sid(`'maintenanceRecord:' || o.key || ':' || o.n || ':' || o.k`)}, ${company}, o."assetId", o."planId", 'planned',
  o.title, o.title || ': follow the manufacturer''s checklist and record the readings.', o.emp, o.sup, o.due,
  (CASE WHEN o.done THEN 'done' WHEN o.cut THEN 'cancelled' ELSE 'open' END)::"MaintenanceStatus",
  CASE WHEN o.done THEN o."completedOn" END, CASE WHEN o.done THEN o."doneBy" END,
  CASE WHEN o.done THEN (${NOTES})[1 + (o.pair + o.k) % 8] ELSE '' END,
  CASE WHEN o.done AND ${rnd('o.pair * 1000 + o.k', 945)} < CASE WHEN o.sup IS NOT NULL THEN 0.75 ELSE 0.1 END
    THEN round((15 + 1500 * ${rnd('o.pair * 1000 + o.k', 946)} ^ 2)::numeric, 2) END,
  least(${at}, o.due - 14 + time '09:00'),
  CASE WHEN o.done THEN o."completedOn" + time '16:00' ELSE least(${at}, o.due - 14 + time '09:00') END
FROM (
  SELECT s.*, c.k, c.due, c.due < s.lim AS done,
    least(${day}, c.due + CASE WHEN s.m > 0 OR s.d >= 14 THEN floor(8 * ${rnd('s.pair * 1000 + c.k', 947)})::int - 2 ELSE 0 END) AS "completedOn",
    min(c.due) FILTER (WHERE c.due >= s.lim) OVER (PARTITION BY s.pair) AS "openDue"
  FROM pair_seed s
  CROSS JOIN LATERAL (
    SELECT k, (s.first + make_interval(months => s.m * k, days => s.d * k))::date AS due
    FROM generate_series(0, CASE WHEN s.m > 0 THEN ceil((${day} - s.first) / (28.0 * s.m))::int + 1
                                 ELSE (${day} - s.first) / s.d + 4 END) k
  ) c
  WHERE s.unit <> 'weekDays' OR extract(isodow FROM c.due) < 6
) o
WHERE o.due <= o."openDue" AND (o.due >= o.purchased OR NOT o.done);`,
  };
}

/** The faults, each with its corrective record. */
function faultStep({ company, day, at }: StepContext): Step {
  return {
    name: `faults (${ASSET_SCALE.faults}) and their corrective records`,
    sql: `
CREATE TEMP TABLE fault_seed ON COMMIT DROP AS
SELECT f, a.id AS "assetId", a.owner, a.supplier, x.reported, o.open,
  -- A repaired fault may have tagged the asset out for a while; an open one on an asset in service did not.
  z.oos OR (NOT o.open AND ${rnd('f', 956)} < 0.15) AS "tookOut",
  least(${day}, x.reported + floor(12 * ${rnd('f', 955)})::int) AS "completedOn"
FROM (
  -- Every asset out of service was tagged out by its open fault of the last month; the others are three years of faults.
  SELECT row_number() OVER (ORDER BY n) AS f, n, true AS oos FROM asset_seed WHERE status = 'outOfService'
  UNION ALL
  SELECT 100000 + g, 1 + floor(${A} * ${rnd('g', 951)})::int, false
  FROM generate_series(1, ${ASSET_SCALE.faults} - (SELECT count(*) FROM asset_seed WHERE status = 'outOfService')::int) g
) z
JOIN asset_seed a ON a.n = z.n
CROSS JOIN LATERAL (SELECT
  CASE WHEN z.oos THEN ${day} - floor(30 * ${rnd('f', 952)})::int
       ELSE greatest(a.purchased, least(coalesce(a."disposedOn" - 1, ${day}), ${day} - floor(1095 * (1 - sqrt(${rnd('f', 953)})))::int)) END AS reported) x
CROSS JOIN LATERAL (SELECT z.oos OR (a.status <> 'disposed' AND x.reported > ${day} - 45 AND ${rnd('f', 954)} < 0.5) AS open) o;
INSERT INTO "MaintenanceRecord" (id, "companyId", "assetId", kind, title, instructions, "assigneeEmployeeId",
  "assigneeSupplierId", "dueDate", status, "completedOn", "completionNotes", cost, "createdAt", "updatedAt")
SELECT ${sid(`'maintenanceRecord:fault:' || f`)}, ${company}, s."assetId", 'corrective',
  'Fault: ' || (${FAULTS})[1 + f % 10], (${FAULTS})[1 + f % 10],
  CASE WHEN w.who = 'owner' THEN s.owner END, CASE WHEN w.who = 'supplier' THEN s.supplier END, s.reported,
  (CASE WHEN s.open THEN 'open' ELSE 'done' END)::"MaintenanceStatus", CASE WHEN NOT s.open THEN s."completedOn" END,
  CASE WHEN NOT s.open THEN 'Repaired and tested; back in service.' ELSE '' END,
  CASE WHEN NOT s.open THEN round((50 + 3000 * ${rnd('f', 957)} ^ 2)::numeric, 2) END,
  least(${at}, s.reported + time '10:30'),
  CASE WHEN s.open THEN least(${at}, s.reported + time '10:30') ELSE s."completedOn" + time '15:00' END
FROM fault_seed s
-- A quarter waits unassigned (its owner does not sign in); the register gave most others to the supplier.
CROSS JOIN LATERAL (SELECT CASE WHEN ${rnd('f', 958)} < 0.25 THEN 'nobody'
  WHEN ${rnd('f', 958)} < 0.7 AND s.supplier IS NOT NULL THEN 'supplier' ELSE 'owner' END AS who) w;
INSERT INTO "AssetFault" (id, "companyId", "assetId", description, "reportedByEmployeeId", "reporterName",
  "tookOutOfService", "recordId", "createdAt")
SELECT ${sid(`'assetFault:' || f`)}, ${company}, s."assetId", (${FAULTS})[1 + f % 10],
  CASE WHEN ${rnd('f', 959)} >= 0.2 THEN ${employeeOf(rnd('f', 960))} END,
  CASE WHEN ${rnd('f', 959)} < 0.2 THEN (${GUESTS})[1 + f % 4] END,
  s."tookOut", ${sid(`'maintenanceRecord:fault:' || f`)}, least(${at}, s.reported + time '10:30')
FROM fault_seed s;`,
  };
}

/** The assets' open-work columns, from their open records; the open-work trigger back on. */
function openWorkStep({ company }: StepContext): Step {
  return {
    name: "the assets' next maintenance and open faults, from their open records",
    sql: `
UPDATE "Asset" a SET "nextMaintenanceDue" = w.due, "openFaultCount" = w.faults
FROM (SELECT "assetId", min("dueDate") AS due, count(*) FILTER (WHERE kind = 'corrective')::int AS faults
      FROM "MaintenanceRecord" WHERE "companyId" = ${company} AND status = 'open' GROUP BY "assetId") w
WHERE a.id = w."assetId";
-- A table with pending trigger events cannot be altered: the dashboard version's deferred ones fire now.
SET CONSTRAINTS "MaintenanceRecord_dashboard_version" IMMEDIATE;
ALTER TABLE "MaintenanceRecord" ENABLE TRIGGER "MaintenanceRecord_open_work";`,
  };
}

/** The steps that add the Asset Register, in order (each uses the temporary tables of the ones before). */
export function assetSteps(companyId: string, now: Date): Step[] {
  const context: StepContext = {
    company: `'${companyId}'::uuid`,
    day: `DATE '${now.toISOString().slice(0, 10)}'`,
    // Creation times are never later than now (UTC, as the rest of the scale seed).
    at: `TIMESTAMP '${now.toISOString().slice(0, 23).replace('T', ' ')}'`,
  };
  return [assetRowsStep, planStep, recordStep, faultStep, openWorkStep].map((step) => step(context));
}

/** Adds the Asset Register to Scale Holdings unless it has asset categories. Whether it added it. */
export async function seedScaleAssets(
  client: pg.ClientBase,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const added = await seedScaleOnce(client, {
    lock: 72209,
    seededSql: 'EXISTS (SELECT 1 FROM "AssetCategory" x WHERE x."companyId" = c.id)',
    steps: (companyId) => assetSteps(companyId, now),
    log: options.log ?? (() => {}),
  });
  if (added)
    await client.query(
      'ANALYZE "AssetCategory", "Asset", "MaintenancePlan", "MaintenanceRecord", "AssetFault"',
    );
  return added;
}
