import { dashboardListCall, dashboardSupplierListCall, type TPermissions } from '@compass/shared';
import { queryOptions } from '@tanstack/react-query';
import { isEmployee, permissionsQuery } from '../../api/auth';
import { callApi } from '../../api/client';
import { dashboardKeys } from '../../api/queryKeys';
import { queryClient } from '../../api/queryClient';
import { browserTimeZone } from '../../lib/timeZone';
import { getAuthToken, lastDashboardWasEmployees, rememberDashboard } from '../../lib/storage';

export { dashboardKeys };

// The dashboard route's loader and what it reads, apart from the page: the router imports this
// module with the entry, so the first list is asked for as soon as the permission profile is known,
// while the page's own code still downloads (docs/performance.md, "The dashboard page").

/** POST /api/dashboardList: the employee's My Tasks sections (the hook and the route's loader). */
export const dashboardListQuery = queryOptions({
  queryKey: dashboardKeys.list,
  queryFn: () => callApi(dashboardListCall, { body: { localTimeZone: browserTimeZone() } }),
});

/** POST /api/dashboardSupplierList: the supplier sections (also asked for employees). */
export function supplierListQuery(silent: boolean) {
  return queryOptions({
    // For employees the supplier sections are extra: a failure there is not worth a toast.
    meta: { silent },
    queryKey: dashboardKeys.supplierList,
    queryFn: () => callApi(dashboardSupplierListCall, { body: { localTimeZone: browserTimeZone() } }),
  });
}

/** What the signed-in user may load (000 section 6). */
export function dashboardAccess(permissions: TPermissions) {
  const forced = permissions.isForceUpdatePassword === 'yes';
  const employee = isEmployee(permissions);
  const portal = permissions.access.supplierPortal === 'yes' || permissions.access.supplierAccess === 'yes';
  return {
    forced,
    employee,
    /** Suppliers (and company users) only through an enabled supplier portal. */
    portalDisabled: !employee && !portal,
    canLoad: !forced && (employee || portal),
    /** The bar chart is for non-suppliers only. */
    showBarChart: permissions.userType !== 'supplier',
  };
}

/**
 * The route's loader: when nothing is cached yet the page waits for its first list (asked for as
 * soon as the permission profile is known, while the code still downloads), so it opens filled in
 * instead of as skeletons that grow and push the sections below down the screen. A later visit
 * shows what is cached at once and refreshes it, as before. Loader fetches are silent: a failure
 * is shown by the page, which asks again.
 */
export async function loadDashboard(): Promise<null> {
  if (!getAuthToken()) return null;
  // A fresh page load of an employee's dashboard: the list goes out with the profile, not one round
  // trip after it (docs/performance.md, "The dashboard page").
  if (lastDashboardWasEmployees() && !queryClient.getQueryData(permissionsQuery.queryKey))
    void queryClient.prefetchQuery({ ...dashboardListQuery, meta: { silent: true } });
  try {
    const access = dashboardAccess(
      await queryClient.ensureQueryData({ ...permissionsQuery, meta: { silent: true } }),
    );
    rememberDashboard(access.canLoad && access.employee);
    if (!access.canLoad) return null;
    if (access.employee) {
      void queryClient.prefetchQuery(supplierListQuery(true));
      await queryClient.ensureQueryData({ ...dashboardListQuery, meta: { silent: true } });
    } else {
      await queryClient.ensureQueryData(supplierListQuery(true));
    }
  } catch {
    // The page shows the failure.
  }
  return null;
}
