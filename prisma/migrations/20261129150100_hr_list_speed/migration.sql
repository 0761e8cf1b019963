-- Issue 42, HR lists' speed (docs/human-resources.md, "HR forms" → "Speed"). Partial (the HR forms,
-- not performance reviews): Prisma cannot say it, so it is not in schema.prisma.

-- The HR Forms register in due order, its page's keys read from the index alone: page 50 skipped
-- 980 rows of the table (its HR-form condition is not in the (companyId, dueDate DESC, id) index),
-- 1,014 buffers; now 11 index pages and the page's 20 rows. The people and the form a search names
-- are included, so a searched page walks the index alone too (313 buffers for "son", was 425).
CREATE INDEX "HrFormAssignment_hr_due_idx" ON "HrFormAssignment"("companyId", "dueDate" DESC, "id")
  INCLUDE ("employeeId", "reviewerEmployeeId", "formTemplateId")
  WHERE "sectionType" <> 'performanceReview';
