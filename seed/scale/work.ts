import { cid, today, place, SCALE, type Step } from './sizes';
import { TEMPLATES, NOTICE_TITLES, PARAGRAPH } from './words';

/** Notices, scheduled tasks, reviews and HR assignments (online training: trainingAttempts.ts). */
export function workSteps(): Step[] {
  return [
    {
      name: `notices (${SCALE.notices}) and notice attachments`,
      sql: `
WITH n AS (
  SELECT k, CASE WHEN k % 100 = 1 THEN ${today} + 1 + k % 30 ELSE ${today} - pg_temp.age(k, 51) END AS start,
    pg_temp.rnd(k, 52) AS r
  FROM generate_series(1, ${SCALE.notices}) k
), notices AS (
  INSERT INTO "Notice" (id, "companyId", title, content, priority, "startDate", "expireDate", "authorEmployeeId", "createdAt")
  SELECT pg_temp.sid('notice:' || k), ${cid}, (${NOTICE_TITLES})[1 + k % 10] || ' (' || k || ')',
    CASE WHEN k % 10 = 0 THEN repeat('${PARAGRAPH}', 8) ELSE '${PARAGRAPH}' END,
    (ARRAY['none', 'high', 'medium', 'low'])[1 + k % 4]::"NoticePriority", start,
    CASE WHEN r < 0.03 THEN NULL ELSE start + 7 + floor(120 * r)::int END,
    pg_temp.emp(pg_temp.skew(k, 53)), pg_temp.at(least(start, ${today}) - 1, k)
  FROM n
  RETURNING id
)
INSERT INTO "Attachment" (id, "companyId", "ownerType", "ownerId", name, "storageKey", "mimeType", size, "createdAt")
SELECT pg_temp.sid('att:notice:' || k), ${cid}, 'notice', pg_temp.sid('notice:' || k), 'notice-' || k || '.pdf',
  'scale/notice-' || k || '.pdf', 'application/pdf', 20000 + k, pg_temp.at(${today} - pg_temp.age(k, 51) - 1, k)
FROM generate_series(50, ${SCALE.notices}, 100) k
WHERE (SELECT count(*) FROM notices) > 0`,
    },
    {
      name: `scheduled tasks (${SCALE.scheduledTasks})`,
      sql: `
INSERT INTO "ScheduledTask" (id, "companyId", "sectionType", title, detail, "formTemplateId", "taskOwnerEmployeeId",
  "assignForEmployeeId", "workplaceId", "branchId", frequency, "dueDate", "completedAt", "createdAt")
SELECT pg_temp.sid('sched:' || k), ${cid}, 'reminder'::"ScheduledSection",
  'Reminder: ' || (${TEMPLATES})[1 + k % 20], 'Scheduled work ' || k,
  NULL, pg_temp.emp(owner), CASE WHEN assignee IS NOT NULL THEN pg_temp.emp(assignee) END,
  ${place('k', 61)},
  (ARRAY['months', 'weeks', 'quarterly', 'years', 'days', 'halfYear'])[1 + k % 6]::"FrequencyUnit", due,
  CASE WHEN NOT pg_temp.isopen(due, pg_temp.rnd(k, 63), coalesce(assignee, owner) = 1) THEN pg_temp.at(least(due, ${today}), k) END,
  pg_temp.at(due - 30, k)
FROM (
  SELECT k, ${today} + 60 - floor(1885 * (1 - sqrt(pg_temp.rnd(k, 64))))::int AS due,
    CASE WHEN r < 0.10 THEN NULL WHEN r < 0.14 THEN 1 ELSE pg_temp.skew(k, 65) END AS assignee,
    CASE WHEN r < 0.02 THEN 1 ELSE 2 + floor(49 * pg_temp.rnd(k, 66))::int END AS owner
  FROM (SELECT k, pg_temp.rnd(k, 67) AS r FROM generate_series(1, ${SCALE.scheduledTasks}) k) g
) x`,
    },
    {
      name: `reviews (${SCALE.reviews})`,
      sql: `
INSERT INTO "Review" (id, "companyId", "itemType", "itemId", name, "reviewerEmployeeId", "coReviewerEmployeeId",
  "isCoReviewed", "dueDate", "completedAt", "createdAt")
SELECT pg_temp.sid('review:' || k), ${cid}, (ARRAY['document', 'riskRegister', 'hazardousRegister', 'obligation'])[1 + k % 4]::"ReviewItemType",
  CASE k % 4 WHEN 0 THEN pg_temp.doc(1 + k % ${SCALE.documents}) WHEN 1 THEN pg_temp.sid('risk:' || (1 + k % 100))
             WHEN 2 THEN pg_temp.sid('hazard:' || (1 + k % 100)) ELSE pg_temp.sid('obl:' || (1 + k % ${SCALE.obligations})) END,
  (ARRAY['Procedure', 'Risk', 'Substance', 'Obligation'])[1 + k % 4] || ' review ' || k,
  pg_temp.emp(reviewer), CASE WHEN k % 10 < 3 THEN pg_temp.emp(pg_temp.other(reviewer, k, 71)) END,
  k % 10 < 3 AND k % 2 = 0, due,
  CASE WHEN NOT pg_temp.isopen(due, pg_temp.rnd(k, 72), reviewer = 1) THEN pg_temp.at(least(due, ${today}), k) END,
  pg_temp.at(due - 45, k)
FROM (
  SELECT k, ${today} + 90 - floor(1915 * (1 - sqrt(pg_temp.rnd(k, 73))))::int AS due,
    CASE WHEN pg_temp.rnd(k, 74) < 0.05 THEN 1 ELSE pg_temp.skew(k, 75) END AS reviewer
  FROM generate_series(1, ${SCALE.reviews}) k
) x`,
    },
    {
      name: `HR assignments (${SCALE.hrAssignments})`,
      sql: `
INSERT INTO "HrFormAssignment" (id, "companyId", "formTemplateId", "sectionType", "employeeId", "reviewerEmployeeId",
  status, "dueDate", "closedAt", "createdAt")
SELECT pg_temp.sid('hr:' || k), ${cid}, pg_temp.tpl(21 + k % 4),
  (CASE WHEN k % 10 < 7 THEN 'hrAssessment' ELSE 'hrReviewer' END)::"HrSectionType",
  pg_temp.emp(employee), pg_temp.emp(reviewer), status::"AssignmentStatus", due,
  CASE WHEN status = 'closed' THEN pg_temp.at(least(due, ${today}), k) END, pg_temp.at(due - 21, k)
FROM (
  SELECT *, CASE WHEN pg_temp.isopen(due, pg_temp.rnd(k, 81), employee = 1 OR reviewer = 1)
                 THEN CASE WHEN pg_temp.rnd(k, 82) < 0.6 THEN 'assigned' ELSE 'submitted' END
                 WHEN k % 7 = 0 THEN 'reviewed' ELSE 'closed' END AS status
  FROM (
    SELECT k, ${today} + 30 - floor(1855 * (1 - sqrt(pg_temp.rnd(k, 83))))::int AS due,
      CASE WHEN pg_temp.rnd(k, 84) < 0.03 THEN 1 ELSE pg_temp.skew(k, 85) END AS employee,
      CASE WHEN pg_temp.rnd(k, 86) < 0.03 THEN 1 ELSE pg_temp.skew(k, 87) END AS reviewer0
    FROM generate_series(1, ${SCALE.hrAssignments}) k
  ) g
  CROSS JOIN LATERAL (SELECT CASE WHEN reviewer0 = employee THEN pg_temp.other(employee, k, 88) ELSE reviewer0 END AS reviewer) r
) x`,
    },
  ];
}
