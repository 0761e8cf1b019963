-- CreateEnum
CREATE TYPE "PerformanceReviewStatus" AS ENUM ('selfAssessment', 'managerAssessment', 'signOff', 'completed', 'cancelled');

-- AlterTable
ALTER TABLE "Action" ADD COLUMN     "performanceReviewId" UUID;

-- AlterTable
ALTER TABLE "HrFormAssignment" ADD COLUMN     "reminderSentAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "PerformanceReview" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "reviewerEmployeeId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "periodStart" DATE NOT NULL,
    "periodEnd" DATE NOT NULL,
    "dueDate" DATE NOT NULL,
    "status" "PerformanceReviewStatus" NOT NULL DEFAULT 'selfAssessment',
    "selfAssessment" TEXT,
    "managerAssessment" TEXT,
    "overallRating" INTEGER,
    "agreedActions" JSONB NOT NULL DEFAULT '[]',
    "employeeComment" TEXT,
    "reviewerComment" TEXT,
    "selfSubmittedAt" TIMESTAMP(3),
    "managerSubmittedAt" TIMESTAMP(3),
    "employeeSignedAt" TIMESTAMP(3),
    "reviewerSignedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "reminderSentAt" TIMESTAMP(3),
    "createdById" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PerformanceReview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PerformanceReviewObjective" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "reviewId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "weight" INTEGER NOT NULL,
    "selfRating" INTEGER,
    "selfComment" TEXT,
    "managerRating" INTEGER,
    "managerComment" TEXT,

    CONSTRAINT "PerformanceReviewObjective_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmployeePrivateInfo" (
    "employeeId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "dateOfBirth" DATE,
    "address" TEXT,
    "personalPhone" TEXT,
    "personalEmail" TEXT,
    "emergencyContacts" JSONB NOT NULL DEFAULT '[]',
    "updatedById" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EmployeePrivateInfo_pkey" PRIMARY KEY ("employeeId")
);

-- CreateIndex
CREATE INDEX "PerformanceReview_companyId_employeeId_periodEnd_idx" ON "PerformanceReview"("companyId", "employeeId", "periodEnd" DESC);

-- CreateIndex
CREATE INDEX "PerformanceReview_companyId_reviewerEmployeeId_status_idx" ON "PerformanceReview"("companyId", "reviewerEmployeeId", "status");

-- CreateIndex
CREATE INDEX "PerformanceReview_companyId_dueDate_id_idx" ON "PerformanceReview"("companyId", "dueDate" DESC, "id");

-- CreateIndex
CREATE INDEX "PerformanceReview_companyId_status_dueDate_idx" ON "PerformanceReview"("companyId", "status", "dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "PerformanceReviewObjective_reviewId_position_key" ON "PerformanceReviewObjective"("reviewId", "position");

-- CreateIndex
CREATE INDEX "EmployeePrivateInfo_companyId_idx" ON "EmployeePrivateInfo"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "Action_companyId_performanceReviewId_taskNumber_key" ON "Action"("companyId", "performanceReviewId", "taskNumber");

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_performanceReviewId_fkey" FOREIGN KEY ("performanceReviewId") REFERENCES "PerformanceReview"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PerformanceReviewObjective" ADD CONSTRAINT "PerformanceReviewObjective_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "PerformanceReview"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmployeePrivateInfo" ADD CONSTRAINT "EmployeePrivateInfo_employeeId_fkey" FOREIGN KEY ("employeeId") REFERENCES "Employee"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Performance reviews were rows of HrFormAssignment (sectionType performanceReview) made only by the
-- seeds; each with a reviewer becomes a review of the year to its due date, in the state it was in.
INSERT INTO "PerformanceReview" ("id", "companyId", "employeeId", "reviewerEmployeeId", "title",
  "periodStart", "periodEnd", "dueDate", "status", "createdById", "createdAt", "updatedAt")
SELECT h."id", h."companyId", h."employeeId", h."reviewerEmployeeId", ft."name",
  (h."dueDate" - INTERVAL '1 year' + INTERVAL '1 day')::date, h."dueDate", h."dueDate",
  (CASE WHEN h."cancelledAt" IS NOT NULL THEN 'cancelled'
        WHEN h."status" = 'assigned' THEN 'selfAssessment'
        WHEN h."status" = 'submitted' THEN 'managerAssessment'
        ELSE 'completed' END)::"PerformanceReviewStatus",
  h."createdById", h."createdAt", CURRENT_TIMESTAMP
FROM "HrFormAssignment" h
JOIN "FormTemplate" ft ON ft."id" = h."formTemplateId"
WHERE h."sectionType" = 'performanceReview' AND h."reviewerEmployeeId" IS NOT NULL;

DELETE FROM "HrFormAssignment" h
WHERE h."sectionType" = 'performanceReview' AND h."reviewerEmployeeId" IS NOT NULL;
