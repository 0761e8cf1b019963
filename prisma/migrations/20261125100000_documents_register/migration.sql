-- CreateEnum
CREATE TYPE "DocumentVersionStatus" AS ENUM ('approvalPending', 'published', 'rejected');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AttachmentOwner" ADD VALUE 'document';
ALTER TYPE "AttachmentOwner" ADD VALUE 'documentVersion';

-- AlterEnum
ALTER TYPE "ApprovalStatus" ADD VALUE 'withdrawn';

-- DropIndex
DROP INDEX "DocumentAcknowledgement_companyId_documentId_employeeId_key";

-- AlterTable
ALTER TABLE "Document" DROP COLUMN "storageKey",
ADD COLUMN     "audienceEmployeeIds" UUID[] DEFAULT ARRAY[]::UUID[],
ADD COLUMN     "audienceRoleIds" UUID[] DEFAULT ARRAY[]::UUID[],
ADD COLUMN     "audienceWorkplaceIds" UUID[] DEFAULT ARRAY[]::UUID[],
ADD COLUMN     "coReviewerEmployeeId" UUID,
ADD COLUMN     "currentVersionId" UUID,
ADD COLUMN     "description" TEXT,
ADD COLUMN     "folderId" UUID,
ADD COLUMN     "lastReviewDate" DATE,
ADD COLUMN     "nextReviewDate" DATE,
ADD COLUMN     "reviewFrequency" "FrequencyUnit" NOT NULL DEFAULT 'years',
ADD COLUMN     "reviewerEmployeeId" UUID,
ADD COLUMN     "status" "DocumentVersionStatus" NOT NULL DEFAULT 'published',
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable (versionId filled below, then required)
ALTER TABLE "DocumentAcknowledgement" ADD COLUMN     "lapsedAt" TIMESTAMP(3),
ADD COLUMN     "versionId" UUID;

-- AlterTable
ALTER TABLE "DocumentApproval" ADD COLUMN     "comment" TEXT,
ADD COLUMN     "versionId" UUID;

-- CreateTable
CREATE TABLE "DocumentFolder" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentFolder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentVersion" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "note" TEXT,
    "status" "DocumentVersionStatus" NOT NULL,
    "uploadedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedAt" TIMESTAMP(3),
    "rejectedOn" DATE,
    "revisedAt" TIMESTAMP(3),

    CONSTRAINT "DocumentVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentAction" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "instruction" TEXT NOT NULL,
    "assigneeEmployeeId" UUID NOT NULL,
    "dueDate" DATE NOT NULL,
    "completedOn" DATE,
    "createdByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentAction_pkey" PRIMARY KEY ("id")
);

-- Documents made before versions existed (their file was never stored: no upload wrote
-- Document.storageKey) become version 1, published, and their acknowledgements and approvals are
-- of that version.
INSERT INTO "DocumentVersion" ("id", "companyId", "documentId", "number", "status", "createdAt", "publishedAt")
  SELECT gen_random_uuid(), d."companyId", d."id", 1, 'published', d."createdAt", d."createdAt" FROM "Document" d;
UPDATE "Document" d SET "currentVersionId" = v."id" FROM "DocumentVersion" v WHERE v."documentId" = d."id";
UPDATE "DocumentAcknowledgement" a SET "versionId" = d."currentVersionId" FROM "Document" d WHERE d."id" = a."documentId";
UPDATE "DocumentApproval" a SET "versionId" = d."currentVersionId" FROM "Document" d WHERE d."id" = a."documentId";
ALTER TABLE "DocumentAcknowledgement" ALTER COLUMN "versionId" SET NOT NULL;
ALTER TABLE "DocumentApproval" ALTER COLUMN "versionId" SET NOT NULL;

-- The library's search (ILIKE on any part of the name) reads a trigram index instead of every row.
CREATE INDEX "Document_name_trgm_idx" ON "Document" USING gin ("name" gin_trgm_ops);

-- A rejected version is its owner's "revise" work item on the dashboard (dashboard/sources.ts): a
-- change to one gives the organisation a new dashboard version (migration 20261123155027).
CREATE CONSTRAINT TRIGGER "DocumentVersion_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "DocumentVersion"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();

-- CreateIndex
CREATE UNIQUE INDEX "DocumentFolder_companyId_name_key" ON "DocumentFolder"("companyId", "name");

-- CreateIndex
CREATE INDEX "DocumentVersion_companyId_status_revisedAt_idx" ON "DocumentVersion"("companyId", "status", "revisedAt");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentVersion_documentId_number_key" ON "DocumentVersion"("documentId", "number");

-- CreateIndex
CREATE INDEX "DocumentAction_companyId_documentId_idx" ON "DocumentAction"("companyId", "documentId");

-- CreateIndex
CREATE INDEX "Document_companyId_folderId_name_idx" ON "Document"("companyId", "folderId", "name");

-- CreateIndex
CREATE INDEX "Document_companyId_nextReviewDate_name_idx" ON "Document"("companyId", "nextReviewDate", "name");

-- CreateIndex
CREATE INDEX "Document_companyId_status_name_idx" ON "Document"("companyId", "status", "name");

-- CreateIndex
CREATE INDEX "Document_companyId_updatedAt_idx" ON "Document"("companyId", "updatedAt");

-- CreateIndex
CREATE INDEX "DocumentAcknowledgement_companyId_documentId_idx" ON "DocumentAcknowledgement"("companyId", "documentId");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentAcknowledgement_versionId_employeeId_key" ON "DocumentAcknowledgement"("versionId", "employeeId");

-- CreateIndex
CREATE INDEX "DocumentApproval_companyId_documentId_idx" ON "DocumentApproval"("companyId", "documentId");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentApproval_versionId_employeeId_key" ON "DocumentApproval"("versionId", "employeeId");

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "DocumentFolder"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentVersion" ADD CONSTRAINT "DocumentVersion_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentAction" ADD CONSTRAINT "DocumentAction_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

