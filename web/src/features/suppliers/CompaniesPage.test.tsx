import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { CompaniesPage } from './CompaniesPage';

const ROW = {
  _id: testId(1),
  name: 'Acme Contracting',
  email: 'office@acme.example',
  supplierPortal: true,
  supplierAccess: false,
  isActive: true,
  personnelCount: 3,
  accountCount: 1,
};

const listBodies = (fetchMock: ReturnType<typeof mockFetch>) => bodiesSent(fetchMock, '/api/supplierList');

// Typing and choosing take a while on a busy machine.
describe('CompaniesPage', { timeout: 20_000 }, () => {
  it('lists the companies, and searches and filters them on the server from page 1', async () => {
    const fetchMock = mockFetch({ 'POST /api/supplierList': () => ok({ rows: [ROW], total: 1 }) });
    renderRoutes([{ path: '/companies', element: <CompaniesPage /> }], '/companies');
    expect(await screen.findByRole('link', { name: 'Acme Contracting' })).toHaveAttribute(
      'href',
      `/external-parties/companies/${ROW._id}`,
    );
    expect(screen.getByRole('cell', { name: 'On' })).toBeInTheDocument();
    expect(listBodies(fetchMock)[0]).toEqual({ page: 1, pageSize: 20 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'acme{Enter}');
    await user.selectOptions(screen.getByLabelText('Status'), 'deactivated');
    await waitFor(() =>
      expect(listBodies(fetchMock).at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        search: 'acme',
        status: 'deactivated',
      }),
    );
  });

  it('tells no companies yet from none matching', async () => {
    mockFetch({ 'POST /api/supplierList': () => ok({ rows: [], total: 0 }) });
    renderRoutes([{ path: '/companies', element: <CompaniesPage /> }], '/companies');
    expect(await screen.findByText('No supplier companies yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(await screen.findByText('No company matches.')).toBeInTheDocument();
  });
});
