-- employeeFormOptions (the roles an employee can be given) is served from the answer cache under the
-- organisation's data version (server/src/plugins/answerCache.ts), so the version follows roles too.
CREATE CONSTRAINT TRIGGER "Role_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Role"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
