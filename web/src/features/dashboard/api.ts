import {
  dashboardBarChartCall,
  dashboardPeriod,
  dashboardPieChartCall,
  noticeboardListCall,
  type DashboardPeriodKey,
  type TDashboardBarChartRequest,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
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
