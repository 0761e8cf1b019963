import { ACCESS_KEYS, administrationMessages } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessMap, mockFetch, ok, permissionsFixture, renderRoutes, testId } from '../../../test/helpers';
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
