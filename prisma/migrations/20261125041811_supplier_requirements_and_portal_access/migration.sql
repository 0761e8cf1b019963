-- AlterEnum
ALTER TYPE "LinkResource" ADD VALUE 'supplierRequirement';

-- AlterEnum
ALTER TYPE "AttachmentOwner" ADD VALUE 'requirement';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "portalAccess" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "SupplierCompany" ADD COLUMN     "address" TEXT,
ADD COLUMN     "contactName" TEXT,
ADD COLUMN     "phone" TEXT;

-- AlterTable
ALTER TABLE "RequirementType" ADD COLUMN     "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "description" TEXT,
ADD COLUMN     "expires" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "isActive" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "SupplierRequirement" DROP COLUMN "storageKey",
ADD COLUMN     "createdById" UUID,
ADD COLUMN     "expiryReminderSentAt" TIMESTAMP(3),
ADD COLUMN     "message" TEXT,
ADD COLUMN     "note" TEXT,
ADD COLUMN     "rejectionReason" TEXT,
ADD COLUMN     "reminderSentAt" TIMESTAMP(3),
ADD COLUMN     "reviewedById" UUID,
ADD COLUMN     "submittedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "SupplierRequirement_companyId_personnelId_status_idx" ON "SupplierRequirement"("companyId", "personnelId", "status");

-- CreateIndex
CREATE INDEX "SupplierRequirement_companyId_dueDate_id_idx" ON "SupplierRequirement"("companyId", "dueDate" DESC, "id");

