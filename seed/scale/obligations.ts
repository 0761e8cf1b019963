/**
 * The Obligations register of the scale seed (seed/scale.ts runs this step after the base one):
 * the organisation's first obligations get their register fields, and more are added up to
 * OBLIGATION_REGISTER.obligations, each with its open review and a few questions. Set-based SQL on
 * the scale seed's session helpers (pg_temp.sid, rnd, skew, emp, wp, isopen, at, today).
 */

export const OBLIGATION_REGISTER = {
  /** Obligations in all, the base seed's first ones included. */
  obligations: 3000,
  /** Questions of each added obligation (the base seed's have their own). */
  questionsPerObligation: 4,
} as const;

// prettier-ignore
const TOPICS = `ARRAY['Work Health and Safety', 'Environmental Protection', 'Dangerous Goods', 'Fire Safety',
  'Privacy', 'Heavy Vehicle', 'Building Code', 'Food Safety', 'Radiation Safety', 'Electrical Safety']`;
const TYPES = `ARRAY['legislation', 'regulation', 'codeOfPractice', 'standard', 'permit', 'contract', 'other']`;
const TYPE_NAMES = `ARRAY['Act', 'Regulation', 'Code of Practice', 'Standard', 'Licence', 'Contract', 'Requirement']`;
// prettier-ignore
const AUTHORITIES = `ARRAY['SafeWork NSW', 'WorkSafe Victoria', 'NSW EPA', 'Safe Work Australia', 'Standards Australia',
  'OAIC', 'NHVR', 'City Council']`;

/** The register's columns of obligation n, as SQL over `n`. */
const fields = (workplaces: number) => `
  (${TYPES})[1 + n % 7]::"ObligationType" AS type,
  (${AUTHORITIES})[1 + n % 8] AS authority,
  's.' || (1 + n % 200) || ' ' || (ARRAY['Primary duty', 'Records', 'Training', 'Inspection', 'Reporting'])[1 + n % 5] AS reference,
  'Duties under the ' || (${TOPICS})[1 + n % 10] || ' ' || (${TYPE_NAMES})[1 + n % 7] || ' that apply to our sites.' AS description,
  CASE WHEN n % 3 = 0 THEN ARRAY[]::uuid[]
       WHEN n % 5 = 0 THEN ARRAY[pg_temp.wp(1 + n % ${workplaces}), pg_temp.wp(1 + (n + 7) % ${workplaces})]
       ELSE ARRAY[pg_temp.wp(1 + n % ${workplaces})] END AS "workplaceIds",
  (ARRAY['years', 'halfYear', 'quarterly', 'biYear'])[1 + n % 4]::"FrequencyUnit" AS "reviewFrequency",
  pg_temp.emp(CASE WHEN pg_temp.rnd(n, 202) < 0.05 THEN 1 ELSE pg_temp.skew(n, 203) END) AS "reviewerEmployeeId",
  pg_temp.today() - 30 + floor(400 * pg_temp.rnd(n, 204))::int AS "nextReviewDate"`;

export function obligationRegisterStep(base: number, workplaces: number): { name: string; sql: string } {
  const total = OBLIGATION_REGISTER.obligations;
  const q = OBLIGATION_REGISTER.questionsPerObligation;
  const cid = 'pg_temp.cid()';
  return {
    name: `obligation register (${total} obligations, ${q} questions and an open review each added)`,
    sql: `
UPDATE "Obligation" o SET type = f.type, authority = f.authority, reference = f.reference, description = f.description,
  "workplaceIds" = f."workplaceIds", "reviewFrequency" = f."reviewFrequency",
  "reviewerEmployeeId" = f."reviewerEmployeeId", "nextReviewDate" = f."nextReviewDate"
FROM (SELECT n, ${fields(workplaces)} FROM generate_series(1, ${base}) n) f
WHERE o.id = pg_temp.sid('obl:' || f.n);
CREATE TEMP TABLE scale_obligation ON COMMIT DROP AS
SELECT n, ${fields(workplaces)},
  (${TOPICS})[1 + n % 10] || ' ' || (${TYPE_NAMES})[1 + n % 7] || ' ' || lpad(n::text, 4, '0') AS name,
  CASE WHEN n % 10 = 0 THEN pg_temp.skew(n, 205) END AS co
FROM generate_series(${base + 1}, ${total}) n;
INSERT INTO "Obligation" (id, "companyId", name, type, authority, reference, description, "ownerEmployeeId",
  "workplaceIds", "reviewFrequency", "reviewerEmployeeId", "coReviewerEmployeeId", "nextReviewDate", "createdAt", "updatedAt")
SELECT pg_temp.sid('obl:' || n), ${cid}, name, type, authority, reference, description, pg_temp.emp(pg_temp.skew(n, 201)),
  "workplaceIds", "reviewFrequency", "reviewerEmployeeId",
  CASE WHEN co IS NOT NULL AND pg_temp.emp(co) <> "reviewerEmployeeId" THEN pg_temp.emp(co) END,
  "nextReviewDate", pg_temp.at(pg_temp.today() - 1800 + n / 2, n), pg_temp.at(pg_temp.today() - 60 + n % 50, n)
FROM scale_obligation;
INSERT INTO "Review" (id, "companyId", "itemType", "itemId", name, "reviewerEmployeeId", "coReviewerEmployeeId",
  frequency, "dueDate", "createdAt")
SELECT pg_temp.sid('review:obl:' || n), ${cid}, 'obligation', o.id, o.name, o."reviewerEmployeeId",
  o."coReviewerEmployeeId", o."reviewFrequency", o."nextReviewDate", pg_temp.at(o."nextReviewDate" - 90, n)
FROM scale_obligation s JOIN "Obligation" o ON o.id = pg_temp.sid('obl:' || s.n);
INSERT INTO "ObligationQuestionTask" (id, "companyId", "obligationId", reference, instruction, "assigneeType",
  "assigneeEmployeeId", "dueDate", response, "isComplete", "completedOn", "createdAt", "updatedAt")
SELECT pg_temp.sid('oq:' || n || ':' || k), ${cid}, pg_temp.sid('obl:' || n), 's.' || (1 + (n + k) % 200) || ' Evidence',
  'Confirm the evidence of compliance is filed in the register.', 'internal', pg_temp.emp(emp), due,
  CASE WHEN NOT open THEN 'Evidence filed.' END, NOT open, CASE WHEN NOT open THEN least(pg_temp.today(), due) END,
  pg_temp.at(due - 30, n), CASE WHEN NOT open THEN pg_temp.at(least(due, pg_temp.today()), n) ELSE pg_temp.at(due - 30, n) END
FROM (
  SELECT *, pg_temp.isopen(due, pg_temp.rnd(n * 10 + k, 211), emp = 1) AS open
  FROM (
    SELECT n, k, pg_temp.today() + 60 - floor(700 * (1 - sqrt(pg_temp.rnd(n * 10 + k, 212))))::int AS due,
      CASE WHEN pg_temp.rnd(n * 10 + k, 213) < 0.02 THEN 1 ELSE pg_temp.skew(n * 10 + k, 214) END AS emp
    FROM scale_obligation, generate_series(1, ${q}) k
  ) g
) x`,
  };
}
