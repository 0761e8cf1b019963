-- Issue 42, HR Action: which actions are HR matters, stored on the row (docs/human-resources.md,
-- "HR Action"). An HR action is a performance review's agreed action or an action of an HR form's
-- submission. Computed per row, the rule cost the Action Register's count its index-only read and
-- made HR Action's count and its review filter walk the organisation's open actions; stored, each
-- register's form branch is a range of its own partial index.
ALTER TABLE "Action" ADD COLUMN "isHr" BOOLEAN NOT NULL DEFAULT false;

-- Set by the database, so no writer can forget it or set it wrong (an update naming the mark is
-- recomputed too). A submission's form type is set when it is created and never changes, so the
-- action's owner is all the mark depends on.
CREATE FUNCTION action_hr_mark() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."isHr" := NEW."performanceReviewId" IS NOT NULL OR COALESCE(
    (SELECT f."formType" = ''hr'' FROM "FormSubmission" f WHERE f.id = NEW."submissionId"), false)\x3B
  RETURN NEW\x3B
END';

CREATE TRIGGER "Action_hr_mark" BEFORE INSERT OR UPDATE OF "submissionId", "performanceReviewId", "isHr" ON "Action"
  FOR EACH ROW EXECUTE FUNCTION action_hr_mark();

-- The registers' form branches (server/src/modules/actionRegister/statements.ts) in due order and
-- by assigned on: the Action Register's form actions without the HR ones, HR Action's HR form
-- actions, and the review actions. Each holds what its branch reads, so pages and capped counts
-- read the index alone (SQL only: Prisma's schema cannot declare a partial index).
DROP INDEX "Action_form_companyId_isComplete_dueDate_idx";
CREATE INDEX "Action_form_companyId_isComplete_dueDate_idx" ON "Action"("companyId", "isComplete", "dueDate", id)
  INCLUDE (instruction)
  WHERE "riskId" IS NULL AND "hazardousSubstanceId" IS NULL AND NOT "isHr";
CREATE INDEX "Action_hrForm_companyId_isComplete_dueDate_idx" ON "Action"("companyId", "isComplete", "dueDate", id)
  INCLUDE (instruction)
  WHERE "isHr" AND "performanceReviewId" IS NULL;
CREATE INDEX "Action_review_companyId_isComplete_dueDate_idx" ON "Action"("companyId", "isComplete", "dueDate", id)
  INCLUDE (instruction)
  WHERE "performanceReviewId" IS NOT NULL;

DROP INDEX "Action_form_assignedOn_idx";
CREATE INDEX "Action_form_assignedOn_idx" ON "Action"("companyId", "isComplete", "assignedOn", id)
  INCLUDE ("dueDate", instruction)
  WHERE "riskId" IS NULL AND "hazardousSubstanceId" IS NULL AND NOT "isHr";
CREATE INDEX "Action_hrForm_assignedOn_idx" ON "Action"("companyId", "isComplete", "assignedOn", id)
  INCLUDE ("dueDate", instruction)
  WHERE "isHr" AND "performanceReviewId" IS NULL;

-- The actions there already, last: the update leaves the dashboard's version trigger events
-- pending, and no index can be made on the table until the transaction ends.
UPDATE "Action" a SET "isHr" = true
WHERE a."performanceReviewId" IS NOT NULL
  OR EXISTS (SELECT 1 FROM "FormSubmission" f WHERE f.id = a."submissionId" AND f."formType" = 'hr');
