-- CreateIndex
CREATE INDEX "SupplierAssignment_companyId_dueDate_id_idx" ON "SupplierAssignment"("companyId", "dueDate" DESC, "id");

