-- AlterEnum
ALTER TYPE "LinkResource" ADD VALUE 'trainingAssignment';

-- AlterTable
ALTER TABLE "OnlineTrainingAssignment" ADD COLUMN     "personnelId" UUID,
ADD COLUMN     "positionRuleId" UUID,
ALTER COLUMN "employeeId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "RequirementType" ADD COLUMN     "trainingCourseId" UUID;

-- AlterTable
ALTER TABLE "SupplierRequirement" ADD COLUMN     "trainingAssignmentId" UUID;

-- CreateTable
CREATE TABLE "TrainingPositionRule" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "courseId" UUID NOT NULL,
    "positionId" UUID NOT NULL,
    "reviewerEmployeeId" UUID NOT NULL,
    "completeWithinDays" INTEGER NOT NULL,
    "message" TEXT,
    "frequency" "FrequencyUnit",
    "repeatInterval" INTEGER,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stoppedAt" TIMESTAMP(3),

    CONSTRAINT "TrainingPositionRule_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TrainingPositionRule_companyId_positionId_idx" ON "TrainingPositionRule"("companyId", "positionId");

-- CreateIndex
CREATE INDEX "TrainingPositionRule_companyId_courseId_idx" ON "TrainingPositionRule"("companyId", "courseId");

-- CreateIndex
CREATE INDEX "OnlineTrainingAssignment_companyId_personnelId_status_idx" ON "OnlineTrainingAssignment"("companyId", "personnelId", "status");

-- AddForeignKey
ALTER TABLE "TrainingPositionRule" ADD CONSTRAINT "TrainingPositionRule_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "TrainingCourse"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Written by hand (Prisma cannot say these): an assignment is for an employee or for a supplier's
-- person, exactly one of the two.
ALTER TABLE "OnlineTrainingAssignment" ADD CONSTRAINT "OnlineTrainingAssignment_one_trainee_check"
  CHECK (("employeeId" IS NULL) <> ("personnelId" IS NULL));

-- One open assignment of a course per person, as per employee (20261129165458_online_training_attempts).
CREATE UNIQUE INDEX "OnlineTrainingAssignment_open_personnel_key" ON "OnlineTrainingAssignment"("companyId", "courseId", "personnelId")
  WHERE "status" IN ('assigned', 'awaitingReview', 'failed');

-- One live standing assignment of a course per position: two HR assigns racing still leave one.
CREATE UNIQUE INDEX "TrainingPositionRule_live_key" ON "TrainingPositionRule"("companyId", "courseId", "positionId")
  WHERE "stoppedAt" IS NULL;
