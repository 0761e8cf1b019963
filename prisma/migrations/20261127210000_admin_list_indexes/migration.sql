-- Administration lists at scale (docs/performance.md): the positions' active-employee counts (a scan
-- of every employee per position) and the requirement types' "in use" counts (every requirement of
-- the organisation read from the table, now an index-only scan).
CREATE INDEX "Employee_active_positionId_idx" ON "Employee"("positionId") WHERE "isActive";
CREATE INDEX "SupplierRequirement_companyId_requirementTypeId_idx" ON "SupplierRequirement"("companyId", "requirementTypeId");
