-- My Records filtered by state (open, draft, closed) read the state from the participant rows, so a
-- person's open records are an index range, not a lookup of every one of their submissions (40 ms
-- for a person with 6,000). The triggers of 20261125072248_submission_participants copy it, and a
-- change of state rewrites the rows like a change of date.
ALTER TABLE "SubmissionParticipant"
  ADD COLUMN "isDraft" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "isClosed" BOOLEAN NOT NULL DEFAULT false;

UPDATE "SubmissionParticipant" p SET "isDraft" = f."isDraft", "isClosed" = f."isClosed"
FROM "FormSubmission" f WHERE f.id = p."submissionId";

DROP INDEX "SubmissionParticipant_companyId_participantId_formDate_subm_idx";
CREATE INDEX "SubmissionParticipant_companyId_participantId_formDate_subm_idx" ON "SubmissionParticipant"
  ("companyId", "participantId", "formDate" DESC, "submissionId" DESC) INCLUDE ("isDraft", "isClosed");

CREATE OR REPLACE FUNCTION submission_participants_refresh(submission_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "SubmissionParticipant" WHERE "submissionId" = submission_id;
  INSERT INTO "SubmissionParticipant" ("companyId", "participantId", "submissionId", "formDate", "isDraft", "isClosed")
  SELECT f."companyId", who.id, f.id, f."formDate", f."isDraft", f."isClosed"
  FROM "FormSubmission" f
  CROSS JOIN LATERAL (
    SELECT submission_participant_of_user(f."createdByUserId")
    UNION SELECT f."recordedByEmployeeId"
    UNION SELECT f."recordedByPersonnelId"
    UNION SELECT c."employeeId" FROM "SubmissionCoordinator" c WHERE c."submissionId" = f.id
  ) AS who(id)
  WHERE f.id = submission_id AND who.id IS NOT NULL;
END
$$;

CREATE OR REPLACE FUNCTION submission_participants_on_submission() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "SubmissionParticipant" ("companyId", "participantId", "submissionId", "formDate", "isDraft", "isClosed")
    SELECT NEW."companyId", who.id, NEW.id, NEW."formDate", NEW."isDraft", NEW."isClosed"
    FROM (VALUES (submission_participant_of_user(NEW."createdByUserId")),
                 (NEW."recordedByEmployeeId"), (NEW."recordedByPersonnelId")) AS who(id)
    WHERE who.id IS NOT NULL
    ON CONFLICT DO NOTHING;
  ELSE
    PERFORM submission_participants_refresh(NEW.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION submission_participants_on_coordinator() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "SubmissionParticipant" ("companyId", "participantId", "submissionId", "formDate", "isDraft", "isClosed")
    SELECT f."companyId", NEW."employeeId", f.id, f."formDate", f."isDraft", f."isClosed" FROM "FormSubmission" f
    WHERE f.id = NEW."submissionId"
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END IF;
  PERFORM submission_participants_refresh(OLD."submissionId");
  IF TG_OP = 'UPDATE' AND NEW."submissionId" <> OLD."submissionId" THEN
    PERFORM submission_participants_refresh(NEW."submissionId");
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER "FormSubmission_participants_update" ON "FormSubmission";
CREATE TRIGGER "FormSubmission_participants_update" AFTER UPDATE ON "FormSubmission"
  FOR EACH ROW WHEN (
    OLD."createdByUserId" IS DISTINCT FROM NEW."createdByUserId"
    OR OLD."recordedByEmployeeId" IS DISTINCT FROM NEW."recordedByEmployeeId"
    OR OLD."recordedByPersonnelId" IS DISTINCT FROM NEW."recordedByPersonnelId"
    OR OLD."formDate" IS DISTINCT FROM NEW."formDate"
    OR OLD."isDraft" IS DISTINCT FROM NEW."isDraft"
    OR OLD."isClosed" IS DISTINCT FROM NEW."isClosed"
  ) EXECUTE FUNCTION submission_participants_on_submission();

ANALYZE "SubmissionParticipant";
