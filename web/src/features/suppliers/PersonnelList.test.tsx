import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { PersonnelPage } from './PersonnelPage';

const COMPANY = { _id: testId(1), name: 'Acme Contracting' };
const PERSON = {
  _id: testId(2),
  supplierId: COMPANY._id,
  supplier: COMPANY.name,
  firstName: 'Liam',
  lastName: 'Porter',
  email: 'liam@acme.example',
  isActive: true,
  account: null,
};

// Typing and choosing take a while on a busy machine.
describe('PersonnelPage', { timeout: 20_000 }, () => {
  it('searches on Search, not while typing, filters by company and clears both', async () => {
    const fetchMock = mockFetch({
      'POST /api/personnelList': () => ok({ rows: [PERSON], total: 1 }),
      'POST /api/supplierList': () => ok({ rows: [COMPANY], total: 1 }),
    });
    const bodies = () => bodiesSent(fetchMock, '/api/personnelList');
    renderRoutes([{ path: '/personnel', element: <PersonnelPage /> }], '/personnel');
    expect(await screen.findByRole('cell', { name: 'Liam Porter' })).toBeInTheDocument();
    expect(bodies()).toEqual([{ page: 1, pageSize: 20 }]);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'liam');
    expect(bodies()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByLabelText('Company'), 'Acme Contracting');
    await waitFor(() =>
      expect(bodies().at(-1)).toEqual({ page: 1, pageSize: 20, search: 'liam', supplierId: COMPANY._id }),
    );

    // Cleared, the list is the first one again (read from the cache, not asked again).
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('Company')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
