-- A form's short pick lists (templates, assets, suppliers, workplaces) are kept per API process under
-- the organisation's data version (server/src/modules/submissions/pickLists.ts), so the version
-- follows assets too.
CREATE CONSTRAINT TRIGGER "Asset_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Asset"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
