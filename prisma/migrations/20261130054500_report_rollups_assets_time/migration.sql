-- Report rollups of asset maintenance and timesheet hours (docs/reports.md): read by the reports
-- instead of 200k maintenance records and 500k clock-ins, brought up to date every 5 minutes
-- (REFRESH … CONCURRENTLY by modules/reports/rollups.ts, through each view's UNIQUE index). Days
-- are the organisation's (its time zone); "overdue" is that of the refresh's today.

-- Maintenance (cancelled left out) by due month and the asset's category and workplace: done on
-- time (completed on or before the due day), done late, open not yet due, overdue, and the cost.
CREATE MATERIALIZED VIEW report_maintenance_cells AS
SELECT m."companyId", date_trunc('month', m."dueDate")::date AS month, a."categoryId", a."workplaceId",
       count(*) FILTER (WHERE m.status = 'done' AND m."completedOn" <= m."dueDate")::int AS "onTime",
       count(*) FILTER (WHERE m.status = 'done' AND (m."completedOn" IS NULL OR m."completedOn" > m."dueDate"))::int AS late,
       count(*) FILTER (WHERE m.status = 'open' AND m."dueDate" >= (now() AT TIME ZONE c."timeZone")::date)::int AS open,
       count(*) FILTER (WHERE m.status = 'open' AND m."dueDate" < (now() AT TIME ZONE c."timeZone")::date)::int AS overdue,
       coalesce(sum(m.cost), 0)::numeric(14, 2) AS cost
FROM "MaintenanceRecord" m
JOIN "Asset" a ON a.id = m."assetId"
JOIN "Company" c ON c.id = m."companyId"
WHERE m.status <> 'cancelled'
GROUP BY 1, 2, 3, 4
WITH NO DATA;
CREATE UNIQUE INDEX report_maintenance_cells_key
  ON report_maintenance_cells ("companyId", month, "categoryId", "workplaceId") NULLS NOT DISTINCT;
CREATE INDEX report_maintenance_cells_workplace ON report_maintenance_cells ("companyId", "workplaceId", month);
CREATE INDEX report_maintenance_cells_category ON report_maintenance_cells ("companyId", "categoryId", month);

-- The same by month and category only, and by month and workplace only (the groupings unfiltered).
CREATE MATERIALIZED VIEW report_maintenance_categories AS
SELECT "companyId", month, "categoryId", sum("onTime")::int AS "onTime", sum(late)::int AS late,
       sum(open)::int AS open, sum(overdue)::int AS overdue, sum(cost)::numeric(14, 2) AS cost
FROM report_maintenance_cells GROUP BY 1, 2, 3
WITH NO DATA;
CREATE UNIQUE INDEX report_maintenance_categories_key
  ON report_maintenance_categories ("companyId", month, "categoryId") NULLS NOT DISTINCT;

CREATE MATERIALIZED VIEW report_maintenance_workplaces AS
SELECT "companyId", month, "workplaceId", sum("onTime")::int AS "onTime", sum(late)::int AS late,
       sum(open)::int AS open, sum(overdue)::int AS overdue, sum(cost)::numeric(14, 2) AS cost
FROM report_maintenance_cells GROUP BY 1, 2, 3
WITH NO DATA;
CREATE UNIQUE INDEX report_maintenance_workplaces_key
  ON report_maintenance_workplaces ("companyId", month, "workplaceId") NULLS NOT DISTINCT;

-- Closed clock-ins' hours (each entry's as entryHoursSql of modules/timesheets/week.ts rounds it)
-- by employee, week (its Monday), the month of the sign-in day and the clock-in's workplace; the
-- approved hours are those of weeks with a TimesheetApproval. A week across two months is two rows.
CREATE MATERIALIZED VIEW report_timesheet_cells AS
WITH r AS (
  SELECT t."companyId", t."employeeId", t."workplaceId",
         (t."signInAt" AT TIME ZONE 'UTC' AT TIME ZONE c."timeZone")::date AS day,
         floor((extract(epoch FROM t."signOutAt" - t."signInAt") * 1000)::float8 / 3600000 * 100 + 0.5) / 100 AS hours
  FROM "TimesheetRecord" t JOIN "Company" c ON c.id = t."companyId"
  WHERE t."signOutAt" IS NOT NULL
)
SELECT r."companyId", r."employeeId", date_trunc('week', r.day)::date AS "weekStart",
       date_trunc('month', r.day)::date AS month, r."workplaceId",
       sum(r.hours)::float8 AS hours,
       coalesce(sum(r.hours) FILTER (WHERE a.id IS NOT NULL), 0)::float8 AS "approvedHours"
FROM r
LEFT JOIN "TimesheetApproval" a ON a."companyId" = r."companyId" AND a."employeeId" = r."employeeId"
  AND a."weekStart" = date_trunc('week', r.day)::date
GROUP BY 1, 2, 3, 4, 5
WITH NO DATA;
CREATE UNIQUE INDEX report_timesheet_cells_key
  ON report_timesheet_cells ("companyId", "weekStart", month, "employeeId", "workplaceId") NULLS NOT DISTINCT;
CREATE INDEX report_timesheet_cells_employee ON report_timesheet_cells ("companyId", "employeeId", month);

-- By employee, month and workplace: the month, workplace and person groupings (a few rows per
-- employee and month, so "All time" by person stays small).
CREATE MATERIALIZED VIEW report_timesheet_people AS
SELECT "companyId", month, "workplaceId", "employeeId", sum(hours)::float8 AS hours,
       sum("approvedHours")::float8 AS "approvedHours"
FROM report_timesheet_cells GROUP BY 1, 2, 3, 4
WITH NO DATA;
CREATE UNIQUE INDEX report_timesheet_people_key
  ON report_timesheet_people ("companyId", month, "workplaceId", "employeeId") NULLS NOT DISTINCT;
CREATE INDEX report_timesheet_people_employee ON report_timesheet_people ("companyId", "employeeId", month);

-- By week, with the distinct people counted: per part of the week in one month (month set) and per
-- whole week (month null), each for one workplace and for all ("allWorkplaces"). A week inside the
-- period reads its whole row, a week across the period's edge the part within it: people exact.
CREATE MATERIALIZED VIEW report_timesheet_weeks AS
SELECT "companyId", "weekStart", month, "workplaceId", (GROUPING("workplaceId") = 1) AS "allWorkplaces",
       sum(hours)::float8 AS hours, sum("approvedHours")::float8 AS "approvedHours",
       count(DISTINCT "employeeId")::int AS people
FROM report_timesheet_cells
GROUP BY GROUPING SETS (("companyId", "weekStart", month, "workplaceId"), ("companyId", "weekStart", "workplaceId"),
                        ("companyId", "weekStart", month), ("companyId", "weekStart"))
WITH NO DATA;
CREATE UNIQUE INDEX report_timesheet_weeks_key
  ON report_timesheet_weeks ("companyId", "weekStart", month, "workplaceId", "allWorkplaces") NULLS NOT DISTINCT;

-- By month, people counted, for one workplace and for all.
CREATE MATERIALIZED VIEW report_timesheet_months AS
SELECT "companyId", month, "workplaceId", (GROUPING("workplaceId") = 1) AS "allWorkplaces",
       sum(hours)::float8 AS hours, sum("approvedHours")::float8 AS "approvedHours",
       count(DISTINCT "employeeId")::int AS people
FROM report_timesheet_people
GROUP BY GROUPING SETS (("companyId", month, "workplaceId"), ("companyId", month))
WITH NO DATA;
CREATE UNIQUE INDEX report_timesheet_months_key
  ON report_timesheet_months ("companyId", month, "workplaceId", "allWorkplaces") NULLS NOT DISTINCT;

-- The maintenance drill-down: a month's or a category's records, latest due first.
CREATE INDEX "MaintenanceRecord_report_due_idx" ON "MaintenanceRecord" ("companyId", "dueDate" DESC, id)
  WHERE status <> 'cancelled';
