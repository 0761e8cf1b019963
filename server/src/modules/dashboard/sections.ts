/** The sections of dashboardList and dashboardSupplierList: each a page of items and its total. */
import {
  DASHBOARD_LIST_LIMIT,
  type TDashboardSections,
  type TDashboardSupplierListResponse,
  type TSupplierItem,
} from '@compass/shared';
import type { AuthContext } from '../../plugins/auth';
import { awaitingReviewBySql } from '../externalParties';
import { emptySection, sql, type Query } from './sql';
import { assignedActionSources, providerParts, type Provider, type Scope } from './sources';
import { notices } from './noticeboard';
import {
  scheduledTaskSection,
  hrFormSection,
  formCoordinationSection,
  scheduledReviewSection,
} from './workSections';
import { assignedActionSection } from './actionSection';
import { onlineTrainingSection, supplierItemSection } from './partySections';

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
      assignedActionSources(scope.companyId, { employeeId: scope.employeeId }, scope.opens),
    ),
    onlineTrainingSection(query, scope, 'employee'),
    onlineTrainingSection(query, scope, 'reviewer'),
    // Supplier forms to review. The documents to review are the supplier sections of
    // dashboardSupplierList, so no item is listed twice on the page.
    supplierItemSection(query, scope, [
      { kind: 'assignment', role: 'reviewer', where: awaitingReviewBySql(scope.employeeId) },
    ]),
    notices(query, scope, scope.today, scope.timeZone, DASHBOARD_LIST_LIMIT, 0),
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
    const review = awaitingReviewBySql(auth.employeeId);
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
