-- CreateEnum
CREATE TYPE "AuditStatus" AS ENUM ('scheduled', 'inProgress', 'closed');

-- AlterEnum
ALTER TYPE "FormType" ADD VALUE 'audit';

-- AlterEnum
ALTER TYPE "AttachmentOwner" ADD VALUE 'audit';

-- DropIndex
DROP INDEX "Audit_companyId_ownerEmployeeId_isComplete_idx";

-- AlterTable: isComplete becomes the status (a completed audit is closed).
ALTER TABLE "Audit" ADD COLUMN "status" "AuditStatus" NOT NULL DEFAULT 'scheduled';
UPDATE "Audit" SET "status" = 'closed' WHERE "isComplete";
ALTER TABLE "Audit" DROP COLUMN "isComplete",
ADD COLUMN     "answers" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "closedAt" TIMESTAMP(3),
ADD COLUMN     "closedByUserId" UUID,
ADD COLUMN     "createdByEmployeeId" UUID,
ADD COLUMN     "firstDueDate" DATE,
ADD COLUMN     "frequency" "FrequencyUnit",
ADD COLUMN     "occurrence" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "pdfAttachmentId" UUID,
ADD COLUMN     "score" INTEGER,
ADD COLUMN     "templateId" UUID,
ADD COLUMN     "templateVersionId" UUID,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "AuditQuestionTask" ADD COLUMN     "createdByUserId" UUID,
ADD COLUMN     "fieldId" UUID;

-- CreateIndex
CREATE INDEX "Audit_companyId_ownerEmployeeId_status_auditDate_idx" ON "Audit"("companyId", "ownerEmployeeId", "status", "auditDate");

-- CreateIndex
CREATE INDEX "Audit_companyId_auditDate_id_idx" ON "Audit"("companyId", "auditDate", "id");

-- CreateIndex
CREATE INDEX "AuditQuestionTask_companyId_auditId_isComplete_idx" ON "AuditQuestionTask"("companyId", "auditId", "isComplete");

