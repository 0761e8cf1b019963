import type {
  TDashboardListResponse,
  TDashboardSupplierListResponse,
  TMaintenanceItem,
} from '@compass/shared';
import { testId } from '../../../test/helpers';

const empty = () => ({ total: 0, list: [] });

/** An employee's dashboard list with every section empty. */
export function emptyDashboardList(): TDashboardListResponse {
  return {
    list: {
      scheduledTasks: empty(),
      hrForms: empty(),
      formCoordination: empty(),
      scheduledReviews: empty(),
      assignedActions: empty(),
      employeeOnlineTrainingAssessment: empty(),
      reviewOnlineTrainingAssessment: empty(),
      externalPartiesForms: empty(),
      scheduledMaintenance: empty(),
      myNoticeboard: empty(),
    },
    filePath: '/api/files/',
  };
}

/** The supplier portal's list with every section empty. */
export function emptySupplierList(): TDashboardSupplierListResponse {
  return {
    supplierReviewDocuments: empty(),
    personnelReviewDocuments: empty(),
    supplierAssessment: empty(),
    assignedActions: empty(),
    scheduledMaintenance: empty(),
  };
}

/** An asset's open maintenance as the dashboards list it. */
export function maintenanceItem(over: Partial<TMaintenanceItem> = {}): TMaintenanceItem {
  return {
    _id: testId(1001),
    assetId: testId(1002),
    assetNumber: 'A-00001',
    assetName: 'Forklift',
    title: 'Monthly service',
    kind: 'planned',
    location: 'Loading bay',
    workplaceName: 'Riverside Depot',
    dueDate: '2026-11-20',
    createdAt: '2026-11-01',
    taskDueDateType: 'overdue',
    badge: 'Pending Completion',
    ...over,
  };
}
