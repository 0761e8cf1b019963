-- A supplier's pick lists are cached per API process under the organisation's data version
-- (server/src/modules/submissions/pickLists.ts): what its forms name includes their answers, so the
-- version follows the answers too, whatever writes them (the save also touches the submission's row).
CREATE CONSTRAINT TRIGGER "SubmissionValue_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "SubmissionValue"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
