/** Online training assessments and the supplier forms and documents to provide or review. */
import {
  DASHBOARD_LIST_LIMIT,
  taskDueType,
  type TBadge,
  type TOnlineTrainingItem,
  type TSupplierItem,
} from '@compass/shared';
import {
  countOf,
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
import { supplierSources, type Scope, type SupplierPart } from './sources';

export async function onlineTrainingSection(
  query: Query,
  scope: Scope,
  role: 'employee' | 'reviewer',
): Promise<Section<TOnlineTrainingItem>> {
  const me = uuid(scope.employeeId);
  const who =
    role === 'employee'
      ? sql`t."employeeId" = ${me} AND t.status IN ('assigned', 'failed')`
      : sql`t."reviewerEmployeeId" = ${me} AND t.status = 'awaitingReview'`;
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
        submissionId: string | null;
        completeBy: string;
        expectationDuration: number;
        completedTestAttempt: number;
        noTestAttempt: number;
      }
    >
  >(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT t.id, c.name AS "formName", t."courseId" AS "formId",
      coalesce(t."employeeId", t."personnelId") AS employee,
      coalesce(${fullName('e')}, ${fullName('p')}) AS "employeeName", t."lastAttemptId" AS "submissionId",
      to_char(t."completeBy", 'YYYY-MM-DD') AS "completeBy", t."expectationDuration",
      t."completedTestAttempt", t."noTestAttempt",
      ${countOf(sources)} AS total
    FROM top i
    JOIN "OnlineTrainingAssignment" t ON t.id = i.id
    JOIN "TrainingCourse" c ON c.id = t."courseId" AND c."companyId" = t."companyId"
    LEFT JOIN "Employee" e ON e.id = t."employeeId" AND e."companyId" = t."companyId"
    -- A site induction's trainee is a supplier's person (its reviewer's item).
    LEFT JOIN "Personnel" p ON p.id = t."personnelId" AND p."companyId" = t."companyId"
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
      formSumissionId: row.submissionId,
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
        submissionId: string | null;
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
      sa."submissionId", COALESCE(sa.status::text, sr.status::text) AS status,
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
      formSumissionId: row.submissionId,
      status: row.status,
      dueDate: row.dueDate,
      expiryDate: row.expiryDate,
      taskDueDateType: taskDueType(row.dueDate, scope.today),
      badge,
    };
  });
}
