import type { TCompetencyMatrix, TCompetencyRef } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { CompetencyMatrixPage } from './CompetencyMatrixPage';

const competency = (n: number, name: string): TCompetencyRef => ({
  _id: testId(n),
  name,
  kind: 'ticket',
  expires: true,
  validForMonths: 24,
});
const HEIGHTS = competency(1, 'Working at Heights');
const FIRST_AID = competency(2, 'First Aid Certificate');
const MIA = { _id: testId(3), name: 'Mia Thompson' };

const matrix: TCompetencyMatrix = {
  columns: [HEIGHTS, FIRST_AID],
  rows: [
    {
      employee: MIA,
      position: 'Storeman',
      workplace: 'Riverside Depot',
      cells: [
        { competencyId: HEIGHTS._id, standing: 'expiring', expiresOn: '2026-12-10' },
        { competencyId: FIRST_AID._id, standing: 'missing', expiresOn: null },
      ],
    },
  ],
  total: 1,
};

const render = () =>
  renderRoutes(
    [{ path: '/human-resource/admin/competencies/matrix', element: <CompetencyMatrixPage /> }],
    '/human-resource/admin/competencies/matrix',
  );

describe('CompetencyMatrixPage', () => {
  it('shows each person’s standing per competency with its expiry, a legend, and filters on the server', async () => {
    const fetchMock = mockFetch({
      'POST /api/competencyMatrix': () => ok(matrix),
      'POST /api/competencyOptions': () =>
        ok({ competencies: [HEIGHTS, FIRST_AID], positions: [], workplaces: [] }),
    });
    render();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Competency matrix' });
    const table = await within(card).findByRole('table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Employee', 'Working at HeightsTicket', 'First Aid CertificateTicket']);
    const row = within(table).getByRole('row', { name: /Mia Thompson/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Expiring10/12/2026');
    expect(cells[1]).toHaveTextContent('Missing');
    expect(within(row).getByRole('link', { name: 'Mia Thompson' })).toHaveAttribute(
      'href',
      `/human-resource/employee/competency/${MIA._id}`,
    );
    const legend = within(card).getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('expires within 30 days')).toBeInTheDocument();
    expect(within(legend).getByText('required by the position, not held')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Standing'), 'missing');
    await user.selectOptions(screen.getByLabelText('Competency'), FIRST_AID._id);
    expect(bodiesSent(fetchMock, '/api/competencyMatrix').at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      standing: 'missing',
      competencyId: FIRST_AID._id,
    });
  }, 15_000);

  it('tells someone who looks after nobody that the matrix is not theirs', async () => {
    mockFetch({
      'POST /api/competencyMatrix': () => ({ status: 403, body: envelope(null, 403, 'Forbidden') }),
      'POST /api/competencyOptions': () => ok({ competencies: [], positions: [], workplaces: [] }),
    });
    render();
    expect(
      await screen.findByRole('heading', { name: 'The matrix is for HR and managers' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  }, 15_000);
});
