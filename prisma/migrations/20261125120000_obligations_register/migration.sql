-- CreateEnum
CREATE TYPE "ObligationType" AS ENUM ('legislation', 'regulation', 'codeOfPractice', 'standard', 'permit', 'contract', 'other');

-- AlterEnum
ALTER TYPE "AttachmentOwner" ADD VALUE 'obligation';

-- AlterTable
ALTER TABLE "Obligation" ADD COLUMN     "authority" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "coReviewerEmployeeId" UUID,
ADD COLUMN     "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "nextReviewDate" DATE,
ADD COLUMN     "reference" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "reviewFrequency" "FrequencyUnit",
ADD COLUMN     "reviewerEmployeeId" UUID,
ADD COLUMN     "type" "ObligationType" NOT NULL DEFAULT 'other',
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "workplaceIds" UUID[] DEFAULT ARRAY[]::UUID[];

-- CreateIndex
CREATE INDEX "Obligation_companyId_nextReviewDate_id_idx" ON "Obligation"("companyId", "nextReviewDate", "id");

-- CreateIndex
CREATE INDEX "Obligation_companyId_type_idx" ON "Obligation"("companyId", "type");

-- CreateIndex
CREATE INDEX "ObligationQuestionTask_obligationId_isComplete_dueDate_idx" ON "ObligationQuestionTask"("obligationId", "isComplete", "dueDate");

