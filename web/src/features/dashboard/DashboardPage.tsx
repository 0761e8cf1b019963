import { messages, type TPermissions, type WorkItemViewer } from '@compass/shared';
import { BarChart3, Building2, KeyRound, ListTodo } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../api/auth';
import { usePainted } from '../../lib/afterPaint';
import { usePageTitle } from '../../shell/pageTitle';
import { useDashboardList, useNoticeboard, useSupplierList } from './api';
import { dashboardAccess } from './loader';
import { EmployeeTasks, SupplierTasks } from './MyTasks';
import { PageSpinner } from '../../components/Spinner';
import { TabPanel, Tabs } from '../../components/Tabs';

// recharts is large: the charts module loads when the tab is first opened.
const OverviewCharts = lazy(async () => ({ default: (await import('./OverviewCharts')).OverviewCharts }));

type TabKey = 'tasks' | 'charts';
const TABS: Array<{ key: TabKey; label: string; Icon: typeof ListTodo }> = [
  { key: 'tasks', label: 'My Tasks', Icon: ListTodo },
  { key: 'charts', label: 'Overview Charts', Icon: BarChart3 },
];

function viewerOf(permissions: TPermissions, employee: boolean): WorkItemViewer {
  return {
    side: employee ? 'employee' : 'supplier',
    userId: permissions.userId,
    employeeId: permissions.employeeId,
    personnelId: permissions.personnelId,
  };
}

/** The two tabs and their panels; the charts' panel fills when first opened. */
function DashboardTabs({
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

  const employee = access.employee;
  const list = useDashboardList(access.canLoad && employee);
  const supplierList = useSupplierList(access.canLoad, employee);
  // The noticeboard is fetched after the dashboard list (000 section 7), once the sections have been
  // painted: it is below them, and its request would otherwise count towards their first paint.
  const painted = usePainted();
  const noticeboard = useNoticeboard(access.canLoad && employee && list.isSuccess && painted);
  const viewer = viewerOf(permissions, employee);

  function select(key: TabKey) {
    setActive(key);
    if (key === 'charts') setChartsOpened(true);
  }

  return (
    <div className="dashboard-tabs">
      <Tabs
        label="Dashboard"
        idBase={baseId}
        options={TABS.map(({ key, label, Icon }) => ({
          value: key,
          label: (
            <>
              <Icon size={16} aria-hidden="true" />
              {label}
            </>
          ),
        }))}
        current={active}
        onChange={select}
      />
      <TabPanel idBase={baseId} value="tasks" current={active}>
        {employee ? (
          <EmployeeTasks viewer={viewer} list={list} supplierList={supplierList} noticeboard={noticeboard} />
        ) : (
          <SupplierTasks viewer={viewer} supplierList={supplierList} />
        )}
      </TabPanel>
      <TabPanel idBase={baseId} value="charts" current={active}>
        {chartsOpened && (
          <Suspense fallback={<PageSpinner label="Loading the charts…" />}>
            <OverviewCharts showBarChart={access.showBarChart} supplierSide={!employee} />
          </Suspense>
        )}
      </TabPanel>
    </div>
  );
}

/** The home page: My Tasks and Overview Charts (000 section 2.2). */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { data: permissions } = usePermissions();
  if (!permissions) return null;
  const access = dashboardAccess(permissions);

  if (access.forced) {
    // Nothing loads while a forced password change is pending; the tab area is hidden. At the first
    // sign-in with the password the account was given, the user is welcomed instead.
    const welcome = permissions.isInitialPassword === 'yes';
    return (
      <section className="card state-panel" aria-labelledby="dashboard-forced-title">
        <span className={welcome ? 'state-icon' : 'state-icon state-icon-warning'}>
          <KeyRound size={24} aria-hidden="true" />
        </span>
        <h2 id="dashboard-forced-title">
          {welcome ? 'Choose your password to continue' : 'Change your password to continue'}
        </h2>
        <p>
          {welcome
            ? messages.dashboard.passwordChoiceRequired(permissions.companyName)
            : messages.dashboard.passwordChangeRequired}
        </p>
        <div className="state-actions">
          <Link to="/change-password" className="btn btn-primary">
            {welcome ? 'Choose password' : 'Change password'}
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

  return <DashboardTabs permissions={permissions} access={access} />;
}
