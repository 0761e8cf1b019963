/**
 * Performance reviews for "Scale Holdings" (issue 42; docs/human-resources.md "Performance reviews"):
 * every active employee has last year's review, completed with its objectives rated by both sides,
 * and this year's in a spread of states (self-assessment 40%, the reviewer's assessment 25%,
 * sign-off 15% — half of them signed by the employee —, completed 15%, cancelled 5%), each reviewed by
 * their manager (seed/scale/competencies.ts sets managers; else the next employee), three weighted
 * objectives each, and no agreed actions.
 *
 * Set-based SQL in its own transaction, after the HR forms: it runs when Scale Holdings exists and
 * has none of these reviews yet, so a scale database seeded before it gains them on the next
 * `npx tsx seed/scale.ts`. Ids are name-based.
 */
import type pg from 'pg';
import { rnd, seedScaleOnce, sid } from './once';

const TITLE = 'Annual performance review';

/** The steps, on the organisation `companyId` and the day `today` (yyyy-MM-dd). */
function steps(companyId: string, today: string): { name: string; sql: string }[] {
  const company = `'${companyId}'::uuid`;
  const day = `DATE '${today}'`;
  const at = (date: string, time: string) => `(${date}) + time '${time}'`;
  return [
    {
      name: 'the reviews to seed (last year completed, this year in a spread of states)',
      sql: `
CREATE TEMP TABLE pr_seed ON COMMIT DROP AS
WITH employees AS (
  SELECT e.id, e."managerEmployeeId", row_number() OVER (ORDER BY e."employeeNumber") AS n
  FROM "Employee" e WHERE e."companyId" = ${company} AND e."isActive"
), plan AS (
  SELECT e.id AS "employeeId", e.n, q,
    coalesce(e."managerEmployeeId", (SELECT x.id FROM employees x WHERE x.n = e.n % (SELECT count(*) FROM employees) + 1))
      AS "reviewerEmployeeId",
    ${rnd('e.n * 10 + q', 601)} AS r
  FROM employees e, generate_series(0, 1) q
)
SELECT ${sid(`'review:' || p."employeeId" || ':' || p.q`)} AS id, p.*,
  ${day} - 365 * (2 - p.q) + 1 AS "periodStart", ${day} - 365 * (1 - p.q) AS "periodEnd",
  CASE WHEN p.q = 0 THEN ${day} - 340 + (p.n % 20)::int ELSE ${day} - 20 + (p.n % 60)::int END AS due,
  CASE WHEN p.q = 0 OR (p.r >= 0.80 AND p.r < 0.95) THEN 'completed'
       WHEN p.r < 0.40 THEN 'selfAssessment' WHEN p.r < 0.65 THEN 'managerAssessment'
       WHEN p.r < 0.80 THEN 'signOff' ELSE 'cancelled' END AS status
FROM plan p
WHERE p."reviewerEmployeeId" <> p."employeeId";`,
    },
    {
      name: 'the reviews',
      sql: `
INSERT INTO "PerformanceReview" (id, "companyId", "employeeId", "reviewerEmployeeId", title, "periodStart",
  "periodEnd", "dueDate", status, "selfAssessment", "managerAssessment", "overallRating", "employeeComment",
  "selfSubmittedAt", "managerSubmittedAt", "employeeSignedAt", "reviewerSignedAt", "completedAt", "cancelledAt",
  "createdById", "createdAt", "updatedAt")
SELECT s.id, ${company}, s."employeeId", s."reviewerEmployeeId",
  '${TITLE} ' || extract(year FROM s."periodEnd"), s."periodStart", s."periodEnd", s.due,
  s.status::"PerformanceReviewStatus",
  CASE WHEN s.self THEN 'Met most of my objectives; the busy season stretched the team.' END,
  CASE WHEN s.manager THEN 'Dependable and careful; next year: take the lead on the toolbox talks.' END,
  CASE WHEN s.manager THEN 2 + (s.n % 4)::int END,
  CASE WHEN s.status = 'completed' AND s.n % 10 = 0 THEN 'I do not agree with the rating of the second objective.' END,
  CASE WHEN s.self THEN ${at('s.due - 14', '10:00')} END,
  CASE WHEN s.manager THEN ${at('s.due - 7', '14:00')} END,
  CASE WHEN s.status = 'completed' OR (s.status = 'signOff' AND s.n % 2 = 0) THEN ${at('s.due - 3', '09:00')} END,
  CASE WHEN s.status = 'completed' THEN ${at('s.due - 2', '16:00')} END,
  CASE WHEN s.status = 'completed' THEN ${at('s.due - 2', '16:00')} END,
  CASE WHEN s.status = 'cancelled' THEN ${at('s.due - 20', '09:00')} END,
  (SELECT u.id FROM "User" u WHERE u."companyId" = ${company} AND u.username = 'scale.admin'),
  ${at('s.due - 30', '09:00')}, ${at('s.due - 2', '16:00')}
FROM (
  SELECT p.*, p.status IN ('managerAssessment', 'signOff', 'completed') AS self,
    p.status IN ('signOff', 'completed') AS manager
  FROM pr_seed p
) s;`,
    },
    {
      name: 'their objectives (three each, weighted 40/35/25)',
      sql: `
INSERT INTO "PerformanceReviewObjective" (id, "companyId", "reviewId", position, title, weight, "selfRating",
  "selfComment", "managerRating", "managerComment")
SELECT ${sid(`'objective:' || s.id || ':' || o.position`)}, ${company}, s.id, o.position, o.title, o.weight,
  CASE WHEN s.status NOT IN ('selfAssessment', 'cancelled') THEN 2 + ((s.n + o.position) % 4)::int END,
  CASE WHEN s.status NOT IN ('selfAssessment', 'cancelled') THEN 'On track.' END,
  CASE WHEN s.status IN ('signOff', 'completed') THEN 2 + ((s.n + 2 * o.position) % 4)::int END,
  CASE WHEN s.status IN ('signOff', 'completed') THEN 'Agreed.' END
FROM pr_seed s
CROSS JOIN (VALUES (1, 'Zero lost-time injuries in the team', 40), (2, 'Close audit findings on time', 35),
  (3, 'Complete the required training', 25)) o(position, title, weight);`,
    },
  ];
}

/** Adds the performance reviews to Scale Holdings unless it is missing or has them. Whether it added them. */
export async function seedScalePerformanceReviews(
  client: pg.ClientBase,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<boolean> {
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const added = await seedScaleOnce(client, {
    lock: 72205,
    seededSql: `EXISTS (SELECT 1 FROM "PerformanceReview" x WHERE x."companyId" = c.id AND x.title LIKE '${TITLE} %')`,
    steps: (companyId) => steps(companyId, today),
    log: options.log ?? (() => {}),
  });
  if (added) await client.query(`ANALYZE "PerformanceReview", "PerformanceReviewObjective"`);
  return added;
}
