-- A submission's history also reads the change log rows of its deleted actions, which name the
-- submission inside their changes. Without this index that read scans every action row of the
-- organisation's change log on each history call.
CREATE INDEX "ChangeLog_action_submissionId_idx" ON "ChangeLog" ("companyId", (changes->>'submissionId'))
  WHERE "entityType" = 'action';
