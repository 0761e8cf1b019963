/**
 * The competencies of "Scale Holdings" (issue 42; docs/human-resources.md): 40 competencies, 4 to 6
 * required by each of the 20 positions, and every employee's records — most required ones and two
 * more, renewed on time for one to three cycles (a year and more of history), with ~10% of the
 * latest records carrying an evidence file. Every employee up to 1,900 reports to one of the last
 * 100 (team leads); `scale.manager` (employee 1950, role "Team Lead": no HR keys) signs in as one.
 *
 * Set-based SQL in its own transaction, after the rest of the scale seed: it runs when Scale Holdings
 * exists and has no competencies yet, so a scale database seeded before it gains it on the next
 * `npx tsx seed/scale.ts`. Ids are name-based like the rest of the seed's.
 */
import type pg from 'pg';
import { ACCESS_KEYS, type AccessKey } from '../../shared/src/rules/access';
import { rnd, seedScaleOnce, sid } from './once';
import { E } from './sizes';

export const SCALE_MANAGER = 'scale.manager';
const MANAGER_EMPLOYEE = 1950;
const LEADS = 100;

/** [name, kind, months valid (null: does not expire)] */
// prettier-ignore
const CATALOGUE: [string, string, number | null][] = [
  ['First Aid Certificate', 'certificate', 36], ['Forklift Licence', 'licence', 60],
  ['Working at Heights ticket', 'ticket', 24], ['Confined Space Entry', 'ticket', 24],
  ['Fire Warden', 'certificate', 12], ['Manual Handling', 'skill', null], ['White Card', 'ticket', null],
  ['Elevated Work Platform', 'licence', 60], ['Dogging', 'licence', 60], ['Rigging Basic', 'licence', 60],
  ['Scaffolding Basic', 'licence', 60], ['Crane Operation', 'licence', 60], ['Heavy Rigid Licence', 'licence', 60],
  ['Medium Rigid Licence', 'licence', 60], ['Chainsaw Operation', 'ticket', 36], ['Asbestos Awareness', 'certificate', 24],
  ['Gas Test Atmospheres', 'ticket', 24], ['Traffic Control', 'ticket', 36], ['Traffic Management Plan', 'ticket', 36],
  ['Hot Work Permit', 'ticket', 12], ['Electrical Licence', 'licence', 60], ['Low Voltage Rescue', 'certificate', 12],
  ['CPR Refresher', 'certificate', 12], ['Mental Health First Aid', 'certificate', 36],
  ['Dangerous Goods Handling', 'certificate', 24], ['Food Safety Supervisor', 'certificate', 60],
  ['Chemical Handling', 'certificate', 24], ['Respirator Fit Test', 'certificate', 12],
  ['Hearing Test', 'certificate', 24], ['Drug and Alcohol Awareness', 'certificate', 36],
  ['Site Induction', 'skill', null], ['Fatigue Management', 'skill', null], ['Spill Response', 'skill', null],
  ['Lock Out Tag Out', 'skill', null], ['Incident Investigation', 'skill', null],
  ['Warden Chief', 'certificate', 12], ['Health and Safety Representative', 'certificate', 36],
  ['Working with Children Check', 'licence', 60], ['National Police Check', 'certificate', 36],
  ['Driver Licence', 'licence', 60],
];
const C = CATALOGUE.length;

function catalogueValues(): string {
  return CATALOGUE.map(
    ([name, kind, months], index) => `(${index + 1}, '${name}', '${kind}', ${months ?? 'NULL'})`,
  ).join(',\n  ');
}

function accessOf(denied: AccessKey[]): string {
  return JSON.stringify(Object.fromEntries(ACCESS_KEYS.map((key) => [key, !denied.includes(key)])));
}

/**
 * The statements for the company and today (UTC), both inlined as the rest of the seed inlines
 * today. Employee n is the one numbered SH-(10000 + n); position p the p-th by name.
 */
function statements(companyId: string, today: string): { name: string; sql: string }[] {
  const company = `'${companyId}'::uuid`;
  const day = `DATE '${today}'`;
  const teamLead = accessOf([
    'risk',
    'hazardous',
    'system',
    'hrAdmin',
    'hrEmployeeRecord',
    'hrEmployeePrivateInfo',
  ]);
  const employees = `SELECT e.id, e."positionId", substring(e."employeeNumber" from 4)::int - 10000 AS n
    FROM "Employee" e WHERE e."companyId" = ${company} AND e."employeeNumber" LIKE 'SH-%'`;
  const positions = `SELECT p.id, row_number() OVER (ORDER BY p.name, p.id)::int AS p FROM "Position" p WHERE p."companyId" = ${company}`;
  return [
    {
      name: `competencies (${C}) and the positions' requirements`,
      sql: `
INSERT INTO "Competency" (id, "companyId", name, kind, description, expires, "validForMonths", "createdAt", "updatedAt")
SELECT ${sid(`'competency:' || k`)}, ${company}, name, kind::"CompetencyKind", name || ' (scale seed).', months IS NOT NULL, months,
  ${day} - 1800 + time '09:00', ${day} - 1800 + time '09:00'
FROM (VALUES ${catalogueValues()}) c(k, name, kind, months);
INSERT INTO "PositionCompetency" ("companyId", "positionId", "competencyId")
SELECT ${company}, pos.id, ${sid(`'competency:' || (1 + (pos.p * 7 + j * 11) % ${C})`)}
FROM (${positions}) pos, generate_series(0, 3 + pos.p % 3) j;`,
    },
    {
      name: 'competency records',
      sql: `
WITH pairs AS (
  SELECT e.id AS "employeeId", e.n, pc."competencyId" FROM (${employees}) e
  JOIN "PositionCompetency" pc ON pc."companyId" = ${company} AND pc."positionId" = e."positionId"
  WHERE ${rnd('e.n::bigint * 1000 + hashtext(pc."competencyId"::text)', 401)} < 0.9
  UNION
  SELECT e.id, e.n, ${sid(`'competency:' || (1 + (e.n * 13 + j * 17) % ${C})`)} FROM (${employees}) e, generate_series(1, 2) j
), cycles AS (
  SELECT p.*, c."validForMonths" AS months, hashtext(p."competencyId"::text) AS salt,
    CASE WHEN c.expires THEN 1 + floor(3 * ${rnd('p.n::bigint * 1000 + hashtext(p."competencyId"::text)', 402)})::int ELSE 1 END AS cycles
  FROM pairs p JOIN "Competency" c ON c.id = p."competencyId"
), latest AS (
  SELECT x.*, CASE WHEN months IS NULL THEN NULL
    ELSE ${day} - 150 + floor((months * 30 + 150) * ${rnd('x.n::bigint * 1000 + x.salt', 403)})::int END AS "expiresOn"
  FROM cycles x
), records AS (
  SELECT l."employeeId", l.n, l."competencyId", i,
    CASE WHEN l.months IS NULL THEN ${day} - floor(1500 * ${rnd('l.n::bigint * 1000 + l.salt', 404)})::int
      ELSE (l."expiresOn" - make_interval(months => l.months * (i + 1)))::date END AS "achievedOn",
    CASE WHEN l.months IS NULL THEN NULL ELSE (l."expiresOn" - make_interval(months => l.months * i))::date END AS "expiresOn"
  FROM latest l, generate_series(0, l.cycles - 1) i
)
INSERT INTO "CompetencyRecord" (id, "companyId", "employeeId", "competencyId", "achievedOn", "expiresOn", reference,
  issuer, "isLatest", "createdByEmployeeId", "createdAt", "updatedAt")
SELECT ${sid(`'crec:' || r."employeeId" || ':' || r."competencyId" || ':' || r.i`)}, ${company}, r."employeeId", r."competencyId",
  r."achievedOn", r."expiresOn", 'REF-' || (100000 + r.n * 100 + r.i), 'Registered training organisation', r.i = 0,
  r."employeeId", least(r."achievedOn" + time '10:00', ${day} + time '08:00'), least(r."achievedOn" + time '10:00', ${day} + time '08:00')
FROM records r;`,
    },
    {
      name: 'evidence files of ~10% of the latest records',
      sql: `
INSERT INTO "Attachment" (id, "companyId", "ownerType", "ownerId", name, "storageKey", "mimeType", size, "createdAt")
SELECT ${sid(`'att:crec:' || r.id`)}, ${company}, 'competencyRecord', r.id, 'certificate.pdf', 'scale/competency-' || r.id || '.pdf',
  'application/pdf', 40000, r."createdAt"
FROM "CompetencyRecord" r WHERE r."companyId" = ${company} AND r."isLatest" AND ${rnd('hashtext(r.id::text)', 405)} < 0.1;`,
    },
    {
      name: `managers: employees up to ${E - LEADS} report to one of the last ${LEADS}; ${SCALE_MANAGER}`,
      sql: `
UPDATE "Employee" e SET "managerEmployeeId" = lead.id
FROM (${employees}) x JOIN (${employees}) lead ON lead.n = ${E - LEADS + 1} + x.n % ${LEADS}
WHERE e.id = x.id AND x.n <= ${E - LEADS} AND e."managerEmployeeId" IS NULL;
INSERT INTO "Role" (id, "companyId", name, access, "createdAt", "updatedAt")
VALUES (${sid(`'role:Team Lead'`)}, ${company}, 'Team Lead', '${teamLead}'::jsonb, ${day} + time '08:00', ${day} + time '08:00');
UPDATE "Employee" SET "roleId" = ${sid(`'role:Team Lead'`)} WHERE "companyId" = ${company} AND "employeeNumber" = 'SH-${10000 + MANAGER_EMPLOYEE}';
INSERT INTO "User" (id, "companyId", username, email, "passwordHash", "userType", "employeeId", "passwordChangedAt",
  "createdAt", "updatedAt")
SELECT ${sid(`'user:${SCALE_MANAGER}'`)}, ${company}, '${SCALE_MANAGER}', 'manager@scale-holdings.example', u."passwordHash",
  'employee', e.id, u."passwordChangedAt", u."createdAt", u."updatedAt"
FROM "User" u, "Employee" e
WHERE u."companyId" = ${company} AND u.username = 'scale.busy' AND e."companyId" = ${company}
  AND e."employeeNumber" = 'SH-${10000 + MANAGER_EMPLOYEE}';`,
    },
  ];
}

/**
 * Adds the competencies to Scale Holdings unless it is missing or has them. Returns whether it
 * added them.
 */
export async function seedScaleCompetencies(
  client: pg.ClientBase,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<boolean> {
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const added = await seedScaleOnce(client, {
    lock: 72203,
    seededSql: 'EXISTS (SELECT 1 FROM "Competency" x WHERE x."companyId" = c.id)',
    steps: (companyId) => statements(companyId, today),
    log: options.log ?? (() => {}),
  });
  if (!added) return false;
  // As the seed ends (VACUUM): the matrix's filters read the latest records from an index alone.
  await client.query(
    'VACUUM (ANALYZE) "Competency", "PositionCompetency", "CompetencyRecord", "Attachment", "Employee"',
  );
  return true;
}
