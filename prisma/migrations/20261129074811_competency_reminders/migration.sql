-- Issue 42, competencies: expiry reminders (docs/human-resources.md, "Expiry reminders") and the
-- indexes of the one-statement reads.

-- When the expiry reminder of a latest record went out (claimed in the transaction that queues it).
ALTER TABLE "CompetencyRecord" ADD COLUMN "reminderSentAt" TIMESTAMP(3);

-- An employee's latest records by expiry, from the index alone: the matrix's cells and its standing
-- filters per employee, the summary, and the dashboard's items of an employee and their reports
-- (partial: Prisma cannot say it, so it is not in schema.prisma).
CREATE INDEX "CompetencyRecord_latest_employee_idx" ON "CompetencyRecord"("companyId", "employeeId", "expiresOn")
  INCLUDE ("competencyId") WHERE "isLatest";

-- The matrix's page of active employees by name, from the index alone: page 50 read 1,250 employee
-- rows from the table (6 ms) where this reads 21 index pages (0.5 ms).
CREATE INDEX "Employee_active_name_idx" ON "Employee"("companyId", "lastName", "firstName", "id")
  INCLUDE ("positionId", "workplaceId", "managerEmployeeId") WHERE "isActive";

-- An employee's direct reports: the dashboard's competency items of a manager and the manager's
-- matrix (the policy: a manager reads their active reports' records).
CREATE INDEX "Employee_manager_idx" ON "Employee"("companyId", "managerEmployeeId") WHERE "isActive";

-- The reminder job's latest records not yet reminded, by expiry, across organisations.
CREATE INDEX "CompetencyRecord_reminder_due_idx" ON "CompetencyRecord"("expiresOn")
  WHERE "isLatest" AND "reminderSentAt" IS NULL;

-- The dashboard's competency items and the cached option lists follow the organisation's data
-- version (server/src/plugins/answerCache.ts), so the version follows the competencies too.
CREATE CONSTRAINT TRIGGER "Competency_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "Competency"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "PositionCompetency_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "PositionCompetency"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
CREATE CONSTRAINT TRIGGER "CompetencyRecord_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "CompetencyRecord"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
