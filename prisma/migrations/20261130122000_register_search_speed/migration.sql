-- Issue 48, the searched registers (docs/performance.md, "Searched registers"). Prisma cannot say
-- these indexes (trigram operator classes, INCLUDE columns), so schema.prisma names only the plain
-- keys of the two it widens.

-- The hazardous register's search (product or supplier name) as a set, a trigram bitmap of each
-- column, instead of a check of every substance of the organisation: the flammable substances
-- naming "diesel" were counted in 1.7 ms (2,000 rows read), now 0.3 ms.
CREATE INDEX "HazardousSubstance_name_trgm_idx" ON "HazardousSubstance" USING gin (name gin_trgm_ops);
CREATE INDEX "HazardousSubstance_supplierName_trgm_idx" ON "HazardousSubstance" USING gin ("supplierName" gin_trgm_ops);

-- A common word's matches are found by walking the list's order and testing each entry: with the
-- searched text beside the key that walk reads the index alone (a searched notice page read 1,200
-- notices' rows for its 101 matches: 3.0 ms of database CPU a call, now 1.4 ms; a risk page 2.2,
-- now 1.8).
DROP INDEX "Notice_companyId_startDate_createdAt_id_idx";
CREATE INDEX "Notice_companyId_startDate_createdAt_id_idx" ON "Notice"("companyId", "startDate" DESC, "createdAt" DESC, "id" DESC)
  INCLUDE (title);
DROP INDEX "Risk_companyId_nextReviewDate_name_id_idx";
CREATE INDEX "Risk_companyId_nextReviewDate_name_id_idx" ON "Risk"("companyId", "nextReviewDate", "name", "id")
  INCLUDE (hazard);
