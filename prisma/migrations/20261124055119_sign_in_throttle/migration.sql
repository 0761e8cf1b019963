-- AlterTable
ALTER TABLE "User" DROP COLUMN "failedSignIns",
DROP COLUMN "lockedUntil";

-- CreateTable
CREATE TABLE "SignInThrottle" (
    "account" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignInThrottle_pkey" PRIMARY KEY ("account","address")
);

-- CreateIndex
CREATE INDEX "SignInThrottle_updatedAt_idx" ON "SignInThrottle"("updatedAt");

