import { ACCESS_KEYS, administrationMessages, privateInfoMessages } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  accessMap,
  bodiesSent,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { setAuthToken } from '../../lib/storage';
import { EmployeeEditPage } from './EmployeeEditPage';

const ALL_BUT_SYSTEM = accessMap({ system: 'no' });
const ROLES = [
  {
    _id: testId(1),
    name: 'Administrator',
    access: [...ACCESS_KEYS],
    restricted: [],
  },
  { _id: testId(2), name: 'Coordinator', access: ['formSubmission', 'hrEmployee'], restricted: [] },
];
const DETAILS = {
  _id: testId(9),
  firstName: 'Olivia',
  lastName: 'Bennett',
  email: 'olivia@northwind.example',
  username: 'olivia.admin',
  employeeNumber: null,
  position: null,
  role: 'Administrator',
  workplace: null,
  manager: null,
  status: 'active',
  positionId: null,
  roleId: testId(1),
  workplaceId: null,
  branchId: null,
  managerEmployeeId: null,
  isSelf: false,
  mayManage: false,
};

function open(details: typeof DETAILS) {
  mockFetch({
    'GET /api/permissions': () => ok(permissionsFixture({ access: ALL_BUT_SYSTEM })),
    'POST /api/employeeFormOptions': () => ok({ positions: [], roles: ROLES, workplaces: [] }),
    'POST /api/employeeDetails': () => ok(details),
  });
  renderRoutes([{ path: '/employees/:id', element: <EmployeeEditPage /> }], `/employees/${details._id}`);
}

describe('EmployeeEditPage: nobody gives access they do not hold', () => {
  beforeEach(() => setAuthToken('token'));

  it('locks the role, e-mail, username and account of an employee who holds more', async () => {
    open(DETAILS);
    expect(await screen.findByText(administrationMessages.manageBeyondOwn)).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeDisabled();
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByLabelText('Role')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toBeEnabled();
  });

  it('offers only roles within the caller’s own access', async () => {
    open({ ...DETAILS, role: 'Coordinator', roleId: testId(2), mayManage: true });
    const role = await screen.findByLabelText('Role');
    expect(role).toBeEnabled();
    expect(
      within(role).getByRole('option', { name: 'Administrator (access you do not hold)' }),
    ).toBeDisabled();
    expect(within(role).getByRole('option', { name: 'Coordinator' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });
});

describe('EmployeeEditPage: the private information card', () => {
  beforeEach(() => setAuthToken('token'));

  const INFO = {
    employeeId: DETAILS._id,
    dateOfBirth: '1979-09-30',
    address: null,
    personalPhone: null,
    personalEmail: null,
    emergencyContacts: [{ name: 'Sam Bennett', relationship: null, phone: '0400 000 001' }],
    version: 1,
    updatedAt: null,
    updatedBy: null,
    mayEdit: true,
  };

  function openWith(access: typeof ALL_BUT_SYSTEM, privateInfo: () => ReturnType<typeof ok>) {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture({ access })),
      'POST /api/employeeFormOptions': () => ok({ positions: [], roles: ROLES, workplaces: [] }),
      'POST /api/employeeDetails': () => ok(DETAILS),
      'POST /api/employeePrivateInfo': privateInfo,
    });
    renderRoutes([{ path: '/employees/:id', element: <EmployeeEditPage /> }], `/employees/${DETAILS._id}`);
    return fetchMock;
  }

  it('shows HR with hrEmployeePrivateInfo the employee’s private information to change', async () => {
    openWith(ALL_BUT_SYSTEM, () => ok(INFO));
    const card = await screen.findByRole('region', { name: 'Private information' });
    expect(await within(card).findByDisplayValue('0400 000 001')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save private information' })).toBeInTheDocument();
  });

  it('does not ask for it without the key', async () => {
    const fetchMock = openWith(accessMap({ system: 'no', hrEmployeePrivateInfo: 'no' }), () => ok(INFO));
    expect(await screen.findByRole('heading', { name: 'Olivia Bennett' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Private information' })).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/employeePrivateInfo')).toEqual([]);
  });

  it('hides the card when the server refuses', async () => {
    const fetchMock = openWith(ALL_BUT_SYSTEM, () => ({
      status: 403,
      body: envelope(null, 403, privateInfoMessages.notYours),
    }));
    expect(await screen.findByRole('heading', { name: 'Olivia Bennett' })).toBeInTheDocument();
    await vi.waitFor(() => expect(bodiesSent(fetchMock, '/api/employeePrivateInfo')).toHaveLength(1));
    // Asked for, it shows loading until the refusal comes, then goes.
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Private information' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(privateInfoMessages.notYours)).not.toBeInTheDocument();
  });
});
