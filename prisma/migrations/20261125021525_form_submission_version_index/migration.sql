-- CreateIndex
CREATE INDEX "FormSubmission_templateVersionId_idx" ON "FormSubmission"("templateVersionId");

