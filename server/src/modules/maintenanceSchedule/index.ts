export {
  cancelAssetMaintenance,
  cancelCategoryMaintenance,
  followAssetChange,
  insertPlanRecords,
  scheduleAssetPlans,
  type AssetChange,
} from './schedule';
