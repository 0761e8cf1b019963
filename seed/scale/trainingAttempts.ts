/**
 * A year of online training for "Scale Holdings" (issue 43; docs/online-training.md): every active
 * employee is assigned eight of the courses in use over the last year and the next weeks (one every
 * fifty days), reviewed by their manager (else the next employee), with their attempts. Older ones
 * are mostly passed (a quarter after a failed first attempt), some failed with every attempt used,
 * a few withdrawn; the recent ones also wait for the reviewer, for a re-test or for a first attempt.
 * The busy employee (`scale.busy`, emp:1) has every course in use passed twice and open once, and
 * reviews ~4% of the assignments and ~30% of those waiting for a review: the dashboard's two
 * training sections at their worst.
 *
 * An attempt answers every question of the version current when it was assigned: an attempt meant
 * to fail gets only the one-point questions right, one meant to pass gets ~6% wrong (all right when
 * that would not pass); a short answer wrongly answered gets half its points from the reviewer. Its
 * marks, points, score and status follow from the answers, as the server scores them.
 *
 * Set-based SQL in its own transaction, after the courses (seed/scale/onlineTraining.ts): it runs
 * when Scale Holdings has courses and no assignment yet. Ids are name-based.
 */
import type pg from 'pg';
import { SCALE_USERS } from '../scaleDb';
import { numberedEmployees, rnd, seedScaleOnce, sid } from './once';

const HOT = sid(`'emp:1'`);

/** The steps, on the organisation `companyId`, the day `today` (yyyy-MM-dd) and `now` (timestamp). */
function steps(companyId: string, today: string, now: string): { name: string; sql: string }[] {
  const company = `'${companyId}'::uuid`;
  const day = `DATE '${today}'`;
  const at = `TIMESTAMP '${now}'`;
  return [
    {
      name: 'online training assignments of the last year (each employee eight courses)',
      sql: `
CREATE TEMP TABLE tr_seed ON COMMIT DROP AS
WITH employees AS (${numberedEmployees(company)}
), courses AS (
  SELECT c.id, row_number() OVER (ORDER BY c.name) - 1 AS i, count(*) OVER () AS cc
  FROM "TrainingCourse" c WHERE c."companyId" = ${company} AND c."isActive" AND c."currentVersion" > 0
), plan AS (
  SELECT e.id AS "employeeId", e.n, q, c.id AS "courseId", c.i, false AS hot,
    ${day} - 350 + q * 50 + (e.n % 50)::int AS due, e."managerEmployeeId"
  FROM employees e CROSS JOIN generate_series(0, 7) q
  JOIN courses c ON c.i = (e.n * 7 + q * 11) % c.cc
  WHERE e.id <> ${HOT}
  UNION ALL
  SELECT e.id, e.n, q, c.id, c.i, true, ${day} + (ARRAY[-330, -160, -45])[q + 1] + 2 * c.i::int, e."managerEmployeeId"
  FROM employees e CROSS JOIN generate_series(0, 2) q CROSS JOIN courses c
  WHERE e.id = ${HOT}
), outcomes AS (
  SELECT p.*, ${rnd('p.n * 100 + p.q', 611)} AS r,
    CASE WHEN p.hot AND p.q < 2 THEN 'pass'
         WHEN p.hot THEN (ARRAY['new', 'retest', 'fail'])[1 + p.i % 3]
         WHEN p.due < ${day} - 30 THEN CASE WHEN ${rnd('p.n * 100 + p.q', 612)} < 0.85 THEN 'pass'
                                            WHEN ${rnd('p.n * 100 + p.q', 612)} < 0.95 THEN 'fail' ELSE 'cancelled' END
         ELSE (ARRAY['pass', 'pass', 'pass', 'review', 'review', 'retest', 'retest', 'fail', 'new', 'new'])
              [1 + floor(10 * ${rnd('p.n * 100 + p.q', 613)})::int] END AS outcome,
    coalesce(p."managerEmployeeId", (SELECT x.id FROM employees x WHERE x.n = p.n % (SELECT count(*) FROM employees) + 1))
      AS reviewer0
  FROM plan p
)
SELECT ${sid(`'training:' || o."employeeId" || ':' || o.q || ':' || o."courseId"`)} AS id, o."employeeId", o.n, o.q,
  o."courseId", o.due, o.outcome, v.number AS "versionNumber", v.content, v."passMark", v."attemptsAllowed" AS allowed,
  v."expectedMinutes",
  CASE WHEN o."employeeId" <> ${HOT} AND (o.r < 0.04 OR (o.outcome = 'review' AND o.r < 0.34)) THEN ${HOT}
       ELSE o.reviewer0 END AS "reviewerEmployeeId",
  CASE o.outcome WHEN 'new' THEN 0 WHEN 'cancelled' THEN 0 WHEN 'retest' THEN 1 WHEN 'fail' THEN v."attemptsAllowed"
       ELSE 1 + (v."attemptsAllowed" > 1 AND ${rnd('o.n * 100 + o.q', 614)} < 0.25)::int END AS attempts
FROM outcomes o
CROSS JOIN LATERAL (
  SELECT x.number, x.content, x."passMark", x."attemptsAllowed", x."expectedMinutes" FROM "TrainingCourseVersion" x
  WHERE x."courseId" = o."courseId" ORDER BY (x."publishedAt"::date <= least(o.due, ${day}) - 28) DESC, x.number DESC
  LIMIT 1
) v
WHERE o.reviewer0 <> o."employeeId";`,
    },
    {
      name: 'their attempts, question by question',
      sql: `
CREATE TEMP TABLE tr_attempt ON COMMIT DROP AS
SELECT ${sid(`'trainingAttempt:' || s.id || ':' || i`)} AS id, s.id AS "assignmentId", i AS number,
  CASE WHEN i < s.attempts THEN 'fail' WHEN s.outcome IN ('pass', 'review') THEN s.outcome ELSE 'fail' END AS intent,
  (least(s.due, ${day}) - 3 * (s.attempts - i) - 1) + make_interval(mins => 480 + (s.n % 300)::int) AS "startedAt",
  (s."expectedMinutes" * (30 + (s.n + i) % 50))::int AS "durationSeconds"
FROM tr_seed s CROSS JOIN LATERAL generate_series(1, s.attempts) i;
CREATE TEMP TABLE tr_answer ON COMMIT DROP AS
SELECT a.id AS "attemptId", a.intent, q.question, q.qn, q.question->>'kind' AS kind, (q.question->>'points')::int AS points,
  CASE WHEN a.intent = 'fail' THEN q.qn % 3 = 0 ELSE ${rnd('hashtext(a.id::text)::bigint * 1000 + q.qn', 615)} >= 0.06 END
    AS correct
FROM tr_attempt a JOIN tr_seed s ON s.id = a."assignmentId"
CROSS JOIN LATERAL jsonb_array_elements(s.content->'questions') WITH ORDINALITY q(question, qn);
-- An attempt meant to pass that the random slips would fail is all right instead.
UPDATE tr_answer x SET correct = true FROM (
  SELECT y."attemptId" FROM tr_answer y JOIN tr_attempt a ON a.id = y."attemptId"
  JOIN tr_seed s ON s.id = a."assignmentId"
  WHERE a.intent <> 'fail' GROUP BY y."attemptId", s."passMark"
  HAVING 100 * sum(y.points) FILTER (WHERE y.correct) < s."passMark" * sum(y.points)
) bad WHERE x."attemptId" = bad."attemptId";`,
    },
    {
      name: 'the attempts scored',
      sql: `
CREATE TEMP TABLE tr_scored ON COMMIT DROP AS
SELECT x."attemptId",
  jsonb_object_agg(x.question->>'_id', CASE
    WHEN x.kind = 'shortAnswer' THEN to_jsonb(CASE WHEN x.correct THEN 'Stop, think and report it.' ELSE 'Carry on.' END)
    WHEN x.kind = 'trueFalse' THEN to_jsonb((x.question->>'correctAnswer')::boolean = x.correct)
    WHEN x.correct THEN x.question->'correctOptionIds'
    ELSE jsonb_build_array(x.question->'options'->1->'_id') END) AS answers,
  coalesce(jsonb_object_agg(x.question->>'_id', x.mark) FILTER (WHERE x.mark IS NOT NULL), '{}') AS marks,
  CASE WHEN bool_and(x.mark IS NOT NULL) THEN sum(x.mark) END::int AS points, sum(x.points)::int AS "maxPoints"
FROM (
  SELECT y.*, CASE WHEN y.kind = 'shortAnswer' AND y.intent = 'review' THEN NULL
                   WHEN y.correct THEN y.points WHEN y.kind = 'shortAnswer' THEN y.points / 2 ELSE 0 END AS mark
  FROM tr_answer y
) x GROUP BY x."attemptId";
CREATE TEMP TABLE tr_final ON COMMIT DROP AS
SELECT a.id, ${company} AS "companyId", s.id AS "assignmentId", s."courseId", s."versionNumber", a.number,
  (CASE WHEN t.points IS NULL THEN 'awaitingReview' WHEN 100 * t.points >= s."passMark" * t."maxPoints" THEN 'passed'
        ELSE 'failed' END)::"TrainingAttemptStatus" AS status,
  t.answers, t.marks, t.points, t."maxPoints", round(100.0 * t.points / t."maxPoints")::int AS score,
  a."startedAt", a."startedAt" + make_interval(secs => a."durationSeconds") AS "submittedAt", a."durationSeconds",
  s."reviewerEmployeeId",
  CASE WHEN t.points IS NULL THEN NULL WHEN a.intent = 'pass' THEN 'Well done.' ELSE 'Please read the course again.' END
    AS "reviewComment",
  CASE WHEN t.points IS NOT NULL THEN least(${at}, a."startedAt" + interval '1 day') END AS "reviewedAt",
  a."startedAt" AS "createdAt"
FROM tr_attempt a JOIN tr_seed s ON s.id = a."assignmentId" JOIN tr_scored t ON t."attemptId" = a.id;`,
    },
    {
      name: 'the assignments and their attempts',
      sql: `
INSERT INTO "OnlineTrainingAssignment" (id, "companyId", "courseId", "employeeId", "reviewerEmployeeId", "lastAttemptId",
  "completeBy", "expectationDuration", "noTestAttempt", "completedTestAttempt", status, score, "passedAt", message,
  frequency, "repeatInterval", "createdById", "cancelledAt", "createdAt", "updatedAt")
SELECT s.id, ${company}, s."courseId", s."employeeId", s."reviewerEmployeeId", l.id, s.due, s."expectedMinutes",
  s.allowed, s.attempts,
  (CASE WHEN s.outcome = 'new' OR (s.outcome = 'retest' AND s.allowed > 1) THEN 'assigned'
        WHEN s.outcome IN ('retest', 'fail') THEN 'failed' WHEN s.outcome = 'review' THEN 'awaitingReview'
        WHEN s.outcome = 'pass' THEN 'passed' ELSE 'cancelled' END)::"TrainingAssignmentStatus",
  l.score, CASE WHEN s.outcome = 'pass' THEN l."reviewedAt" END, 'Please complete this by the date.',
  CASE WHEN s.n % 4 = 0 AND s.outcome IN ('new', 'retest', 'review') THEN 'years'::"FrequencyUnit" END,
  CASE WHEN s.n % 4 = 0 AND s.outcome IN ('new', 'retest', 'review') THEN 1 END,
  (SELECT u.id FROM "User" u WHERE u."companyId" = ${company} AND u.username = '${SCALE_USERS.admin}'),
  CASE WHEN s.outcome = 'cancelled' THEN (least(s.due, ${day}) - 20) + time '09:00' END,
  (least(s.due, ${day}) - 28) + time '09:00', coalesce(l."reviewedAt", l."submittedAt", (least(s.due, ${day}) - 28) + time '09:00')
FROM tr_seed s
LEFT JOIN tr_final l ON l."assignmentId" = s.id AND l.number = s.attempts;
INSERT INTO "TrainingAttempt" (id, "companyId", "assignmentId", "courseId", "versionNumber", number, status, answers,
  marks, points, "maxPoints", score, "startedAt", "submittedAt", "durationSeconds", "reviewerEmployeeId",
  "reviewComment", "reviewedAt", "createdAt")
SELECT * FROM tr_final;`,
    },
  ];
}

/** Adds the year of online training to Scale Holdings unless it has no course or has it. Whether it added it. */
export async function seedScaleTrainingAttempts(
  client: pg.ClientBase,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const added = await seedScaleOnce(client, {
    lock: 72207,
    seededSql:
      'NOT EXISTS (SELECT 1 FROM "TrainingCourse" x WHERE x."companyId" = c.id) OR ' +
      'EXISTS (SELECT 1 FROM "OnlineTrainingAssignment" x WHERE x."companyId" = c.id)',
    steps: (companyId) =>
      steps(companyId, now.toISOString().slice(0, 10), now.toISOString().slice(0, 23).replace('T', ' ')),
    log: options.log ?? (() => {}),
  });
  if (added) await client.query('ANALYZE "OnlineTrainingAssignment", "TrainingAttempt"');
  return added;
}
