-- CreateEnum
CREATE TYPE "ObligationType" AS ENUM ('legislation', 'regulation', 'codeOfPractice', 'standard', 'permit', 'contract', 'other');

-- AlterEnum
ALTER TYPE "AttachmentOwner" ADD VALUE 'obligation';

-- AlterTable
ALTER TABLE "Obligation" ADD COLUMN     "authority" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "coReviewerEmployeeId" UUID,
ADD COLUMN     "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "nextReviewDate" DATE,
ADD COLUMN     "reference" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "reviewFrequency" "FrequencyUnit",
ADD COLUMN     "reviewerEmployeeId" UUID,
ADD COLUMN     "type" "ObligationType" NOT NULL DEFAULT 'other',
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "workplaceIds" UUID[] DEFAULT ARRAY[]::UUID[],
ADD COLUMN     "firstOpenDue" DATE,
ADD COLUMN     "openQuestionCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "questionCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Obligation_companyId_nextReviewDate_id_idx" ON "Obligation"("companyId", "nextReviewDate", "id");

-- CreateIndex
CREATE INDEX "Obligation_companyId_type_idx" ON "Obligation"("companyId", "type");

-- CreateIndex
CREATE INDEX "ObligationQuestionTask_obligationId_isComplete_dueDate_idx" ON "ObligationQuestionTask"("obligationId", "isComplete", "dueDate");


-- An obligation's questions counted on the obligation (questionCount, openQuestionCount,
-- firstOpenDue), kept by statement triggers on ObligationQuestionTask whoever writes it (the
-- register's save, the dashboard's action dialog, the seeds): the register's list filters and
-- pages on the compliance status (obligationCompliance in shared) without reading every question.
-- Prisma applies this file through the pg adapter, which splits it at every semicolon: the PL/pgSQL
-- bodies are E'' strings that write their semicolons as \x3B (as in 20261123155027_dashboard_version).
CREATE FUNCTION obligation_tally(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "Obligation" o
  SET "questionCount" = t.questions, "openQuestionCount" = t.open, "firstOpenDue" = t.first
  FROM (
    SELECT ob.id, count(q.id)::int AS questions,
      (count(q.id) FILTER (WHERE NOT q."isComplete"))::int AS open,
      min(q."dueDate") FILTER (WHERE NOT q."isComplete") AS first
    FROM "Obligation" ob LEFT JOIN "ObligationQuestionTask" q ON q."obligationId" = ob.id
    WHERE ob.id = ANY(ids)
    GROUP BY ob.id
  ) t
  WHERE o.id = t.id
    AND (o."questionCount", o."openQuestionCount", o."firstOpenDue") IS DISTINCT FROM (t.questions, t.open, t.first)
$$;

CREATE FUNCTION obligation_tally_inserted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM obligation_tally(ARRAY(SELECT DISTINCT "obligationId" FROM new_rows))\x3B
  RETURN NULL\x3B
END';

CREATE FUNCTION obligation_tally_updated() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM obligation_tally(ARRAY(SELECT "obligationId" FROM new_rows UNION SELECT "obligationId" FROM old_rows))\x3B
  RETURN NULL\x3B
END';

CREATE FUNCTION obligation_tally_deleted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM obligation_tally(ARRAY(SELECT DISTINCT "obligationId" FROM old_rows))\x3B
  RETURN NULL\x3B
END';

CREATE TRIGGER "ObligationQuestionTask_tally_insert" AFTER INSERT ON "ObligationQuestionTask"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION obligation_tally_inserted();
CREATE TRIGGER "ObligationQuestionTask_tally_update" AFTER UPDATE ON "ObligationQuestionTask"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION obligation_tally_updated();
CREATE TRIGGER "ObligationQuestionTask_tally_delete" AFTER DELETE ON "ObligationQuestionTask"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION obligation_tally_deleted();

-- The questions already there.
SELECT obligation_tally(ARRAY(SELECT id FROM "Obligation"));

-- The register's search (name, reference or authority containing the text): one trigram index on
-- the three together, so that counting the matches does not read every obligation.
CREATE INDEX "Obligation_search_trgm_idx" ON "Obligation" USING gin ((name || ' ' || reference || ' ' || authority) gin_trgm_ops);
