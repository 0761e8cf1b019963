-- DropIndex
DROP INDEX "SubmissionCoordinator_companyId_employeeId_position_idx";

-- CreateIndex
CREATE INDEX "FormSubmission_companyId_isClosed_formDate_id_idx" ON "FormSubmission"("companyId", "isClosed", "formDate", "id");

-- CreateIndex
CREATE INDEX "SubmissionCoordinator_companyId_employeeId_position_submiss_idx" ON "SubmissionCoordinator"("companyId", "employeeId", "position", "submissionId");

-- CreateIndex
CREATE INDEX "Action_companyId_isComplete_dueDate_idx" ON "Action"("companyId", "isComplete", "dueDate");

-- CreateIndex
CREATE INDEX "Notice_companyId_expireDate_startDate_idx" ON "Notice"("companyId", "expireDate", "startDate");

-- CreateIndex
CREATE INDEX "AuditQuestionTask_companyId_assigneePersonnelId_isComplete__idx" ON "AuditQuestionTask"("companyId", "assigneePersonnelId", "isComplete", "dueDate");

-- CreateIndex
CREATE INDEX "AuditQuestionTask_companyId_isComplete_dueDate_idx" ON "AuditQuestionTask"("companyId", "isComplete", "dueDate");

-- CreateIndex
CREATE INDEX "ObligationQuestionTask_companyId_assigneePersonnelId_isComp_idx" ON "ObligationQuestionTask"("companyId", "assigneePersonnelId", "isComplete", "dueDate");

-- CreateIndex
CREATE INDEX "ObligationQuestionTask_companyId_isComplete_dueDate_idx" ON "ObligationQuestionTask"("companyId", "isComplete", "dueDate");

