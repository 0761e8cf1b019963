-- CreateEnum
CREATE TYPE "VisitKind" AS ENUM ('visitor', 'contractor');

-- AlterEnum
ALTER TYPE "LinkResource" ADD VALUE 'visitorKiosk';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AttachmentOwner" ADD VALUE 'visit';
ALTER TYPE "AttachmentOwner" ADD VALUE 'visitorSetup';

-- AlterTable
ALTER TABLE "TimesheetRecord" ADD COLUMN     "correctedAt" TIMESTAMP(3),
ADD COLUMN     "signature" TEXT;

-- CreateTable
CREATE TABLE "TimesheetApproval" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "weekStart" DATE NOT NULL,
    "dayHours" DECIMAL(6,2)[],
    "totalHours" DECIMAL(7,2) NOT NULL,
    "approvedById" UUID NOT NULL,
    "approvedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TimesheetApproval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VisitorSetup" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "workplaceId" UUID NOT NULL,
    "questions" JSONB NOT NULL DEFAULT '[]',
    "siteRules" TEXT NOT NULL DEFAULT '',
    "takeSignature" BOOLEAN NOT NULL DEFAULT true,
    "takePhoto" BOOLEAN NOT NULL DEFAULT false,
    "notifyHost" BOOLEAN NOT NULL DEFAULT true,
    "retentionDays" INTEGER NOT NULL DEFAULT 365,
    "updatedById" UUID,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VisitorSetup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VisitorKiosk" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "workplaceId" UUID NOT NULL,
    "branchId" UUID,
    "name" TEXT NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "VisitorKiosk_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Visit" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "workplaceId" UUID NOT NULL,
    "branchId" UUID,
    "kioskId" UUID,
    "kind" "VisitKind" NOT NULL DEFAULT 'visitor',
    "fullName" TEXT NOT NULL,
    "visitorCompany" TEXT NOT NULL DEFAULT '',
    "supplierId" UUID,
    "personnelId" UUID,
    "hostEmployeeId" UUID,
    "purpose" TEXT NOT NULL,
    "phone" TEXT NOT NULL DEFAULT '',
    "answers" JSONB NOT NULL DEFAULT '[]',
    "rulesAcceptedAt" TIMESTAMP(3),
    "signature" TEXT,
    "signInAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "signOutAt" TIMESTAMP(3),
    "signedOutById" UUID,

    CONSTRAINT "Visit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TimesheetApproval_companyId_weekStart_idx" ON "TimesheetApproval"("companyId", "weekStart");

-- CreateIndex
CREATE UNIQUE INDEX "TimesheetApproval_companyId_employeeId_weekStart_key" ON "TimesheetApproval"("companyId", "employeeId", "weekStart");

-- CreateIndex
CREATE UNIQUE INDEX "VisitorSetup_companyId_workplaceId_key" ON "VisitorSetup"("companyId", "workplaceId");

-- CreateIndex
CREATE INDEX "VisitorKiosk_companyId_workplaceId_idx" ON "VisitorKiosk"("companyId", "workplaceId");

-- CreateIndex
CREATE INDEX "Visit_companyId_signInAt_id_idx" ON "Visit"("companyId", "signInAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Visit_companyId_workplaceId_signInAt_idx" ON "Visit"("companyId", "workplaceId", "signInAt" DESC);


-- Hand-written: what the schema language cannot say.

-- An approval holds Monday..Sunday, and its total is their sum.
ALTER TABLE "TimesheetApproval" ADD CONSTRAINT "TimesheetApproval_week_check"
  CHECK ("dayHours" IS NOT NULL AND cardinality("dayHours") = 7 AND "totalHours" >= 0 AND extract(isodow FROM "weekStart") = 1);

-- A manager's correction never leaves a record ending before it began.
ALTER TABLE "TimesheetRecord" ADD CONSTRAINT "TimesheetRecord_times_check"
  CHECK ("signOutAt" IS NULL OR "signOutAt" >= "signInAt");

-- "On site now": the open clock-in records of a workplace.
CREATE INDEX "TimesheetRecord_open_workplace_idx" ON "TimesheetRecord" ("companyId", "workplaceId")
  WHERE "signOutAt" IS NULL;

ALTER TABLE "VisitorSetup" ADD CONSTRAINT "VisitorSetup_retention_check"
  CHECK ("retentionDays" BETWEEN 1 AND 3650);

ALTER TABLE "Visit" ADD CONSTRAINT "Visit_times_check"
  CHECK ("signOutAt" IS NULL OR "signOutAt" >= "signInAt");
-- A contractor names the supplier company; a visitor never does.
ALTER TABLE "Visit" ADD CONSTRAINT "Visit_kind_check"
  CHECK (("kind" = 'contractor') = ("supplierId" IS NOT NULL));
-- Personnel only through a contractor's supplier.
ALTER TABLE "Visit" ADD CONSTRAINT "Visit_personnel_check"
  CHECK ("personnelId" IS NULL OR "supplierId" IS NOT NULL);

-- "On site now" and the kiosk's sign-out search: the open visits of a workplace.
CREATE INDEX "Visit_open_workplace_idx" ON "Visit" ("companyId", "workplaceId", "signInAt")
  WHERE "signOutAt" IS NULL;

-- The register's search: the visitor's name or company, in part (visits.ts VISIT_SEARCH_TEXT).
CREATE INDEX "Visit_search_trgm_idx" ON "Visit" USING gin
  (lower("fullName" || ' ' || "visitorCompany") gin_trgm_ops);
