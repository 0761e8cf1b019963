import {
  reportRolesCall,
  savedReportDeleteCall,
  savedReportDetailsCall,
  savedReportListCall,
  savedReportSaveCall,
} from '@compass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';

export const savedReportKeys = {
  all: ['savedReports'] as const,
  list: ['savedReports', 'list'] as const,
  details: (id: string) => ['savedReports', 'details', id] as const,
  roles: ['savedReports', 'roles'] as const,
};

/** The caller's saved reports and those shared with their role. */
export function useSavedReports() {
  return useQuery({
    queryKey: savedReportKeys.list,
    queryFn: async () => (await callApi(savedReportListCall, {})).rows,
  });
}

export function useSavedReport(id: string) {
  return useQuery({
    queryKey: savedReportKeys.details(id),
    queryFn: () => callApi(savedReportDetailsCall, { query: { _id: id } }),
    retry: false,
  });
}

/** The roles a saved report may be shared with; asked when the save dialog opens. */
export function useReportRoles() {
  return useQuery({
    queryKey: savedReportKeys.roles,
    queryFn: async () => (await callApi(reportRolesCall, {})).rows,
    staleTime: 5 * 60_000,
  });
}

/** Saves a new report or changes one: the list and that report's details are read again. */
export function useSaveReport(onSaved: (saved: { _id: string }) => void) {
  return useCall(savedReportSaveCall, { invalidate: [savedReportKeys.all], onSuccess: onSaved });
}

/** Deletes a saved report: the list is read again and its details forgotten (Back must not show it). */
export function useDeleteSavedReport(id: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useCall(savedReportDeleteCall, {
    invalidate: [savedReportKeys.list],
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: savedReportKeys.details(id) });
      onDeleted();
    },
  });
}
