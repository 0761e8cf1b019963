-- The action register's list (docs/action-register.md). SQL only, like dashboard_partial_indexes:
-- Prisma's schema cannot declare a partial index, and later diffs between datamodels leave these alone.

-- A risk's and a hazardous substance's actions in due order: each is a branch of the register's union,
-- and the (companyId, isComplete, dueDate) index would pass over ~100 form actions for each of them.
CREATE INDEX "Action_risk_companyId_isComplete_dueDate_idx" ON "Action"("companyId", "isComplete", "dueDate")
  WHERE "riskId" IS NOT NULL;
CREATE INDEX "Action_hazardous_companyId_isComplete_dueDate_idx" ON "Action"("companyId", "isComplete", "dueDate")
  WHERE "hazardousSubstanceId" IS NOT NULL;

-- The register sorted by "assigned on" (newest first): an index range per table instead of a sort.
CREATE INDEX "Action_companyId_isComplete_assignedOn_idx" ON "Action"("companyId", "isComplete", "assignedOn");
CREATE INDEX "AuditQuestionTask_companyId_isComplete_createdAt_idx" ON "AuditQuestionTask"("companyId", "isComplete", "createdAt");
CREATE INDEX "ObligationQuestionTask_companyId_isComplete_createdAt_idx" ON "ObligationQuestionTask"("companyId", "isComplete", "createdAt");
