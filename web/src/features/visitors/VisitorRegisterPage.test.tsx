import { onSiteNowPath, visitPath } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, stubObjectUrls } from '../../../test/helpers';
import { DEPOT, OFFICE, VISIT, visitorPageMocks, visitRow } from './visitors.fixtures';
import { VisitorRegisterPage } from './VisitorRegisterPage';

const PATH = '/configure-vismate/visitor-register';
const render = () => renderRoutes([{ path: PATH, element: <VisitorRegisterPage /> }], PATH);

describe('VisitorRegisterPage', () => {
  it('lists the visits and filters them on the server', async () => {
    const fetchMock = mockFetch({
      ...visitorPageMocks,
      'POST /api/visitList': () =>
        ok({
          rows: [
            visitRow(),
            visitRow({
              _id: OFFICE._id,
              fullName: 'Pat Kim',
              kind: 'contractor',
              SignoutTime: '2026-11-27T11:30:00.000Z',
              hours: 2.5,
            }),
          ],
          total: 2,
        }),
    });
    const { router } = render();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Visitor Register' })).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Visits' });
    expect(await within(table).findByRole('link', { name: 'Jordan Lee' })).toHaveAttribute(
      'href',
      visitPath(VISIT),
    );
    expect(within(table).getByText('On site')).toBeInTheDocument();
    expect(within(table).getByText('2.50')).toBeInTheDocument();
    expect(within(table).getByText('Contractor')).toBeInTheDocument();
    // Without a workplace filter "On site now" opens the first workplace's roll call.
    expect(await screen.findByRole('link', { name: 'On site now' })).toHaveAttribute(
      'href',
      onSiteNowPath(DEPOT._id),
    );

    await user.selectOptions(screen.getByLabelText('Workplace'), OFFICE._id);
    await user.selectOptions(screen.getByLabelText('Kind'), 'contractor');
    await user.selectOptions(screen.getByLabelText('Status'), 'signedOut');
    await user.type(screen.getByLabelText('From'), '01/11/2026');
    await user.type(screen.getByLabelText('Search visitors'), 'acme{Enter}');
    expect(bodiesSent(fetchMock, '/api/visitList').at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      search: 'acme',
      workplaceId: OFFICE._id,
      kind: 'contractor',
      status: 'signedOut',
      from: '2026-11-01',
    });
    expect(screen.getByRole('link', { name: 'On site now' })).toHaveAttribute(
      'href',
      onSiteNowPath(OFFICE._id),
    );
    // The list's state is kept in the address (a reload or Back shows the same list).
    expect(router.state.location.search).toContain('kind=contractor');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeInTheDocument();
  }, 15_000);

  it('exports the filtered register', async () => {
    const fetchMock = mockFetch({
      ...visitorPageMocks,
      'POST /api/visitList': () => ok({ rows: [visitRow()], total: 1 }),
      'GET /api/visitExport': () => ({ body: 'Name\n' }),
    });
    stubObjectUrls();
    render();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Kind'), 'visitor');
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    const url = fetchMock.mock.calls
      .map(([called]) => String(called))
      .find((called) => called.includes('visitExport'));
    expect(url).toContain('kind=visitor');
    expect(url).toContain('format=xlsx');
  });

  it('tells an empty register from filters that match nothing, and shows a failure', async () => {
    let fail = false;
    mockFetch({
      ...visitorPageMocks,
      'POST /api/visitList': () =>
        fail
          ? { status: 500, body: envelope(null, 500, 'Something went wrong.') }
          : ok({ rows: [], total: 0 }),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('No visits yet')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'onSite');
    expect(await screen.findByText('No visits match the filters')).toBeInTheDocument();
    fail = true;
    await user.selectOptions(screen.getByLabelText('Kind'), 'visitor');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
