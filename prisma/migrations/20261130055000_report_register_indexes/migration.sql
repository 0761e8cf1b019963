-- Reports & Charts, the registers' reports (docs/reports.md). "Questions failed most": a large
-- organisation has 50,000 audit findings, and counting them by question, workplace or template joins
-- every one to its audit (70-130 ms). Rollups keep those counts and the document acknowledgements;
-- refreshRollups (server/src/modules/reports/rollups.ts) refreshes every `report_%` view,
-- CONCURRENTLY through each one's unique index. Then the indexes of the live reads.

-- The findings by the month of their audit and their question (the text as the report keys it).
CREATE MATERIALIZED VIEW report_audit_questions AS
SELECT q."companyId", date_trunc('month', a."auditDate")::date AS month, left(q.question, 200) AS question,
  count(*)::int AS findings,
  (count(*) FILTER (WHERE NOT q."isComplete"))::int AS open,
  count(DISTINCT q."auditId")::int AS audits
FROM "AuditQuestionTask" q
JOIN "Audit" a ON a.id = q."auditId" AND a."companyId" = q."companyId"
GROUP BY 1, 2, 3;
CREATE UNIQUE INDEX report_audit_questions_key ON report_audit_questions ("companyId", month, question);

-- The findings of each audit that raised any, with what the workplace and template groupings need.
CREATE MATERIALIZED VIEW report_audit_finding_audits AS
SELECT q."auditId", q."companyId", a."auditDate", a."workplaceId", a."templateId",
  count(*)::int AS findings,
  (count(*) FILTER (WHERE NOT q."isComplete"))::int AS open
FROM "AuditQuestionTask" q
JOIN "Audit" a ON a.id = q."auditId" AND a."companyId" = q."companyId"
GROUP BY q."auditId", q."companyId", a."auditDate", a."workplaceId", a."templateId";
CREATE UNIQUE INDEX report_audit_finding_audits_key ON report_audit_finding_audits ("auditId");
CREATE INDEX report_audit_finding_audits_period ON report_audit_finding_audits ("companyId", "auditDate")
  INCLUDE ("workplaceId", "templateId", findings, open);
-- A drill of one question lists its findings, latest due first: found by the question's text, in
-- that order (a page stops after its rows instead of sorting 5,000).
CREATE INDEX "AuditQuestionTask_report_question_idx"
  ON "AuditQuestionTask" ("companyId", left(question, 200), "dueDate" DESC, id DESC) INCLUDE ("auditId", "isComplete");

-- Document acknowledgement (20,000 requests in a large organisation): the requests of each
-- document's current version (those of an older one lapsed or were read before it) with the names
-- the document and person groupings show. Outstanding or overdue is decided when read, against that
-- day; only an acknowledgement is up to five minutes late.
CREATE MATERIALIZED VIEW report_document_acknowledgements AS
SELECT k.id, k."companyId", k."documentId", d.name AS document, k."employeeId",
  btrim(e."firstName" || ' ' || e."lastName") AS person, e."workplaceId", k."dueDate",
  k."acknowledgedAt" IS NOT NULL AS acknowledged
FROM "DocumentAcknowledgement" k
JOIN "Document" d ON d.id = k."documentId" AND d."companyId" = k."companyId" AND d."currentVersionId" = k."versionId"
JOIN "Employee" e ON e.id = k."employeeId" AND e."companyId" = k."companyId"
WHERE k."lapsedAt" IS NULL;
CREATE UNIQUE INDEX report_document_acknowledgements_key ON report_document_acknowledgements (id);
CREATE INDEX report_document_acknowledgements_period ON report_document_acknowledgements ("companyId", "dueDate")
  INCLUDE ("documentId", document, "employeeId", person, "workplaceId", acknowledged);

-- The live registers' reports read only these columns of the items in use: an index-only scan
-- instead of the rows' long texts (hazard, description).
CREATE INDEX "Audit_report_scores_idx" ON "Audit" ("companyId", "auditDate")
  INCLUDE (score, "workplaceId", "branchId", "templateId") WHERE status = 'closed' AND score IS NOT NULL;
CREATE INDEX "Risk_report_idx" ON "Risk" ("companyId")
  INCLUDE ("inherentLikelihood", "inherentConsequence", "residualLikelihood", "residualConsequence",
    "workplaceId", "ownerEmployeeId", "nextReviewDate") WHERE "isActive";
CREATE INDEX "HazardousSubstance_report_idx" ON "HazardousSubstance" ("companyId")
  INCLUDE ("workplaceId", "hazardClasses", "storageLocation", "sdsIssueDate", "sdsExpiryDate", "nextReviewDate")
  WHERE "isActive";
CREATE INDEX "Obligation_report_idx" ON "Obligation" ("companyId")
  INCLUDE (type, "workplaceIds", "nextReviewDate", "questionCount", "openQuestionCount", "firstOpenDue");
CREATE INDEX "Document_report_review_idx" ON "Document" ("companyId", "nextReviewDate") WHERE "currentVersionId" IS NOT NULL;
