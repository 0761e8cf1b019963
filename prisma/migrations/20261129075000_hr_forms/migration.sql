-- HR forms (issue 42, docs/human-resources.md "HR forms"): what an assignment is asked with (message,
-- who assigned it, how it repeats), the reviewer's return, HR's withdrawal, and the register's order.
-- AlterTable
ALTER TABLE "HrFormAssignment" ADD COLUMN     "message" TEXT,
ADD COLUMN     "reviewComment" TEXT,
ADD COLUMN     "returnCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "createdById" UUID,
ADD COLUMN     "frequency" "FrequencyUnit",
ADD COLUMN     "repeatInterval" INTEGER,
ADD COLUMN     "cancelledAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "HrFormAssignment_companyId_dueDate_id_idx" ON "HrFormAssignment"("companyId", "dueDate" DESC, "id");
