export { assetMaintenanceArea } from './area';
export { assigneeOfCaller, openMaintenanceOfSql, recordVisible } from './policy';
export type { MaintenanceAssigneeOf } from './policy';
export { openCorrectiveRecord } from './schedule';
