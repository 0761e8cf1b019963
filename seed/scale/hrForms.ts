/**
 * A year of HR forms for "Scale Holdings" (issue 42; docs/human-resources.md "HR forms"): every
 * active employee is assigned one of the HR templates each quarter for the last year and the next
 * quarter, reviewed by their manager (seed/scale/competencies.ts sets managers; else the next
 * employee). Past ones are closed with their form, the last weeks' submitted or still to fill in,
 * later ones assigned; a third repeat quarterly, ~15% were returned once, ~2% withdrawn by HR.
 *
 * Set-based SQL in its own transaction, after the competencies: it runs when Scale Holdings exists
 * and has no HR form assigned through the HR Forms screen yet (one with a message), so a scale
 * database seeded before it gains it on the next `npx tsx seed/scale.ts`. Ids are name-based.
 */
import type pg from 'pg';
import { numberedEmployees, rnd, seedScaleOnce, sid } from './once';

/** The steps, on the organisation `companyId` and the day `today` (yyyy-MM-dd). */
function steps(companyId: string, today: string): { name: string; sql: string }[] {
  const company = `'${companyId}'::uuid`;
  const day = `DATE '${today}'`;
  return [
    {
      name: 'HR form assignments of the last year (each employee quarterly)',
      sql: `
CREATE TEMP TABLE hr_seed ON COMMIT DROP AS
WITH employees AS (${numberedEmployees(company)}
), templates AS (
  SELECT t.id, t.name, v.id AS "versionId", row_number() OVER (ORDER BY t.name) - 1 AS i, count(*) OVER () AS c
  FROM "FormTemplate" t JOIN "FormTemplateVersion" v ON v."templateId" = t.id AND v.version = t."currentVersion"
  WHERE t."companyId" = ${company} AND t."formType" = 'hr' AND t."isActive"
), plan AS (
  SELECT e.id AS "employeeId", e.n, q,
    coalesce(e."managerEmployeeId", (SELECT x.id FROM employees x WHERE x.n = e.n % (SELECT count(*) FROM employees) + 1))
      AS "reviewerEmployeeId",
    ${day} - 365 + q * 91 + (e.n % 60)::int AS due
  FROM employees e, generate_series(0, 4) q
)
SELECT ${sid(`'hrform:' || p."employeeId" || ':' || p.q`)} AS id, p.*, t.id AS "templateId", t.name AS "templateName",
  t."versionId",
  CASE WHEN p.due < ${day} - 21 THEN 'closed'
       WHEN p.due <= ${day} + 7 AND ${rnd('p.n * 10 + p.q', 501)} < 0.5 THEN 'submitted'
       ELSE 'assigned' END AS status,
  ${rnd('p.n * 10 + p.q', 502)} < 0.15 AS returned,
  ${rnd('p.n * 10 + p.q', 503)} < 0.02 AS cancelled,
  p.n % 3 = 0 AS repeats
FROM plan p JOIN templates t ON t.i = (p.n + p.q) % t.c
WHERE p."reviewerEmployeeId" <> p."employeeId";
UPDATE hr_seed SET status = 'closed' WHERE cancelled AND status = 'assigned';
UPDATE hr_seed SET cancelled = false WHERE status <> 'closed' OR due < ${day} - 21;`,
    },
    {
      name: 'their forms (submitted and closed ones) and coordinators',
      sql: `
WITH numbered AS (
  SELECT h.*, (SELECT coalesce(max(number), 1000) FROM "FormSubmission" WHERE "companyId" = ${company})
    + row_number() OVER (ORDER BY h.due, h.id) AS number
  FROM hr_seed h WHERE NOT h.cancelled AND (h.status = 'submitted' OR h.status = 'closed')
)
INSERT INTO "FormSubmission" (id, "companyId", "templateId", "templateVersionId", number, "formDescription", "formDate",
  "formType", "recordedByEmployeeId", "isDraft", "isClosed", "closedAt", version, "createdAt", "updatedAt")
SELECT ${sid(`'hrsub:' || n.id`)}, ${company}, n."templateId", n."versionId", n.number, n."templateName", n.due - 5,
  'hr', n."employeeId", false, n.status = 'closed',
  CASE WHEN n.status = 'closed' THEN (n.due + 3) + time '15:00' END, 2,
  (n.due - 5) + time '10:00', (n.due - 3) + time '10:00'
FROM numbered n;
INSERT INTO "SubmissionCoordinator" (id, "companyId", "submissionId", "employeeId", position)
SELECT ${sid(`'hrcoord:' || h.id`)}, ${company}, ${sid(`'hrsub:' || h.id`)}, h."reviewerEmployeeId", 0
FROM hr_seed h WHERE NOT h.cancelled AND (h.status = 'submitted' OR h.status = 'closed');
UPDATE "Company" SET "nextFormNumber" = (SELECT max(number) + 1 FROM "FormSubmission" WHERE "companyId" = ${company})
WHERE id = ${company};`,
    },
    {
      name: 'the assignments',
      sql: `
INSERT INTO "HrFormAssignment" (id, "companyId", "formTemplateId", "sectionType", "employeeId", "reviewerEmployeeId",
  "submissionId", status, "dueDate", "closedAt", message, "reviewComment", "returnCount", "createdById", frequency,
  "repeatInterval", "cancelledAt", "createdAt")
SELECT h.id, ${company}, h."templateId", 'hrAssessment', h."employeeId", h."reviewerEmployeeId",
  CASE WHEN NOT h.cancelled AND h.status IN ('submitted', 'closed') THEN ${sid(`'hrsub:' || h.id`)} END,
  h.status::"AssignmentStatus", h.due,
  CASE WHEN h.status = 'closed' THEN (h.due + 3) + time '15:00' END,
  'Your quarterly check-in: ten minutes, and it stays between you, your manager and HR.',
  CASE WHEN h.returned THEN 'Please say a little more about your workload.' END, h.returned::int,
  (SELECT u.id FROM "User" u WHERE u."companyId" = ${company} AND u.username = 'scale.admin'),
  CASE WHEN h.repeats THEN 'quarterly'::"FrequencyUnit" END, CASE WHEN h.repeats THEN 1 END,
  CASE WHEN h.cancelled THEN (h.due - 20) + time '09:00' END, (h.due - 28) + time '09:00'
FROM hr_seed h;`,
    },
  ];
}

/** Adds the year of HR forms to Scale Holdings unless it is missing or has them. Whether it added them. */
export async function seedScaleHrForms(
  client: pg.ClientBase,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<boolean> {
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const added = await seedScaleOnce(client, {
    lock: 72204,
    seededSql: `EXISTS (SELECT 1 FROM "HrFormAssignment" x WHERE x."companyId" = c.id AND x.message IS NOT NULL)`,
    steps: (companyId) => steps(companyId, today),
    log: options.log ?? (() => {}),
  });
  if (added) await client.query(`ANALYZE "HrFormAssignment"`);
  return added;
}
