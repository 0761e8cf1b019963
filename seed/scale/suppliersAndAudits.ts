import { S, PPS, P, cid, today, place, SCALE, type Step } from './sizes';
import { TEMPLATES, INSTRUCTIONS, QUESTIONS } from './words';

/** Supplier assignments and requirements; audits with their question tasks. */
export function supplierAndAuditSteps(): Step[] {
  return [
    {
      name: `supplier assignments (${SCALE.supplierAssignments}) and requirements (${SCALE.supplierRequirements})`,
      sql: `
INSERT INTO "SupplierAssignment" (id, "companyId", "supplierId", "personnelId", "formTemplateId", "reviewerEmployeeId",
  status, "dueDate", "closedAt", "createdAt")
SELECT pg_temp.sid('sa:' || k), ${cid}, pg_temp.sup(s), CASE WHEN k % 2 = 0 THEN pg_temp.per((s - 1) * ${PPS} + 1 + k % ${PPS}) END,
  pg_temp.tpl(25 + k % 3), pg_temp.emp(reviewer), status::"AssignmentStatus", due,
  CASE WHEN status = 'closed' THEN pg_temp.at(least(due, ${today}), k) END, pg_temp.at(due - 30, k)
FROM (
  SELECT *, CASE WHEN pg_temp.isopen(due, pg_temp.rnd(k, 101), s = 1 OR reviewer = 1)
                 THEN CASE WHEN pg_temp.rnd(k, 102) < 0.5 THEN 'assigned' ELSE 'submitted' END
                 WHEN k % 6 = 0 THEN 'reviewed' ELSE 'closed' END AS status
  FROM (
    SELECT k, ${today} + 45 - floor(1870 * (1 - sqrt(pg_temp.rnd(k, 103))))::int AS due,
      CASE WHEN pg_temp.rnd(k, 104) < 0.10 THEN 1 ELSE 2 + floor(${S - 1} * pg_temp.rnd(k, 105) ^ 1.5)::int END AS s,
      CASE WHEN pg_temp.rnd(k, 106) < 0.05 THEN 1 ELSE pg_temp.skew(k, 107) END AS reviewer
    FROM generate_series(1, ${SCALE.supplierAssignments}) k
  ) g
) x;
INSERT INTO "SupplierRequirement" (id, "companyId", "supplierId", "personnelId", "requirementTypeId", "reviewerEmployeeId",
  status, "dueDate", "expiryDate", "submittedAt", "reviewedAt", "createdAt")
SELECT pg_temp.sid('sr:' || k), ${cid}, pg_temp.sup(s), CASE WHEN rt >= 3 THEN pg_temp.per((s - 1) * ${PPS} + 1 + k % ${PPS}) END,
  pg_temp.sid('rt:' || rt), pg_temp.emp(reviewer), status::"RequirementStatus", due, due + 365,
  CASE WHEN status <> 'pending' THEN pg_temp.at(due - 5, k) END,
  CASE WHEN status IN ('approved', 'rejected') THEN pg_temp.at(least(due, ${today}), k) END, pg_temp.at(due - 30, k)
FROM (
  SELECT *, CASE WHEN pg_temp.isopen(due, pg_temp.rnd(k, 111), s = 1 OR reviewer = 1)
                 THEN (ARRAY['pending', 'pending', 'submitted', 'submitted', 'rejected'])[1 + k % 5]
                 WHEN k % 9 = 0 THEN 'rejected' ELSE 'approved' END AS status
  FROM (
    SELECT k, 1 + k % 4 AS rt, ${today} + 45 - floor(1870 * (1 - sqrt(pg_temp.rnd(k, 113))))::int AS due,
      CASE WHEN pg_temp.rnd(k, 114) < 0.10 THEN 1 ELSE 2 + floor(${S - 1} * pg_temp.rnd(k, 115) ^ 1.5)::int END AS s,
      CASE WHEN pg_temp.rnd(k, 116) < 0.05 THEN 1 ELSE pg_temp.skew(k, 117) END AS reviewer
    FROM generate_series(1, ${SCALE.supplierRequirements}) k
  ) g
) x`,
    },
    {
      name: `audits (${SCALE.audits}) with question tasks, obligation question tasks`,
      sql: `
CREATE TEMP TABLE scale_audit ON COMMIT DROP AS
SELECT a, ${today} + 30 - floor(1855 * (1 - sqrt(pg_temp.rnd(a, 121))))::int AS "auditDate",
  CASE WHEN pg_temp.rnd(a, 122) < 0.03 THEN 1 ELSE 2 + floor(99 * pg_temp.rnd(a, 123))::int END AS owner
FROM generate_series(1, ${SCALE.audits}) a;
-- Audits own their schedule (modules/audits): old ones closed, a monthly or quarterly part recurring.
INSERT INTO "Audit" (id, "companyId", name, "auditDate", "ownerEmployeeId", "workplaceId", "branchId", status,
  "templateId", frequency, "firstDueDate", score, "createdByEmployeeId", "closedAt", "createdAt")
SELECT pg_temp.sid('audit:' || a), ${cid}, (${TEMPLATES})[1 + a % 20] || ' audit ' || a, "auditDate", pg_temp.emp(owner),
  ${place('a', 124)},
  (CASE WHEN closed THEN 'closed' WHEN a % 4 = 0 THEN 'inProgress' ELSE 'scheduled' END)::"AuditStatus",
  pg_temp.tpl(1 + a % 20), CASE WHEN a % 5 = 0 THEN (ARRAY['months', 'quarterly'])[1 + a % 2]::"FrequencyUnit" END,
  CASE WHEN a % 5 = 0 THEN "auditDate" END, CASE WHEN closed OR a % 4 = 0 THEN 50 + a % 51 END, pg_temp.emp(1),
  CASE WHEN closed THEN pg_temp.at("auditDate", a) END, pg_temp.at("auditDate" - 14, a)
FROM (SELECT *, "auditDate" < ${today} - 60 AND pg_temp.rnd(a, 126) < 0.97 AS closed FROM scale_audit) s;
INSERT INTO "AuditQuestionTask" (id, "companyId", "auditId", question, instruction, "assigneeType", "assigneeEmployeeId",
  "assigneePersonnelId", "dueDate", response, "isComplete", "completedOn", "createdAt", "updatedAt")
SELECT pg_temp.sid('aq:' || q), ${cid}, pg_temp.sid('audit:' || a), (${QUESTIONS})[1 + q % 10], (${INSTRUCTIONS})[1 + q % 10],
  (CASE WHEN per IS NULL THEN 'internal' ELSE 'external' END)::"ActionType",
  CASE WHEN emp IS NOT NULL THEN pg_temp.emp(emp) END, CASE WHEN per IS NOT NULL THEN pg_temp.per(per) END, due,
  CASE WHEN NOT open THEN 'Checked: compliant.' WHEN q % 10 = 4 THEN 'Half the site checked.' END, NOT open,
  CASE WHEN NOT open THEN least(${today}, due) END, pg_temp.at("auditDate", q),
  CASE WHEN NOT open THEN pg_temp.at(least(due, ${today}), q) ELSE pg_temp.at("auditDate", q) END
FROM (
  SELECT *, pg_temp.isopen(due, pg_temp.rnd(q, 131), emp = 1 OR per <= ${PPS}) AS open
  FROM (
    SELECT q, a, "auditDate", "auditDate" + floor(30 * pg_temp.rnd(q, 132))::int AS due,
      CASE WHEN r < 0.02 THEN 1 WHEN r < 0.05 THEN NULL ELSE pg_temp.skew(q, 133) END AS emp,
      CASE WHEN r >= 0.02 AND r < 0.05 THEN 1 + floor(${P} * pg_temp.rnd(q, 134) ^ 2)::int END AS per
    FROM (SELECT q, (q - 1) / ${SCALE.questionsPerAudit} + 1 AS a, pg_temp.rnd(q, 135) AS r
          FROM generate_series(1, ${SCALE.audits * SCALE.questionsPerAudit}) q) g
    JOIN scale_audit USING (a)
  ) y
) x;
INSERT INTO "ObligationQuestionTask" (id, "companyId", "obligationId", reference, instruction, "assigneeType",
  "assigneeEmployeeId", "assigneePersonnelId", "dueDate", response, "isComplete", "completedOn", "createdAt", "updatedAt")
SELECT pg_temp.sid('oq:' || q), ${cid}, pg_temp.sid('obl:' || ((q - 1) / ${SCALE.tasksPerObligation} + 1)),
  's' || (1 + q % 90) || ' Duty ' || (1 + q % 12), 'Confirm the evidence of compliance is filed in the register.',
  'internal', pg_temp.emp(emp), NULL, due, CASE WHEN NOT open THEN 'Evidence filed.' END, NOT open,
  CASE WHEN NOT open THEN least(${today}, due) END, pg_temp.at(due - 30, q),
  CASE WHEN NOT open THEN pg_temp.at(least(due, ${today}), q) ELSE pg_temp.at(due - 30, q) END
FROM (
  SELECT *, pg_temp.isopen(due, pg_temp.rnd(q, 141), emp = 1) AS open
  FROM (
    SELECT q, ${today} + 60 - floor(1885 * (1 - sqrt(pg_temp.rnd(q, 142))))::int AS due,
      CASE WHEN pg_temp.rnd(q, 143) < 0.02 THEN 1 ELSE pg_temp.skew(q, 144) END AS emp
    FROM generate_series(1, ${SCALE.obligations * SCALE.tasksPerObligation}) q
  ) g
) x`,
    },
  ];
}
