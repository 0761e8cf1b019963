-- Lists that read an index range instead of the table (docs/performance.md, "Lists at scale"). SQL only:
-- Prisma's schema cannot declare a partial index or INCLUDE, and later diffs leave these alone.

-- The action register's form actions (not a risk's or a hazardous substance's) in due order. The
-- instruction is included so the capped count, with or without a search, reads the index alone
-- instead of visiting ~10,000 rows of the table for a common word.
CREATE INDEX "Action_form_companyId_isComplete_dueDate_idx" ON "Action"("companyId", "isComplete", "dueDate", id)
  INCLUDE (instruction)
  WHERE "riskId" IS NULL AND "hazardousSubstanceId" IS NULL;

-- The register sorted by assignee starts with "nobody": without this the unassigned branch walked
-- every action assigned to personnel (their employee column is empty too) to find none.
CREATE INDEX "Action_unassigned_companyId_isComplete_dueDate_idx" ON "Action"("companyId", "isComplete", "dueDate")
  WHERE "assigneeEmployeeId" IS NULL AND "assigneePersonnelId" IS NULL;

-- Scheduled Tasks' open reminders in due order: a page (also page 50, also searched by title) is a
-- range of this index; signed-off occurrences (nine in ten rows) are not in it.
CREATE INDEX "ScheduledTask_open_reminder_idx" ON "ScheduledTask"("companyId", "dueDate", title, id)
  WHERE "sectionType" = 'reminder' AND "completedAt" IS NULL;

-- A search of the audit and obligation findings by a word that few of them hold: without these, every
-- open finding of the organisation was read to find none.
CREATE INDEX "AuditQuestionTask_instruction_trgm_idx" ON "AuditQuestionTask" USING gin (instruction gin_trgm_ops);
CREATE INDEX "ObligationQuestionTask_instruction_trgm_idx" ON "ObligationQuestionTask" USING gin (instruction gin_trgm_ops);
