-- The action register's search of instructions (docs/performance.md, "Lists at scale"). SQL only.
-- A searched list is planned for its word: a common word reads each source's due-order index and
-- stops at the page; a rare one takes these trigram bitmaps instead of reading every open action
-- of the organisation (a word in no instruction cost 35 ms for the page and its count).
CREATE INDEX "Action_instruction_trgm_idx" ON "Action" USING gin (instruction gin_trgm_ops);
CREATE INDEX "AuditQuestionTask_instruction_trgm_idx" ON "AuditQuestionTask" USING gin (instruction gin_trgm_ops);
CREATE INDEX "ObligationQuestionTask_instruction_trgm_idx" ON "ObligationQuestionTask" USING gin (instruction gin_trgm_ops);
