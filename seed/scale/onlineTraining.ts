/**
 * Online training's catalogue for "Scale Holdings" (issue 43; docs/online-training.md): 50 courses
 * with one to three published versions each, every fifth with unpublished changes and every tenth
 * out of use. Course 1 ("Safety level 1") is as large as a course gets (30 sections, 100
 * questions): the details' benchmark opens it. The others have 3–8 sections and 5–20 questions of
 * every kind. Published by `scale.admin`.
 *
 * Set-based SQL in its own transaction, after the rest of the scale seed: it runs when Scale Holdings
 * exists and has no course yet, so a scale database seeded before it gains them on the next
 * `npx tsx seed/scale.ts`. Ids are name-based like the rest of the seed's.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { SCALE_USERS } from '../scaleDb';
import { seedScaleOnce, sid } from './once';

export const SCALE_COURSES = 50;

/** The id `sid(key)` makes in SQL (md5 of the key in a version-5 layout), for a client that names a row. */
export function scaleSeedId(key: string): string {
  const hex = createHash('md5').update(`compass-scale:${key}`).digest('hex');
  const laid = `${hex.slice(0, 12)}5${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${laid.slice(0, 8)}-${laid.slice(8, 12)}-${laid.slice(12, 16)}-${laid.slice(16, 20)}-${laid.slice(20)}`;
}

/** The course the details' benchmark opens: the largest (30 sections, 100 questions). */
export const LARGE_COURSE_ID = scaleSeedId('tc:1');

const TOPICS = [
  'Safety',
  'Induction',
  'Forklift',
  'Chemical Handling',
  'Fire',
  'First Aid',
  'Electrical',
  'Ladder',
  'Manual Handling',
  'Driving',
];

/**
 * A course's content in SQL, from the columns of `k` (course number, sections, questions, pass mark,
 * attempts, minutes) and the version `v` it was published as (its key makes the texts differ).
 */
const contentSql = (k: string, v: string) => `jsonb_build_object(
  'introduction', 'Who takes ' || ${k}.name || ' and why (version ' || ${v} || ').',
  'sections', (SELECT jsonb_agg(jsonb_build_object(
      '_id', ${sid(`'tcs:' || ${k}.k || ':' || s`)}, 'title', 'Part ' || s || ' of ' || ${k}.name,
      'body', '<p>What to know, part ' || s || ', version ' || ${v} || '.</p><ul><li>Look</li><li>Report</li></ul>',
      'videoUrl', CASE WHEN s = 1 THEN 'https://video.example/course-' || ${k}.k END,
      'fileIds', '[]'::jsonb) ORDER BY s)
    FROM generate_series(1, ${k}.sections) s),
  'questions', (SELECT jsonb_agg(jsonb_build_object(
      '_id', ${sid(`'tcq:' || ${k}.k || ':' || q`)},
      'kind', (ARRAY['singleChoice', 'multipleChoice', 'trueFalse', 'shortAnswer'])[q % 4 + 1],
      'text', 'Question ' || q || ' of ' || ${k}.name || '?',
      'options', CASE WHEN q % 4 < 2 THEN (SELECT jsonb_agg(jsonb_build_object(
          '_id', ${sid(`'tco:' || ${k}.k || ':' || q || ':' || o`)}, 'text', 'Answer ' || o) ORDER BY o)
        FROM generate_series(1, 4) o) ELSE '[]'::jsonb END,
      'correctOptionIds', CASE q % 4
        WHEN 0 THEN jsonb_build_array(${sid(`'tco:' || ${k}.k || ':' || q || ':1'`)})
        WHEN 1 THEN jsonb_build_array(${sid(`'tco:' || ${k}.k || ':' || q || ':1'`)},
          ${sid(`'tco:' || ${k}.k || ':' || q || ':3'`)})
        ELSE '[]'::jsonb END,
      'correctAnswer', CASE WHEN q % 4 = 2 THEN to_jsonb(q % 8 = 2) ELSE 'null'::jsonb END,
      'modelAnswer', CASE WHEN q % 4 = 3 THEN 'Stop, think, report.' END,
      'points', 1 + q % 3) ORDER BY q)
    FROM generate_series(1, ${k}.questions) q),
  'passMark', ${k}."passMark", 'attemptsAllowed', ${k}."attemptsAllowed", 'expectedMinutes', ${k}."expectedMinutes")`;

function steps(companyId: string): { name: string; sql: string }[] {
  const company = `'${companyId}'::uuid`;
  const topics = `(ARRAY[${TOPICS.map((topic) => `'${topic}'`).join(', ')}])`;
  const publisher = `(SELECT u.id FROM "User" u WHERE u."companyId" = ${company} AND u.username = '${SCALE_USERS.admin}')`;
  return [
    {
      name: 'the courses to seed',
      sql: `
CREATE TEMP TABLE tc_seed ON COMMIT DROP AS
SELECT k, ${sid(`'tc:' || k`)} AS id,
  ${topics}[(k - 1) % ${TOPICS.length} + 1] || ' level ' || ((k - 1) / ${TOPICS.length} + 1) AS name,
  1 + k % 3 AS versions, k % 5 = 0 AS "hasDraft", k % 10 <> 7 AS "isActive",
  CASE WHEN k = 1 THEN 30 ELSE 3 + k % 6 END AS sections,
  CASE WHEN k = 1 THEN 100 ELSE 5 + (k * 7) % 16 END AS questions,
  60 + (k % 5) * 10 AS "passMark", 1 + k % 4 AS "attemptsAllowed", 10 + (k % 6) * 10 AS "expectedMinutes",
  current_date - 400 + k AS created
FROM generate_series(1, ${SCALE_COURSES}) k;`,
    },
    {
      name: 'the courses',
      sql: `
INSERT INTO "TrainingCourse" (id, "companyId", name, description, "isActive", "currentVersion", draft,
  revision, "createdById", "updatedByUserId", "createdAt", "updatedAt")
SELECT c.id, ${company}, c.name, 'The ' || lower(c.name) || ' course of Scale Holdings.', c."isActive",
  c.versions, CASE WHEN c."hasDraft" THEN ${contentSql('c', "'draft'")} END,
  c.versions + c."hasDraft"::int + (NOT c."isActive")::int, ${publisher}, ${publisher},
  c.created, c.created + 60 * c.versions
FROM tc_seed c;`,
    },
    {
      name: 'their versions',
      sql: `
INSERT INTO "TrainingCourseVersion" (id, "companyId", "courseId", number, content, "passMark", "attemptsAllowed",
  "expectedMinutes", "questionCount", "publishedById", "publishedAt")
SELECT ${sid(`'tcv:' || c.k || ':' || n`)}, ${company}, c.id, n, ${contentSql('c', 'n')},
  c."passMark", c."attemptsAllowed", c."expectedMinutes", c.questions, ${publisher}, c.created + 60 * n
FROM tc_seed c, generate_series(1, c.versions) n;`,
    },
  ];
}

export async function seedScaleOnlineTraining(
  client: pg.ClientBase,
  options: { log?: (line: string) => void } = {},
): Promise<boolean> {
  const added = await seedScaleOnce(client, {
    lock: 72206,
    seededSql: 'EXISTS (SELECT 1 FROM "TrainingCourse" x WHERE x."companyId" = c.id)',
    steps,
    log: options.log ?? (() => {}),
  });
  if (added) await client.query('VACUUM (ANALYZE) "TrainingCourse", "TrainingCourseVersion"');
  return added;
}
