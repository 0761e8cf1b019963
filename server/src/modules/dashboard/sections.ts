/** The sections of dashboardList and dashboardSupplierList: each a page of items and its total. */
import {
  DASHBOARD_LIST_LIMIT,
  type TDashboardSections,
  type TDashboardSupplierListResponse,
  type TSupplierItem,
} from '@compass/shared';
import type { AuthContext } from '../../plugins/auth';
import { awaitingReviewBySql } from '../externalParties';
import { allSections, emptySection, sql, type Query } from './sql';
import { assignedActionSources, providerParts, type Provider, type Scope } from './sources';
import { notices } from './noticeboard';
import {
  scheduledTaskSection,
  hrFormSection,
  formCoordinationSection,
  scheduledReviewSection,
} from './workSections';
import { assignedActionSection } from './actionSection';
import { competencySection, withCompetencies } from './competencySection';
import { onlineTrainingSection, supplierItemSection } from './partySections';
import { maintenanceSection } from './maintenanceSection';
import { opensFor } from './openers';

export function sections(query: Query, scope: Scope): Promise<TDashboardSections> {
  return allSections<TDashboardSections>({
    scheduledTasks: scheduledTaskSection(query, scope),
    hrForms: hrFormSection(query, scope),
    formCoordination: formCoordinationSection(query, scope),
    scheduledReviews: withCompetencies(scheduledReviewSection(query, scope), competencySection(query, scope)),
    assignedActions: assignedActionSection(
      query,
      scope,
      assignedActionSources(scope.companyId, { employeeId: scope.employeeId }, scope.opens),
    ),
    employeeOnlineTrainingAssessment: onlineTrainingSection(query, scope, 'employee'),
    reviewOnlineTrainingAssessment: onlineTrainingSection(query, scope, 'reviewer'),
    // Supplier forms to review. The documents to review are the supplier sections of
    // dashboardSupplierList, so no item is listed twice on the page.
    externalPartiesForms: supplierItemSection(query, scope, [
      { kind: 'assignment', role: 'reviewer', where: awaitingReviewBySql(scope.employeeId) },
    ]),
    scheduledMaintenance: maintenanceSection(query, scope, { employeeId: scope.employeeId }),
    myNoticeboard: notices(query, scope, scope.today, scope.timeZone, DASHBOARD_LIST_LIMIT, 0),
  });
}

export async function supplierSections(
  query: Query,
  auth: AuthContext,
  provider: Provider | null,
  today: string,
  timeZone: string,
): Promise<TDashboardSupplierListResponse> {
  const base = { companyId: auth.companyId, today };
  const empty = (): TDashboardSupplierListResponse => ({
    supplierReviewDocuments: emptySection(),
    personnelReviewDocuments: emptySection(),
    supplierAssessment: emptySection(),
    assignedActions: emptySection(),
    scheduledMaintenance: emptySection(),
  });

  if (auth.userType === 'employee') {
    if (!auth.employeeId) return empty();
    // The documents they review. The supplier forms they review are dashboardList's External
    // Parties section, and their own actions its Assigned Actions: not repeated here.
    const review = awaitingReviewBySql(auth.employeeId);
    return allSections<TDashboardSupplierListResponse>({
      supplierReviewDocuments: supplierItemSection(query, base, [
        { kind: 'requirement', role: 'reviewer', where: sql`${review} AND t."personnelId" IS NULL` },
      ]),
      personnelReviewDocuments: supplierItemSection(query, base, [
        { kind: 'requirement', role: 'reviewer', where: sql`${review} AND t."personnelId" IS NOT NULL` },
      ]),
      supplierAssessment: Promise.resolve(emptySection()),
      assignedActions: Promise.resolve(emptySection()),
      // An employee's maintenance is dashboardList's Maintenance section.
      scheduledMaintenance: Promise.resolve(emptySection()),
    });
  }

  if (!provider) return empty();
  const parts = providerParts(provider);
  return allSections<TDashboardSupplierListResponse>({
    supplierReviewDocuments: parts.companyRequirements
      ? supplierItemSection(query, base, parts.companyRequirements)
      : Promise.resolve(emptySection<TSupplierItem>()),
    personnelReviewDocuments: supplierItemSection(query, base, parts.personnelRequirements),
    supplierAssessment: supplierItemSection(query, base, parts.assignedForms),
    // A company account's are its people's (assignedActions/assignees.ts): each row says whose.
    assignedActions: assignedActionSection(query, base, parts.assignedActions, {
      namesAssignee: provider.personnelId === null,
    }),
    // The supplier company's, for its account and its personnel alike.
    scheduledMaintenance: maintenanceSection(
      query,
      { ...base, timeZone, opens: opensFor(auth) },
      { supplierId: provider.supplierId },
    ),
  });
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
    scheduledMaintenance: emptySection(),
    myNoticeboard: emptySection(),
  };
}
