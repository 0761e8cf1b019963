/**
 * Planned and corrective maintenance of the Asset Register (docs/assets.md): the asset page's plans
 * card and the query keys the assets area invalidates after its writes (a fault's corrective work).
 */
export { assetMaintenanceKeys } from './api';
export { MaintenancePlansCard } from './MaintenancePlansCard';
