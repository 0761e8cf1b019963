import type { TAssetDetails, TAssetHistoryEntry, TAssetOptions, TAssetRow } from '@compass/shared';
import { ok, testId } from '../../../test/helpers';

/** The assets' tests share: a forklift at the depot, its category, owner and workplace. */
export const ASSET = testId(1);
export const CATEGORY = { _id: testId(2), name: 'Forklifts' };
export const WORKPLACE = { _id: testId(3), name: 'Riverside Depot' };
export const BRANCH = { _id: testId(4), name: 'North Yard' };
export const OWNER = { _id: testId(5), name: 'Ethan Clarke' };
export const RECORD = testId(6);

export const OPTIONS: TAssetOptions = {
  categories: [CATEGORY],
  workplaces: [
    { ...WORKPLACE, branches: [BRANCH] },
    { _id: testId(7), name: 'Head Office', branches: [] },
  ],
};

export const assetRow = (over: Partial<TAssetRow> = {}): TAssetRow => ({
  _id: ASSET,
  number: 'FL-01',
  name: 'Forklift FL-01',
  category: CATEGORY.name,
  make: 'Toyota',
  model: '8FGU25',
  serialNumber: 'SN-1',
  workplace: WORKPLACE.name,
  branch: null,
  location: 'Bay 3',
  owner: OWNER.name,
  supplier: null,
  status: 'inService',
  nextMaintenanceDue: '2026-11-01',
  taskDueDateType: 'overdue',
  openFaults: 1,
  ...over,
});

export const assetDetails = (over: Partial<TAssetDetails> = {}): TAssetDetails => ({
  _id: ASSET,
  number: 'A-00001',
  name: 'Forklift',
  category: CATEGORY,
  make: 'Toyota',
  model: '8FGU25',
  serialNumber: 'SN-1',
  workplace: WORKPLACE,
  branch: BRANCH,
  location: 'Bay 3',
  owner: OWNER,
  supplier: null,
  purchaseDate: '2024-03-01',
  purchaseCost: '25000.00',
  status: 'inService',
  notes: '',
  nextMaintenanceDue: '2026-12-01',
  taskDueDateType: 'nodue',
  openFaults: 0,
  photos: [],
  documents: [
    { _id: testId(8), name: 'Manual.pdf', path: `/api/files/${testId(8)}`, fileType: 'pdf', size: 10 },
  ],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const historyEntry = (over: Partial<TAssetHistoryEntry> = {}): TAssetHistoryEntry => ({
  kind: 'maintenance',
  _id: RECORD,
  at: '2026-11-20',
  title: 'Monthly check',
  detail: null,
  by: 'Ethan Clarke',
  status: 'done',
  recordId: null,
  ...over,
});

/** What the asset page asks besides the asset: its plans (W2's card) and the register's options. */
export const assetPageMocks = {
  'POST /api/assetOptions': () => ok(OPTIONS),
  'POST /api/maintenancePlanList': () => ok({ rows: [], total: 0 }),
  'POST /api/assetPickerSearch': () => ok({ options: [OWNER], hasMore: false }),
};
