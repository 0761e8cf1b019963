-- The newest request of each requirement type and party of a supplier company (the company page's
-- compliance and the Supplier compliance report, externalParties/register.ts currentRequirementsSql)
-- read in index order, without sorting the organisation's requirements.
CREATE INDEX "SupplierRequirement_current_idx"
  ON "SupplierRequirement" ("companyId", "supplierId", "personnelId", "requirementTypeId", "createdAt" DESC, id);
