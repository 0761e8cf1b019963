/**
 * The document library of "Scale Holdings" (seed/scale.ts): 20,000 documents in 12 folders with
 * one to three versions each (2% with a version waiting for approval, ~1% with a rejected one
 * still to revise), acknowledgements of the current versions (the busy employee reads every other
 * one of the first 300) and approvals. Set-based SQL with the scale seed's pg_temp helpers.
 */

export const DOCUMENT_SCALE = {
  documents: 20_000,
  folders: 12,
  acknowledgements: 20_000,
  approvedHistory: 2_000,
} as const;

const D = DOCUMENT_SCALE.documents;

// prettier-ignore
const FOLDERS = [
  'Policies', 'Procedures', 'Work Instructions', 'Plans', 'Forms', 'Manuals',
  'Registers', 'Guidelines', 'Standards', 'Training', 'Contracts', 'Records',
].map((name) => `'${name}'`).join(',');

/** The scale seed's steps for the library: run after employees and workplaces exist. */
export function documentSteps(employees: number): Array<{ name: string; sql: string }> {
  const cid = 'pg_temp.cid()';
  const today = 'pg_temp.today()';
  return [
    {
      name: `document folders (${DOCUMENT_SCALE.folders}), documents (${D}) and their versions`,
      sql: `
-- How many versions document n has, what its latest one is, and which version readers see.
CREATE FUNCTION pg_temp.dstatus(n int) RETURNS "DocumentVersionStatus" LANGUAGE sql IMMUTABLE
  AS $$ SELECT (CASE WHEN n % 50 = 0 THEN 'approvalPending' WHEN n % 97 = 0 THEN 'rejected'
                     ELSE 'published' END)::"DocumentVersionStatus" $$;
CREATE FUNCTION pg_temp.dversions(n int) RETURNS int LANGUAGE sql IMMUTABLE
  AS $$ SELECT CASE WHEN pg_temp.dstatus(n) <> 'published' THEN 2 + n % 2 ELSE 1 + n % 3 END $$;
CREATE FUNCTION pg_temp.dcurrent(n int) RETURNS uuid LANGUAGE sql IMMUTABLE
  AS $$ SELECT pg_temp.sid('docv:' || n || ':' ||
              (pg_temp.dversions(n) - CASE WHEN pg_temp.dstatus(n) = 'published' THEN 0 ELSE 1 END)) $$;
INSERT INTO "DocumentFolder" (id, "companyId", name, "createdAt")
SELECT pg_temp.sid('docfolder:' || f), ${cid}, (ARRAY[${FOLDERS}])[f], ${today} - 1830 + time '09:00'
FROM generate_series(1, ${DOCUMENT_SCALE.folders}) f;
INSERT INTO "Document" (id, "companyId", name, "folderId", "ownerEmployeeId", "reviewerEmployeeId",
  "coReviewerEmployeeId", "reviewFrequency", "nextReviewDate", "lastReviewDate", "audienceWorkplaceIds",
  "currentVersionId", status, "createdAt", "updatedAt")
SELECT pg_temp.doc(n), ${cid},
  (ARRAY['Procedure', 'Policy', 'Work Instruction', 'Plan', 'Form', 'Manual'])[1 + n % 6] || ' ' || lpad(n::text, 5, '0'),
  pg_temp.sid('docfolder:' || (1 + n % ${DOCUMENT_SCALE.folders})), pg_temp.emp(pg_temp.skew(n, 31)),
  pg_temp.emp(pg_temp.skew(n, 33)), CASE WHEN n % 5 = 0 THEN pg_temp.emp(pg_temp.skew(n, 34)) END,
  (ARRAY['years', 'biYear', 'halfYear', 'quarterly', 'threeYears'])[1 + n % 5]::"FrequencyUnit",
  ${today} - 120 + floor(900 * pg_temp.rnd(n, 35))::int, ${today} - 250 - floor(300 * pg_temp.rnd(n, 36))::int,
  ARRAY[pg_temp.wp(1 + n % 50)], pg_temp.dcurrent(n), pg_temp.dstatus(n),
  pg_temp.at(${today} - 1800 + n % 1700, n), pg_temp.at(${today} - floor(400 * pg_temp.rnd(n, 37))::int, n)
FROM generate_series(1, ${D}) n;
INSERT INTO "DocumentVersion" (id, "companyId", "documentId", number, note, status, "createdAt", "publishedAt",
  "rejectedOn")
SELECT pg_temp.sid('docv:' || n || ':' || v), ${cid}, pg_temp.doc(n), v,
  CASE WHEN v > 1 THEN 'Revised after review.' END, s, pg_temp.at(${today} - (last - v) * 120 - 5, n),
  CASE WHEN s = 'published' THEN pg_temp.at(${today} - (last - v) * 120 - 4, n) END,
  CASE WHEN s = 'rejected' THEN ${today} - n % 20 END
FROM (SELECT n, v, pg_temp.dversions(n) AS last,
        CASE WHEN v = pg_temp.dversions(n) THEN pg_temp.dstatus(n) ELSE 'published' END AS s
      FROM generate_series(1, ${D}) n, generate_series(1, 3) v WHERE v <= pg_temp.dversions(n)) x`,
    },
    {
      name: `document acknowledgements (${DOCUMENT_SCALE.acknowledgements} + busy) and approvals`,
      sql: `
INSERT INTO "DocumentAcknowledgement" (id, "companyId", "documentId", "versionId", "employeeId", "dueDate",
  "acknowledgedAt")
SELECT pg_temp.sid('ack:' || doc || ':' || emp), ${cid}, pg_temp.doc(doc), pg_temp.dcurrent(doc), pg_temp.emp(emp), due,
  CASE WHEN NOT pg_temp.isopen(due, pg_temp.rnd(k, 151), emp = 1) THEN pg_temp.at(least(due, ${today}), k) END
FROM (
  SELECT k, doc, emp, ${today} + 30 - floor(1855 * (1 - sqrt(pg_temp.rnd(k, 152))))::int AS due
  FROM (SELECT k, (k * 7) % ${D} + 1 AS doc, 1 + (((k / 300) * 29 + (k % 300) * 7 + 1) % ${employees}) AS emp
        FROM generate_series(0, ${DOCUMENT_SCALE.acknowledgements - 1}) k
        UNION ALL
        SELECT 100000 + d, d, 1 FROM generate_series(1, 300, 2) d) g
) x
ON CONFLICT ("versionId", "employeeId") DO NOTHING;
-- The versions waiting for approval: two approvers each (the busy employee on every fifth).
INSERT INTO "DocumentApproval" (id, "companyId", "documentId", "versionId", "employeeId", "dueDate", status)
SELECT pg_temp.sid('approval:' || n || ':' || a), ${cid}, pg_temp.doc(n),
  pg_temp.sid('docv:' || n || ':' || pg_temp.dversions(n)),
  pg_temp.emp(CASE WHEN a = 1 AND n % 250 = 0 THEN 1 ELSE pg_temp.skew(n * 2 + a, 165) END),
  ${today} - 10 + n % 20, 'requested'
FROM generate_series(50, ${D}, 50) n, generate_series(1, 2) a
ON CONFLICT ("versionId", "employeeId") DO NOTHING;
-- The rejected versions, and approvals of current versions as history.
INSERT INTO "DocumentApproval" (id, "companyId", "documentId", "versionId", "employeeId", "dueDate", status,
  comment, "decidedAt")
SELECT pg_temp.sid('approval:' || n || ':r'), ${cid}, pg_temp.doc(n), pg_temp.sid('docv:' || n || ':' || pg_temp.dversions(n)),
  pg_temp.emp(pg_temp.skew(n, 166)), ${today} - n % 20, 'rejected', 'Please update the references.',
  pg_temp.at(${today} - n % 20, n)
FROM generate_series(97, ${D}, 97) n WHERE pg_temp.dstatus(n) = 'rejected';
INSERT INTO "DocumentApproval" (id, "companyId", "documentId", "versionId", "employeeId", "dueDate", status, "decidedAt")
SELECT pg_temp.sid('approval:' || n || ':h'), ${cid}, pg_temp.doc(n), pg_temp.dcurrent(n),
  pg_temp.emp(pg_temp.skew(n, 167)), ${today} - 100 - n % 300, 'approved', pg_temp.at(${today} - 100 - n % 300, n)
FROM generate_series(1, ${DOCUMENT_SCALE.approvedHistory}) k, LATERAL (SELECT (k * 10 - 3) AS n) d
WHERE pg_temp.dstatus(n) = 'published'`,
    },
  ];
}
