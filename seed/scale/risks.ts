/**
 * The risk register and the hazardous substances register of "Scale Holdings" (seed/scale.ts):
 * 5,000 risks and 2,000 substances, rated, owned, placed and scheduled, with their open reviews
 * and a share of actions. The first 100 of each are the forms' pick-list entries the scale seed
 * already made; they are filled in, the rest are added. Set-based SQL on the scale seed's session
 * helpers (pg_temp.sid, rnd, emp, wp, skew, today, at).
 */
export const REGISTER_SCALE = { risks: 5000, substances: 2000, riskActions: 5000 } as const;

// prettier-ignore
const HAZARDS = `ARRAY['Manual handling', 'Working at height', 'Forklift traffic', 'Electrical work', 'Noise',
  'Confined space', 'Hot work', 'Slips and trips', 'Chemical splash', 'Lone working', 'Vehicle reversing',
  'Dust exposure']`;
// prettier-ignore
const PRODUCTS = `ARRAY['Diesel', 'Bleach', 'Acetone', 'Hydraulic oil', 'Paint thinner', 'Caustic soda',
  'Isopropyl alcohol', 'Degreaser', 'Acetylene', 'Chlorine tablets']`;
const CLASSES = `ARRAY['explosive', 'flammable', 'oxidising', 'compressedGas', 'corrosive', 'acuteToxicity',
  'irritant', 'healthHazard', 'environmental']`;
const FREQUENCIES = `ARRAY['years', 'halfYear', 'quarterly', 'biYear']`;

/**
 * The matrix's colour of a score, in SQL: the bands of shared/src/rules/riskRating.ts, which the
 * set-based seed cannot call row by row.
 */
const colourOf = (score: string) =>
  `(CASE WHEN ${score} >= 20 THEN 'red' WHEN ${score} >= 10 THEN 'orange' WHEN ${score} >= 5 THEN 'yellow' ELSE 'green' END)::"RiskColour"`;

export function riskRegisterSteps(): { name: string; sql: string }[] {
  const cid = 'pg_temp.cid()';
  const today = 'pg_temp.today()';
  const { risks, substances, riskActions } = REGISTER_SCALE;
  return [
    {
      name: `risk register (${risks} risks)`,
      sql: `
INSERT INTO "Risk" (id, "companyId", name, "isMaster", colour, "isActive", "createdAt")
SELECT pg_temp.sid('risk:' || n), ${cid}, (${HAZARDS})[1 + n % 12] || ' ' || lpad(n::text, 4, '0'), n % 25 = 0,
  'green', true, pg_temp.at(${today} - 1700 + n % 1600, n)
FROM generate_series(101, ${risks}) n;
UPDATE "Risk" r SET
  hazard = (${HAZARDS})[1 + x.n % 12] || ' at site ' || (1 + x.n % 50),
  consequences = 'Injury to workers; lost time; damage to plant.',
  "existingControls" = 'Safe work procedure, supervision and training.',
  "inherentLikelihood" = x.il, "inherentConsequence" = x.ic,
  "residualLikelihood" = x.rl, "residualConsequence" = x.ic,
  score = x.rl * x.ic, colour = ${colourOf('x.rl * x.ic')},
  "ownerEmployeeId" = pg_temp.emp(x.owner), "workplaceId" = pg_temp.wp(1 + x.n % 50),
  "reviewFrequency" = (${FREQUENCIES})[1 + x.n % 4]::"FrequencyUnit",
  "reviewerEmployeeId" = pg_temp.emp(x.owner),
  "nextReviewDate" = ${today} - 60 + (x.n * 7) % 420
FROM (
  SELECT n, 2 + floor(4 * pg_temp.rnd(n, 301))::int AS il, 1 + floor(5 * pg_temp.rnd(n, 302))::int AS ic,
    1 + floor(4 * pg_temp.rnd(n, 303))::int AS rl, pg_temp.skew(n, 304) AS owner
  FROM generate_series(1, ${risks}) n
) x
WHERE r.id = pg_temp.sid('risk:' || x.n) AND r."companyId" = ${cid};`,
    },
    {
      name: `hazardous substances (${substances})`,
      sql: `
INSERT INTO "HazardousSubstance" (id, "companyId", name, "isActive", "createdAt")
SELECT pg_temp.sid('hazard:' || n), ${cid}, (${PRODUCTS})[1 + n % 10] || ' ' || lpad(n::text, 4, '0'), true,
  pg_temp.at(${today} - 1700 + n % 1600, n)
FROM generate_series(101, ${substances}) n;
UPDATE "HazardousSubstance" h SET
  "supplierName" = 'Supplier ' || (1 + x.n % 40), "workplaceId" = pg_temp.wp(1 + x.n % 50),
  "storageLocation" = 'Store ' || (1 + x.n % 6), quantity = 5 + x.n % 500, "quantityUnit" = 'L',
  "hazardClasses" = ARRAY[(${CLASSES})[1 + x.n % 9], (${CLASSES})[1 + (x.n / 9) % 9]],
  likelihood = x.l, consequence = x.c, score = x.l * x.c, colour = ${colourOf('x.l * x.c')},
  "sdsIssueDate" = ${today} - (x.n * 13) % 2400, "sdsExpiryDate" = ${today} - (x.n * 13) % 2400 + 1826,
  "ownerEmployeeId" = pg_temp.emp(x.owner), "reviewFrequency" = 'years', "reviewerEmployeeId" = pg_temp.emp(x.owner),
  "nextReviewDate" = ${today} - 30 + (x.n * 11) % 400
FROM (
  SELECT n, 1 + floor(5 * pg_temp.rnd(n, 311))::int AS l, 1 + floor(5 * pg_temp.rnd(n, 312))::int AS c,
    pg_temp.skew(n, 313) AS owner
  FROM generate_series(1, ${substances}) n
) x
WHERE h.id = pg_temp.sid('hazard:' || x.n) AND h."companyId" = ${cid};`,
    },
    {
      name: `register reviews and ${riskActions} risk actions`,
      sql: `
-- One open review per register item that has none yet (the scale seed's reviews name items 1-100).
INSERT INTO "Review" (id, "companyId", "itemType", "itemId", name, "reviewerEmployeeId", frequency, "dueDate", "createdAt")
SELECT pg_temp.sid('register-review:' || i.id), ${cid}, i.kind::"ReviewItemType", i.id, i.name,
  i."reviewerEmployeeId", i."reviewFrequency", i."nextReviewDate", pg_temp.at(i."nextReviewDate" - 45, 1)
FROM (
  SELECT 'riskRegister' AS kind, id, name, "reviewerEmployeeId", "reviewFrequency", "nextReviewDate"
    FROM "Risk" WHERE "companyId" = ${cid}
  UNION ALL
  SELECT 'hazardousRegister', id, name, "reviewerEmployeeId", "reviewFrequency", "nextReviewDate"
    FROM "HazardousSubstance" WHERE "companyId" = ${cid}
) i
WHERE NOT EXISTS (SELECT 1 FROM "Review" r WHERE r."companyId" = ${cid} AND r."itemId" = i.id AND r."completedAt" IS NULL);
INSERT INTO "Action" (id, "companyId", "riskId", "taskNumber", instruction, "actionType", "assigneeEmployeeId",
  "dueDate", "isComplete", "completedOn", "createdAt", "updatedAt")
SELECT pg_temp.sid('risk-action:' || k), ${cid}, pg_temp.sid('risk:' || (1 + k % ${risks})), 1 + k / ${risks},
  'Check the controls of this risk are in place.', 'internal', pg_temp.emp(pg_temp.skew(k, 321)), due,
  done, CASE WHEN done THEN least(due, ${today}) END, pg_temp.at(due - 30, k), pg_temp.at(due - 30, k)
FROM (
  SELECT k, ${today} - 200 + (k * 17) % 260 AS due, pg_temp.rnd(k, 322) < 0.6 AS done
  FROM generate_series(1, ${riskActions}) k
) x;`,
    },
  ];
}
