import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/helpers';
import { ListFilters } from './ListFilters';
import { PagedTable, usePagedList, type PagedRequest } from './PagedList';
import { SelectField } from './SelectField';

type Filters = { status: string; sort: string };
type Row = { _id: string; name: string };

/** A list kept in the address, with one filter, a sortable heading and no row buttons. */
function AddressList({
  fetch,
}: {
  fetch: (request: PagedRequest<Filters>) => Promise<{ rows: Row[]; total: number }>;
}) {
  const list = usePagedList({
    queryKey: ['paged-list-test'],
    filters: { status: '', sort: 'name' },
    inAddress: true,
    fetch,
  });
  return (
    <>
      <ListFilters placeholder="Name" list={list}>
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={[{ value: 'open', label: 'Open' }]}
          onChange={(status) => list.setFilter('status', status)}
        />
      </ListFilters>
      <PagedTable
        label="Things"
        list={list}
        columns={['Name', 'Size']}
        actions={false}
        sort={{
          sorts: { Name: 'name', Size: 'size' },
          sort: list.filters.sort,
          direction: 'asc',
          onSort: (sort) => list.setFilter('sort', sort),
        }}
        empty="Nothing yet."
        narrowedEmpty="Nothing matches."
      >
        {list.rows.map((row) => (
          <tr key={row._id}>
            <td>{row.name}</td>
            <td>1</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}

// Typing and choosing take a while on a busy machine.
describe('a paged list kept in the address', { timeout: 20_000 }, () => {
  it('reads its search and filters from the address, clears them, and Back brings them again', async () => {
    const fetch = vi.fn(async () => ({ rows: [{ _id: '1', name: 'Crane' }], total: 45 }));
    const { router } = renderRoutes(
      [{ path: '/things', element: <AddressList fetch={fetch} /> }],
      '/things?search=cr&status=open&page=2',
    );
    await screen.findByRole('cell', { name: 'Crane' });
    expect(fetch).toHaveBeenLastCalledWith({
      page: 2,
      pageSize: 20,
      search: 'cr',
      status: 'open',
      sort: 'name',
    });
    expect(screen.getByLabelText('Search')).toHaveValue('cr');
    expect(screen.getByRole('button', { name: 'Filters 2 in use' })).toBeInTheDocument();
    // No row buttons: no actions column.
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, sort: 'name' }));

    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Search')).toHaveValue('cr');
    expect(screen.getByLabelText('Status')).toHaveValue('open');
  });

  it('orders the list from a sortable heading, kept in the address, not counted as a filter', async () => {
    const fetch = vi.fn(async () => ({ rows: [{ _id: '1', name: 'Crane' }], total: 1 }));
    const { router } = renderRoutes([{ path: '/things', element: <AddressList fetch={fetch} /> }], '/things');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Size' }));
    expect(router.state.location.search).toBe('?sort=size');
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, sort: 'size' }));
    expect(within(table).getByRole('columnheader', { name: 'Size' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
