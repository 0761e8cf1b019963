-- Online training's assignments and attempts (issue 43). The assignments so far were the seeds'
-- only (no call wrote them) and named form templates: they cannot be given a course, so they go.
-- TRUNCATE, not DELETE: a DELETE would queue the deferred dashboard_version trigger's events, and
-- PostgreSQL refuses to ALTER a table with pending trigger events.
TRUNCATE "OnlineTrainingAssignment";

-- CreateEnum
CREATE TYPE "TrainingAssignmentStatus" AS ENUM ('assigned', 'awaitingReview', 'passed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "TrainingAttemptStatus" AS ENUM ('inProgress', 'awaitingReview', 'passed', 'failed');

-- AlterTable
ALTER TABLE "OnlineTrainingAssignment" DROP COLUMN "formTemplateId",
DROP COLUMN "submissionId",
ADD COLUMN     "cancelledAt" TIMESTAMP(3),
ADD COLUMN     "courseId" UUID NOT NULL,
ADD COLUMN     "createdById" UUID,
ADD COLUMN     "frequency" "FrequencyUnit",
ADD COLUMN     "lastAttemptId" UUID,
ADD COLUMN     "message" TEXT,
ADD COLUMN     "passedAt" TIMESTAMP(3),
ADD COLUMN     "repeatInterval" INTEGER,
ADD COLUMN     "score" INTEGER,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL,
DROP COLUMN "status",
ADD COLUMN     "status" "TrainingAssignmentStatus" NOT NULL DEFAULT 'assigned';

-- CreateTable
CREATE TABLE "TrainingAttempt" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assignmentId" UUID NOT NULL,
    "courseId" UUID NOT NULL,
    "versionNumber" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "TrainingAttemptStatus" NOT NULL DEFAULT 'inProgress',
    "answers" JSONB NOT NULL DEFAULT '{}',
    "marks" JSONB NOT NULL DEFAULT '{}',
    "points" INTEGER,
    "maxPoints" INTEGER NOT NULL,
    "score" INTEGER,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submittedAt" TIMESTAMP(3),
    "durationSeconds" INTEGER,
    "reviewerEmployeeId" UUID,
    "reviewComment" TEXT,
    "reviewedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrainingAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TrainingAttempt_companyId_reviewerEmployeeId_status_idx" ON "TrainingAttempt"("companyId", "reviewerEmployeeId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "TrainingAttempt_assignmentId_number_key" ON "TrainingAttempt"("assignmentId", "number");

-- CreateIndex
CREATE INDEX "OnlineTrainingAssignment_companyId_employeeId_status_idx" ON "OnlineTrainingAssignment"("companyId", "employeeId", "status");

-- CreateIndex
CREATE INDEX "OnlineTrainingAssignment_companyId_reviewerEmployeeId_statu_idx" ON "OnlineTrainingAssignment"("companyId", "reviewerEmployeeId", "status");

-- CreateIndex
CREATE INDEX "OnlineTrainingAssignment_companyId_courseId_completeBy_id_idx" ON "OnlineTrainingAssignment"("companyId", "courseId", "completeBy" DESC, "id");

-- AddForeignKey
ALTER TABLE "OnlineTrainingAssignment" ADD CONSTRAINT "OnlineTrainingAssignment_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "TrainingCourse"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrainingAttempt" ADD CONSTRAINT "TrainingAttempt_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "OnlineTrainingAssignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- One open assignment of a course per employee (assigned, awaiting review or failed): two HR
-- assigns racing past the service's check still leave one.
CREATE UNIQUE INDEX "OnlineTrainingAssignment_open_key" ON "OnlineTrainingAssignment"("companyId", "courseId", "employeeId")
  WHERE "status" IN ('assigned', 'awaitingReview', 'failed');

-- One attempt in progress per assignment: two starts racing get the same attempt.
CREATE UNIQUE INDEX "TrainingAttempt_in_progress_key" ON "TrainingAttempt"("assignmentId") WHERE "status" = 'inProgress';

-- The dashboard's training sections name the course: a rename moves the organisation's data
-- version as the other tables the dashboard reads do (20261123155027_dashboard_version).
CREATE CONSTRAINT TRIGGER "TrainingCourse_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "TrainingCourse"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
