import {
  assignedActionDetailsCall,
  assignedActionSaveCall,
  dashboardBarChartCall,
  dashboardPeriod,
  dashboardPieChartCall,
  deleteAttachmentCall,
  noticeboardListCall,
  type DashboardPeriodKey,
  type TAssignedActionDetails,
  type TAssignedActionKind,
  type TAttachment,
  type TDashboardBarChartRequest,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { callApi, sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import { browserTimeZone } from '../../lib/timeZone';
import { dashboardKeys, dashboardListQuery, supplierListQuery } from './loader';

export { dashboardKeys };

/** How many notices the Noticeboard section asks for. */
export const NOTICEBOARD_PAGE_SIZE = 20;

export function useDashboardList(enabled: boolean) {
  return useQuery({ ...dashboardListQuery, enabled });
}

export function useSupplierList(enabled: boolean, silent = false) {
  return useQuery({ ...supplierListQuery(silent), enabled });
}

/** POST /api/noticeboardList, fetched once the dashboard list has arrived (000 section 7). */
export function useNoticeboard(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.noticeboard,
    queryFn: () =>
      callApi(noticeboardListCall, {
        body: { page: 1, pageSize: NOTICEBOARD_PAGE_SIZE, localTimeZone: browserTimeZone() },
      }),
    enabled,
  });
}

export function usePieChart(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.pie,
    queryFn: () => callApi(dashboardPieChartCall, { body: { localTimeZone: browserTimeZone() } }),
    enabled,
  });
}

export type BarChartType = 'assignAction' | 'companyOverview';

/**
 * The bar chart request: selectedDay and the zone, plus the client's own view of the range
 * (informative for the server, which recomputes it): today's first instant and the first instant
 * after it, and the period's first and last local day.
 */
export function barChartRequest(
  barChartType: BarChartType,
  selectedDay: DashboardPeriodKey,
  now: Date = new Date(),
  timeZone: string = browserTimeZone(),
): TDashboardBarChartRequest {
  const today = dashboardPeriod('today', now, timeZone);
  const period = dashboardPeriod(selectedDay, now, timeZone);
  return {
    barChartType,
    selectedDay,
    localTimeZone: timeZone,
    startToday: today.start.toISOString(),
    endToday: today.end.toISOString(),
    startDay: period.startDay,
    endDay: period.endDay,
  };
}

export function useBarChart(type: BarChartType, selectedDay: DashboardPeriodKey, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.bar(type, selectedDay),
    queryFn: () => callApi(dashboardBarChartCall, { body: barChartRequest(type, selectedDay) }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** An action's details as its dialog reads them: the dashboard's own, or the register's view of any action. */
export type ActionDetails = Omit<TAssignedActionDetails, 'sectionType'> & { mine?: boolean };

/** Where an action dialog's details come from when not the caller's own actions (the action register). */
export interface ActionDetailsSource {
  key: readonly unknown[];
  fetch: () => Promise<ActionDetails>;
}

const OWNER_TYPE = { audit: 'auditTask', obligation: 'obligationTask', form: 'action' } as const;

export const assignedActionKeys = {
  details: (kind: TAssignedActionKind, taskId: string) => ['assignedAction', kind, taskId] as const,
};

/** POST /api/assignedActionDetails (or the given source): one action of the dialog. */
export function useActionDetails(kind: TAssignedActionKind, taskId: string, load?: ActionDetailsSource) {
  return useQuery<ActionDetails>({
    queryKey: load?.key ?? assignedActionKeys.details(kind, taskId),
    queryFn:
      load?.fetch ?? (() => callApi(assignedActionDetailsCall, { body: { sectionType: kind, taskId } })),
  });
}

/** Save Draft or Complete (multipart, with the files): the dashboard and the action reload, then `onSaved`. */
export function useSaveAction(key: readonly unknown[], onSaved: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form }: { completeStatus: 'yes' | 'no'; form: FormData }) =>
      sendCall(assignedActionSaveCall, { form }),
    onSuccess: async (result) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      await queryClient.invalidateQueries({ queryKey: key });
      await onSaved();
    },
    onError: notifyError,
  });
}

/** Deletes a stored file of the action. */
export function useDeleteActionFile(kind: TAssignedActionKind, taskId: string, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: TAttachment) =>
      callApi(deleteAttachmentCall, { body: { fileType: OWNER_TYPE[kind], fileId: file._id, _id: taskId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: notifyError,
  });
}
