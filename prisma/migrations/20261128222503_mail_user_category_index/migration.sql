-- System Administration > Notifications reads the caller's latest test mail (its status, and the
-- one-a-minute limit of sending one): by user and category, newest first, whatever the outbox's size.
-- CreateIndex
CREATE INDEX "MailMessage_userId_category_createdAt_idx" ON "MailMessage"("userId", "category", "createdAt");

