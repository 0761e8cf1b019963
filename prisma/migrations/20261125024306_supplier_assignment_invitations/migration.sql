-- AlterTable
ALTER TABLE "SupplierAssignment" ADD COLUMN     "createdById" UUID,
ADD COLUMN     "message" TEXT,
ADD COLUMN     "reminderSentAt" TIMESTAMP(3),
ADD COLUMN     "returnCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reviewComment" TEXT;

