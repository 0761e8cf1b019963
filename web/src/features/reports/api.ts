import {
  branchesByWorkplaceCall,
  relatedOptionSearchCall,
  reportDataCall,
  reportOptionsCall,
  reportRecordsCall,
  type HoldsKeys,
  type ReportId,
  type TReportRecordsRequest,
  type TReportRequest,
} from '@compass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePermissions } from '../../api/auth';
import { callApi } from '../../api/client';
import type { PickerPage } from '../../components/SearchPicker';

export const reportKeys = {
  all: ['reports'] as const,
  data: (request: TReportRequest) => ['reports', 'data', request] as const,
  records: (request: TReportRecordsRequest) => ['reports', 'records', request] as const,
  options: (report: ReportId, personId?: string) => ['reports', 'options', report, personId ?? null] as const,
  branches: (workplaceId: string) => ['reports', 'branches', workplaceId] as const,
  people: ['reports', 'people'] as const,
};

/**
 * A page of a report's groups. The previous figures stay while new filters load, so the chart and
 * the table do not blink away; `enabled` is off while the filters are not valid (a custom period
 * without both months).
 */
export function useReportData(request: TReportRequest, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.data(request),
    queryFn: () => callApi(reportDataCall, { body: request }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A page of the records behind one figure (the drill-down); the next page loads under the current one. */
export function useReportRecords(request: TReportRecordsRequest) {
  return useQuery({
    queryKey: reportKeys.records(request),
    queryFn: () => callApi(reportRecordsCall, { body: request }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The choices of the report's category, template and company filters; with `personId`, also that
 * person's name (an address holds the id only: after a reload the filter still names them).
 */
export function useReportOptions(report: ReportId, enabled: boolean, personId?: string) {
  return useQuery({
    queryKey: reportKeys.options(report, personId),
    queryFn: () => callApi(reportOptionsCall, { query: { report, personId } }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The active branches of the chosen workplace (the Branch filter); none before a workplace is chosen. */
export function useReportBranches(workplaceId: string | undefined) {
  return useQuery({
    queryKey: reportKeys.branches(workplaceId ?? ''),
    queryFn: () => callApi(branchesByWorkplaceCall, { body: { workplace: workplaceId! } }),
    enabled: Boolean(workplaceId),
    staleTime: 5 * 60_000,
  });
}

/** The person filter's search: active employees by name, a page at a time. */
export async function searchReportPeople(search: string, page: number): Promise<PickerPage> {
  const found = await callApi(relatedOptionSearchCall, { body: { kind: 'employee', search, page } });
  return {
    options: found.options.map((option) => ({ value: option._id, label: option.name })),
    hasMore: found.hasMore,
  };
}

/** The caller's access keys as the catalogue's rule reads them (mayRunReport); null while the profile loads. */
export function useReportKeys(): HoldsKeys | null {
  const access = usePermissions().data?.access;
  return access ? { has: (key) => access[key] === 'yes' } : null;
}
