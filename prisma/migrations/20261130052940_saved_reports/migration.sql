-- CreateEnum
CREATE TYPE "ReportSchedule" AS ENUM ('none', 'daily', 'weekly', 'monthly');

-- CreateTable
CREATE TABLE "SavedReport" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "ownerEmployeeId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "report" TEXT NOT NULL,
    "groupBy" TEXT NOT NULL,
    "filters" JSONB NOT NULL,
    "sharedRoleId" UUID,
    "schedule" "ReportSchedule" NOT NULL DEFAULT 'none',
    "nextSendAt" TIMESTAMP(3),
    "lastSentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SavedReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SavedReport_companyId_sharedRoleId_idx" ON "SavedReport"("companyId", "sharedRoleId");

-- CreateIndex
CREATE UNIQUE INDEX "SavedReport_companyId_ownerEmployeeId_name_key" ON "SavedReport"("companyId", "ownerEmployeeId", "name");


-- Hand-written: a role's deletion unshares its saved reports; an owner's removal removes theirs.
ALTER TABLE "SavedReport" ADD CONSTRAINT "SavedReport_sharedRoleId_fkey"
  FOREIGN KEY ("sharedRoleId") REFERENCES "Role"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "SavedReport" ADD CONSTRAINT "SavedReport_ownerEmployeeId_fkey"
  FOREIGN KEY ("ownerEmployeeId") REFERENCES "Employee"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A scheduled report always knows when it is due next; an unscheduled one never.
ALTER TABLE "SavedReport" ADD CONSTRAINT "SavedReport_schedule_check"
  CHECK (("schedule" = 'none') = ("nextSendAt" IS NULL));

-- The hourly job's question: which scheduled reports are due.
CREATE INDEX "SavedReport_due_idx" ON "SavedReport"("nextSendAt") WHERE "schedule" <> 'none';

-- When each report rollup (a materialised view `report_*`, migration report_rollups) was last
-- brought up to date: the `asOf` of the figures read from it.
CREATE TABLE "ReportRollup" (
  "name" TEXT PRIMARY KEY,
  "refreshedAt" TIMESTAMPTZ NOT NULL
);
