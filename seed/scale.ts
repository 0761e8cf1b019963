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
import { ACCESS_KEYS, type AccessKey } from '../shared/src/rules/access';
import { createPrisma } from '../server/src/db/prisma';
import { DEMO_ORGANISATION, DEMO_PASSWORD, seedDemo } from './demo';
import { openScaleDatabase, SCALE_ORGANISATION, SCALE_USERS } from './scaleDb';
import { documentSteps, DOCUMENT_SCALE } from './scale/documents';
import { obligationRegisterStep } from './scale/obligations';
import { riskRegisterSteps } from './scale/risks';

// ---------- Sizes ----------

export const SCALE = {
  employees: 2000,
  workplaces: 50,
  branchesPerWorkplace: 4,
  suppliers: 100,
  personnelPerSupplier: 10,
  templates: 30,
  submissions: 200_000,
  actions: 500_000,
  notices: 50_000,
  scheduledTasks: 30_000,
  reviews: 10_000,
  hrAssignments: 20_000,
  trainings: 20_000,
  supplierAssignments: 10_000,
  supplierRequirements: 10_000,
  audits: 5_000,
  questionsPerAudit: 10,
  obligations: 100,
  tasksPerObligation: 200,
  documents: DOCUMENT_SCALE.documents,
} as const;

const list = (values: string[]) =>
  `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;

// prettier-ignore
const FIRST_NAMES = list([
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Oliver', 'Sophia', 'Elijah', 'Isabella', 'James',
  'Mia', 'William', 'Amelia', 'Benjamin', 'Harper', 'Lucas', 'Evelyn', 'Henry', 'Abigail', 'Alexander',
  'Emily', 'Mason', 'Ella', 'Michael', 'Elizabeth', 'Ethan', 'Camila', 'Daniel', 'Luna', 'Jacob',
  'Sofia', 'Logan', 'Avery', 'Jackson', 'Mila', 'Levi', 'Aria', 'Sebastian', 'Scarlett', 'Grace',
]);
// prettier-ignore
const LAST_NAMES = list([
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson',
  'Thompson', 'Nguyen', 'Thomas', 'Walker', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King',
  'Davis', 'Wright', 'Evans', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel',
  'Khan', 'Lewis', 'James', 'Phillips', 'Mitchell', 'Turner', 'Campbell', 'Edwards', 'Baker', 'Young',
  'Allen', 'Scott', 'Hill', 'Moore', 'Cooper', 'Ward', 'Morris', 'Price', 'Bell', 'Murphy',
]);
// prettier-ignore
const POSITIONS = list([
  'Managing Director', 'Operations Manager', 'Safety Coordinator', 'Site Supervisor', 'Technician',
  'HR Officer', 'Warehouse Operative', 'Administration Officer', 'Quality Officer', 'Driver',
  'Electrician', 'Plumber', 'Fitter', 'Cleaner', 'Security Officer', 'Project Manager', 'Estimator',
  'Procurement Officer', 'Receptionist', 'Apprentice',
]);
// prettier-ignore
const CITIES = list([
  'Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Hobart', 'Darwin', 'Canberra', 'Geelong', 'Newcastle',
]);
const BRANCHES = list(['Warehouse', 'Workshop', 'Office', 'Yard']);
// prettier-ignore
const TEMPLATES = list([
  'Incident Report', 'Hazard Report', 'Site Inspection', 'Vehicle Pre-start Check', 'Toolbox Talk',
  'Near Miss Report', 'Forklift Daily Check', 'Fire Equipment Check', 'First Aid Kit Check', 'Ladder Inspection',
  'Permit to Work', 'Hot Work Permit', 'Confined Space Entry', 'Working at Heights Checklist', 'Chemical Register Check',
  'Housekeeping Audit', 'Ergonomic Assessment', 'Plant Risk Assessment', 'Job Safety Analysis', 'Environmental Audit',
  'Employee Onboarding', 'Annual Performance Review', 'Leave Request', 'Exit Interview',
  'Contractor Prequalification', 'Supplier Quality Assessment', 'Contractor Site Induction',
  'QR Asset Check-in', 'QR Visitor Sign-in', 'QR Equipment Fault',
]);
// prettier-ignore
const INSTRUCTIONS = list([
  'Replace the damaged guard and record the fix.', 'Retrain the operator and attach the record.',
  'Repair the leaking valve.', 'Update the risk assessment.', 'Install additional signage.',
  'Order replacement PPE.', 'Book the electrician to test and tag.', 'Clear the blocked fire exit.',
  'Review the procedure with the team.', 'Confirm the corrective action is effective.',
]);
// prettier-ignore
const QUESTIONS = list([
  'Are fire extinguishers tagged and in date?', 'Are walkways clearly marked?', 'Is the first aid kit stocked?',
  'Are racking load signs displayed?', 'Is the emergency plan displayed at every exit?',
  'Are chemical SDS current?', 'Is PPE worn in designated areas?', 'Are guards fitted to all machinery?',
  'Is the spill kit complete?', 'Are ladders inspected and tagged?',
]);
// prettier-ignore
const NOTICE_TITLES = list([
  'Site shutdown', 'New induction process', 'Toolbox talk this week', 'Fire drill', 'Policy update',
  'Welcome new starters', 'Safety award', 'Car park works', 'Systems maintenance', 'Quarterly results',
]);

const PARAGRAPH =
  'Please read this notice carefully and share it with your team. Contact your supervisor if you have any ' +
  'questions about how this affects your work area, your shifts or the equipment you use. ';

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

interface Step {
  name: string;
  sql: string;
  params?: unknown[];
}

function accessMap(denied: AccessKey[] = []): string {
  return JSON.stringify(Object.fromEntries(ACCESS_KEYS.map((key) => [key, !denied.includes(key)])));
}

function steps(passwordHash: string): Step[] {
  const E = SCALE.employees;
  const WP = SCALE.workplaces;
  const BPW = SCALE.branchesPerWorkplace;
  const S = SCALE.suppliers;
  const PPS = SCALE.personnelPerSupplier;
  const P = S * PPS;
  const T = SCALE.templates;
  const N = SCALE.submissions;
  const cid = 'pg_temp.cid()';
  const today = 'pg_temp.today()';
  const place = (i: string, s: number) =>
    `pg_temp.wp(1 + floor(${WP} * pg_temp.rnd(${i}, ${s}))::int),
     pg_temp.br(1 + floor(${WP} * pg_temp.rnd(${i}, ${s}))::int, 1 + floor(${BPW} * pg_temp.rnd(${i}, ${s + 1}))::int)`;

  return [
    {
      name: 'organisation, positions, roles, workplaces, branches',
      params: [
        accessMap(),
        accessMap(['system', 'hrAdmin', 'hrEmployeePrivateInfo']),
        accessMap(['risk', 'hazardous', 'system']),
      ],
      sql: `
WITH company AS (
  INSERT INTO "Company" (id, name, "headerTitle", "homeSiteUrl", "nextFormNumber", "createdAt", "updatedAt")
  VALUES (${cid}, '${SCALE_ORGANISATION}', 'Scale Holdings', 'https://www.scale-holdings.example/', ${1001 + N},
          ${today} - 1830 + time '09:00', ${today} - 1830 + time '09:00')
  RETURNING id
), positions AS (
  INSERT INTO "Position" (id, "companyId", name, "createdAt")
  SELECT pg_temp.sid('pos:' || n), (SELECT id FROM company), (${POSITIONS})[n], ${today} - 1830 + time '09:00'
  FROM generate_series(1, 20) n
), roles AS (
  INSERT INTO "Role" (id, "companyId", name, access, "createdAt", "updatedAt")
  SELECT pg_temp.sid('role:' || r.name), (SELECT id FROM company), r.name, r.access::jsonb,
         ${today} - 1830 + time '09:00', ${today} - 1830 + time '09:00'
  FROM (VALUES ('Administrator', $1::text), ('Coordinator', $2::text), ('Employee', $3::text)) r(name, access)
), workplaces AS (
  INSERT INTO "Workplace" (id, "companyId", name, "createdAt")
  SELECT pg_temp.wp(w), (SELECT id FROM company), (${CITIES})[1 + w % 10] || ' Site ' || w, ${today} - 1830 + time '09:00'
  FROM generate_series(1, ${WP}) w
  RETURNING id
)
INSERT INTO "Branch" (id, "companyId", "workplaceId", name, "createdAt")
SELECT pg_temp.br(w, b), ${cid}, pg_temp.wp(w), (${BRANCHES})[b], ${today} - 1830 + time '09:00'
FROM generate_series(1, ${WP}) w, generate_series(1, ${BPW}) b
WHERE (SELECT count(*) FROM workplaces) > 0`,
    },
    {
      name: `employees (${E}), suppliers (${S}), personnel (${P}), users`,
      params: [passwordHash],
      sql: `
WITH employees AS (
  INSERT INTO "Employee" (id, "companyId", "firstName", "lastName", email, "employeeNumber", "positionId", "roleId",
    "workplaceId", "branchId", "isActive", "createdAt", "updatedAt")
  SELECT pg_temp.emp(n), ${cid}, f, l, lower(f || '.' || l || '.' || n || '@scale-holdings.example'), 'SH-' || (10000 + n),
    pg_temp.sid('pos:' || (1 + n % 20)),
    pg_temp.sid('role:' || CASE WHEN n = 2 THEN 'Administrator' WHEN n IN (1, 3) OR n % 10 = 0 THEN 'Coordinator'
                                ELSE 'Employee' END),
    pg_temp.wp(1 + n % ${WP}), pg_temp.br(1 + n % ${WP}, 1 + (n / ${WP}) % ${BPW}),
    NOT (n > 10 AND n % 20 = 7), pg_temp.at(${today} - 1830 + (n * 1800 / ${E}), n), pg_temp.at(${today} - 1830 + (n * 1800 / ${E}), n)
  FROM (SELECT n, CASE WHEN n = 1 THEN 'Blake' ELSE (${FIRST_NAMES})[1 + n % 40] END AS f,
               CASE WHEN n = 1 THEN 'Busby' ELSE (${LAST_NAMES})[1 + (n * 7) % 50] END AS l
        FROM generate_series(1, ${E}) n) x
  RETURNING id
), suppliers AS (
  INSERT INTO "SupplierCompany" (id, "companyId", name, email, "isActive", "supplierPortal", "supplierAccess", "createdAt", "updatedAt")
  SELECT pg_temp.sup(s), ${cid}, 'Scale Supplier ' || lpad(s::text, 3, '0'), 'office@supplier' || s || '.example',
    s % 25 <> 13, s = 1 OR s % 5 = 0, s % 10 = 0, pg_temp.at(${today} - 1500 + s, s), pg_temp.at(${today} - 1500 + s, s)
  FROM generate_series(1, ${S}) s
  RETURNING id
), personnel AS (
  INSERT INTO "Personnel" (id, "companyId", "supplierId", "firstName", "lastName", email, "isActive", "createdAt")
  SELECT pg_temp.per(p), ${cid}, pg_temp.sup(1 + (p - 1) / ${PPS}), (${FIRST_NAMES})[1 + (p * 3) % 40],
    (${LAST_NAMES})[1 + (p * 11) % 50], 'person' || p || '@supplier' || (1 + (p - 1) / ${PPS}) || '.example',
    p % 17 <> 5, pg_temp.at(${today} - 1400 + p, p)
  FROM generate_series(1, ${P}) p
  WHERE (SELECT count(*) FROM suppliers) > 0
  RETURNING id
)
INSERT INTO "User" (id, "companyId", username, email, "passwordHash", "userType", "employeeId", "supplierId",
  "personnelId", "passwordChangedAt", "createdAt", "updatedAt")
SELECT pg_temp.sid('user:' || u.username), ${cid}, u.username, u.email, $1, u.type::"UserType",
  CASE WHEN u.emp IS NOT NULL THEN pg_temp.emp(u.emp) END, CASE WHEN u.sup IS NOT NULL THEN pg_temp.sup(u.sup) END,
  CASE WHEN u.per IS NOT NULL THEN pg_temp.per(u.per) END,
  pg_temp.nowts() - interval '30 days', pg_temp.nowts() - interval '400 days', pg_temp.nowts() - interval '400 days'
FROM (VALUES
  ('${SCALE_USERS.busy}', 'blake.busby@scale-holdings.example', 'employee', 1, NULL::int, NULL::int),
  ('${SCALE_USERS.admin}', 'admin@scale-holdings.example', 'employee', 2, NULL, NULL),
  ('${SCALE_USERS.coordinator}', 'coordinator@scale-holdings.example', 'employee', 3, NULL, NULL),
  ('${SCALE_USERS.light}', 'employee@scale-holdings.example', 'employee', ${E - 1}, NULL, NULL),
  ('${SCALE_USERS.supplier}', 'office@supplier1.example', 'supplier', NULL, 1, NULL),
  ('${SCALE_USERS.personnel}', 'person1@supplier1.example', 'supplier', NULL, 1, 1)
) u(username, email, type, emp, sup, per)
WHERE (SELECT count(*) FROM employees) > 0 AND (SELECT count(*) FROM personnel) > 0`,
    },
    {
      name: 'registers: assets, risks, hazards, requirement types, obligations',
      sql: `
WITH a AS (
  INSERT INTO "Asset" (id, "companyId", name, "isActive", "createdAt")
  SELECT pg_temp.sid('asset:' || n), ${cid}, 'Asset ' || lpad(n::text, 4, '0'), n % 30 <> 0, pg_temp.at(${today} - 1700 + n, n)
  FROM generate_series(1, 200) n
), r AS (
  INSERT INTO "Risk" (id, "companyId", name, "isMaster", colour, "isActive", "createdAt")
  SELECT pg_temp.sid('risk:' || n), ${cid}, 'Risk ' || lpad(n::text, 3, '0'), n % 4 = 0,
    (ARRAY['green', 'orange', 'red', 'yellow'])[1 + n % 4]::"RiskColour", n % 40 <> 0, pg_temp.at(${today} - 1700 + n, n)
  FROM generate_series(1, 100) n
), h AS (
  INSERT INTO "HazardousSubstance" (id, "companyId", name, "isActive", "createdAt")
  SELECT pg_temp.sid('hazard:' || n), ${cid}, 'Substance ' || lpad(n::text, 3, '0'), n % 40 <> 0, pg_temp.at(${today} - 1700 + n, n)
  FROM generate_series(1, 100) n
), rt AS (
  INSERT INTO "RequirementType" (id, "companyId", name, "appliesTo")
  SELECT pg_temp.sid('rt:' || n), ${cid}, x.name, x.applies::"RequirementAppliesTo"
  FROM (VALUES (1, 'Public Liability Insurance', 'company'), (2, 'Safety Management Plan', 'company'),
               (3, 'Induction Certificate', 'personnel'), (4, 'First Aid Certificate', 'personnel')) x(n, name, applies)
)
INSERT INTO "Obligation" (id, "companyId", name, "ownerEmployeeId", "createdAt")
SELECT pg_temp.sid('obl:' || n), ${cid}, 'Obligation ' || lpad(n::text, 3, '0'), pg_temp.emp(pg_temp.skew(n, 32)),
  pg_temp.at(${today} - 1800 + n * 10, n)
FROM generate_series(1, ${SCALE.obligations}) n`,
    },
    {
      name: `templates (${T}) with versions, sections and fields`,
      sql: `
WITH tpl AS (
  INSERT INTO "FormTemplate" (id, "companyId", name, "formType", "emailNotification", "emailCcEmployeeIds",
    "coordinatorEmployeeId", "isActive", "currentVersion", "createdAt", "updatedAt")
  SELECT pg_temp.tpl(t), ${cid}, (${TEMPLATES})[t], pg_temp.ftype(t), ARRAY[1, 2], ARRAY[pg_temp.emp(2)],
    pg_temp.emp(1 + t % 5), t <> 19, 1 + t % 3, pg_temp.at(${today} - 1826, t), pg_temp.at(${today} - 1826 + (t % 3) * 610, t)
  FROM generate_series(1, ${T}) t
  RETURNING id
), versions AS (
  INSERT INTO "FormTemplateVersion" (id, "companyId", "templateId", version, "createdAt")
  SELECT pg_temp.tv(t, v), ${cid}, pg_temp.tpl(t), v, pg_temp.at(${today} - 1826 + (v - 1) * 610, t)
  FROM generate_series(1, ${T}) t, generate_series(1, 3) v
  WHERE v <= 1 + t % 3 AND (SELECT count(*) FROM tpl) > 0
  RETURNING id
), sections AS (
  INSERT INTO "TemplateSection" (id, "companyId", "templateVersionId", label, "secMandatoryType", "orderNo")
  SELECT pg_temp.sid('sec:' || t || ':' || v || ':' || s), ${cid}, pg_temp.tv(t, v),
    (ARRAY['Details', 'Findings', 'Follow-up'])[s], (ARRAY['newEntry', NULL, 'investigation'])[s]::"SectionMandatoryType", s
  FROM generate_series(1, ${T}) t, generate_series(1, 3) v, generate_series(1, 3) s
  WHERE v <= 1 + t % 3 AND (SELECT count(*) FROM versions) > 0
  RETURNING id
)
INSERT INTO "TemplateField" (id, "companyId", "templateVersionId", "sectionId", type, label, "orderNo", "colSize",
  "isMandatory", "optionVal", "itemList", "webLink", placeholder, "mandatoryComment")
SELECT pg_temp.sid('fld:' || t || ':' || v || ':' || f.s || ':' || f.o), ${cid}, pg_temp.tv(t, v),
  pg_temp.sid('sec:' || t || ':' || v || ':' || f.s), f.type, f.label, f.o,
  CASE WHEN f.type IN ('task', 'table', 'signature') THEN 12 ELSE 6 END, f.o <= 2,
  CASE f.type
    WHEN 'select' THEN '[{"value":"low","label":"Low"},{"value":"medium","label":"Medium"},{"value":"high","label":"High"}]'::jsonb
    WHEN 'radio' THEN '[{"value":"yes","label":"Yes"},{"value":"no","label":"No"},{"value":"n-a","label":"N/A"}]'::jsonb
    WHEN 'checkbox' THEN '[{"value":"ppe","label":"PPE"},{"value":"signage","label":"Signage"},{"value":"training","label":"Training"}]'::jsonb
    WHEN 'typeGroupings' THEN '[{"category":"Injury","subCategories":["Cut","Sprain","Burn"]},{"category":"Property","subCategories":["Vehicle","Building"]}]'::jsonb
    WHEN 'table' THEN jsonb_build_array(
      jsonb_build_object('_id', pg_temp.sid('col:' || t || ':' || v || ':1'), 'name', 'Item', 'type', 'text'),
      jsonb_build_object('_id', pg_temp.sid('col:' || t || ':' || v || ':2'), 'name', 'Quantity', 'type', 'number'),
      jsonb_build_object('_id', pg_temp.sid('col:' || t || ':' || v || ':3'), 'name', 'Checked on', 'type', 'date'))
  END,
  CASE WHEN f.type = 'items' THEN jsonb_build_array(
      jsonb_build_object('_id', pg_temp.sid('item:' || t || ':' || v || ':1'), 'name', 'Gloves'),
      jsonb_build_object('_id', pg_temp.sid('item:' || t || ':' || v || ':2'), 'name', 'Helmet'),
      jsonb_build_object('_id', pg_temp.sid('item:' || t || ':' || v || ':3'), 'name', 'Boots')) END,
  CASE WHEN f.type = 'weblink' THEN 'https://www.scale-holdings.example/procedures/' || t END,
  CASE WHEN f.type = 'text' THEN 'e.g. ' || (${TEMPLATES})[t] END,
  CASE WHEN f.o = 1 AND f.type <> 'task' THEN 'Please complete ' || f.label END
FROM generate_series(1, ${T}) t, generate_series(1, 3) v,
  (VALUES (1, 1, 'text', 'Title'), (1, 2, 'date', 'Date'), (1, 3, 'select', 'Severity'), (1, 4, 'textarea', 'Description'),
          (1, 5, 'employee', 'People involved'),
          (2, 1, 'radio', 'Reported to supervisor'), (2, 2, 'checkbox', 'Controls'), (2, 3, 'number', 'Hours lost'),
          (2, 4, 'time', 'Time'), (2, 5, 'items', 'Equipment'),
          (3, 1, 'task', 'Actions'), (3, 2, 'table', 'Materials'), (3, 3, 'signature', 'Signature'),
          (3, 4, 'weblink', 'Procedure'), (3, 5, 'typeGroupings', 'Category')) f(s, o, type, label)
WHERE v <= 1 + t % 3 AND (SELECT count(*) FROM sections) > 0`,
    },
    {
      name: `submissions (${N}) and coordinators`,
      sql: `
CREATE TEMP TABLE scale_sub ON COMMIT DROP AS
SELECT i, age, t, least(1 + t % 3, 1 + (1825 - age) / 610) AS v, ${today} - age AS "formDate", c0,
  ((c0 + floor(pg_temp.rnd(i, 5) * 997)::int) % ${E}) + 1 AS c1,
  ((c0 + 997 + floor(pg_temp.rnd(i, 6) * 997)::int) % ${E}) + 1 AS c2,
  1 + i % 3 AS coordinators,
  CASE WHEN age < 30 THEN pg_temp.rnd(i, 7) < 0.6 ELSE pg_temp.rnd(i, 7) < CASE WHEN c0 = 1 THEN 0.10 ELSE 0.02 END END AS open,
  pg_temp.rnd(i, 8) < 0.3 AS draft,
  1 + floor(${WP} * pg_temp.rnd(i, 9))::int AS w, 1 + floor(${BPW} * pg_temp.rnd(i, 10))::int AS b,
  pg_temp.at(${today} - age, i) AS created
FROM (SELECT i, pg_temp.age(i, 1) AS age, least(${T}, 1 + floor(${T} * pg_temp.rnd(i, 2) ^ 1.7)::int) AS t,
        CASE WHEN pg_temp.rnd(i, 3) < 0.03 THEN 1 ELSE pg_temp.skew(i, 4) END AS c0
      FROM generate_series(1, ${N}) i) x;
CREATE UNIQUE INDEX ON scale_sub (i);
ANALYZE scale_sub;
INSERT INTO "FormSubmission" (id, "companyId", "templateId", "templateVersionId", number, "formDescription", "formDate",
  "workplaceId", "branchId", "formType", "recordedByEmployeeId", "supplierId", "isDraft", "isClosed", "closedAt",
  version, "createdAt", "updatedAt")
SELECT pg_temp.sid('sub:' || i), ${cid}, pg_temp.tpl(t), pg_temp.tv(t, v), 1000 + i,
  (${TEMPLATES})[t] || ' – ' || (${CITIES})[1 + w % 10] || ' Site ' || w || ' #' || (1000 + i), "formDate",
  pg_temp.wp(w), pg_temp.br(w, b), pg_temp.ftype(t), pg_temp.emp(c0),
  CASE WHEN t BETWEEN 25 AND 27 THEN pg_temp.sup(1 + floor(${S} * pg_temp.rnd(i, 11) ^ 2)::int) END,
  open AND draft, NOT open, CASE WHEN NOT open THEN least(pg_temp.nowts(), created + make_interval(days => 1 + i % 30)) END,
  1, created, CASE WHEN NOT open THEN least(pg_temp.nowts(), created + make_interval(days => 1 + i % 30)) ELSE created END
FROM scale_sub;
INSERT INTO "SubmissionCoordinator" (id, "companyId", "submissionId", "employeeId", position)
SELECT pg_temp.sid('coord:' || i || ':' || p), ${cid}, pg_temp.sid('sub:' || i),
  pg_temp.emp(CASE p WHEN 0 THEN c0 WHEN 1 THEN c1 ELSE c2 END), p
FROM scale_sub, generate_series(0, 2) p
WHERE p < coordinators`,
    },
    {
      name: `actions (${SCALE.actions})`,
      sql: `
INSERT INTO "Action" (id, "companyId", "submissionId", "fieldId", "taskNumber", instruction, "actionType",
  "assigneeEmployeeId", "assigneePersonnelId", "dueDate", "assignedOn", "completedOn", "isComplete", response,
  version, "createdAt", "updatedAt")
SELECT pg_temp.sid('act:' || j), ${cid}, pg_temp.sid('sub:' || i), pg_temp.sid('fld:' || t || ':' || v || ':3:1'), task,
  (${INSTRUCTIONS})[1 + j % 10], (CASE WHEN per IS NULL THEN 'internal' ELSE 'external' END)::"ActionType",
  CASE WHEN emp IS NOT NULL THEN pg_temp.emp(emp) END, CASE WHEN per IS NOT NULL THEN pg_temp.per(per) END,
  due, created, CASE WHEN NOT open THEN least(${today}, due - 5 + (j % 10)::int) END, NOT open,
  CASE WHEN NOT open THEN 'Done: ' || (${INSTRUCTIONS})[1 + j % 10] WHEN j % 10 = 3 THEN 'Started; parts on order.' END,
  1, created, CASE WHEN NOT open THEN least(pg_temp.nowts(), (due + 1) + time '16:00') ELSE created END
FROM (
  SELECT a.*, s.t, s.v, s.created, due,
    pg_temp.isopen(due, pg_temp.rnd(j, 25), emp = 1 OR per <= ${PPS}) AS open
  FROM (
    SELECT j, ((j - 1) % ${N}) + 1 AS i, (j - 1) / ${N} + 1 AS task,
      CASE WHEN r < 0.011 THEN 1 WHEN r < 0.06 THEN NULL ELSE pg_temp.skew(j, 23) END AS emp,
      CASE WHEN r < 0.011 OR r >= 0.06 THEN NULL
           WHEN pg_temp.rnd(j, 24) < 0.2 THEN 1 + floor(${PPS} * pg_temp.rnd(j, 26))::int
           ELSE ${PPS + 1} + floor(${P - PPS} * pg_temp.rnd(j, 26))::int END AS per
    FROM (SELECT j, pg_temp.rnd(j, 22) AS r FROM generate_series(1, ${SCALE.actions}) j) g
  ) a
  JOIN scale_sub s USING (i)
  CROSS JOIN LATERAL (SELECT s."formDate" + floor(45 * pg_temp.rnd(a.j, 21))::int AS due) d
) x`,
    },
    {
      name: `notices (${SCALE.notices}) and notice attachments`,
      sql: `
WITH n AS (
  SELECT k, CASE WHEN k % 100 = 1 THEN ${today} + 1 + k % 30 ELSE ${today} - pg_temp.age(k, 51) END AS start,
    pg_temp.rnd(k, 52) AS r
  FROM generate_series(1, ${SCALE.notices}) k
), notices AS (
  INSERT INTO "Notice" (id, "companyId", title, content, priority, "startDate", "expireDate", "authorEmployeeId", "createdAt")
  SELECT pg_temp.sid('notice:' || k), ${cid}, (${NOTICE_TITLES})[1 + k % 10] || ' (' || k || ')',
    CASE WHEN k % 10 = 0 THEN repeat('${PARAGRAPH}', 8) ELSE '${PARAGRAPH}' END,
    (ARRAY['none', 'high', 'medium', 'low'])[1 + k % 4]::"NoticePriority", start,
    CASE WHEN r < 0.03 THEN NULL ELSE start + 7 + floor(120 * r)::int END,
    pg_temp.emp(pg_temp.skew(k, 53)), pg_temp.at(least(start, ${today}) - 1, k)
  FROM n
  RETURNING id
)
INSERT INTO "Attachment" (id, "companyId", "ownerType", "ownerId", name, "storageKey", "mimeType", size, "createdAt")
SELECT pg_temp.sid('att:notice:' || k), ${cid}, 'notice', pg_temp.sid('notice:' || k), 'notice-' || k || '.pdf',
  'scale/notice-' || k || '.pdf', 'application/pdf', 20000 + k, pg_temp.at(${today} - pg_temp.age(k, 51) - 1, k)
FROM generate_series(50, ${SCALE.notices}, 100) k
WHERE (SELECT count(*) FROM notices) > 0`,
    },
    {
      name: `scheduled tasks (${SCALE.scheduledTasks})`,
      sql: `
INSERT INTO "ScheduledTask" (id, "companyId", "sectionType", title, detail, "formTemplateId", "taskOwnerEmployeeId",
  "assignForEmployeeId", "workplaceId", "branchId", frequency, "dueDate", "completedAt", "createdAt")
SELECT pg_temp.sid('sched:' || k), ${cid}, 'reminder'::"ScheduledSection",
  'Reminder: ' || (${TEMPLATES})[1 + k % 20], 'Scheduled work ' || k,
  NULL, pg_temp.emp(owner), CASE WHEN assignee IS NOT NULL THEN pg_temp.emp(assignee) END,
  ${place('k', 61)},
  (ARRAY['months', 'weeks', 'quarterly', 'years', 'days', 'halfYear'])[1 + k % 6]::"FrequencyUnit", due,
  CASE WHEN NOT pg_temp.isopen(due, pg_temp.rnd(k, 63), coalesce(assignee, owner) = 1) THEN pg_temp.at(least(due, ${today}), k) END,
  pg_temp.at(due - 30, k)
FROM (
  SELECT k, ${today} + 60 - floor(1885 * (1 - sqrt(pg_temp.rnd(k, 64))))::int AS due,
    CASE WHEN r < 0.10 THEN NULL WHEN r < 0.14 THEN 1 ELSE pg_temp.skew(k, 65) END AS assignee,
    CASE WHEN r < 0.02 THEN 1 ELSE 2 + floor(49 * pg_temp.rnd(k, 66))::int END AS owner
  FROM (SELECT k, pg_temp.rnd(k, 67) AS r FROM generate_series(1, ${SCALE.scheduledTasks}) k) g
) x`,
    },
    {
      name: `reviews (${SCALE.reviews})`,
      sql: `
INSERT INTO "Review" (id, "companyId", "itemType", "itemId", name, "reviewerEmployeeId", "coReviewerEmployeeId",
  "isCoReviewed", "dueDate", "completedAt", "createdAt")
SELECT pg_temp.sid('review:' || k), ${cid}, (ARRAY['document', 'riskRegister', 'hazardousRegister', 'obligation'])[1 + k % 4]::"ReviewItemType",
  CASE k % 4 WHEN 0 THEN pg_temp.doc(1 + k % ${SCALE.documents}) WHEN 1 THEN pg_temp.sid('risk:' || (1 + k % 100))
             WHEN 2 THEN pg_temp.sid('hazard:' || (1 + k % 100)) ELSE pg_temp.sid('obl:' || (1 + k % ${SCALE.obligations})) END,
  (ARRAY['Procedure', 'Risk', 'Substance', 'Obligation'])[1 + k % 4] || ' review ' || k,
  pg_temp.emp(reviewer), CASE WHEN k % 10 < 3 THEN pg_temp.emp(pg_temp.other(reviewer, k, 71)) END,
  k % 10 < 3 AND k % 2 = 0, due,
  CASE WHEN NOT pg_temp.isopen(due, pg_temp.rnd(k, 72), reviewer = 1) THEN pg_temp.at(least(due, ${today}), k) END,
  pg_temp.at(due - 45, k)
FROM (
  SELECT k, ${today} + 90 - floor(1915 * (1 - sqrt(pg_temp.rnd(k, 73))))::int AS due,
    CASE WHEN pg_temp.rnd(k, 74) < 0.05 THEN 1 ELSE pg_temp.skew(k, 75) END AS reviewer
  FROM generate_series(1, ${SCALE.reviews}) k
) x`,
    },
    {
      name: `HR assignments (${SCALE.hrAssignments}) and online training (${SCALE.trainings})`,
      sql: `
INSERT INTO "HrFormAssignment" (id, "companyId", "formTemplateId", "sectionType", "employeeId", "reviewerEmployeeId",
  status, "dueDate", "closedAt", "createdAt")
SELECT pg_temp.sid('hr:' || k), ${cid}, pg_temp.tpl(21 + k % 4),
  (CASE WHEN k % 10 < 6 THEN 'hrAssessment' WHEN k % 10 < 8 THEN 'hrReviwer' ELSE 'performanceReview' END)::"HrSectionType",
  pg_temp.emp(employee), pg_temp.emp(reviewer), status::"AssignmentStatus", due,
  CASE WHEN status = 'closed' THEN pg_temp.at(least(due, ${today}), k) END, pg_temp.at(due - 21, k)
FROM (
  SELECT *, CASE WHEN pg_temp.isopen(due, pg_temp.rnd(k, 81), employee = 1 OR reviewer = 1)
                 THEN CASE WHEN pg_temp.rnd(k, 82) < 0.6 THEN 'assigned' ELSE 'submitted' END
                 WHEN k % 7 = 0 THEN 'reviewed' ELSE 'closed' END AS status
  FROM (
    SELECT k, ${today} + 30 - floor(1855 * (1 - sqrt(pg_temp.rnd(k, 83))))::int AS due,
      CASE WHEN pg_temp.rnd(k, 84) < 0.03 THEN 1 ELSE pg_temp.skew(k, 85) END AS employee,
      CASE WHEN pg_temp.rnd(k, 86) < 0.03 THEN 1 ELSE pg_temp.skew(k, 87) END AS reviewer0
    FROM generate_series(1, ${SCALE.hrAssignments}) k
  ) g
  CROSS JOIN LATERAL (SELECT CASE WHEN reviewer0 = employee THEN pg_temp.other(employee, k, 88) ELSE reviewer0 END AS reviewer) r
) x;
INSERT INTO "OnlineTrainingAssignment" (id, "companyId", "formTemplateId", "employeeId", "reviewerEmployeeId",
  "completeBy", "expectationDuration", "noTestAttempt", "completedTestAttempt", status, "createdAt")
SELECT pg_temp.sid('training:' || k), ${cid}, pg_temp.tpl(28 + k % 3), pg_temp.emp(employee), pg_temp.emp(reviewer),
  due, 15 + 15 * (k % 4), 1 + k % 3, CASE WHEN status = 'assigned' THEN (k / 3) % (1 + k % 3) ELSE 1 + k % 3 END,
  status::"AssignmentStatus", pg_temp.at(due - 14, k)
FROM (
  SELECT *, CASE WHEN pg_temp.isopen(due, pg_temp.rnd(k, 91), employee = 1 OR reviewer = 1)
                 THEN CASE WHEN pg_temp.rnd(k, 92) < 0.6 THEN 'assigned' ELSE 'submitted' END
                 WHEN k % 5 = 0 THEN 'reviewed' ELSE 'closed' END AS status
  FROM (
    SELECT k, ${today} + 30 - floor(1855 * (1 - sqrt(pg_temp.rnd(k, 93))))::int AS due,
      CASE WHEN pg_temp.rnd(k, 94) < 0.03 THEN 1 ELSE pg_temp.skew(k, 95) END AS employee,
      CASE WHEN pg_temp.rnd(k, 96) < 0.03 THEN 1 ELSE pg_temp.skew(k, 97) END AS reviewer0
    FROM generate_series(1, ${SCALE.trainings}) k
  ) g
  CROSS JOIN LATERAL (SELECT CASE WHEN reviewer0 = employee THEN pg_temp.other(employee, k, 98) ELSE reviewer0 END AS reviewer) r
) x`,
    },
    {
      name: `supplier assignments (${SCALE.supplierAssignments}) and requirements (${SCALE.supplierRequirements})`,
      sql: `
INSERT INTO "SupplierAssignment" (id, "companyId", "supplierId", "personnelId", "formTemplateId", "reviewerEmployeeId",
  status, "dueDate", "closedAt", "createdAt")
SELECT pg_temp.sid('sa:' || k), ${cid}, pg_temp.sup(s), CASE WHEN k % 2 = 0 THEN pg_temp.per((s - 1) * ${PPS} + 1 + k % ${PPS}) END,
  pg_temp.tpl(25 + k % 3), pg_temp.emp(reviewer), status::"AssignmentStatus", due,
  CASE WHEN status = 'closed' THEN pg_temp.at(least(due, ${today}), k) END, pg_temp.at(due - 30, k)
FROM (
  SELECT *, CASE WHEN pg_temp.isopen(due, pg_temp.rnd(k, 101), s = 1 OR reviewer = 1)
                 THEN CASE WHEN pg_temp.rnd(k, 102) < 0.5 THEN 'assigned' ELSE 'submitted' END
                 WHEN k % 6 = 0 THEN 'reviewed' ELSE 'closed' END AS status
  FROM (
    SELECT k, ${today} + 45 - floor(1870 * (1 - sqrt(pg_temp.rnd(k, 103))))::int AS due,
      CASE WHEN pg_temp.rnd(k, 104) < 0.10 THEN 1 ELSE 2 + floor(${S - 1} * pg_temp.rnd(k, 105) ^ 1.5)::int END AS s,
      CASE WHEN pg_temp.rnd(k, 106) < 0.05 THEN 1 ELSE pg_temp.skew(k, 107) END AS reviewer
    FROM generate_series(1, ${SCALE.supplierAssignments}) k
  ) g
) x;
INSERT INTO "SupplierRequirement" (id, "companyId", "supplierId", "personnelId", "requirementTypeId", "reviewerEmployeeId",
  status, "dueDate", "expiryDate", "submittedAt", "reviewedAt", "createdAt")
SELECT pg_temp.sid('sr:' || k), ${cid}, pg_temp.sup(s), CASE WHEN rt >= 3 THEN pg_temp.per((s - 1) * ${PPS} + 1 + k % ${PPS}) END,
  pg_temp.sid('rt:' || rt), pg_temp.emp(reviewer), status::"RequirementStatus", due, due + 365,
  CASE WHEN status <> 'pending' THEN pg_temp.at(due - 5, k) END,
  CASE WHEN status IN ('approved', 'rejected') THEN pg_temp.at(least(due, ${today}), k) END, pg_temp.at(due - 30, k)
FROM (
  SELECT *, CASE WHEN pg_temp.isopen(due, pg_temp.rnd(k, 111), s = 1 OR reviewer = 1)
                 THEN (ARRAY['pending', 'pending', 'submitted', 'submitted', 'rejected'])[1 + k % 5]
                 WHEN k % 9 = 0 THEN 'rejected' ELSE 'approved' END AS status
  FROM (
    SELECT k, 1 + k % 4 AS rt, ${today} + 45 - floor(1870 * (1 - sqrt(pg_temp.rnd(k, 113))))::int AS due,
      CASE WHEN pg_temp.rnd(k, 114) < 0.10 THEN 1 ELSE 2 + floor(${S - 1} * pg_temp.rnd(k, 115) ^ 1.5)::int END AS s,
      CASE WHEN pg_temp.rnd(k, 116) < 0.05 THEN 1 ELSE pg_temp.skew(k, 117) END AS reviewer
    FROM generate_series(1, ${SCALE.supplierRequirements}) k
  ) g
) x`,
    },
    {
      name: `audits (${SCALE.audits}) with question tasks, obligation question tasks`,
      sql: `
CREATE TEMP TABLE scale_audit ON COMMIT DROP AS
SELECT a, ${today} + 30 - floor(1855 * (1 - sqrt(pg_temp.rnd(a, 121))))::int AS "auditDate",
  CASE WHEN pg_temp.rnd(a, 122) < 0.03 THEN 1 ELSE 2 + floor(99 * pg_temp.rnd(a, 123))::int END AS owner
FROM generate_series(1, ${SCALE.audits}) a;
-- Audits own their schedule (modules/audits): old ones closed, a monthly or quarterly part recurring.
INSERT INTO "Audit" (id, "companyId", name, "auditDate", "ownerEmployeeId", "workplaceId", "branchId", status,
  "templateId", frequency, "firstDueDate", score, "createdByEmployeeId", "closedAt", "createdAt")
SELECT pg_temp.sid('audit:' || a), ${cid}, (${TEMPLATES})[1 + a % 20] || ' audit ' || a, "auditDate", pg_temp.emp(owner),
  ${place('a', 124)},
  (CASE WHEN closed THEN 'closed' WHEN a % 4 = 0 THEN 'inProgress' ELSE 'scheduled' END)::"AuditStatus",
  pg_temp.tpl(1 + a % 20), CASE WHEN a % 5 = 0 THEN (ARRAY['months', 'quarterly'])[1 + a % 2]::"FrequencyUnit" END,
  CASE WHEN a % 5 = 0 THEN "auditDate" END, CASE WHEN closed OR a % 4 = 0 THEN 50 + a % 51 END, pg_temp.emp(1),
  CASE WHEN closed THEN pg_temp.at("auditDate", a) END, pg_temp.at("auditDate" - 14, a)
FROM (SELECT *, "auditDate" < ${today} - 60 AND pg_temp.rnd(a, 126) < 0.97 AS closed FROM scale_audit) s;
INSERT INTO "AuditQuestionTask" (id, "companyId", "auditId", question, instruction, "assigneeType", "assigneeEmployeeId",
  "assigneePersonnelId", "dueDate", response, "isComplete", "completedOn", "createdAt", "updatedAt")
SELECT pg_temp.sid('aq:' || q), ${cid}, pg_temp.sid('audit:' || a), (${QUESTIONS})[1 + q % 10], (${INSTRUCTIONS})[1 + q % 10],
  (CASE WHEN per IS NULL THEN 'internal' ELSE 'external' END)::"ActionType",
  CASE WHEN emp IS NOT NULL THEN pg_temp.emp(emp) END, CASE WHEN per IS NOT NULL THEN pg_temp.per(per) END, due,
  CASE WHEN NOT open THEN 'Checked: compliant.' WHEN q % 10 = 4 THEN 'Half the site checked.' END, NOT open,
  CASE WHEN NOT open THEN least(${today}, due) END, pg_temp.at("auditDate", q),
  CASE WHEN NOT open THEN pg_temp.at(least(due, ${today}), q) ELSE pg_temp.at("auditDate", q) END
FROM (
  SELECT *, pg_temp.isopen(due, pg_temp.rnd(q, 131), emp = 1 OR per <= ${PPS}) AS open
  FROM (
    SELECT q, a, "auditDate", "auditDate" + floor(30 * pg_temp.rnd(q, 132))::int AS due,
      CASE WHEN r < 0.02 THEN 1 WHEN r < 0.05 THEN NULL ELSE pg_temp.skew(q, 133) END AS emp,
      CASE WHEN r >= 0.02 AND r < 0.05 THEN 1 + floor(${P} * pg_temp.rnd(q, 134) ^ 2)::int END AS per
    FROM (SELECT q, (q - 1) / ${SCALE.questionsPerAudit} + 1 AS a, pg_temp.rnd(q, 135) AS r
          FROM generate_series(1, ${SCALE.audits * SCALE.questionsPerAudit}) q) g
    JOIN scale_audit USING (a)
  ) y
) x;
INSERT INTO "ObligationQuestionTask" (id, "companyId", "obligationId", reference, instruction, "assigneeType",
  "assigneeEmployeeId", "assigneePersonnelId", "dueDate", response, "isComplete", "completedOn", "createdAt", "updatedAt")
SELECT pg_temp.sid('oq:' || q), ${cid}, pg_temp.sid('obl:' || ((q - 1) / ${SCALE.tasksPerObligation} + 1)),
  's' || (1 + q % 90) || ' Duty ' || (1 + q % 12), 'Confirm the evidence of compliance is filed in the register.',
  'internal', pg_temp.emp(emp), NULL, due, CASE WHEN NOT open THEN 'Evidence filed.' END, NOT open,
  CASE WHEN NOT open THEN least(${today}, due) END, pg_temp.at(due - 30, q),
  CASE WHEN NOT open THEN pg_temp.at(least(due, ${today}), q) ELSE pg_temp.at(due - 30, q) END
FROM (
  SELECT *, pg_temp.isopen(due, pg_temp.rnd(q, 141), emp = 1) AS open
  FROM (
    SELECT q, ${today} + 60 - floor(1885 * (1 - sqrt(pg_temp.rnd(q, 142))))::int AS due,
      CASE WHEN pg_temp.rnd(q, 143) < 0.02 THEN 1 ELSE pg_temp.skew(q, 144) END AS emp
    FROM generate_series(1, ${SCALE.obligations * SCALE.tasksPerObligation}) q
  ) g
) x`,
    },
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
  'OnlineTrainingAssignment', 'SupplierAssignment', 'SupplierRequirement', 'Audit', 'AuditQuestionTask',
  'Obligation', 'ObligationQuestionTask', 'DocumentFolder', 'Document', 'DocumentVersion',
  'DocumentAcknowledgement', 'DocumentApproval',
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
      (SELECT count(*) FROM "AuditQuestionTask" WHERE "companyId" = $1 AND "assigneeEmployeeId" = e.id AND NOT "isComplete")::int AS "openAuditQuestions"
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
