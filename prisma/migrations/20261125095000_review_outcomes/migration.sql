-- CreateEnum
CREATE TYPE "ReviewOutcome" AS ENUM ('noChange', 'updated', 'retired');

-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "coReviewComments" TEXT,
ADD COLUMN     "coReviewedAt" TIMESTAMP(3),
ADD COLUMN     "comments" TEXT,
ADD COLUMN     "completedByEmployeeId" UUID,
ADD COLUMN     "frequency" "FrequencyUnit",
ADD COLUMN     "outcome" "ReviewOutcome";

-- CreateIndex
CREATE INDEX "Review_companyId_itemType_itemId_completedAt_idx" ON "Review"("companyId", "itemType", "itemId", "completedAt");

