export { assetMaintenanceArea } from './area';
export { assigneeOfCaller, openMaintenanceOfSql, recordVisible } from './policy';
export type { MaintenanceAssigneeOf } from './policy';
export {
  cancelAssetMaintenance,
  cancelCategoryMaintenance,
  openCorrectiveRecord,
  scheduleAssetPlans,
} from './schedule';
