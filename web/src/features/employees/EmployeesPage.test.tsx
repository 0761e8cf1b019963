import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import { EmployeesPage } from './EmployeesPage';

const ROW = {
  _id: '55555555-5555-4555-8555-555555555555',
  firstName: 'Nina',
  lastName: 'Harbour',
  email: 'nina@example.com',
  username: 'nina',
  employeeNumber: null,
  position: 'Driver',
  role: 'Depot Staff',
  workplace: 'Harbour Depot',
  manager: null,
  status: 'invited',
};
const OPTIONS = { positions: [], roles: [], workplaces: [] };

// Typing and paging take a while on a busy machine.
describe('EmployeesPage', { timeout: 20_000 }, () => {
  it('lists a page of employees with their status, and searches through the address', async () => {
    const fetchMock = mockFetch({
      'POST /api/employeeList': () => ok({ rows: [ROW], total: 41 }),
      'POST /api/employeeFormOptions': () => ok(OPTIONS),
    });
    const { router } = renderRoutes([{ path: '/employees', element: <EmployeesPage /> }], '/employees');
    expect(await screen.findByRole('link', { name: 'Nina Harbour' })).toHaveAttribute(
      'href',
      `/human-resource/employees/${ROW._id}`,
    );
    expect(screen.getByRole('cell', { name: 'Invitation sent' })).toBeInTheDocument();
    expect(screen.getByText('1–20 of 41')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'nina{Enter}');
    expect(router.state.location.search).toBe('?search=nina');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?search=nina&page=2');
    expect(bodiesSent(fetchMock, '/api/employeeList').at(-1)).toMatchObject({
      page: 2,
      pageSize: 20,
      search: 'nina',
    });
  });

  it('says when no one matches the filters', async () => {
    mockFetch({
      'POST /api/employeeList': () => ok({ rows: [], total: 0 }),
      'POST /api/employeeFormOptions': () => ok(OPTIONS),
    });
    renderRoutes([{ path: '/employees', element: <EmployeesPage /> }], '/employees?search=zzz');
    expect(await screen.findByText('No employee matches these filters.')).toBeInTheDocument();
  });
});
