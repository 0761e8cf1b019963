/** The sections of dashboardList and dashboardSupplierList: each a page of items and its total. */
import {
  DASHBOARD_LIST_LIMIT,
  localDateOf,
  taskDueType,
  type TAssignedActionItem,
  type TBadge,
  type TDashboardSections,
  type TDashboardSupplierListResponse,
  type TFormCoordinationItem,
  type THrFormItem,
  type TOnlineTrainingItem,
  type TScheduledReviewItem,
  type TScheduledTaskItem,
  type TSupplierItem,
} from '@compass/shared';
import type { AuthContext } from '../../plugins/auth';
import {
  asDate,
  countOf,
  emptySection,
  formattedNumber,
  fullName,
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
import {
  assignedActionSources,
  COORDINATOR_PLAN,
  formCoordinationSources,
  providerParts,
  scheduledTaskSources,
  supplierSources,
  type Provider,
  type Scope,
  type SupplierPart,
} from './sources';
import { notices } from './noticeboard';

export async function sections(query: Query, scope: Scope): Promise<TDashboardSections> {
  const [
    scheduledTasks,
    hrForms,
    formCoordination,
    scheduledReviews,
    assignedActions,
    employeeOnlineTrainingAssessment,
    reviewOnlineTrainingAssessment,
    externalPartiesForms,
    myNoticeboard,
  ] = await Promise.all([
    scheduledTaskSection(query, scope),
    hrFormSection(query, scope),
    formCoordinationSection(query, scope),
    scheduledReviewSection(query, scope),
    assignedActionSection(
      query,
      scope,
      assignedActionSources(scope.companyId, { employeeId: scope.employeeId }),
    ),
    onlineTrainingSection(query, scope, 'employee'),
    onlineTrainingSection(query, scope, 'reviewer'),
    // Supplier forms to review. The documents to review are the supplier sections of
    // dashboardSupplierList, so no item is listed twice on the page.
    supplierItemSection(query, scope, [
      {
        kind: 'assignment',
        role: 'reviewer',
        where: sql`t."reviewerEmployeeId" = ${uuid(scope.employeeId)} AND t.status = 'submitted'`,
      },
    ]),
    notices(query, scope.companyId, scope.today, scope.timeZone, DASHBOARD_LIST_LIMIT, 0),
  ]);
  return {
    scheduledTasks,
    hrForms,
    formCoordination,
    scheduledReviews,
    assignedActions,
    employeeOnlineTrainingAssessment,
    reviewOnlineTrainingAssessment,
    externalPartiesForms,
    myNoticeboard,
  };
}

export async function scheduledTaskSection(query: Query, scope: Scope): Promise<Section<TScheduledTaskItem>> {
  const sources = scheduledTaskSources(scope.companyId, scope.employeeId);
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
    SELECT t.id, t."sectionType"::text AS "sectionType", t.title, t.detail,
      t."assignForEmployeeId" AS "assignFor", ${fullName('af')} AS "assignForName",
      t."formTemplateId" AS "formTemplate", ft.name AS "formTemplateName",
      t."formSubmissionId" AS "formSubmission",
      t."taskOwnerEmployeeId" AS "taskOwner", ${fullName('ow')} AS "taskOwnerName",
      t."workplaceId" AS workplace, w.name AS "workplaceName", t."branchId" AS branch, b.name AS "branchName",
      t.frequency::text AS frequency, to_char(t."dueDate", 'YYYY-MM-DD') AS "dueDate", t."createdAt",
      ${countOf(sources)} AS total
    FROM top i
    JOIN "ScheduledTask" t ON t.id = i.id
    LEFT JOIN "Employee" af ON af.id = t."assignForEmployeeId" AND af."companyId" = t."companyId"
    LEFT JOIN "Employee" ow ON ow.id = t."taskOwnerEmployeeId" AND ow."companyId" = t."companyId"
    LEFT JOIN "FormTemplate" ft ON ft.id = t."formTemplateId" AND ft."companyId" = t."companyId"
    LEFT JOIN "Workplace" w ON w.id = t."workplaceId" AND w."companyId" = t."companyId"
    LEFT JOIN "Branch" b ON b.id = t."branchId" AND b."companyId" = t."companyId"
    ORDER BY i.due, i.id`);
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
    createdAt: localDateOf(asDate(row.createdAt), scope.timeZone),
    taskDueDateType: taskDueType(row.dueDate, scope.today),
    badge: 'Pending Completion',
  }));
}

/** HR forms to fill in (assigned to the caller) and to review (submitted, caller reviews). */
export async function hrFormSection(query: Query, scope: Scope): Promise<Section<THrFormItem>> {
  const me = uuid(scope.employeeId);
  const sources: Source[] = [
    {
      kind: 'hr',
      from: sql`"HrFormAssignment" t`,
      where: sql`t."companyId" = ${uuid(scope.companyId)} AND (
        (t."employeeId" = ${me} AND t.status = 'assigned')
        OR (t."reviewerEmployeeId" = ${me} AND t.status = 'submitted'))`,
      due: sql`t."dueDate"`,
    },
  ];
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        sectionType: 'hrAssessment' | 'hrReviwer' | 'performanceReview';
        asReviewer: boolean;
        formName: string;
        formId: string;
        employee: string;
        employeeName: string | null;
        reviewer: string | null;
        reviewerName: string | null;
        formSumissionId: string | null;
        status: 'assigned' | 'submitted';
        createdAt: string;
        dueDate: string;
      }
    >
  >(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT t.id, t."sectionType"::text AS "sectionType",
      NOT (t."employeeId" = ${me} AND t.status = 'assigned') AS "asReviewer",
      ft.name AS "formName", t."formTemplateId" AS "formId",
      t."employeeId" AS employee, ${fullName('e')} AS "employeeName",
      t."reviewerEmployeeId" AS reviewer, ${fullName('r')} AS "reviewerName",
      t."submissionId" AS "formSumissionId", t.status::text AS status, t."createdAt",
      to_char(t."dueDate", 'YYYY-MM-DD') AS "dueDate",
      ${countOf(sources)} AS total
    FROM top i
    JOIN "HrFormAssignment" t ON t.id = i.id
    JOIN "FormTemplate" ft ON ft.id = t."formTemplateId" AND ft."companyId" = t."companyId"
    LEFT JOIN "Employee" e ON e.id = t."employeeId" AND e."companyId" = t."companyId"
    LEFT JOIN "Employee" r ON r.id = t."reviewerEmployeeId" AND r."companyId" = t."companyId"
    ORDER BY i.due, i.id`);
  return toSection(rows, (row) => ({
    _id: row.id!,
    sectionType:
      row.sectionType === 'performanceReview'
        ? 'performanceReview'
        : row.asReviewer
          ? 'hrReviwer'
          : 'hrAssessment',
    formName: row.formName,
    formId: row.formId,
    employee: row.employee,
    employeeName: row.employeeName ?? '',
    reviewer: row.reviewer,
    reviewerName: row.reviewerName,
    formSumissionId: row.formSumissionId,
    status: row.status,
    createdAt: localDateOf(asDate(row.createdAt), scope.timeZone),
    dueDate: row.dueDate,
    taskDueDateType: taskDueType(row.dueDate, scope.today),
    badge: row.asReviewer ? 'Pending For Review' : 'Pending Completion',
  }));
}

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

/** Open reviews the caller does: as reviewer, or as co-reviewer until they have co-reviewed. */
export async function scheduledReviewSection(
  query: Query,
  scope: Scope,
): Promise<Section<TScheduledReviewItem>> {
  const me = uuid(scope.employeeId);
  const sources: Source[] = [
    {
      kind: 'review',
      from: sql`"Review" t`,
      where: sql`t."companyId" = ${uuid(scope.companyId)} AND t."completedAt" IS NULL AND (
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
      createdAt: localDateOf(asDate(row.createdAt), scope.timeZone),
      taskDueDateType: taskDueType(row.dueDate, scope.today),
      badge,
    };
  });
}

export async function assignedActionSection(
  query: Query,
  scope: { today: string },
  sources: Source[],
): Promise<Section<TAssignedActionItem>> {
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        kind: 'form' | 'audit' | 'obligation' | 'acknowledgement' | 'approval';
        dueDate: string;
        instruction: string | null;
        question: string | null;
        response: string | null;
        auditId: string | null;
        auditName: string | null;
        obligationId: string | null;
        obligationName: string | null;
        documentId: string | null;
        documentName: string | null;
        submissionId: string | null;
        number: number | null;
        templateName: string | null;
        taskNumber: number | null;
      }
    >
  >(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT i.id, i.kind, to_char(i.due, 'YYYY-MM-DD') AS "dueDate",
      COALESCE(a.instruction, aq.instruction, oq.instruction) AS instruction,
      COALESCE(aq.question, oq.reference) AS question,
      COALESCE(a.response, aq.response, oq.response) AS response,
      au.id AS "auditId", au.name AS "auditName", ob.id AS "obligationId", ob.name AS "obligationName",
      d.id AS "documentId", d.name AS "documentName",
      s.id AS "submissionId", s.number, ft.name AS "templateName", a."taskNumber",
      ${countOf(sources)} AS total
    FROM top i
    LEFT JOIN "Action" a ON i.kind = 'form' AND a.id = i.id
    LEFT JOIN "FormSubmission" s ON s.id = a."submissionId" AND s."companyId" = a."companyId"
    LEFT JOIN "FormTemplate" ft ON ft.id = s."templateId" AND ft."companyId" = s."companyId"
    LEFT JOIN "AuditQuestionTask" aq ON i.kind = 'audit' AND aq.id = i.id
    LEFT JOIN "Audit" au ON au.id = aq."auditId" AND au."companyId" = aq."companyId"
    LEFT JOIN "ObligationQuestionTask" oq ON i.kind = 'obligation' AND oq.id = i.id
    LEFT JOIN "Obligation" ob ON ob.id = oq."obligationId" AND ob."companyId" = oq."companyId"
    LEFT JOIN "DocumentAcknowledgement" da ON i.kind = 'acknowledgement' AND da.id = i.id
    LEFT JOIN "DocumentApproval" dp ON i.kind = 'approval' AND dp.id = i.id
    LEFT JOIN "Document" d ON d.id = COALESCE(da."documentId", dp."documentId")
      AND d."companyId" = COALESCE(da."companyId", dp."companyId")
    ORDER BY i.due, i.kind, i.id`);
  return toSection(rows, (row) => toAssignedAction(row, scope.today));
}

export async function onlineTrainingSection(
  query: Query,
  scope: Scope,
  role: 'employee' | 'reviewer',
): Promise<Section<TOnlineTrainingItem>> {
  const me = uuid(scope.employeeId);
  const who =
    role === 'employee'
      ? sql`t."employeeId" = ${me} AND t.status = 'assigned'`
      : sql`t."reviewerEmployeeId" = ${me} AND t.status = 'submitted'`;
  const sources: Source[] = [
    {
      kind: 'training',
      from: sql`"OnlineTrainingAssignment" t`,
      where: sql`t."companyId" = ${uuid(scope.companyId)} AND ${who}`,
      due: sql`t."completeBy"`,
    },
  ];
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        formName: string;
        formId: string;
        employee: string;
        employeeName: string | null;
        formSumissionId: string | null;
        completeBy: string;
        expectationDuration: number;
        completedTestAttempt: number;
        noTestAttempt: number;
      }
    >
  >(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT t.id, ft.name AS "formName", t."formTemplateId" AS "formId",
      t."employeeId" AS employee, ${fullName('e')} AS "employeeName", t."submissionId" AS "formSumissionId",
      to_char(t."completeBy", 'YYYY-MM-DD') AS "completeBy", t."expectationDuration",
      t."completedTestAttempt", t."noTestAttempt",
      ${countOf(sources)} AS total
    FROM top i
    JOIN "OnlineTrainingAssignment" t ON t.id = i.id
    JOIN "FormTemplate" ft ON ft.id = t."formTemplateId" AND ft."companyId" = t."companyId"
    LEFT JOIN "Employee" e ON e.id = t."employeeId" AND e."companyId" = t."companyId"
    ORDER BY i.due, i.id`);
  return toSection(rows, (row) => {
    let action: TOnlineTrainingItem['action'] = 'review';
    if (role === 'employee') {
      if (row.completedTestAttempt === 0) action = 'attempt';
      else action = row.completedTestAttempt < row.noTestAttempt ? 'reTest' : 'view';
    }
    return {
      _id: row.id!,
      assignFormId: row.id!,
      formName: row.formName,
      formId: row.formId,
      employee: row.employee,
      employeeName: row.employeeName ?? '',
      formSumissionId: row.formSumissionId,
      completeBy: row.completeBy,
      expectationDuration: row.expectationDuration,
      completedTestAttempt: row.completedTestAttempt,
      noTestAttempt: row.noTestAttempt,
      action,
      isAttempted: yesNo(row.completedTestAttempt > 0),
      actionType: role,
      taskDueDateType: taskDueType(row.completeBy, scope.today),
      badge: role === 'employee' ? 'Assessment pending' : 'Ready For Review',
    };
  });
}

/**
 * Supplier items from supplier form assignments and document requirements. `role` is the
 * caller's side: the reviewer (an employee) or the external party that must provide it.
 */
export async function supplierItemSection(
  query: Query,
  scope: { companyId: string; today: string },
  parts: SupplierPart[],
): Promise<Section<TSupplierItem>> {
  const sources = supplierSources(scope.companyId, parts);
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        kind: string;
        companyId: string;
        companyName: string;
        supplier: string;
        supplierName: string;
        personnel: string | null;
        personnelName: string | null;
        documentTypeName: string | null;
        formName: string | null;
        formId: string | null;
        formSumissionId: string | null;
        status: TSupplierItem['status'];
        dueDate: string;
        expiryDate: string | null;
      }
    >
  >(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT i.id, i.kind, c.id AS "companyId", c.name AS "companyName",
      sc.id AS supplier, sc.name AS "supplierName", p.id AS personnel, ${fullName('p')} AS "personnelName",
      rt.name AS "documentTypeName", ft.name AS "formName", ft.id AS "formId",
      sa."submissionId" AS "formSumissionId", COALESCE(sa.status::text, sr.status::text) AS status,
      to_char(i.due, 'YYYY-MM-DD') AS "dueDate", to_char(sr."expiryDate", 'YYYY-MM-DD') AS "expiryDate",
      ${countOf(sources)} AS total
    FROM top i
    LEFT JOIN "SupplierAssignment" sa ON i.kind LIKE 'assignment:%' AND sa.id = i.id
    LEFT JOIN "SupplierRequirement" sr ON i.kind LIKE 'requirement:%' AND sr.id = i.id
    JOIN "Company" c ON c.id = COALESCE(sa."companyId", sr."companyId")
    JOIN "SupplierCompany" sc ON sc.id = COALESCE(sa."supplierId", sr."supplierId") AND sc."companyId" = c.id
    LEFT JOIN "Personnel" p ON p.id = COALESCE(sa."personnelId", sr."personnelId") AND p."companyId" = c.id
    LEFT JOIN "FormTemplate" ft ON ft.id = sa."formTemplateId" AND ft."companyId" = c.id
    LEFT JOIN "RequirementType" rt ON rt.id = sr."requirementTypeId" AND rt."companyId" = c.id
    ORDER BY i.due, i.kind, i.id`);
  return toSection(rows, (row) => {
    const [kind, role] = row.kind.split(':') as ['assignment' | 'requirement', 'reviewer' | 'provider'];
    let sectionType: TSupplierItem['sectionType'];
    if (kind === 'assignment') sectionType = role === 'reviewer' ? 'supplierReviwer' : 'supplierAssessment';
    else sectionType = row.personnel ? 'reviewUpcomingPersonnel' : 'reviewUpcomingSupplier';
    let badge: TBadge = 'Pending For Review';
    if (role === 'provider') badge = kind === 'assignment' ? 'Assessment pending' : 'Pending Completion';
    return {
      _id: row.id!,
      sectionType,
      companyId: row.companyId,
      companyName: row.companyName,
      supplier: row.supplier,
      supplierName: row.supplierName,
      personnel: row.personnel,
      personnelName: row.personnelName,
      documentTypeName: row.documentTypeName,
      formName: row.formName,
      formId: row.formId,
      formSumissionId: row.formSumissionId,
      status: row.status,
      dueDate: row.dueDate,
      expiryDate: row.expiryDate,
      taskDueDateType: taskDueType(row.dueDate, scope.today),
      badge,
    };
  });
}

export async function supplierSections(
  query: Query,
  auth: AuthContext,
  provider: Provider | null,
  today: string,
): Promise<TDashboardSupplierListResponse> {
  const base = { companyId: auth.companyId, today };
  const empty = (): TDashboardSupplierListResponse => ({
    supplierReviewDocuments: emptySection(),
    personnelReviewDocuments: emptySection(),
    supplierAssessment: emptySection(),
    assignedActions: emptySection(),
  });

  if (auth.userType === 'employee') {
    if (!auth.employeeId) return empty();
    // The documents they review. The supplier forms they review are dashboardList's External
    // Parties section, and their own actions its Assigned Actions: not repeated here.
    const review = sql`t."reviewerEmployeeId" = ${uuid(auth.employeeId)} AND t.status = 'submitted'`;
    const [supplierReviewDocuments, personnelReviewDocuments] = await Promise.all([
      supplierItemSection(query, base, [
        { kind: 'requirement', role: 'reviewer', where: sql`${review} AND t."personnelId" IS NULL` },
      ]),
      supplierItemSection(query, base, [
        { kind: 'requirement', role: 'reviewer', where: sql`${review} AND t."personnelId" IS NOT NULL` },
      ]),
    ]);
    return {
      supplierReviewDocuments,
      personnelReviewDocuments,
      supplierAssessment: emptySection(),
      assignedActions: emptySection(),
    };
  }

  if (!provider) return empty();
  const parts = providerParts(provider);
  const [supplierReviewDocuments, personnelReviewDocuments, supplierAssessment, assignedActions] =
    await Promise.all([
      parts.companyRequirements
        ? supplierItemSection(query, base, parts.companyRequirements)
        : Promise.resolve(emptySection<TSupplierItem>()),
      supplierItemSection(query, base, parts.personnelRequirements),
      supplierItemSection(query, base, parts.assignedForms),
      assignedActionSection(query, base, parts.assignedActions),
    ]);
  return { supplierReviewDocuments, personnelReviewDocuments, supplierAssessment, assignedActions };
}

export function emptySections(): TDashboardSections {
  return {
    scheduledTasks: emptySection(),
    hrForms: emptySection(),
    formCoordination: emptySection(),
    scheduledReviews: emptySection(),
    assignedActions: emptySection(),
    employeeOnlineTrainingAssessment: emptySection(),
    reviewOnlineTrainingAssessment: emptySection(),
    externalPartiesForms: emptySection(),
    myNoticeboard: emptySection(),
  };
}

export function toAssignedAction(
  row: {
    id: string | null;
    kind: 'form' | 'audit' | 'obligation' | 'acknowledgement' | 'approval';
    dueDate: string;
    instruction: string | null;
    question: string | null;
    response: string | null;
    auditId: string | null;
    auditName: string | null;
    obligationId: string | null;
    obligationName: string | null;
    documentId: string | null;
    documentName: string | null;
    submissionId: string | null;
    number: number | null;
    templateName: string | null;
    taskNumber: number | null;
  },
  today: string,
): TAssignedActionItem {
  const common = {
    _id: row.id!,
    taskID: row.id!,
    dueDate: row.dueDate,
    auditId: row.auditId,
    obligationId: row.obligationId,
    documentId: row.documentId,
    formSumissionId: row.submissionId,
    taskNumber: row.taskNumber,
    question: row.question,
    isDraft: yesNo(!!row.response),
    taskDueDateType: taskDueType(row.dueDate, today),
  };
  // Form tasks and audit / obligation questions differ only in what names them.
  const task = (sectionType: 'form' | 'audit' | 'obligation', itemName: string): TAssignedActionItem => ({
    ...common,
    sectionType,
    itemName,
    instructionShow: row.instruction ?? '',
    actionType: null,
    badge: 'Pending Completion',
  });
  switch (row.kind) {
    case 'form':
      return task('form', [formattedNumber(row.number), row.templateName].filter(Boolean).join(' '));
    case 'audit':
      return task('audit', row.auditName ?? '');
    case 'obligation':
      return task('obligation', row.obligationName ?? '');
    case 'acknowledgement':
      return {
        ...common,
        sectionType: 'document',
        itemName: row.documentName ?? '',
        instructionShow: 'Read and acknowledge this document.',
        actionType: 'document-assign',
        isDraft: 'no',
        badge: 'Pending Completion',
      };
    case 'approval':
      return {
        ...common,
        sectionType: 'document',
        itemName: row.documentName ?? '',
        instructionShow: 'Review this document and approve or reject it.',
        actionType: 'document-requestApprove',
        isDraft: 'no',
        badge: 'Approval Pending',
      };
  }
}
