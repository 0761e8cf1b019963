-- Document actions in the action register (docs/action-register.md). SQL only, as the register's
-- other indexes: its branch for documents reads keys in due order, open or completed, index only.
CREATE INDEX "DocumentAction_register_open_idx" ON "DocumentAction"("companyId", "dueDate", id)
  INCLUDE (instruction)
  WHERE "completedOn" IS NULL;
CREATE INDEX "DocumentAction_register_completed_idx" ON "DocumentAction"("companyId", "dueDate", id)
  INCLUDE (instruction)
  WHERE "completedOn" IS NOT NULL;
CREATE INDEX "DocumentAction_instruction_trgm_idx" ON "DocumentAction" USING gin (instruction gin_trgm_ops);
