-- Actions raised from a document are on their assignee's dashboard (Assigned Actions): the open ones
-- of a person by due day, and the dashboard's data version follows the table (docs/dashboard.md).
CREATE INDEX "DocumentAction_open_assignee_idx" ON "DocumentAction"("companyId", "assigneeEmployeeId", "dueDate")
  WHERE "completedOn" IS NULL;
CREATE CONSTRAINT TRIGGER "DocumentAction_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "DocumentAction"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
