import { maintenanceRecordPath, type TPermissions } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queryClient';
import { setAuthToken } from '../../lib/storage';
import {
  accessMap,
  mockFetch,
  ok,
  permissionsFixture,
  queryClient,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { DashboardPage } from './DashboardPage';
import { emptyDashboardList, emptySupplierList, maintenanceItem } from './dashboard.fixtures';

function renderDashboard(permissions: TPermissions) {
  setAuthToken('token-1');
  queryClient.setQueryData(queryKeys.permissions, permissions);
  return renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard');
}

const corrective = maintenanceItem({
  _id: testId(1003),
  title: 'Fault: brakes squeal',
  kind: 'corrective',
  assetName: 'Forklift FL-01',
  assetNumber: 'FL-01',
  workplaceName: null,
  taskDueDateType: 'due',
});

describe('the dashboards’ Maintenance section', () => {
  it('lists an employee’s maintenance with the asset, the title and the due marker, each opening its record', async () => {
    const list = emptyDashboardList();
    list.list.scheduledMaintenance = { total: 2, list: [maintenanceItem(), corrective] };
    mockFetch({
      'POST /api/dashboardList': () => ok(list),
      'POST /api/dashboardSupplierList': () => ok(emptySupplierList()),
      'POST /api/noticeboardList': () => ok({ total: 0, page: 1, pageSize: 20, list: [] }),
    });
    renderDashboard(permissionsFixture());
    const section = await screen.findByRole('region', { name: 'Maintenance' });
    const planned = await within(section).findByRole('link', { name: /Monthly service/ });
    expect(within(section).getByLabelText('2 items')).toBeInTheDocument();
    expect(planned).toHaveAttribute('href', maintenanceRecordPath(testId(1001)));
    expect(planned).toHaveTextContent('A-00001 Forklift');
    expect(planned).toHaveTextContent('Riverside Depot · Loading bay');
    expect(planned).toHaveTextContent('Overdue');
    expect(planned).toHaveTextContent('Pending Completion');
    // A name that holds the number is not repeated; a fault's work says so.
    const repair = within(section).getByRole('link', { name: /Fault: brakes squeal/ });
    expect(repair).toHaveTextContent('Forklift FL-01 · Fault repair · Loading bay');
    expect(repair).not.toHaveTextContent('FL-01 Forklift FL-01');
    expect(repair).toHaveTextContent('Due today');
    expect(repair).toHaveAttribute('href', maintenanceRecordPath(testId(1003)));
  });

  it('lists the supplier company’s maintenance in the portal', async () => {
    const supplierList = emptySupplierList();
    supplierList.scheduledMaintenance = { total: 1, list: [maintenanceItem()] };
    mockFetch({ 'POST /api/dashboardSupplierList': () => ok(supplierList) });
    renderDashboard(
      permissionsFixture({
        userType: 'supplier',
        employeeId: null,
        supplierId: testId(900),
        access: accessMap({ supplierPortal: 'yes' }),
      }),
    );
    const section = await screen.findByRole('region', { name: 'Maintenance' });
    expect(await within(section).findByRole('link', { name: /Monthly service/ })).toHaveAttribute(
      'href',
      maintenanceRecordPath(testId(1001)),
    );
  });

  it('says when there is no maintenance', async () => {
    mockFetch({
      'POST /api/dashboardList': () => ok(emptyDashboardList()),
      'POST /api/dashboardSupplierList': () => ok(emptySupplierList()),
      'POST /api/noticeboardList': () => ok({ total: 0, page: 1, pageSize: 20, list: [] }),
    });
    renderDashboard(permissionsFixture());
    const section = await screen.findByRole('region', { name: 'Maintenance' });
    expect(await within(section).findByText('Nothing here — you are all caught up.')).toBeInTheDocument();
  });
});
