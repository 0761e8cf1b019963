import { privateInfoMessages as say, type TEmployeePrivateInfo } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bodiesSent,
  EMPLOYEE_ID,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { setAuthToken } from '../../lib/storage';
import { ProfilePage } from './ProfilePage';

const PROFILE = {
  _id: EMPLOYEE_ID,
  firstName: 'Alex',
  lastName: 'Morgan',
  employeeNumber: 'NW-1002',
  email: 'alex@acme.example',
  username: 'alex@acme.example',
  position: 'Safety Coordinator',
  workplace: 'Riverside Depot',
  branch: 'Warehouse',
  manager: 'Olivia Bennett',
};

const INFO: TEmployeePrivateInfo = {
  employeeId: EMPLOYEE_ID,
  dateOfBirth: '1988-04-12',
  address: '12 Quarry Lane',
  personalPhone: '0412 345 678',
  personalEmail: null,
  emergencyContacts: [{ name: 'Priya Morgan', relationship: 'Partner', phone: '0400 111 222' }],
  version: 3,
  updatedAt: '2026-11-20T03:00:00.000Z',
  updatedBy: 'Alex Morgan',
  mayEdit: true,
};

function open(info: TEmployeePrivateInfo, save = () => ok({ version: info.version + 1 }, say.saved)) {
  const fetchMock = mockFetch({
    'GET /api/permissions': () => ok(permissionsFixture()),
    'POST /api/employeeProfile': () => ok(PROFILE),
    'POST /api/employeePrivateInfo': () => ok(info),
    'POST /api/employeePrivateInfoSave': save,
  });
  const view = renderRoutes(
    [
      { path: '/human-resource/employee/edit/:employeeId', element: <ProfilePage /> },
      { path: '/human-resource/employees/:id', element: <p>HR’s employee page</p> },
    ],
    `/human-resource/employee/edit/${EMPLOYEE_ID}`,
  );
  return { fetchMock, ...view };
}

describe('ProfilePage', () => {
  beforeEach(() => setAuthToken('token'));

  it('shows the record HR keeps, read-only, and saves a changed emergency contact', async () => {
    const user = userEvent.setup();
    const { fetchMock } = open(INFO);
    const record = await screen.findByRole('region', { name: 'Your record' });
    expect(await within(record).findByText('Riverside Depot · Warehouse')).toBeInTheDocument();
    expect(within(record).getByText('NW-1002')).toBeInTheDocument();
    expect(within(record).queryByRole('textbox')).not.toBeInTheDocument();

    const contact = await screen.findByRole('group', { name: 'Emergency contact 1' });
    const phone = within(contact).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '0499 888 777');
    await user.click(screen.getByRole('button', { name: 'Save private information' }));

    expect(await screen.findByText(say.saved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/employeePrivateInfoSave')).toEqual([
      {
        employeeId: EMPLOYEE_ID,
        version: 3,
        dateOfBirth: '1988-04-12',
        address: '12 Quarry Lane',
        personalPhone: '0412 345 678',
        personalEmail: '',
        emergencyContacts: [{ name: 'Priya Morgan', relationship: 'Partner', phone: '0499 888 777' }],
      },
    ]);
  }, 20_000);

  it('checks the contacts before sending: a contact needs a phone, and three at most', async () => {
    const user = userEvent.setup();
    const { fetchMock } = open(INFO);
    await user.click(await screen.findByRole('button', { name: 'Add emergency contact' }));
    const second = screen.getByRole('group', { name: 'Emergency contact 2' });
    await user.type(within(second).getByLabelText('Name'), 'Tom Morgan');
    await user.click(screen.getByRole('button', { name: 'Save private information' }));
    expect(within(second).getByLabelText('Phone')).toHaveAccessibleDescription(say.contactPhoneRequired);
    expect(bodiesSent(fetchMock, '/api/employeePrivateInfoSave')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add emergency contact' }));
    expect(screen.queryByRole('button', { name: 'Add emergency contact' })).not.toBeInTheDocument();
  }, 20_000);

  it('without the right to change it, shows it read-only with the line saying HR keeps it', async () => {
    open({ ...INFO, mayEdit: false });
    expect(await screen.findByText(say.keptByHr)).toBeInTheDocument();
    expect(screen.getByText('12/04/1988')).toBeInTheDocument();
    expect(screen.getByText('Priya Morgan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save private information' })).not.toBeInTheDocument();
  });

  it('after someone else’s save, says so and offers to reload', async () => {
    const user = userEvent.setup();
    open(INFO, () => ({
      status: 409,
      body: envelope(null, 409, say.stale, { error_code: 'stale_version' }),
    }));
    await user.click(await screen.findByRole('button', { name: 'Save private information' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(say.stale);
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('someone else’s id leads to HR’s page of that employee', async () => {
    mockFetch({ 'GET /api/permissions': () => ok(permissionsFixture()) });
    renderRoutes(
      [
        { path: '/human-resource/employee/edit/:employeeId', element: <ProfilePage /> },
        { path: '/human-resource/employees/:id', element: <p>HR’s employee page</p> },
      ],
      `/human-resource/employee/edit/${testId(5)}`,
    );
    expect(await screen.findByText('HR’s employee page')).toBeInTheDocument();
  });
});
