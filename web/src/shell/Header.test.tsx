import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, permissionsFixture, renderRoutes, USER_ID } from '../../test/helpers';
import { Header } from './Header';

const OTHER_ID = '44444444-4444-4444-8444-444444444444';
const SUPPLIER_ACCOUNT_ID = '55555555-5555-4555-8555-555555555555';
const account = (id: string, companyName: string, userType: 'employee' | 'supplier') => ({
  _id: id,
  email: `${id.slice(0, 4)}@example.com`,
  name: 'Alex Morgan',
  companyName,
  logo: null,
  userType,
});

function renderHeader(permissions = permissionsFixture()) {
  return renderRoutes(
    [
      {
        path: '*',
        element: <Header permissions={permissions} navCollapsed={false} onToggleNav={() => {}} />,
      },
      { path: '/dashboard', element: <p>Dashboard page</p> },
    ],
    '/somewhere',
  );
}

describe('Header', () => {
  it("shows the organisation's title above the page title", () => {
    renderHeader(permissionsFixture({ companyName: 'Harbour Logistics', HeaderTitle: 'Harbour Safety' }));
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Harbour Safety')).toHaveClass('app-header-organisation');
    expect(within(header).getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('disables the switch-account button without associated accounts', () => {
    renderHeader(permissionsFixture({ associatedEmployees: [], associatedExternalParties: [] }));
    expect(screen.getByRole('button', { name: /switch account/i })).toBeDisabled();
  });

  it('enables the switch-account button and lists the accounts with badges and the Logged In marker', async () => {
    mockFetch({
      [`GET /api/accounts/${USER_ID}`]: () =>
        ok({
          accounts: {
            employees: [
              account(USER_ID, 'Acme Manufacturing', 'employee'),
              account(OTHER_ID, 'Acme Logistics', 'employee'),
            ],
            externalParties: [account(SUPPLIER_ACCOUNT_ID, 'Northwind Contractors', 'supplier')],
          },
          loggedInUser: USER_ID,
        }),
    });
    renderHeader(
      permissionsFixture({ associatedEmployees: [account(OTHER_ID, 'Acme Logistics', 'employee')] }),
    );
    const button = screen.getByRole('button', { name: /switch account/i });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Switch account' });
    const list = await within(dialog).findByRole('list', { name: 'Accounts' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Logged In');
    expect(items[0]).toBeDisabled();
    expect(items[1]).toHaveTextContent('Acme Logistics');
    expect(items[1]).toHaveTextContent('Employee');
    expect(items[2]).toHaveTextContent('external party');
  });

  it('switches an employee to another account at once with the switch sign-in', async () => {
    const fetchMock = mockFetch({
      [`GET /api/accounts/${USER_ID}`]: () =>
        ok({
          accounts: {
            employees: [
              account(USER_ID, 'Acme', 'employee'),
              account(OTHER_ID, 'Acme Logistics', 'employee'),
            ],
            externalParties: [],
          },
          loggedInUser: USER_ID,
        }),
      [`GET /api/signIn/switch/${OTHER_ID}`]: () => ok({ authToken: 'switched-token' }),
      'GET /api/permissions': () => ok(permissionsFixture({ companyName: 'Acme Logistics' })),
    });
    renderHeader(
      permissionsFixture({ associatedEmployees: [account(OTHER_ID, 'Acme Logistics', 'employee')] }),
    );
    await userEvent.click(screen.getByRole('button', { name: /switch account/i }));
    await userEvent.click(await screen.findByRole('button', { name: /Acme Logistics/ }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('switched-token');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/permissions'))).toBe(true);
  });

  it('asks for the password first in external-party mode', async () => {
    const fetchMock = mockFetch({
      [`GET /api/accounts/${USER_ID}`]: () =>
        ok({
          accounts: {
            employees: [account(OTHER_ID, 'Acme', 'employee')],
            externalParties: [account(USER_ID, 'Northwind', 'supplier')],
          },
          loggedInUser: USER_ID,
        }),
      'POST /api/signIn': () =>
        ok({ _id: OTHER_ID, authToken: 'employee-token', hasAssociatedAccounts: true }),
      'GET /api/permissions': () => ok(permissionsFixture()),
    });
    renderHeader(
      permissionsFixture({
        userType: 'supplier',
        employeeId: null,
        supplierId: '66666666-6666-4666-8666-666666666666',
        associatedEmployees: [account(OTHER_ID, 'Acme', 'employee')],
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /switch account/i }));
    await user.click(await screen.findByRole('button', { name: /Acme, Employee/ }));
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(signIn).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Secret#1');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(signIn);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    const signInCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/signIn'));
    expect(JSON.parse(String(signInCall?.[1]?.body))).toEqual({
      username: `${OTHER_ID.slice(0, 4)}@example.com`,
      password: 'Secret#1',
      appType: 'web',
      externalParty: true,
    });
    expect(localStorage.getItem('authToken')).toBe('employee-token');
  });

  it('offers Profile, My Competency, Change Password and Logout to an employee', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: /profile menu/i }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      `/human-resource/employee/edit/${permissionsFixture().employeeId}`,
    );
    expect(within(menu).getByRole('menuitem', { name: 'My Competency' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'My clock-in QR code' })).toHaveAttribute(
      'href',
      '/my-clock-in-qr-code',
    );
    expect(within(menu).getByRole('menuitem', { name: 'My timesheet' })).toHaveAttribute(
      'href',
      '/timesheet',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/change-password',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('hides Change Password while a forced change is pending, and the employee items for suppliers', async () => {
    renderHeader(
      permissionsFixture({
        isForceUpdatePassword: 'yes',
        userType: 'supplier',
        employeeId: null,
        supplierId: 'x',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: /profile menu/i }));
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Change Password' })).not.toBeInTheDocument();
    // A supplier's Profile is its company's (000 section 2.5).
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/external-parties/company/edit/x',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'My Competency' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'My clock-in QR code' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'My timesheet' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });
});
