-- Competencies (issue 42, docs/human-resources.md): the catalogue, the positions' requirements and
-- the employees' records, with the latest record of each (employee, competency) marked by the service
-- (isLatest) so the matrix filters standings by index ranges of expiresOn.
-- CreateEnum
CREATE TYPE "CompetencyKind" AS ENUM ('licence', 'ticket', 'certificate', 'skill');

-- AlterEnum
ALTER TYPE "AttachmentOwner" ADD VALUE 'competencyRecord';

-- CreateTable
CREATE TABLE "Competency" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "CompetencyKind" NOT NULL,
    "description" TEXT,
    "expires" BOOLEAN NOT NULL DEFAULT false,
    "validForMonths" INTEGER,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Competency_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PositionCompetency" (
    "companyId" UUID NOT NULL,
    "positionId" UUID NOT NULL,
    "competencyId" UUID NOT NULL,

    CONSTRAINT "PositionCompetency_pkey" PRIMARY KEY ("companyId","positionId","competencyId")
);

-- CreateTable
CREATE TABLE "CompetencyRecord" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "competencyId" UUID NOT NULL,
    "achievedOn" DATE NOT NULL,
    "expiresOn" DATE,
    "reference" TEXT,
    "issuer" TEXT,
    "notes" TEXT,
    "isLatest" BOOLEAN NOT NULL DEFAULT false,
    "createdByEmployeeId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CompetencyRecord_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Competency_companyId_isActive_name_id_idx" ON "Competency"("companyId", "isActive", "name", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Competency_companyId_name_key" ON "Competency"("companyId", "name");

-- CreateIndex
CREATE INDEX "PositionCompetency_companyId_competencyId_idx" ON "PositionCompetency"("companyId", "competencyId");

-- CreateIndex
CREATE INDEX "CompetencyRecord_companyId_employeeId_competencyId_expiresO_idx" ON "CompetencyRecord"("companyId", "employeeId", "competencyId", "expiresOn" DESC, "achievedOn" DESC);

-- The matrix's standing filters over every competency read the latest records by expiry, from the
-- index alone (not in schema.prisma: Prisma cannot say a partial index).
CREATE INDEX "CompetencyRecord_latest_expiresOn_idx" ON "CompetencyRecord"("companyId", "expiresOn")
  INCLUDE ("employeeId", "competencyId") WHERE "isLatest";

-- CreateIndex
CREATE INDEX "CompetencyRecord_companyId_competencyId_isLatest_expiresOn_idx" ON "CompetencyRecord"("companyId", "competencyId", "isLatest", "expiresOn");

-- AddForeignKey
ALTER TABLE "PositionCompetency" ADD CONSTRAINT "PositionCompetency_positionId_fkey" FOREIGN KEY ("positionId") REFERENCES "Position"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PositionCompetency" ADD CONSTRAINT "PositionCompetency_competencyId_fkey" FOREIGN KEY ("competencyId") REFERENCES "Competency"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompetencyRecord" ADD CONSTRAINT "CompetencyRecord_employeeId_fkey" FOREIGN KEY ("employeeId") REFERENCES "Employee"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompetencyRecord" ADD CONSTRAINT "CompetencyRecord_competencyId_fkey" FOREIGN KEY ("competencyId") REFERENCES "Competency"("id") ON DELETE CASCADE ON UPDATE CASCADE;

