import { messages, type TPermissions, type WorkItemViewer } from '@compass/shared';
import { BarChart3, Building2, KeyRound, ListTodo } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { isEmployee, permissionsQuery, usePermissions } from '../../api/auth';
import { queryClient } from '../../api/queryClient';
import { getAuthToken } from '../../lib/storage';
import { usePageTitle } from '../../shell/pageTitle';
import {
  dashboardListQuery,
  supplierListQuery,
  useDashboardList,
  useNoticeboard,
  useSupplierList,
} from './api';
import { EmployeeTasks, SupplierTasks } from './MyTasks';
import { PageSpinner } from '../../components/Spinner';

// recharts is large: the charts module loads when the tab is first opened.
const OverviewCharts = lazy(async () => ({ default: (await import('./OverviewCharts')).OverviewCharts }));

type TabKey = 'tasks' | 'charts';
const TABS: Array<{ key: TabKey; label: string; Icon: typeof ListTodo }> = [
  { key: 'tasks', label: 'My Tasks', Icon: ListTodo },
  { key: 'charts', label: 'Overview Charts', Icon: BarChart3 },
];

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

function viewerOf(permissions: TPermissions, employee: boolean): WorkItemViewer {
  return {
    side: employee ? 'employee' : 'supplier',
    userId: permissions.userId,
    employeeId: permissions.employeeId,
    personnelId: permissions.personnelId,
  };
}

function Tabs({
  permissions,
  access,
}: {
  permissions: TPermissions;
  access: ReturnType<typeof dashboardAccess>;
}) {
  const [active, setActive] = useState<TabKey>('tasks');
  // The charts load the first time their tab is opened, and stay loaded afterwards.
  const [chartsOpened, setChartsOpened] = useState(false);
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<TabKey, HTMLButtonElement | null>>>({});

  const employee = access.employee;
  const list = useDashboardList(access.canLoad && employee);
  const supplierList = useSupplierList(access.canLoad, employee);
  // The noticeboard is fetched after the dashboard list (000 section 7).
  const noticeboard = useNoticeboard(access.canLoad && employee && list.isSuccess);
  const viewer = viewerOf(permissions, employee);

  function select(key: TabKey) {
    setActive(key);
    if (key === 'charts') setChartsOpened(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.key === active);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    else return;
    event.preventDefault();
    const key = TABS[next]!.key;
    select(key);
    tabRefs.current[key]?.focus();
  }

  return (
    <div className="dashboard-tabs">
      <div className="tablist" role="tablist" aria-label="Dashboard" onKeyDown={onKeyDown}>
        {TABS.map(({ key, label, Icon }) => (
          <button
            key={key}
            ref={(node) => {
              tabRefs.current[key] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${key}`}
            aria-selected={active === key}
            aria-controls={`${baseId}-panel-${key}`}
            tabIndex={active === key ? 0 : -1}
            className="tab"
            onClick={() => select(key)}
          >
            <Icon size={16} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-tasks`}
        aria-labelledby={`${baseId}-tab-tasks`}
        hidden={active !== 'tasks'}
        className="tabpanel"
      >
        {employee ? (
          <EmployeeTasks viewer={viewer} list={list} supplierList={supplierList} noticeboard={noticeboard} />
        ) : (
          <SupplierTasks viewer={viewer} supplierList={supplierList} />
        )}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-charts`}
        aria-labelledby={`${baseId}-tab-charts`}
        hidden={active !== 'charts'}
        className="tabpanel"
      >
        {chartsOpened && (
          <Suspense fallback={<PageSpinner label="Loading the charts…" />}>
            <OverviewCharts showBarChart={access.showBarChart} supplierSide={!employee} />
          </Suspense>
        )}
      </div>
    </div>
  );
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
  try {
    const access = dashboardAccess(
      await queryClient.ensureQueryData({ ...permissionsQuery, meta: { silent: true } }),
    );
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

/** The home page: My Tasks and Overview Charts (000 section 2.2). */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { data: permissions } = usePermissions();
  if (!permissions) return null;
  const access = dashboardAccess(permissions);

  if (access.forced) {
    // Nothing loads while a forced password change is pending; the tab area is hidden.
    return (
      <section className="card state-panel" aria-labelledby="dashboard-forced-title">
        <span className="state-icon state-icon-warning">
          <KeyRound size={24} aria-hidden="true" />
        </span>
        <h2 id="dashboard-forced-title">Change your password to continue</h2>
        <p>{messages.dashboard.passwordChangeRequired}</p>
        <div className="state-actions">
          <Link to="/change-password" className="btn btn-primary">
            Change password
          </Link>
        </div>
      </section>
    );
  }

  if (access.portalDisabled) {
    return (
      <section className="card state-panel" aria-labelledby="dashboard-portal-title">
        <span className="state-icon">
          <Building2 size={24} aria-hidden="true" />
        </span>
        <h2 id="dashboard-portal-title">The supplier portal is not enabled</h2>
        <p>{messages.dashboard.supplierPortalDisabled}</p>
      </section>
    );
  }

  return <Tabs permissions={permissions} access={access} />;
}
