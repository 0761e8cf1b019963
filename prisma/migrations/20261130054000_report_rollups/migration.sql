-- Report rollups (docs/reports.md): the submissions' and actions' figures by month, read by the
-- reports instead of the big tables and brought up to date every 5 minutes (REFRESH … CONCURRENTLY,
-- modules/reports/rollups.ts, which needs each view's UNIQUE index). Months and "today" are the
-- organisation's (its time zone); states relative to today (overdue, age) are those of the refresh.

-- Submitted forms (no drafts, no HR forms) by form-date month, template and workplace: what a
-- report reads when filtered by a workplace or a template (a few thousand rows of one company).
-- A form closed before it was created (a clock's skew) took 0 days, as the live read counts it.
CREATE MATERIALIZED VIEW report_submission_cells AS
SELECT s."companyId", date_trunc('month', s."formDate")::date AS month, s."templateId", s."workplaceId",
       count(*) FILTER (WHERE NOT s."isClosed")::int AS open,
       count(*) FILTER (WHERE s."isClosed")::int AS closed,
       count(s."closedAt") FILTER (WHERE s."isClosed")::int AS timed,
       coalesce(sum(GREATEST(0, extract(epoch FROM s."closedAt" - s."createdAt") / 86400)) FILTER (WHERE s."isClosed"), 0)::float8 AS "closeDays"
FROM "FormSubmission" s
WHERE NOT s."isDraft" AND s."formType" <> 'hr'
GROUP BY 1, 2, 3, 4
WITH NO DATA;
CREATE UNIQUE INDEX report_submission_cells_key
  ON report_submission_cells ("companyId", month, "templateId", "workplaceId") NULLS NOT DISTINCT;
CREATE INDEX report_submission_cells_workplace ON report_submission_cells ("companyId", "workplaceId", month);
CREATE INDEX report_submission_cells_template ON report_submission_cells ("companyId", "templateId", month);

-- The same by month and template only (the template, status and month groupings unfiltered).
CREATE MATERIALIZED VIEW report_submission_templates AS
SELECT "companyId", month, "templateId", sum(open)::int AS open, sum(closed)::int AS closed,
       sum(timed)::int AS timed, sum("closeDays")::float8 AS "closeDays"
FROM report_submission_cells GROUP BY 1, 2, 3
WITH NO DATA;
CREATE UNIQUE INDEX report_submission_templates_key ON report_submission_templates ("companyId", month, "templateId");

-- And by month and workplace only (the workplace grouping unfiltered).
CREATE MATERIALIZED VIEW report_submission_workplaces AS
SELECT "companyId", month, "workplaceId", sum(open)::int AS open, sum(closed)::int AS closed,
       sum(timed)::int AS timed, sum("closeDays")::float8 AS "closeDays"
FROM report_submission_cells GROUP BY 1, 2, 3
WITH NO DATA;
CREATE UNIQUE INDEX report_submission_workplaces_key
  ON report_submission_workplaces ("companyId", month, "workplaceId") NULLS NOT DISTINCT;

-- The Action Register's actions (its general list: no HR actions; the sources and columns of
-- modules/actionRegister/statements.ts: a question task or a document action is assigned when
-- created, a document action completed when it has a completedOn) by assigned-on month, source,
-- employee assignee and age: age 0 for the completed, else the open action's bucket of days since it
-- was assigned (1: 0–7, 2: 8–30, 3: 31–90, 4: 91–365, 5: over a year). A month holds at most two
-- buckets, so the rows stay near one per assignee, source and month. An action completed on a day
-- before the one it was assigned on counts as completed the day it was assigned (0 days), as the
-- reports' live reads count it, never as a negative time.
CREATE MATERIALIZED VIEW report_action_cells AS
WITH t AS (
  SELECT "companyId", "isComplete", "completedOn", "dueDate", "assigneeEmployeeId",
         CASE WHEN "riskId" IS NOT NULL THEN 'risk'
              WHEN "hazardousSubstanceId" IS NOT NULL THEN 'hazardous'
              ELSE 'form' END AS source, "assignedOn"
  FROM "Action" WHERE NOT "isHr"
  UNION ALL
  SELECT "companyId", "isComplete", "completedOn", "dueDate", "assigneeEmployeeId", 'audit', "createdAt"
  FROM "AuditQuestionTask"
  UNION ALL
  SELECT "companyId", "isComplete", "completedOn", "dueDate", "assigneeEmployeeId", 'obligation', "createdAt"
  FROM "ObligationQuestionTask"
  UNION ALL
  SELECT "companyId", "completedOn" IS NOT NULL, "completedOn", "dueDate", "assigneeEmployeeId", 'document', "createdAt"
  FROM "DocumentAction"
), a AS (
  SELECT t."companyId", t."isComplete", t."completedOn", t."dueDate", t."assigneeEmployeeId", t.source,
         (t."assignedOn" AT TIME ZONE 'UTC' AT TIME ZONE c."timeZone")::date AS "assignedDay",
         (now() AT TIME ZONE c."timeZone")::date AS today
  FROM t JOIN "Company" c ON c.id = t."companyId"
)
SELECT "companyId", date_trunc('month', "assignedDay")::date AS month, source, "assigneeEmployeeId",
       (CASE WHEN "isComplete" THEN 0
             WHEN today - "assignedDay" <= 7 THEN 1
             WHEN today - "assignedDay" <= 30 THEN 2
             WHEN today - "assignedDay" <= 90 THEN 3
             WHEN today - "assignedDay" <= 365 THEN 4
             ELSE 5 END)::smallint AS age,
       count(*) FILTER (WHERE NOT "isComplete" AND "dueDate" >= today)::int AS open,
       count(*) FILTER (WHERE NOT "isComplete" AND "dueDate" < today)::int AS overdue,
       count(*) FILTER (WHERE "isComplete")::int AS closed,
       count("completedOn") FILTER (WHERE "isComplete")::int AS timed,
       coalesce(sum(GREATEST(0, "completedOn" - "assignedDay")) FILTER (WHERE "isComplete"), 0)::float8 AS "closeDays"
FROM a
GROUP BY 1, 2, 3, 4, 5
WITH NO DATA;
CREATE UNIQUE INDEX report_action_cells_key
  ON report_action_cells ("companyId", month, source, "assigneeEmployeeId", age) NULLS NOT DISTINCT;
CREATE INDEX report_action_cells_assignee ON report_action_cells ("companyId", "assigneeEmployeeId", month);

-- By month, source and age only (the source, age and month groupings).
CREATE MATERIALIZED VIEW report_action_months AS
SELECT "companyId", month, source, age, sum(open)::int AS open, sum(overdue)::int AS overdue,
       sum(closed)::int AS closed, sum(timed)::int AS timed, sum("closeDays")::float8 AS "closeDays"
FROM report_action_cells GROUP BY 1, 2, 3, 4
WITH NO DATA;
CREATE UNIQUE INDEX report_action_months_key ON report_action_months ("companyId", month, source, age);

-- By assignee and source over all time (the assignee grouping of "All time").
CREATE MATERIALIZED VIEW report_action_assignees AS
SELECT "companyId", "assigneeEmployeeId", source, sum(open)::int AS open, sum(overdue)::int AS overdue,
       sum(closed)::int AS closed, sum(timed)::int AS timed, sum("closeDays")::float8 AS "closeDays"
FROM report_action_cells GROUP BY 1, 2, 3
WITH NO DATA;
CREATE UNIQUE INDEX report_action_assignees_key
  ON report_action_assignees ("companyId", "assigneeEmployeeId", source) NULLS NOT DISTINCT;

-- By assignee and source over the periods of the presets that end this month (this month, last
-- month, the last 3 and 12 months, this year, last year), each as the months [from, until) of the
-- organisation's calendar at the refresh: the assignee grouping of a preset reads one period's
-- rows (a few thousand) instead of every assignee's months. A period not here (a custom one, or a
-- month just begun before the next refresh) is read from report_action_cells.
CREATE MATERIALIZED VIEW report_action_assignee_periods AS
WITH periods AS (
  SELECT DISTINCT c.id AS "companyId", p."from"::date AS "from", p."until"::date AS "until"
  FROM "Company" c
  CROSS JOIN LATERAL (SELECT date_trunc('month', now() AT TIME ZONE c."timeZone") AS m, date_trunc('year', now() AT TIME ZONE c."timeZone") AS y) now_
  CROSS JOIN LATERAL (VALUES
    (now_.m, now_.m + interval '1 month'),
    (now_.m - interval '1 month', now_.m),
    (now_.m - interval '2 months', now_.m + interval '1 month'),
    (now_.m - interval '11 months', now_.m + interval '1 month'),
    (now_.y, now_.m + interval '1 month'),
    (now_.y - interval '1 year', now_.y)) p("from", "until")
)
SELECT p."companyId", p."from", p."until", r."assigneeEmployeeId", r.source,
       sum(r.open)::int AS open, sum(r.overdue)::int AS overdue, sum(r.closed)::int AS closed,
       sum(r.timed)::int AS timed, sum(r."closeDays")::float8 AS "closeDays"
FROM periods p
JOIN report_action_cells r ON r."companyId" = p."companyId" AND r.month >= p."from" AND r.month < p."until"
GROUP BY 1, 2, 3, 4, 5
WITH NO DATA;
CREATE UNIQUE INDEX report_action_assignee_periods_key
  ON report_action_assignee_periods ("companyId", "from", "until", "assigneeEmployeeId", source) NULLS NOT DISTINCT;

-- The live reads of a filter the rollups lack (a recorder, a branch) and the drill-downs.
CREATE INDEX "FormSubmission_report_recorder_idx" ON "FormSubmission" ("companyId", "recordedByEmployeeId", "formDate")
  WHERE NOT "isDraft";
CREATE INDEX "FormSubmission_report_workplace_idx" ON "FormSubmission" ("companyId", "workplaceId", "formDate")
  WHERE NOT "isDraft";
CREATE INDEX "FormSubmission_report_branch_idx" ON "FormSubmission" ("companyId", "branchId", "formDate")
  WHERE NOT "isDraft";
CREATE INDEX "Action_report_assigned_idx" ON "Action" ("companyId", "assignedOn");
-- The drill-down of the actions without an employee assignee ("External personnel"), newest first:
-- no other index holds them in assigned-on order. The owners' ids are keys so that each source's
-- branch (a form's: neither a risk nor a substance; a risk's) is told apart in the index alone.
CREATE INDEX "Action_report_external_idx" ON "Action" ("companyId", "assignedOn", "riskId", "hazardousSubstanceId")
  WHERE "assigneeEmployeeId" IS NULL;
