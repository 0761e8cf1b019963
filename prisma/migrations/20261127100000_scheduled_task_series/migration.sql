-- AlterTable
ALTER TABLE "ScheduledTask" ADD COLUMN     "anchorDate" DATE,
ADD COLUMN     "completedByEmployeeId" UUID,
ADD COLUMN     "occurrence" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reminderSentAt" TIMESTAMP(3),
ADD COLUMN     "response" TEXT,
ADD COLUMN     "seriesId" UUID NOT NULL DEFAULT gen_random_uuid();

-- CreateTable
CREATE TABLE "TaskOverdueDigest" (
    "companyId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaskOverdueDigest_pkey" PRIMARY KEY ("companyId","employeeId","day")
);

-- CreateIndex
CREATE INDEX "ScheduledTask_companyId_sectionType_dueDate_idx" ON "ScheduledTask"("companyId", "sectionType", "dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "ScheduledTask_companyId_seriesId_occurrence_key" ON "ScheduledTask"("companyId", "seriesId", "occurrence");

