-- The administrators' notice list reads its page newest first from an index (50,000 notices on the
-- scale seed: the page was a sort of every notice), and its search (ILIKE on any part of the title)
-- reads a trigram index when the word is rare; for a common word the planner walks the date order.
CREATE INDEX "Notice_companyId_startDate_createdAt_id_idx" ON "Notice"("companyId", "startDate" DESC, "createdAt" DESC, "id" DESC);
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Notice_title_trgm_idx" ON "Notice" USING gin (title gin_trgm_ops);
