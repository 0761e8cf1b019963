import {
  assetDetailsCall,
  assetHistoryCall,
  assetLabelCall,
  assetOptionsCall,
  assetPickerSearchCall,
  type AssetHistoryKind,
  type TAssetPickerSearch,
} from '@compass/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { changeLogKeys, dashboardKeys } from '../../api/queryKeys';
import type { PickerPage } from '../../components/SearchPicker';
import { assetMaintenanceKeys } from '../assetMaintenance';

export const assetKeys = {
  all: ['assets'] as const,
  options: ['assets', 'options'] as const,
  details: (id: string) => ['assets', 'details', id] as const,
  history: (id: string, kind: AssetHistoryKind | undefined) =>
    ['assets', 'history', id, kind ?? 'all'] as const,
  picker: (kind: TAssetPickerSearch['kind']) => ['assets', 'picker', kind] as const,
  label: (id: string) => ['assets', 'label', id] as const,
};

/** What a write to an asset changes: the register and the asset, the dashboard's work, the change log. */
export const ASSET_WRITES = [assetKeys.all, dashboardKeys.all, changeLogKeys.all];
/** A write that also moves maintenance (a fault, a status, a category): the Maintenance Register too. */
export const ASSET_MAINTENANCE_WRITES = [...ASSET_WRITES, assetMaintenanceKeys.all];

/** The register's categories and the organisation's workplaces with their branches. */
export function useAssetOptions() {
  return useQuery({
    queryKey: assetKeys.options,
    queryFn: () => callApi(assetOptionsCall, {}),
    staleTime: 60_000,
  });
}

export function useAssetDetails(id: string) {
  return useQuery({
    queryKey: assetKeys.details(id),
    queryFn: () => callApi(assetDetailsCall, { body: { _id: id } }),
    retry: false,
  });
}

/** An asset's history, newest first, a page more at each "Show more". */
export function useAssetHistory(assetId: string, kind: AssetHistoryKind | undefined) {
  return useInfiniteQuery({
    queryKey: assetKeys.history(assetId, kind),
    queryFn: ({ pageParam }) =>
      callApi(assetHistoryCall, { body: { assetId, ...(kind && { kind }), page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The register's pickers: active employees, active supplier companies or form templates by name. */
export function assetPickerSearch(kind: TAssetPickerSearch['kind']) {
  return (search: string, page: number): Promise<PickerPage> =>
    callApi(assetPickerSearchCall, { body: { kind, search, page } }).then((found) => ({
      options: found.options.map((option) => ({ value: option._id, label: option.name })),
      hasMore: found.hasMore,
    }));
}

/** What the QR label's public page shows of the asset (no sign-in). */
export function useAssetLabel(assetId: string) {
  return useQuery({
    queryKey: assetKeys.label(assetId),
    queryFn: () => callApi(assetLabelCall, { body: { assetId } }, { authRedirect: false }),
    retry: false,
    // The page says itself why the label cannot be opened.
    meta: { silent: true },
  });
}
