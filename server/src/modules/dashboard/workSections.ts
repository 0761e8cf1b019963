/** The employee's own work on the dashboard: scheduled tasks, HR forms, forms to coordinate, reviews. */
import {
  DASHBOARD_LIST_LIMIT,
  localDateOf,
  REVIEW_ITEM_TYPES,
  taskDueType,
  type TBadge,
  type TFormCoordinationItem,
  type THrFormItem,
  type TScheduledReviewItem,
  type TScheduledTaskItem,
} from '@compass/shared';
import {
  countOf,
  emptySection,
  formattedNumber,
  fullName,
  join,
  toSection,
  topItems,
  uuid,
  sql,
  yesNo,
  type Counted,
  type Query,
  type Section,
  type Source,
} from './sql';
import { timestampOf } from '../../db/reader';
import { COORDINATOR_PLAN, formCoordinationSources, scheduledTaskSources, type Scope } from './sources';
import { openStepsSql } from '../performanceReviews';

export async function scheduledTaskSection(query: Query, scope: Scope): Promise<Section<TScheduledTaskItem>> {
  const sources = scheduledTaskSources(scope.companyId, scope.employeeId, scope.opens);
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        sectionType: 'audit' | 'reminder';
        title: string;
        detail: string | null;
        assignFor: string | null;
        assignForName: string | null;
        formTemplate: string | null;
        formTemplateName: string | null;
        formSubmission: string | null;
        taskOwner: string | null;
        taskOwnerName: string | null;
        workplace: string | null;
        workplaceName: string | null;
        branch: string | null;
        branchName: string | null;
        frequency: string | null;
        dueDate: string;
        createdAt: string;
      }
    >
  >(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT t.id, t."sectionType", t.title, t.detail,
      t."assignFor", ${fullName('af')} AS "assignForName",
      t."formTemplate", ft.name AS "formTemplateName",
      t."formSubmission",
      t."taskOwner", ${fullName('ow')} AS "taskOwnerName",
      t.workplace, w.name AS "workplaceName", t.branch, b.name AS "branchName",
      t.frequency, to_char(i.due, 'YYYY-MM-DD') AS "dueDate", t."createdAt",
      ${countOf(sources)} AS total
    FROM top i
    -- A reminder (ScheduledTask) or an audit (Audit, its auditor the one it is for), as one shape.
    JOIN LATERAL (
      SELECT s.id, s."sectionType"::text AS "sectionType", s.title, s.detail,
        s."assignForEmployeeId" AS "assignFor", s."formTemplateId" AS "formTemplate",
        s."formSubmissionId" AS "formSubmission", s."taskOwnerEmployeeId" AS "taskOwner",
        s."workplaceId" AS workplace, s."branchId" AS branch, s.frequency::text AS frequency,
        s."createdAt", s."companyId"
      FROM "ScheduledTask" s WHERE i.kind = 'scheduled' AND s.id = i.id
      UNION ALL
      SELECT a.id, 'audit', a.name, NULL, a."ownerEmployeeId", a."templateId", NULL,
        a."createdByEmployeeId", a."workplaceId", a."branchId", a.frequency::text, a."createdAt", a."companyId"
      FROM "Audit" a WHERE i.kind = 'audit' AND a.id = i.id
    ) t ON true
    LEFT JOIN "Employee" af ON af.id = t."assignFor" AND af."companyId" = t."companyId"
    LEFT JOIN "Employee" ow ON ow.id = t."taskOwner" AND ow."companyId" = t."companyId"
    LEFT JOIN "FormTemplate" ft ON ft.id = t."formTemplate" AND ft."companyId" = t."companyId"
    LEFT JOIN "Workplace" w ON w.id = t.workplace AND w."companyId" = t."companyId"
    LEFT JOIN "Branch" b ON b.id = t.branch AND b."companyId" = t."companyId"
    ORDER BY i.due, i.kind, i.id`);
  return toSection(rows, (row) => ({
    _id: row.id!,
    sectionType: row.sectionType,
    title: row.title,
    detail: row.detail,
    assignFor: row.assignFor,
    assignForName: row.assignForName,
    assignTitle: row.title,
    assignDetails: row.detail,
    formTemplate: row.formTemplate,
    formTemplateName: row.formTemplateName,
    formSubmission: row.formSubmission,
    taskOwner: row.taskOwner,
    taskOwnerName: row.taskOwnerName,
    workplace: row.workplace,
    workplaceName: row.workplaceName,
    branch: row.branch,
    branchName: row.branchName,
    frequency: row.frequency,
    dueDate: row.dueDate,
    createdAt: localDateOf(timestampOf(row.createdAt), scope.timeZone),
    taskDueDateType: taskDueType(row.dueDate, scope.today),
    badge: 'Pending Completion',
  }));
}

/**
 * HR forms to fill in (assigned to the caller) and to review (submitted, caller reviews), and the
 * performance reviews whose open step is the caller's (performanceReviews' openStepsSql).
 */
export async function hrFormSection(query: Query, scope: Scope): Promise<Section<THrFormItem>> {
  const me = uuid(scope.employeeId);
  const sources: Source[] = [
    {
      kind: 'hr',
      from: sql`"HrFormAssignment" t`,
      where: sql`t."companyId" = ${uuid(scope.companyId)} AND t."sectionType" <> 'performanceReview' AND (
        (t."employeeId" = ${me} AND t.status = 'assigned')
        OR (t."reviewerEmployeeId" = ${me} AND t.status = 'submitted'))`,
      due: sql`t."dueDate"`,
    },
    {
      kind: 'review',
      from: sql`"PerformanceReview" t`,
      where: openStepsSql(scope.companyId, scope.employeeId),
      due: sql`t."dueDate"`,
    },
  ];
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        sectionType: 'hrAssessment' | 'hrReviewer' | 'performanceReview';
        asReviewer: boolean;
        formName: string;
        formId: string;
        employee: string;
        employeeName: string | null;
        reviewer: string | null;
        reviewerName: string | null;
        submissionId: string | null;
        status: string;
        createdAt: string;
        dueDate: string;
      }
    >
  >(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT t.id, t."sectionType", t."asReviewer", t."formName", t."formId",
      t."employeeId" AS employee, ${fullName('e')} AS "employeeName",
      t."reviewerEmployeeId" AS reviewer, ${fullName('r')} AS "reviewerName",
      t."submissionId", t.status, t."createdAt",
      to_char(i.due, 'YYYY-MM-DD') AS "dueDate",
      ${countOf(sources)} AS total
    FROM top i
    -- An HR form (its template names it) or a performance review (its own title, no template), as one shape.
    JOIN LATERAL (
      SELECT h.id, h."sectionType"::text AS "sectionType",
        NOT (h."employeeId" = ${me} AND h.status = 'assigned') AS "asReviewer",
        ft.name AS "formName", h."formTemplateId" AS "formId", h."employeeId", h."reviewerEmployeeId",
        h."submissionId", h.status::text AS status, h."createdAt", h."companyId"
      FROM "HrFormAssignment" h
      JOIN "FormTemplate" ft ON ft.id = h."formTemplateId" AND ft."companyId" = h."companyId"
      WHERE i.kind = 'hr' AND h.id = i.id
      UNION ALL
      SELECT p.id, 'performanceReview', p."employeeId" <> ${me}, p.title, p.id, p."employeeId",
        p."reviewerEmployeeId", NULL, p.status::text, p."createdAt", p."companyId"
      FROM "PerformanceReview" p WHERE i.kind = 'review' AND p.id = i.id
    ) t ON true
    LEFT JOIN "Employee" e ON e.id = t."employeeId" AND e."companyId" = t."companyId"
    LEFT JOIN "Employee" r ON r.id = t."reviewerEmployeeId" AND r."companyId" = t."companyId"
    ORDER BY i.due, i.kind, i.id`);
  // The wire keeps the contract's spellings (hrReviwer, formSumissionId: shared/src/contracts/dashboard.ts).
  return toSection(rows, (row) => {
    const review = row.sectionType === 'performanceReview';
    return {
      _id: row.id!,
      sectionType: review ? 'performanceReview' : row.asReviewer ? 'hrReviwer' : 'hrAssessment',
      formName: row.formName,
      formId: row.formId,
      employee: row.employee,
      employeeName: row.employeeName ?? '',
      reviewer: row.reviewer,
      reviewerName: row.reviewerName,
      formSumissionId: row.submissionId,
      // A review is 'assigned' at the self-assessment and 'submitted' after it.
      status: row.status === 'assigned' || row.status === 'selfAssessment' ? 'assigned' : 'submitted',
      createdAt: localDateOf(timestampOf(row.createdAt), scope.timeZone),
      dueDate: row.dueDate,
      taskDueDateType: taskDueType(row.dueDate, scope.today),
      badge: review
        ? REVIEW_BADGES[row.status]!
        : row.asReviewer
          ? 'Pending For Review'
          : 'Pending Completion',
    };
  });
}

/** A performance review's badge by its open step (docs/dashboard.md). */
const REVIEW_BADGES: Record<string, TBadge> = {
  selfAssessment: 'Assessment pending',
  managerAssessment: 'Pending For Review',
  signOff: 'Approval Pending',
};

export async function formCoordinationSection(
  query: Query,
  scope: Scope,
): Promise<Section<TFormCoordinationItem>> {
  const [source] = formCoordinationSources(scope.companyId, scope.employeeId);
  if (!source) return emptySection();
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        number: number | null;
        formTemplate: string;
        formTemplateId: string;
        formType: TFormCoordinationItem['formType'];
        formDescription: string;
        isDraft: boolean;
        formDate: string;
        workplaceName: string | null;
        branchName: string | null;
      }
    >
  >(
    sql`
    -- The coordinator join is the section's whole cost: computed once for the total and the page.
    WITH mine AS MATERIALIZED (
      SELECT t.id, ${source.due} AS due FROM ${source.from} WHERE ${source.where}),
    top AS (SELECT id, due FROM mine ORDER BY due, id LIMIT ${DASHBOARD_LIST_LIMIT})
    SELECT t.id, t.number, ft.name AS "formTemplate", t."templateId" AS "formTemplateId",
      t."formType"::text AS "formType", t."formDescription", t."isDraft",
      to_char(t."formDate", 'YYYY-MM-DD') AS "formDate", w.name AS "workplaceName", b.name AS "branchName",
      (SELECT count(*) FROM mine)::int AS total
    FROM top i
    JOIN "FormSubmission" t ON t.id = i.id
    JOIN "FormTemplate" ft ON ft.id = t."templateId" AND ft."companyId" = t."companyId"
    LEFT JOIN "Workplace" w ON w.id = t."workplaceId" AND w."companyId" = t."companyId"
    LEFT JOIN "Branch" b ON b.id = t."branchId" AND b."companyId" = t."companyId"
    ORDER BY i.due, i.id`,
    COORDINATOR_PLAN,
  );
  return toSection(rows, (row) => ({
    _id: row.id!,
    formSumissionId: row.id!,
    formatedNumber: formattedNumber(row.number),
    formTemplate: row.formTemplate,
    formTemplateId: row.formTemplateId,
    formType: row.formType,
    formDescription: row.formDescription,
    isDraft: yesNo(row.isDraft),
    formDate: row.formDate,
    workplaceName: row.workplaceName,
    branchName: row.branchName,
    taskDueDateType: taskDueType(row.formDate, scope.today),
    badge: row.isDraft ? 'Pending Completion' : 'Ready For Review',
  }));
}

/**
 * Open reviews the caller does: as reviewer, or as co-reviewer until they have co-reviewed; of the
 * registers whose review page serves the caller (its key: a role without the risk key is not
 * listed risk reviews it could not open).
 */
export async function scheduledReviewSection(
  query: Query,
  scope: Scope,
): Promise<Section<TScheduledReviewItem>> {
  const me = uuid(scope.employeeId);
  const registers = REVIEW_ITEM_TYPES.filter((type) => scope.opens(`scheduledReview.${type}`));
  if (registers.length === 0) return emptySection();
  const sources: Source[] = [
    {
      kind: 'review',
      from: sql`"Review" t`,
      where: sql`t."companyId" = ${uuid(scope.companyId)} AND t."completedAt" IS NULL
        AND t."itemType"::text IN (${join(registers)}) AND (
        t."reviewerEmployeeId" = ${me} OR (t."coReviewerEmployeeId" = ${me} AND t."isCoReviewed" = false))`,
      due: sql`t."dueDate"`,
    },
  ];
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        name: string;
        itemType: TScheduledReviewItem['sectionType'];
        itemId: string;
        asReviewer: boolean;
        hasCoReviewer: boolean;
        isCoReviewed: boolean;
        reviewerName: string | null;
        dueDate: string;
        createdAt: string;
      }
    >
  >(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT t.id, t.name, t."itemType"::text AS "itemType", t."itemId",
      t."reviewerEmployeeId" = ${me} AS "asReviewer",
      t."coReviewerEmployeeId" IS NOT NULL AS "hasCoReviewer", t."isCoReviewed",
      ${fullName('r')} AS "reviewerName", to_char(t."dueDate", 'YYYY-MM-DD') AS "dueDate", t."createdAt",
      ${countOf(sources)} AS total
    FROM top i
    JOIN "Review" t ON t.id = i.id
    LEFT JOIN "Employee" r ON r.id = t."reviewerEmployeeId" AND r."companyId" = t."companyId"
    ORDER BY i.due, i.id`);
  return toSection(rows, (row) => {
    let badge: TBadge = 'Pending For Review';
    if (row.asReviewer && row.hasCoReviewer && !row.isCoReviewed) badge = 'Pending For Review by co-Reviewer';
    return {
      _id: row.id!,
      name: row.name,
      sectionType: row.itemType,
      itemId: row.itemId,
      actionType: row.asReviewer ? 'review' : 'coReview',
      actionBy: row.reviewerName ?? '',
      isCoReviewed: yesNo(row.isCoReviewed),
      dueDate: row.dueDate,
      createdAt: localDateOf(timestampOf(row.createdAt), scope.timeZone),
      taskDueDateType: taskDueType(row.dueDate, scope.today),
      badge,
    };
  });
}
