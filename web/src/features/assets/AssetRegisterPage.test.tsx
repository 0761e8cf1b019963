import { ASSET_IMPORT_COLUMNS, assetMessages } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import { ASSET, assetPageMocks, assetRow, CATEGORY } from './assets.fixtures';
import { AssetRegisterPage } from './AssetRegisterPage';

const render = () =>
  renderRoutes([{ path: '/asset/register', element: <AssetRegisterPage /> }], '/asset/register');

describe('AssetRegisterPage', () => {
  it('lists the assets, filters and sorts them on the server', async () => {
    const fetchMock = mockFetch({
      ...assetPageMocks,
      'POST /api/assetList': () => ok({ rows: [assetRow()], total: 1 }),
    });
    render();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Asset Register' })).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Assets' });
    expect(await within(table).findByRole('link', { name: 'FL-01' })).toHaveAttribute(
      'href',
      `/asset/register/${ASSET}`,
    );
    expect(within(table).getByText('Riverside Depot · Bay 3')).toBeInTheDocument();
    expect(within(table).getByText('In service')).toBeInTheDocument();
    expect(within(table).getByText('1 open')).toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Category'), CATEGORY._id);
    await user.selectOptions(screen.getByLabelText('Attention'), 'overdue');
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(bodiesSent(fetchMock, '/api/assetList').at(-1)).toMatchObject({
      categoryId: CATEGORY._id,
      attention: 'overdue',
      sort: 'name',
      sortDirection: 'asc',
      page: 1,
    });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New asset' })).toHaveAttribute('href', '/asset/register/new');
  });

  it('tells an empty register from filters that match nothing', async () => {
    mockFetch({ ...assetPageMocks, 'POST /api/assetList': () => ok({ rows: [], total: 0 }) });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('No assets yet')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'disposed');
    expect(await screen.findByText('No assets match the filters')).toBeInTheDocument();
  });

  it('imports a CSV file: lists the refused lines, then says what was added', async () => {
    let refuse = true;
    const fetchMock = mockFetch({
      ...assetPageMocks,
      'POST /api/assetList': () => ok({ rows: [], total: 0 }),
      'POST /api/assetImport': () =>
        refuse
          ? {
              status: 400,
              body: envelope(null, 400, assetMessages.importLine(3, assetMessages.nameRequired), {
                validation_errors: [
                  { field: 'file', message: assetMessages.importLine(3, assetMessages.nameRequired) },
                  { field: 'file', message: assetMessages.importLine(7, assetMessages.categoryUnknown) },
                ],
              }),
            }
          : ok({ created: 2, updated: 1 }, assetMessages.imported(2, 1)),
    });
    render();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import assets' });
    const template = within(dialog).getByRole('link', { name: 'Download template' });
    expect(decodeURIComponent(template.getAttribute('href')!)).toContain(ASSET_IMPORT_COLUMNS.join(','));

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText(assetMessages.importFileRequired)).toBeInTheDocument();

    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['Name\n'], 'assets.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Line 3: Please enter the name of the asset.');
    expect(alert).toHaveTextContent('Line 7: The chosen category does not exist.');
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/assetImport'))?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(File);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('2 assets added, 1 updated.')).toBeInTheDocument();
  });

  it('adds, renames and deletes categories', async () => {
    const fetchMock = mockFetch({
      ...assetPageMocks,
      'POST /api/assetList': () => ok({ rows: [], total: 0 }),
      'POST /api/assetCategorySave': () => ok({ _id: CATEGORY._id }, assetMessages.categorySaved),
      'POST /api/assetCategoryDelete': () => ok(null, assetMessages.categoryDeleted),
    });
    render();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categories' });
    expect(await within(dialog).findByText('Forklifts')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(within(dialog).getByText(assetMessages.categoryNameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New category'), 'Ladders');
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText(assetMessages.categorySaved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/assetCategorySave').at(-1)).toEqual({ name: 'Ladders' });

    await user.click(within(dialog).getByRole('button', { name: 'Rename Forklifts' }));
    const rename = within(dialog).getByLabelText('Rename Forklifts');
    await user.clear(rename);
    await user.type(rename, 'Lift trucks');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(bodiesSent(fetchMock, '/api/assetCategorySave').at(-1)).toEqual({
      _id: CATEGORY._id,
      name: 'Lift trucks',
    });

    await user.click(await within(dialog).findByRole('button', { name: 'Delete Forklifts' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(bodiesSent(fetchMock, '/api/assetCategoryDelete')).toEqual([{ _id: CATEGORY._id }]);
  });
});
