-- Issue 42, HR forms: the register's status and employee filters and the reminder job
-- (docs/human-resources.md, "HR forms"). Partial (the HR forms, not performance reviews; the open
-- ones not yet reminded): Prisma cannot say it, so they are not in schema.prisma.

-- The register of one status, latest due first, and its count from the index alone: the
-- `submitted` filter read 1,000 rows of the due-date index for its page and the whole table for
-- its count (700 buffers); these read the 20 rows and ~5 index pages.
CREATE INDEX "HrFormAssignment_hr_status_due_idx" ON "HrFormAssignment"("companyId", "status", "dueDate" DESC, "id")
  WHERE "sectionType" <> 'performanceReview';

-- The register of one employee, latest due first: the scale seed's busiest employee read 2,500
-- buffers of the due-date index for a page of 20.
CREATE INDEX "HrFormAssignment_hr_employee_due_idx" ON "HrFormAssignment"("companyId", "employeeId", "dueDate" DESC, "id")
  WHERE "sectionType" <> 'performanceReview';

-- The reminder job's open assignments not yet reminded, by due date, across organisations.
CREATE INDEX "HrFormAssignment_reminder_due_idx" ON "HrFormAssignment"("dueDate")
  WHERE "reminderSentAt" IS NULL AND "cancelledAt" IS NULL AND "status" IN ('assigned', 'submitted');
