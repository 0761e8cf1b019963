-- The action register sorted by "assigned on" (newest first). SQL only, as its other indexes.
-- One index per source, in the sort's whole order (assigned on, then id) and holding what a branch
-- reads: the risk actions' branch walked every open action of the organisation to find its own
-- (33,000 on the scale seed, 0.2 s), and status "all" the completed ones too (0.6 s).
DROP INDEX "Action_companyId_isComplete_assignedOn_idx";
DROP INDEX "AuditQuestionTask_companyId_isComplete_createdAt_idx";
DROP INDEX "ObligationQuestionTask_companyId_isComplete_createdAt_idx";
CREATE INDEX "Action_form_assignedOn_idx" ON "Action"("companyId", "isComplete", "assignedOn", id)
  INCLUDE ("dueDate", instruction)
  WHERE "riskId" IS NULL AND "hazardousSubstanceId" IS NULL;
CREATE INDEX "Action_risk_assignedOn_idx" ON "Action"("companyId", "isComplete", "assignedOn", id)
  INCLUDE ("dueDate", instruction)
  WHERE "riskId" IS NOT NULL;
CREATE INDEX "Action_hazardous_assignedOn_idx" ON "Action"("companyId", "isComplete", "assignedOn", id)
  INCLUDE ("dueDate", instruction)
  WHERE "hazardousSubstanceId" IS NOT NULL;
CREATE INDEX "AuditQuestionTask_assignedOn_idx" ON "AuditQuestionTask"("companyId", "isComplete", "createdAt", id)
  INCLUDE ("dueDate", instruction);
CREATE INDEX "ObligationQuestionTask_assignedOn_idx" ON "ObligationQuestionTask"("companyId", "isComplete", "createdAt", id)
  INCLUDE ("dueDate", instruction);
CREATE INDEX "DocumentAction_register_open_assignedOn_idx" ON "DocumentAction"("companyId", "createdAt", id)
  INCLUDE ("dueDate", instruction)
  WHERE "completedOn" IS NULL;
CREATE INDEX "DocumentAction_register_completed_assignedOn_idx" ON "DocumentAction"("companyId", "createdAt", id)
  INCLUDE ("dueDate", instruction)
  WHERE "completedOn" IS NOT NULL;
