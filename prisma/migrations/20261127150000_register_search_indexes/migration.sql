-- Searched registers (docs/performance.md, "Lists at scale"). SQL only, as the previous list indexes.

-- The action register's branches read keys only: each source's open or completed actions in due
-- order, with the instruction beside them, so a branch (searched or not) is an index-only scan.
DROP INDEX "Action_risk_companyId_isComplete_dueDate_idx";
CREATE INDEX "Action_risk_companyId_isComplete_dueDate_idx" ON "Action"("companyId", "isComplete", "dueDate", id)
  INCLUDE (instruction)
  WHERE "riskId" IS NOT NULL;
DROP INDEX "Action_hazardous_companyId_isComplete_dueDate_idx";
CREATE INDEX "Action_hazardous_companyId_isComplete_dueDate_idx" ON "Action"("companyId", "isComplete", "dueDate", id)
  INCLUDE (instruction)
  WHERE "hazardousSubstanceId" IS NOT NULL;
CREATE INDEX "AuditQuestionTask_register_idx" ON "AuditQuestionTask"("companyId", "isComplete", "dueDate", id)
  INCLUDE (instruction);
CREATE INDEX "ObligationQuestionTask_register_idx" ON "ObligationQuestionTask"("companyId", "isComplete", "dueDate", id)
  INCLUDE (instruction);

-- Replaced by the index-only scans above: a statement's generic plan took these trigram bitmaps
-- for a common word too (10 ms to find the first 20 of 5,000 matches).
DROP INDEX "AuditQuestionTask_instruction_trgm_idx";
DROP INDEX "ObligationQuestionTask_instruction_trgm_idx";

-- The risk register's search of name and hazard: the capped count read all 5,000 risks.
CREATE INDEX "Risk_name_trgm_idx" ON "Risk" USING gin (name gin_trgm_ops);
CREATE INDEX "Risk_hazard_trgm_idx" ON "Risk" USING gin (hazard gin_trgm_ops);

-- The audit register's search of names, likewise.
CREATE INDEX "Audit_name_trgm_idx" ON "Audit" USING gin (name gin_trgm_ops);

-- The register by assignee starts with "nobody": each source's unassigned actions are an index of
-- their own (nearly empty), so that branch does not walk every risk action or finding to find none.
CREATE INDEX "Action_unassigned_risk_idx" ON "Action"("companyId", "isComplete", "dueDate")
  WHERE "riskId" IS NOT NULL AND "assigneeEmployeeId" IS NULL AND "assigneePersonnelId" IS NULL;
CREATE INDEX "Action_unassigned_hazardous_idx" ON "Action"("companyId", "isComplete", "dueDate")
  WHERE "hazardousSubstanceId" IS NOT NULL AND "assigneeEmployeeId" IS NULL AND "assigneePersonnelId" IS NULL;
CREATE INDEX "AuditQuestionTask_unassigned_idx" ON "AuditQuestionTask"("companyId", "isComplete", "dueDate")
  WHERE "assigneeEmployeeId" IS NULL AND "assigneePersonnelId" IS NULL;
CREATE INDEX "ObligationQuestionTask_unassigned_idx" ON "ObligationQuestionTask"("companyId", "isComplete", "dueDate")
  WHERE "assigneeEmployeeId" IS NULL AND "assigneePersonnelId" IS NULL;
