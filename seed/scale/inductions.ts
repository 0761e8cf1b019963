/**
 * Site inductions of "Scale Holdings" (docs/external-parties.md "Site inductions"): the course
 * "Contractor Site Induction" (five questions scored on the server), the personnel requirement type
 * "Site induction" met by passing it, and the induction of two in three active personnel, each with
 * the requirement it meets: ~80% passed (approved, with the pass's note), ~12% open (not started, or
 * a first attempt failed), ~8% failed with both attempts used (the request still pending). And three
 * standing assignments: whoever joins positions 1–3 is assigned a course.
 *
 * Set-based SQL in its own transaction, after the year of training (seed/scale/trainingAttempts.ts,
 * so the employees' assignments never take this course): it runs when Scale Holdings has courses and
 * no course-met requirement type yet. Ids are name-based.
 */
import type pg from 'pg';
import { coursePoints, requirementMessages, type TTrainingCourseContent } from '@compass/shared';
import { choice, content, trueFalse, type PartId } from '../demo/training';
import { SCALE_USERS } from '../scaleDb';
import { scaleSeedId } from './onlineTraining';
import { rnd, seedScaleOnce, sid } from './once';
import { P } from './sizes';

const COURSE = 'Contractor Site Induction';
/** The induction course (the benchmark lists its assignments: personnel trainees). */
export const INDUCTION_COURSE_ID = scaleSeedId('tc:induction');
const part: PartId = (key) => scaleSeedId(`tci:${key}`);

const INDUCTION: TTrainingCourseContent = content({
  introduction: 'Every contractor completes this before their first shift on a Scale Holdings site.',
  sections: [
    {
      _id: part('s1'),
      title: 'Site rules',
      body: '<p>Sign in and out at reception; keep to the walkways.</p>',
    },
    {
      _id: part('s2'),
      title: 'PPE',
      body: '<p>Hard hat, high-visibility vest and safety boots outside offices.</p>',
    },
    {
      _id: part('s3'),
      title: 'Emergencies',
      body: '<p>On the siren, walk to the assembly point at the car park.</p>',
    },
  ],
  questions: [
    choice(part, 1, 'Where is the emergency assembly point?', ['The car park', 'The loading dock'], [0]),
    trueFalse(part, 2, 'A short visit to the warehouse needs no hard hat.', false),
    choice(part, 3, 'Where do you sign in?', ['At reception', 'Nowhere'], [0]),
    trueFalse(part, 4, 'Report every near miss the same day.', true),
    choice(
      part,
      5,
      'What do you wear outside the offices?',
      ['Hard hat, vest and boots', 'Nothing special'],
      [0],
    ),
  ],
  passMark: 80,
  attemptsAllowed: 2,
  expectedMinutes: 15,
});

/** An attempt's answers and marks: every answer right, or the first `wrong` answered wrongly. */
function answered(wrong: number): { answers: string; marks: string; points: number } {
  const answers: Record<string, unknown> = {};
  const marks: Record<string, number> = {};
  INDUCTION.questions.forEach((question, index) => {
    const right = index >= wrong;
    if (question.kind === 'trueFalse') answers[question._id] = right === question.correctAnswer;
    else if (question.kind === 'singleChoice' || question.kind === 'multipleChoice')
      answers[question._id] = right
        ? question.correctOptionIds
        : [question.options.find((option) => !question.correctOptionIds.includes(option._id))!._id];
    marks[question._id] = right ? question.points : 0;
  });
  const points = Object.values(marks).reduce((sum, mark) => sum + mark, 0);
  return { answers: jsonLiteral(answers), marks: jsonLiteral(marks), points };
}

const jsonLiteral = (value: unknown) => `$json$${JSON.stringify(value)}$json$::jsonb`;

/** The steps, on the organisation `companyId` and the day `today` (yyyy-MM-dd). */
function steps(companyId: string, today: string): { name: string; sql: string }[] {
  const company = `'${companyId}'::uuid`;
  const day = `DATE '${today}'`;
  const course = `'${INDUCTION_COURSE_ID}'::uuid`;
  const type = `'${scaleSeedId('rt:induction')}'::uuid`;
  const admin = `(SELECT u.id FROM "User" u WHERE u."companyId" = ${company} AND u.username = '${SCALE_USERS.admin}')`;
  const max = coursePoints(INDUCTION);
  const right = answered(0);
  const wrong = answered(3);
  const score = (points: number) => Math.round((100 * points) / max);
  const note = (value: number) => `'${requirementMessages.passedCourse(COURSE, value).replace(/'/g, "''")}'`;
  return [
    {
      name: 'the induction course and the requirement type it meets',
      sql: `
INSERT INTO "TrainingCourse" (id, "companyId", name, description, "isActive", "currentVersion", revision,
  "createdById", "updatedByUserId", "createdAt", "updatedAt")
VALUES (${course}, ${company}, '${COURSE}', 'What every contractor must know before working on site.', true, 1, 1,
  ${admin}, ${admin}, ${day} - 700 + time '09:00', ${day} - 700 + time '09:00');
INSERT INTO "TrainingCourseVersion" (id, "companyId", "courseId", number, content, "passMark", "attemptsAllowed",
  "expectedMinutes", "questionCount", "publishedById", "publishedAt")
VALUES ('${scaleSeedId('tcv:induction:1')}', ${company}, ${course}, 1, ${jsonLiteral(INDUCTION)}, ${INDUCTION.passMark},
  ${INDUCTION.attemptsAllowed}, ${INDUCTION.expectedMinutes}, ${INDUCTION.questions.length}, ${admin},
  ${day} - 700 + time '09:00');
INSERT INTO "RequirementType" (id, "companyId", name, "appliesTo", description, expires, "trainingCourseId", "createdAt")
VALUES (${type}, ${company}, 'Site induction', 'personnel', 'The online site induction, before the first shift.',
  false, ${course}, ${day} - 700 + time '09:00');`,
    },
    {
      name: 'inductions of two in three active personnel, with the requirements they meet',
      sql: `
CREATE TEMP TABLE ind_seed ON COMMIT DROP AS
SELECT p.id AS "personnelId", p."supplierId", g.k, ${sid(`'induction:' || g.k`)} AS id,
  ${sid(`'trainingAttempt:induction:' || g.k || ':1'`)} AS first, ${sid(`'trainingAttempt:induction:' || g.k || ':2'`)} AS second,
  ${day} + 14 - floor(600 * ${rnd('g.k', 811)})::int AS due,
  (SELECT e.id FROM "Employee" e WHERE e."companyId" = ${company} AND e."employeeNumber" = 'SH-' || (10002 + g.k % 200)) AS reviewer,
  CASE WHEN r < 0.80 THEN 'pass' WHEN r < 0.86 THEN 'new' WHEN r < 0.92 THEN 'retest' ELSE 'fail' END AS outcome
FROM generate_series(1, ${P}) g(k)
JOIN "Personnel" p ON p.id = ${sid(`'per:' || g.k`)} AND p."isActive"
CROSS JOIN LATERAL (SELECT ${rnd('g.k', 812)} AS r) x
WHERE g.k % 3 <> 0;
-- New ones are recent; the others were assigned weeks before they were due.
UPDATE ind_seed SET due = ${day} + 3 + k % 20 WHERE outcome IN ('new', 'retest');
INSERT INTO "OnlineTrainingAssignment" (id, "companyId", "courseId", "personnelId", "reviewerEmployeeId", "lastAttemptId",
  "completeBy", "expectationDuration", "noTestAttempt", "completedTestAttempt", status, score, "passedAt", message,
  "createdById", "createdAt", "updatedAt")
SELECT s.id, ${company}, ${course}, s."personnelId", s.reviewer,
  CASE s.outcome WHEN 'new' THEN NULL WHEN 'fail' THEN s.second ELSE s.first END,
  s.due, ${INDUCTION.expectedMinutes}, ${INDUCTION.attemptsAllowed},
  CASE s.outcome WHEN 'new' THEN 0 WHEN 'fail' THEN 2 ELSE 1 END,
  (CASE s.outcome WHEN 'pass' THEN 'passed' WHEN 'fail' THEN 'failed' ELSE 'assigned' END)::"TrainingAssignmentStatus",
  CASE s.outcome WHEN 'pass' THEN ${score(right.points)} WHEN 'new' THEN NULL ELSE ${score(wrong.points)} END,
  CASE WHEN s.outcome = 'pass' THEN least(s.due, ${day}) - 6 + time '10:11' END,
  'Please complete the site induction before your first shift.', ${admin},
  least(s.due, ${day}) - 14 + time '09:00', least(s.due, ${day}) - 6 + time '10:11'
FROM ind_seed s;
INSERT INTO "TrainingAttempt" (id, "companyId", "assignmentId", "courseId", "versionNumber", number, status, answers,
  marks, points, "maxPoints", score, "startedAt", "submittedAt", "durationSeconds", "createdAt")
SELECT a.id, ${company}, s.id, ${course}, 1, a.number, a.status::"TrainingAttemptStatus",
  CASE a.status WHEN 'passed' THEN ${right.answers} ELSE ${wrong.answers} END,
  CASE a.status WHEN 'passed' THEN ${right.marks} ELSE ${wrong.marks} END,
  CASE a.status WHEN 'passed' THEN ${right.points} ELSE ${wrong.points} END, ${max},
  CASE a.status WHEN 'passed' THEN ${score(right.points)} ELSE ${score(wrong.points)} END,
  a.at, a.at + interval '11 minutes', 660, a.at
FROM ind_seed s
CROSS JOIN LATERAL (VALUES
  (s.first, 1, CASE WHEN s.outcome = 'pass' THEN 'passed' ELSE 'failed' END, least(s.due, ${day}) - 6 + time '10:00'),
  (s.second, 2, 'failed', least(s.due, ${day}) - 2 + time '10:00')
) a(id, number, status, at)
WHERE (a.number = 1 AND s.outcome <> 'new') OR (a.number = 2 AND s.outcome = 'fail');
INSERT INTO "SupplierRequirement" (id, "companyId", "supplierId", "personnelId", "requirementTypeId", "reviewerEmployeeId",
  status, "trainingAssignmentId", "dueDate", note, "reviewedAt", "createdById", "createdAt")
SELECT ${sid(`'sr:induction:' || s.k`)}, ${company}, s."supplierId", s."personnelId", ${type}, s.reviewer,
  (CASE WHEN s.outcome = 'pass' THEN 'approved' ELSE 'pending' END)::"RequirementStatus", s.id, s.due,
  CASE WHEN s.outcome = 'pass' THEN ${note(score(right.points))} END,
  CASE WHEN s.outcome = 'pass' THEN least(s.due, ${day}) - 6 + time '10:11' END, ${admin},
  least(s.due, ${day}) - 14 + time '09:00'
FROM ind_seed s;`,
    },
    {
      name: 'three standing assignments to positions',
      sql: `
INSERT INTO "TrainingPositionRule" (id, "companyId", "courseId", "positionId", "reviewerEmployeeId", "completeWithinDays",
  message, frequency, "repeatInterval", "createdById", "createdAt")
SELECT ${sid(`'tpr:' || n`)}, ${company}, ${sid(`'tc:' || (n + 1)`)}, ${sid(`'pos:' || n`)},
  (SELECT e.id FROM "Employee" e WHERE e."companyId" = ${company} AND e."employeeNumber" = 'SH-' || (10010 + n)),
  14 * n, 'Everyone new in the position completes this course.',
  CASE WHEN n = 1 THEN 'years'::"FrequencyUnit" END, CASE WHEN n = 1 THEN 1 END, ${admin}, ${day} - 30 * n + time '09:00'
FROM generate_series(1, 3) n;`,
    },
  ];
}

/** Adds the site inductions to Scale Holdings unless it has no course or has them. Whether it added them. */
export async function seedScaleInductions(
  client: pg.ClientBase,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const added = await seedScaleOnce(client, {
    lock: 72208,
    seededSql:
      'NOT EXISTS (SELECT 1 FROM "TrainingCourse" x WHERE x."companyId" = c.id) OR ' +
      'EXISTS (SELECT 1 FROM "RequirementType" x WHERE x."companyId" = c.id AND x."trainingCourseId" IS NOT NULL)',
    steps: (companyId) => steps(companyId, now.toISOString().slice(0, 10)),
    log: options.log ?? (() => {}),
  });
  if (added)
    await client.query(
      'ANALYZE "OnlineTrainingAssignment", "TrainingAttempt", "SupplierRequirement", "TrainingPositionRule"',
    );
  return added;
}
