import { assetMessages } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, choosePerson, envelope, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import { ASSET, assetDetails, assetPageMocks, BRANCH, OWNER, WORKPLACE } from './assets.fixtures';
import { AssetEditPage } from './AssetEditPage';

const render = (path: string) =>
  renderRoutes(
    [
      { path: '/asset/register/new', element: <AssetEditPage /> },
      { path: '/asset/register/:id/edit', element: <AssetEditPage /> },
      { path: '/asset/register/:id', element: <h1>Asset page</h1> },
    ],
    path,
  );

describe('AssetEditPage', () => {
  it('creates an asset: the branches follow the workplace, empty choices go as null', async () => {
    const fetchMock = mockFetch({
      ...assetPageMocks,
      'POST /api/assetSave': () => ok({ _id: ASSET }, assetMessages.saved),
    });
    render('/asset/register/new');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'New asset' })).toBeInTheDocument();
    expect(screen.getByLabelText('Asset number')).toHaveAccessibleDescription(
      'Leave empty for the next free number',
    );

    await user.click(screen.getByRole('button', { name: 'Save asset' }));
    expect(screen.getByText(assetMessages.nameRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/assetSave')).toEqual([]);

    await user.type(screen.getByLabelText('Name'), 'Forklift');
    expect(screen.getByLabelText('Branch')).toBeDisabled();
    await user.selectOptions(await screen.findByLabelText('Workplace'), WORKPLACE._id);
    await user.selectOptions(screen.getByLabelText('Branch'), BRANCH._id);
    await choosePerson(user, document.body, 'Owner', OWNER.name);
    await user.type(screen.getByLabelText('Purchase cost'), '1250.5');
    await user.click(screen.getByRole('button', { name: 'Save asset' }));

    expect(await screen.findByRole('heading', { name: 'Asset page' })).toBeInTheDocument();
    expect(await screen.findByText(assetMessages.saved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/assetSave')).toEqual([
      {
        number: '',
        name: 'Forklift',
        categoryId: null,
        make: '',
        model: '',
        serialNumber: '',
        workplaceId: WORKPLACE._id,
        branchId: BRANCH._id,
        location: '',
        ownerId: OWNER._id,
        supplierId: null,
        purchaseDate: null,
        purchaseCost: 1250.5,
        notes: '',
      },
    ]);
  });

  it('edits an asset and shows the server’s message at its field', async () => {
    const fetchMock = mockFetch({
      ...assetPageMocks,
      'POST /api/assetDetails': () => ok(assetDetails()),
      'POST /api/assetSave': () => ({
        status: 400,
        body: envelope(null, 400, assetMessages.numberTaken, {
          validation_errors: [{ field: 'number', message: assetMessages.numberTaken }],
        }),
      }),
    });
    render(`/asset/register/${ASSET}/edit`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Edit asset' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Forklift');
    await user.type(screen.getByLabelText('Purchase cost'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save asset' }));
    expect(screen.getByText(assetMessages.costInvalid)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Purchase cost'));
    await user.click(screen.getByRole('button', { name: 'Save asset' }));
    const number = screen.getByLabelText('Asset number').closest('.field') as HTMLElement;
    expect(await within(number).findByText(assetMessages.numberTaken)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/assetSave')[0]).toMatchObject({
      _id: ASSET,
      number: 'A-00001',
      purchaseCost: null,
    });
  });
});
