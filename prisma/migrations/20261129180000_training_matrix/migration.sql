-- Issue 43, the training matrix (docs/online-training.md, "The training matrix"). Prisma cannot say
-- this index (partial, with included columns), so it is not in schema.prisma.

-- Each employee's latest assignment of each course, withdrawn ones aside (matrix.ts,
-- latestAssignments): in this order it is the first row of each course, found without a sort, and
-- a standing filter, which looks at every employee of the organisation, reads the status and the
-- complete-by day from the index alone instead of every assignment's row.
CREATE INDEX "OnlineTrainingAssignment_matrix_latest_idx" ON "OnlineTrainingAssignment"
  ("companyId", "employeeId", "courseId", "createdAt" DESC, "id" DESC) INCLUDE ("status", "completeBy")
  WHERE "status" <> 'cancelled';
