-- The visit register searched for a common name (docs/performance.md): the page's matches were a
-- trigram bitmap of every match, read from the table and sorted ("mitch", 2,005 of 100,000 visits;
-- about 5 ms of database time a call). The register's date index carries the name and company, so a
-- search reads in date order, planned for its text, from the index alone until the count has enough
-- (1.6 ms); a rare name still takes the trigram index. Same name and key as before: schema.prisma
-- cannot say INCLUDE.
DROP INDEX "Visit_companyId_signInAt_id_idx";
CREATE INDEX "Visit_companyId_signInAt_id_idx" ON "Visit"("companyId", "signInAt" DESC, "id") INCLUDE ("fullName", "visitorCompany");
