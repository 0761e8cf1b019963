-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AttachmentOwner" ADD VALUE 'risk';
ALTER TYPE "AttachmentOwner" ADD VALUE 'hazardousSubstance';
ALTER TYPE "AttachmentOwner" ADD VALUE 'safetyDataSheet';

-- AlterTable
ALTER TABLE "Risk" ADD COLUMN     "coReviewerEmployeeId" UUID,
ADD COLUMN     "consequences" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "existingControls" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "hazard" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "inherentConsequence" INTEGER,
ADD COLUMN     "inherentLikelihood" INTEGER,
ADD COLUMN     "nextReviewDate" DATE,
ADD COLUMN     "ownerEmployeeId" UUID,
ADD COLUMN     "residualConsequence" INTEGER,
ADD COLUMN     "residualLikelihood" INTEGER,
ADD COLUMN     "reviewFrequency" "FrequencyUnit",
ADD COLUMN     "reviewerEmployeeId" UUID,
ADD COLUMN     "score" INTEGER,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "workplaceId" UUID;

-- AlterTable
ALTER TABLE "HazardousSubstance" ADD COLUMN     "coReviewerEmployeeId" UUID,
ADD COLUMN     "colour" "RiskColour",
ADD COLUMN     "consequence" INTEGER,
ADD COLUMN     "hazardClasses" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "likelihood" INTEGER,
ADD COLUMN     "nextReviewDate" DATE,
ADD COLUMN     "ownerEmployeeId" UUID,
ADD COLUMN     "quantity" DOUBLE PRECISION,
ADD COLUMN     "quantityUnit" TEXT,
ADD COLUMN     "reviewFrequency" "FrequencyUnit",
ADD COLUMN     "reviewerEmployeeId" UUID,
ADD COLUMN     "score" INTEGER,
ADD COLUMN     "sdsExpiryDate" DATE,
ADD COLUMN     "sdsIssueDate" DATE,
ADD COLUMN     "storageLocation" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "supplierName" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "workplaceId" UUID;

-- AlterTable
ALTER TABLE "Action" ADD COLUMN     "hazardousSubstanceId" UUID,
ADD COLUMN     "riskId" UUID,
ALTER COLUMN "submissionId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "Risk_companyId_nextReviewDate_name_id_idx" ON "Risk"("companyId", "nextReviewDate", "name", "id");

-- CreateIndex
CREATE INDEX "Risk_companyId_workplaceId_idx" ON "Risk"("companyId", "workplaceId");

-- CreateIndex
CREATE INDEX "Risk_companyId_ownerEmployeeId_idx" ON "Risk"("companyId", "ownerEmployeeId");

-- CreateIndex
CREATE INDEX "Risk_companyId_residualLikelihood_residualConsequence_idx" ON "Risk"("companyId", "residualLikelihood", "residualConsequence");

-- CreateIndex
CREATE INDEX "HazardousSubstance_companyId_nextReviewDate_name_id_idx" ON "HazardousSubstance"("companyId", "nextReviewDate", "name", "id");

-- CreateIndex
CREATE INDEX "HazardousSubstance_companyId_workplaceId_idx" ON "HazardousSubstance"("companyId", "workplaceId");

-- CreateIndex
CREATE UNIQUE INDEX "Action_companyId_riskId_taskNumber_key" ON "Action"("companyId", "riskId", "taskNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Action_companyId_hazardousSubstanceId_taskNumber_key" ON "Action"("companyId", "hazardousSubstanceId", "taskNumber");

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_riskId_fkey" FOREIGN KEY ("riskId") REFERENCES "Risk"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_hazardousSubstanceId_fkey" FOREIGN KEY ("hazardousSubstanceId") REFERENCES "HazardousSubstance"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- An action belongs to exactly one thing: a submission, a risk or a hazardous substance.
ALTER TABLE "Action" ADD CONSTRAINT "Action_one_owner"
  CHECK (num_nonnulls("submissionId", "riskId", "hazardousSubstanceId") = 1);

-- The dashboard's Assigned Actions names a register action by its risk or substance, so their
-- changes give the organisation a new dashboard version (see 20261123155027_dashboard_version).
CREATE CONSTRAINT TRIGGER "Risk_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Risk"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "HazardousSubstance_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "HazardousSubstance"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();

-- The lists' rating order puts unrated items last, and the oldest safety data sheets (none first).
CREATE INDEX "Risk_companyId_rating_order_idx" ON "Risk" ("companyId", score DESC NULLS LAST, name, id);
CREATE INDEX "HazardousSubstance_companyId_rating_order_idx"
  ON "HazardousSubstance" ("companyId", score DESC NULLS LAST, name, id);
CREATE INDEX "HazardousSubstance_companyId_sds_order_idx"
  ON "HazardousSubstance" ("companyId", "sdsIssueDate" ASC NULLS FIRST, name, id);
