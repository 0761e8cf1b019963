-- AlterTable
ALTER TABLE "OnlineTrainingAssignment" ADD COLUMN     "reminderSentAt" TIMESTAMP(3);


-- The reminder job's open assignments not yet reminded, by complete-by day, across organisations.
CREATE INDEX "OnlineTrainingAssignment_reminder_due_idx" ON "OnlineTrainingAssignment"("completeBy")
  WHERE "reminderSentAt" IS NULL AND "cancelledAt" IS NULL AND "status" = 'assigned';
