-- CreateTable
CREATE TABLE "DashboardVersion" (
    "companyId" UUID NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "DashboardVersion_pkey" PRIMARY KEY ("companyId")
);


-- The dashboard's answers are cached per user in each API process under the organisation's version
-- (server/src/modules/dashboard/cache.ts, docs/dashboard.md). A transaction that changes any table the
-- dashboard reads gives its organisation a new version when it commits, so no process serves an
-- answer older than a committed change. Values come from one sequence and are never reused: a version
-- cannot come back, so an answer cached under an old one never matches again.
--
-- Prisma applies this file through the pg adapter, which splits it at every semicolon: the PL/pgSQL
-- bodies are therefore E'' strings that write their semicolons as \x3B.
CREATE SEQUENCE "DashboardVersion_seq";

-- Once per organisation and transaction: the first row event stores a new version and marks the
-- transaction (a transaction-local setting), later events of the same transaction change nothing.
CREATE FUNCTION dashboard_version_bump(company uuid) RETURNS void LANGUAGE sql AS $$
  WITH bumped AS (
    INSERT INTO "DashboardVersion" ("companyId", version)
      SELECT company, nextval('"DashboardVersion_seq"')
      WHERE company IS NOT NULL
        AND current_setting('compass_dashboard.c_' || replace(company::text, '-', '_'), true) IS DISTINCT FROM '1'
    ON CONFLICT ("companyId") DO UPDATE SET version = EXCLUDED.version
    RETURNING "companyId")
  SELECT set_config('compass_dashboard.c_' || replace("companyId"::text, '-', '_'), '1', true) FROM bumped
$$;

-- Rows that belong to an organisation through "companyId" (both organisations when one moves).
CREATE FUNCTION dashboard_version_touch() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    PERFORM dashboard_version_bump(OLD."companyId")\x3B
  END IF\x3B
  IF TG_OP IN (''INSERT'', ''UPDATE'') THEN
    PERFORM dashboard_version_bump(NEW."companyId")\x3B
  END IF\x3B
  RETURN NULL\x3B
END';

-- The organisation's own row (its name is on supplier items).
CREATE FUNCTION dashboard_version_touch_company() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''DELETE'' THEN
    PERFORM dashboard_version_bump(OLD.id)\x3B
  ELSE
    PERFORM dashboard_version_bump(NEW.id)\x3B
  END IF\x3B
  RETURN NULL\x3B
END';

-- Deferred to the commit: the version row is locked only while the transaction commits, not from its
-- first write on (concurrent writers of one organisation would wait for each other otherwise).
-- Every table the dashboard's statements read (server/test/dashboardCache.test.ts checks this list
-- against server/src/modules/dashboard/service.ts).
CREATE CONSTRAINT TRIGGER "Company_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Company"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch_company();
CREATE CONSTRAINT TRIGGER "Action_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Action"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Attachment_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Attachment"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Audit_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Audit"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "AuditQuestionTask_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "AuditQuestionTask"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Branch_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Branch"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Document_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Document"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "DocumentAcknowledgement_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "DocumentAcknowledgement"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "DocumentApproval_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "DocumentApproval"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Employee_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Employee"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "FormSubmission_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "FormSubmission"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "FormTemplate_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "FormTemplate"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "HrFormAssignment_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "HrFormAssignment"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Notice_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Notice"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Obligation_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Obligation"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "ObligationQuestionTask_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "ObligationQuestionTask"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "OnlineTrainingAssignment_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "OnlineTrainingAssignment"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Personnel_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Personnel"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Position_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Position"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "RequirementType_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "RequirementType"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Review_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Review"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "ScheduledTask_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "ScheduledTask"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "SubmissionCoordinator_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "SubmissionCoordinator"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "SupplierAssignment_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "SupplierAssignment"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "SupplierCompany_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "SupplierCompany"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "SupplierRequirement_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "SupplierRequirement"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "Workplace_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Workplace"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();

-- Existing organisations start with a version, so their answers can be cached at once.
INSERT INTO "DashboardVersion" ("companyId", version)
  SELECT id, nextval('"DashboardVersion_seq"') FROM "Company";
