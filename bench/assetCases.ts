/**
 * The Asset Register and maintenance calls the API benchmark measures (issue 44; docs/assets.md), as
 * the register (scale.admin: plant): the register's first page, searched by number, the assets with
 * overdue maintenance, those out of service and the order by next maintenance; the asset with the
 * most records (its details, history and plans) and its latest done record; the Maintenance
 * Register's open work, done history, overdue work and the work of Scale Supplier 001; and that
 * supplier's portal dashboard (its Maintenance section). The busy employee's dashboard, with their
 * open maintenance, is the dashboardList case. Needs seed/scale/assets.ts.
 */
import type { Case } from './cases';

/** A POST case of the call its name starts with (`assetList: searched` calls /api/assetList). */
const call = (name: string, body: Case['body'] = () => ({}), who: Case['who'] = 'admin'): Case => {
  const path = `/api/${name.split(':')[0]}`;
  return { name, who, method: 'POST', path: () => path, body };
};

export const ASSET_CASES: Case[] = [
  call('assetList'),
  // Ten numbers hold "a-1234" (A-12340 to A-12349): the trigram index, not a scan of 20,000 assets.
  call('assetList: searched by number', () => ({ search: 'a-1234' })),
  call('assetList: overdue maintenance', () => ({ attention: 'overdue' })),
  call('assetList: out of service', () => ({ status: 'outOfService' })),
  call('assetList: by next maintenance', () => ({ sort: 'nextMaintenanceDue' })),
  call('assetDetails: the busiest asset', (ids) => ({ _id: ids.assetId })),
  call('assetHistory: the busiest asset', (ids) => ({ assetId: ids.assetId })),
  call('maintenancePlanList: the busiest asset', (ids) => ({ assetId: ids.assetId })),
  call('maintenanceList'),
  call('maintenanceList: done', () => ({ status: 'done' })),
  call('maintenanceList: overdue', () => ({ due: 'overdue' })),
  call('maintenanceList: one supplier company', (ids) => ({ assigneeSupplierId: ids.supplierId })),
  call('maintenanceDetails: a done record', (ids) => ({ _id: ids.maintenanceRecordId })),
  call('dashboardSupplierList: the supplier, with maintenance', () => ({ localTimeZone: 'UTC' }), 'supplier'),
];
