-- CreateEnum
CREATE TYPE "AssetStatus" AS ENUM ('inService', 'outOfService', 'disposed');

-- CreateEnum
CREATE TYPE "MaintenanceKind" AS ENUM ('planned', 'corrective');

-- CreateEnum
CREATE TYPE "MaintenanceStatus" AS ENUM ('open', 'done', 'cancelled');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AttachmentOwner" ADD VALUE 'asset';
ALTER TYPE "AttachmentOwner" ADD VALUE 'maintenanceRecord';
ALTER TYPE "AttachmentOwner" ADD VALUE 'assetFault';

-- DropIndex
DROP INDEX "Asset_companyId_name_key";

-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "branchId" UUID,
ADD COLUMN     "categoryId" UUID,
ADD COLUMN     "location" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "make" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "model" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "nextMaintenanceDue" DATE,
ADD COLUMN     "notes" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "number" TEXT,
ADD COLUMN     "openFaultCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ownerEmployeeId" UUID,
ADD COLUMN     "purchaseCost" DECIMAL(12,2),
ADD COLUMN     "purchaseDate" DATE,
ADD COLUMN     "serialNumber" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "status" "AssetStatus" NOT NULL DEFAULT 'inService',
ADD COLUMN     "supplierId" UUID,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "workplaceId" UUID;

-- The assets of the earlier name-only list get numbers in the order they were made (A-00001 ...).
UPDATE "Asset" a SET "number" = 'A-' || lpad(n.seq::text, 5, '0')
  FROM (SELECT id, row_number() OVER (PARTITION BY "companyId" ORDER BY "createdAt", id) AS seq FROM "Asset") n
  WHERE n.id = a.id;
UPDATE "Asset" SET "isActive" = true;
ALTER TABLE "Asset" ALTER COLUMN "number" SET NOT NULL;

-- CreateTable
CREATE TABLE "AssetCategory" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AssetCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MaintenancePlan" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID,
    "categoryId" UUID,
    "title" TEXT NOT NULL,
    "instructions" TEXT NOT NULL DEFAULT '',
    "frequency" "FrequencyUnit" NOT NULL,
    "assigneeEmployeeId" UUID,
    "assigneeSupplierId" UUID,
    "formTemplateId" UUID,
    "firstDueDate" DATE NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MaintenancePlan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MaintenanceRecord" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "planId" UUID,
    "kind" "MaintenanceKind" NOT NULL DEFAULT 'planned',
    "title" TEXT NOT NULL,
    "instructions" TEXT NOT NULL DEFAULT '',
    "assigneeEmployeeId" UUID,
    "assigneeSupplierId" UUID,
    "dueDate" DATE NOT NULL,
    "status" "MaintenanceStatus" NOT NULL DEFAULT 'open',
    "completedOn" DATE,
    "completedByUserId" UUID,
    "completionNotes" TEXT NOT NULL DEFAULT '',
    "cost" DECIMAL(12,2),
    "formSubmissionId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MaintenanceRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AssetFault" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "description" TEXT NOT NULL,
    "reportedByEmployeeId" UUID,
    "reporterName" TEXT,
    "tookOutOfService" BOOLEAN NOT NULL DEFAULT false,
    "recordId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AssetFault_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AssetCategory_companyId_name_key" ON "AssetCategory"("companyId", "name");

-- CreateIndex
CREATE INDEX "MaintenancePlan_companyId_assetId_idx" ON "MaintenancePlan"("companyId", "assetId");

-- CreateIndex
CREATE INDEX "MaintenancePlan_companyId_categoryId_idx" ON "MaintenancePlan"("companyId", "categoryId");

-- CreateIndex
CREATE INDEX "MaintenanceRecord_companyId_status_dueDate_id_idx" ON "MaintenanceRecord"("companyId", "status", "dueDate", "id");

-- CreateIndex
CREATE INDEX "MaintenanceRecord_assetId_status_dueDate_idx" ON "MaintenanceRecord"("assetId", "status", "dueDate");

-- CreateIndex
CREATE INDEX "MaintenanceRecord_companyId_assigneeEmployeeId_status_dueDa_idx" ON "MaintenanceRecord"("companyId", "assigneeEmployeeId", "status", "dueDate");

-- CreateIndex
CREATE INDEX "MaintenanceRecord_companyId_assigneeSupplierId_status_dueDa_idx" ON "MaintenanceRecord"("companyId", "assigneeSupplierId", "status", "dueDate");

-- CreateIndex
CREATE INDEX "MaintenanceRecord_planId_status_idx" ON "MaintenanceRecord"("planId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "AssetFault_recordId_key" ON "AssetFault"("recordId");

-- CreateIndex
CREATE INDEX "AssetFault_assetId_createdAt_idx" ON "AssetFault"("assetId", "createdAt");

-- CreateIndex
CREATE INDEX "Asset_companyId_name_id_idx" ON "Asset"("companyId", "name", "id");

-- CreateIndex
CREATE INDEX "Asset_companyId_status_name_id_idx" ON "Asset"("companyId", "status", "name", "id");

-- CreateIndex
CREATE INDEX "Asset_companyId_categoryId_idx" ON "Asset"("companyId", "categoryId");

-- CreateIndex
CREATE INDEX "Asset_companyId_nextMaintenanceDue_id_idx" ON "Asset"("companyId", "nextMaintenanceDue", "id");

-- AddForeignKey
ALTER TABLE "Asset" ADD CONSTRAINT "Asset_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "AssetCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenanceRecord" ADD CONSTRAINT "MaintenanceRecord_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenanceRecord" ADD CONSTRAINT "MaintenanceRecord_planId_fkey" FOREIGN KEY ("planId") REFERENCES "MaintenancePlan"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssetFault" ADD CONSTRAINT "AssetFault_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssetFault" ADD CONSTRAINT "AssetFault_recordId_fkey" FOREIGN KEY ("recordId") REFERENCES "MaintenanceRecord"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- ---------- Written by hand ----------

-- An asset number is unique in its organisation whatever its case ("fl-12" is "FL-12").
CREATE UNIQUE INDEX "Asset_companyId_number_key" ON "Asset" ("companyId", lower("number"));
-- Forms offer the active assets: every one not disposed of.
ALTER TABLE "Asset" ADD CONSTRAINT "Asset_isActive_status_check" CHECK ("isActive" = ("status" <> 'disposed'));
-- The register's search (number, name, make, model, serial) over tens of thousands of assets.
CREATE INDEX "Asset_search_trgm_idx" ON "Asset" USING gin (
  (lower("number" || ' ' || "name" || ' ' || "make" || ' ' || "model" || ' ' || "serialNumber")) gin_trgm_ops
);

-- A plan is of one asset or of one category, and done by one employee or one supplier company.
ALTER TABLE "MaintenancePlan" ADD CONSTRAINT "MaintenancePlan_target_check"
  CHECK (num_nonnulls("assetId", "categoryId") = 1);
ALTER TABLE "MaintenancePlan" ADD CONSTRAINT "MaintenancePlan_assignee_check"
  CHECK (num_nonnulls("assigneeEmployeeId", "assigneeSupplierId") = 1);
-- A record has at most one assignee (unassigned corrective work waits on the register).
ALTER TABLE "MaintenanceRecord" ADD CONSTRAINT "MaintenanceRecord_assignee_check"
  CHECK (num_nonnulls("assigneeEmployeeId", "assigneeSupplierId") <= 1);
-- A done record has its day.
ALTER TABLE "MaintenanceRecord" ADD CONSTRAINT "MaintenanceRecord_done_check"
  CHECK (("status" = 'done') = ("completedOn" IS NOT NULL));
-- One open record per plan and asset: two racing completions cannot schedule the next one twice.
CREATE UNIQUE INDEX "MaintenanceRecord_open_plan_asset_key" ON "MaintenanceRecord" ("planId", "assetId")
  WHERE "status" = 'open' AND "planId" IS NOT NULL;
-- The maintenance register's "done" history, newest first.
CREATE INDEX "MaintenanceRecord_companyId_done_idx" ON "MaintenanceRecord" ("companyId", "completedOn" DESC, id)
  WHERE "status" = 'done';

-- An asset's open-work columns follow its records: the due day of the open record due first, and
-- the open corrective records (one per fault).
CREATE FUNCTION asset_open_work(asset uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_due date;
  faults integer;
BEGIN
  SELECT min("dueDate"), count(*) FILTER (WHERE kind = 'corrective')
    INTO first_due, faults
    FROM "MaintenanceRecord" WHERE "assetId" = asset AND status = 'open';
  UPDATE "Asset" SET "nextMaintenanceDue" = first_due, "openFaultCount" = faults
    WHERE id = asset
      AND ("nextMaintenanceDue" IS DISTINCT FROM first_due OR "openFaultCount" IS DISTINCT FROM faults);
END $$;

CREATE FUNCTION maintenance_record_open_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM asset_open_work(OLD."assetId"); END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM asset_open_work(NEW."assetId");
  ELSIF TG_OP = 'UPDATE' AND NEW."assetId" <> OLD."assetId" THEN
    PERFORM asset_open_work(NEW."assetId");
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "MaintenanceRecord_open_work" AFTER INSERT OR DELETE OR UPDATE OF status, "dueDate", kind, "assetId"
  ON "MaintenanceRecord" FOR EACH ROW EXECUTE FUNCTION maintenance_record_open_work();

-- The dashboard lists open maintenance (server/src/modules/dashboard): its cache follows the records.
CREATE CONSTRAINT TRIGGER "MaintenanceRecord_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "MaintenanceRecord"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();

-- The submissions that chose an asset (its page's history): reference answers are arrays of ids,
-- found by containment (`value @> '["<id>"]'` with the same predicate).
CREATE INDEX "SubmissionValue_ids_gin_idx" ON "SubmissionValue" USING gin (value jsonb_path_ops)
  WHERE jsonb_typeof(value) = 'array';
