-- The requirement register filtered to documents expiring soon (or valid, or expired) reads the
-- approved ones by expiry date instead of walking every requirement in due-date order: on the scale
-- seed the page of those expiring soon 4.0 ms -> 0.3 ms, its count 2.5 ms -> 0.05 ms. A partial
-- index, so not in schema.prisma (Prisma cannot say WHERE).
CREATE INDEX "SupplierRequirement_companyId_expiryDate_approved_idx" ON "SupplierRequirement"("companyId", "expiryDate") WHERE status = 'approved';
