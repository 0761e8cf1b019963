-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN     "claimToken" UUID,
ADD COLUMN     "claimedUntil" TIMESTAMP(3),
ADD COLUMN     "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "MailMessage_status_nextAttemptAt_idx" ON "MailMessage"("status", "nextAttemptAt");


-- The mail worker drains this table itself now: pg-boss's copy of each mail (its schema) is not used any more.
DROP SCHEMA IF EXISTS "pgboss" CASCADE;
