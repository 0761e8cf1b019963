-- Partial indexes of the dashboard (see bench/README.md). Prisma's schema cannot declare a partial
-- index, so they live here only (no schema.snapshot.prisma: the datamodel is unchanged, and diffs of later
-- migrations, made between datamodels, leave them alone).

-- Form coordination, the form pie and the form bars: the organisation's open submissions by id
-- (with the form date), merge-joined with the coordinator's index (companyId, employeeId,
-- position, submissionId) instead of hash-joining every open submission.
CREATE INDEX "FormSubmission_open_companyId_id_idx" ON "FormSubmission"("companyId", "id") INCLUDE ("formDate")
  WHERE "isClosed" = false;

-- Scheduled tasks assigned to nobody, by owner, in due-date order: the second source of the
-- scheduled-task section, read from the index alone.
CREATE INDEX "ScheduledTask_open_unassigned_owner_idx" ON "ScheduledTask"("companyId", "taskOwnerEmployeeId", "dueDate", "id")
  WHERE "completedAt" IS NULL AND "assignForEmployeeId" IS NULL;

-- Scheduled tasks assigned to an employee, open, in due-date order. The index
-- (companyId, assignForEmployeeId, completedAt, dueDate) cannot give that order (IS NULL is not an
-- equality for the planner), so it read and sorted every open task of the employee.
CREATE INDEX "ScheduledTask_open_assignFor_idx" ON "ScheduledTask"("companyId", "assignForEmployeeId", "dueDate", "id")
  WHERE "completedAt" IS NULL;

-- Open actions of external personnel, in due-date order, read from the index alone: a supplier
-- company account's Assigned Actions merge the actions of all its personnel (1,444 for the
-- scale seed's supplier), and only the 50 listed need their row.
CREATE INDEX "Action_open_personnel_idx" ON "Action"("companyId", "assigneePersonnelId", "dueDate", "id")
  WHERE "isComplete" = false AND "assigneePersonnelId" IS NOT NULL;
