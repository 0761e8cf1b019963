-- CreateTable
CREATE TABLE "SubmissionParticipant" (
    "companyId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "submissionId" UUID NOT NULL,
    "formDate" DATE NOT NULL,

    CONSTRAINT "SubmissionParticipant_pkey" PRIMARY KEY ("participantId","submissionId")
);

-- CreateIndex
CREATE INDEX "SubmissionParticipant_companyId_participantId_formDate_subm_idx" ON "SubmissionParticipant"("companyId", "participantId", "formDate" DESC, "submissionId" DESC);

-- CreateIndex
CREATE INDEX "SubmissionParticipant_submissionId_idx" ON "SubmissionParticipant"("submissionId");

-- CreateIndex
CREATE INDEX "FormSubmission_companyId_formDate_id_idx" ON "FormSubmission"("companyId", "formDate" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "FormSubmission_companyId_formDescription_idx" ON "FormSubmission"("companyId", "formDescription");

-- CreateIndex
CREATE INDEX "FormSubmission_companyId_number_desc_idx" ON "FormSubmission"("companyId", "number" DESC NULLS LAST);

-- AddForeignKey
ALTER TABLE "SubmissionParticipant" ADD CONSTRAINT "SubmissionParticipant_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "FormSubmission"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The Records search (ILIKE on the description, any part of it) reads a trigram index instead of every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "FormSubmission_formDescription_trgm_idx" ON "FormSubmission" USING gin ("formDescription" gin_trgm_ops);

-- Whose a submission is, kept by triggers (see SubmissionParticipant in schema.prisma). Prisma applies
-- this file through the pg adapter, which splits it at every semicolon: the function bodies are
-- therefore E'' strings that write their semicolons as \x3B (as in 20261123155027_dashboard_version).

-- The person behind an account: its employee, its personnel, or the account itself.
CREATE FUNCTION submission_participant_of_user(user_id uuid) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT coalesce("employeeId", "personnelId", id) FROM "User" WHERE id = user_id
$$;

-- Rewrites the rows of one submission from its sources. Cheap (a handful of rows), so every change
-- that may remove a participant goes through it.
CREATE FUNCTION submission_participants_refresh(submission_id uuid) RETURNS void
LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM "SubmissionParticipant" WHERE "submissionId" = submission_id\x3B
  INSERT INTO "SubmissionParticipant" ("companyId", "participantId", "submissionId", "formDate")
  SELECT f."companyId", who.id, f.id, f."formDate"
  FROM "FormSubmission" f
  CROSS JOIN LATERAL (
    SELECT submission_participant_of_user(f."createdByUserId")
    UNION SELECT f."recordedByEmployeeId"
    UNION SELECT f."recordedByPersonnelId"
    UNION SELECT c."employeeId" FROM "SubmissionCoordinator" c WHERE c."submissionId" = f.id
  ) AS who(id)
  WHERE f.id = submission_id AND who.id IS NOT NULL\x3B
END';

CREATE FUNCTION submission_participants_on_submission() RETURNS trigger
LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO "SubmissionParticipant" ("companyId", "participantId", "submissionId", "formDate")
    SELECT NEW."companyId", who.id, NEW.id, NEW."formDate"
    FROM (VALUES (submission_participant_of_user(NEW."createdByUserId")),
                 (NEW."recordedByEmployeeId"), (NEW."recordedByPersonnelId")) AS who(id)
    WHERE who.id IS NOT NULL
    ON CONFLICT DO NOTHING\x3B
  ELSE
    PERFORM submission_participants_refresh(NEW.id)\x3B
  END IF\x3B
  RETURN NULL\x3B
END';

CREATE TRIGGER "FormSubmission_participants_insert" AFTER INSERT ON "FormSubmission"
  FOR EACH ROW EXECUTE FUNCTION submission_participants_on_submission();
CREATE TRIGGER "FormSubmission_participants_update" AFTER UPDATE ON "FormSubmission"
  FOR EACH ROW WHEN (
    OLD."createdByUserId" IS DISTINCT FROM NEW."createdByUserId"
    OR OLD."recordedByEmployeeId" IS DISTINCT FROM NEW."recordedByEmployeeId"
    OR OLD."recordedByPersonnelId" IS DISTINCT FROM NEW."recordedByPersonnelId"
    OR OLD."formDate" IS DISTINCT FROM NEW."formDate"
  ) EXECUTE FUNCTION submission_participants_on_submission();

CREATE FUNCTION submission_participants_on_coordinator() RETURNS trigger
LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO "SubmissionParticipant" ("companyId", "participantId", "submissionId", "formDate")
    SELECT f."companyId", NEW."employeeId", f.id, f."formDate" FROM "FormSubmission" f
    WHERE f.id = NEW."submissionId"
    ON CONFLICT DO NOTHING\x3B
    RETURN NULL\x3B
  END IF\x3B
  PERFORM submission_participants_refresh(OLD."submissionId")\x3B
  IF TG_OP = ''UPDATE'' AND NEW."submissionId" <> OLD."submissionId" THEN
    PERFORM submission_participants_refresh(NEW."submissionId")\x3B
  END IF\x3B
  RETURN NULL\x3B
END';

CREATE TRIGGER "SubmissionCoordinator_participants" AFTER INSERT OR DELETE OR UPDATE OF "employeeId", "submissionId"
  ON "SubmissionCoordinator" FOR EACH ROW EXECUTE FUNCTION submission_participants_on_coordinator();

-- An account linked to another person afterwards: the submissions it created follow it.
CREATE FUNCTION submission_participants_on_user() RETURNS trigger
LANGUAGE plpgsql AS E'
BEGIN
  PERFORM submission_participants_refresh(f.id) FROM "FormSubmission" f WHERE f."createdByUserId" = NEW.id\x3B
  RETURN NULL\x3B
END';

CREATE TRIGGER "User_submission_participants" AFTER UPDATE ON "User"
  FOR EACH ROW WHEN (
    OLD."employeeId" IS DISTINCT FROM NEW."employeeId" OR OLD."personnelId" IS DISTINCT FROM NEW."personnelId"
  ) EXECUTE FUNCTION submission_participants_on_user();

-- The submissions there are.
INSERT INTO "SubmissionParticipant" ("companyId", "participantId", "submissionId", "formDate")
SELECT f."companyId", coalesce(u."employeeId", u."personnelId", u.id), f.id, f."formDate"
FROM "FormSubmission" f JOIN "User" u ON u.id = f."createdByUserId"
UNION
SELECT "companyId", "recordedByEmployeeId", id, "formDate" FROM "FormSubmission" WHERE "recordedByEmployeeId" IS NOT NULL
UNION
SELECT "companyId", "recordedByPersonnelId", id, "formDate" FROM "FormSubmission" WHERE "recordedByPersonnelId" IS NOT NULL
UNION
SELECT f."companyId", c."employeeId", f.id, f."formDate"
FROM "SubmissionCoordinator" c JOIN "FormSubmission" f ON f.id = c."submissionId";

ANALYZE "SubmissionParticipant";
