import {
  assetListCall,
  displayDay,
  assetOptionName,
  assetOptionsCall,
  assetPickerSearchCall,
  maintenanceCompleteCall,
  maintenanceDetailsCall,
  maintenanceExportCall,
  maintenanceFilesAddCall,
  maintenanceMessages as say,
  type Call,
  type CallData,
  type CallInput,
  type TAssetPickerSearch,
  type TMaintenanceComplete,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { API_BASE, callApi, callUrl, sendCall } from '../../api/client';
import { changeLogKeys, dashboardKeys } from '../../api/queryKeys';
import type { PickerPage } from '../../components/SearchPicker';

export const assetMaintenanceKeys = {
  all: ['assetMaintenance'] as const,
  work: ['assetMaintenance', 'work'] as const,
  plans: ['assetMaintenance', 'plans'] as const,
  details: (id: string) => ['assetMaintenance', 'details', id] as const,
  picker: (kind: TAssetPickerSearch['kind'] | 'asset') => ['assetMaintenance', 'picker', kind] as const,
  options: ['assetMaintenance', 'options'] as const,
};

/**
 * The queries a maintenance write changes: this area's, the dashboards' work items, the change log
 * and the asset register (its next maintenance, its history). The register's prefix is the literal
 * `assetKeys.all` of features/assets: this area may not import that one (assets imports it).
 */
export const MAINTENANCE_WRITES = [
  assetMaintenanceKeys.all,
  dashboardKeys.all,
  changeLogKeys.all,
  ['assets'] as const,
];

/** Fetches again everything a maintenance write changes. */
export function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () => Promise.all(MAINTENANCE_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * A maintenance write (a plan saved or stopped, a record reassigned): the contract's message as the
 * toast, then everything it changes fetched again, then `onDone`.
 */
export function useMaintenanceWrite<C extends Call>(
  call: C,
  message: string,
  onDone?: (data: CallData<C>) => void,
) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (input: CallInput<C>) => callApi(call, input),
    onSuccess: async (data) => {
      toast.success(message);
      await refresh();
      onDone?.(data);
    },
  });
}

/** The register's categories (and workplaces) for the plan dialog. */
export function useAssetOptions(enabled = true) {
  return useQuery({
    queryKey: assetMaintenanceKeys.options,
    queryFn: () => callApi(assetOptionsCall, {}),
    enabled,
  });
}

/** Active employees, active supplier companies or form templates, a page at a time. */
export function pickerSearch(kind: TAssetPickerSearch['kind']) {
  return {
    queryKey: assetMaintenanceKeys.picker(kind),
    search: async (text: string, page: number): Promise<PickerPage> => {
      const found = await callApi(assetPickerSearchCall, { body: { kind, search: text, page } });
      return {
        options: found.options.map((option) => ({ value: option._id, label: option.name })),
        hasMore: found.hasMore,
      };
    },
  };
}

const ASSET_PAGE = 20;

/** The register's assets a plan can be for (a disposed one has no more maintenance). */
export const ASSET_PICKER = {
  queryKey: assetMaintenanceKeys.picker('asset'),
  search: async (text: string, page: number): Promise<PickerPage> => {
    const found = await callApi(assetListCall, { body: { search: text, page, pageSize: ASSET_PAGE } });
    return {
      options: found.rows
        .filter((row) => row.status !== 'disposed')
        .map((row) => ({ value: row._id, label: assetOptionName(row), detail: row.location || undefined })),
      hasMore: page * ASSET_PAGE < found.total,
    };
  },
};

/** The export of the filtered work list as CSV or XLSX. */
export function maintenanceExportUrl(query: Record<string, string>, format: 'csv' | 'xlsx') {
  return `${API_BASE}${callUrl(maintenanceExportCall, { query: { ...query, format } })}`;
}

/**
 * One record's page. It is read again when the window comes back into focus: a checklist form
 * filled in another tab then appears among the submissions to link.
 */
export function useMaintenanceDetails(id: string) {
  return useQuery({
    queryKey: assetMaintenanceKeys.details(id),
    queryFn: () => callApi(maintenanceDetailsCall, { body: { _id: id } }),
    refetchOnWindowFocus: true,
  });
}

/** Sends files to a record as one form (its id and the files). */
export async function addMaintenanceFiles(recordId: string, files: File[]) {
  const form = new FormData();
  form.append('_id', recordId);
  for (const file of files) form.append('files', file, file.name);
  await sendCall(maintenanceFilesAddCall, { form });
}

/**
 * Completes a record: the files chosen with it are uploaded first, so that a failed upload loses
 * nothing (the record stays open, the form keeps its values); `onUploaded` learns they are stored,
 * so trying again does not send them twice. The toast names the next due day of a planned one.
 */
export function useCompleteMaintenance(onDone: () => void) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async ({
      completion,
      files,
      onUploaded,
    }: {
      completion: TMaintenanceComplete;
      files: File[];
      onUploaded: () => void;
    }) => {
      if (files.length > 0) {
        await addMaintenanceFiles(completion._id, files);
        onUploaded();
      }
      return callApi(maintenanceCompleteCall, { body: completion });
    },
    onSuccess: ({ nextDueDate }) => {
      toast.success(nextDueDate ? say.completedNext(displayDay(nextDueDate)) : say.completed);
      onDone();
    },
    // After a failure too: files uploaded before a refused completion are listed as stored.
    onSettled: () => refresh(),
  });
}
