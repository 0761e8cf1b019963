import { assetMessages } from '@compass/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import { ASSET } from './assets.fixtures';
import { AssetLabelPage } from './AssetLabelPage';

const LABEL = { companyName: 'Acme Manufacturing', number: 'A-00001', name: 'Forklift', location: 'Bay 3' };
const render = () =>
  renderRoutes(
    [{ path: '/qr/asset-fault/:assetId', element: <AssetLabelPage /> }],
    `/qr/asset-fault/${ASSET}`,
  );

describe('AssetLabelPage', () => {
  it('reports a fault without signing in, then thanks and shows no form', async () => {
    const fetchMock = mockFetch({
      'POST /api/assetLabel': () => ok({ ...LABEL, status: 'inService' }),
      'POST /api/assetLabelFault': () => ok(null, assetMessages.faultReported),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Report a fault' })).toBeInTheDocument();
    expect(screen.getByText('A-00001')).toBeInTheDocument();
    expect(screen.getByText('Bay 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Report fault' }));
    expect(screen.getByText(assetMessages.faultReporterRequired)).toBeInTheDocument();
    expect(screen.getByText(assetMessages.faultDescriptionRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your name'), 'Sam Visitor');
    await user.type(screen.getByLabelText('What is wrong?'), 'Smoke from the engine');
    await user.click(screen.getByRole('button', { name: 'Report fault' }));

    expect(await screen.findByText(assetMessages.faultReported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report fault' })).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/assetLabelFault')).toEqual([
      {
        assetId: ASSET,
        reporterName: 'Sam Visitor',
        description: 'Smoke from the engine',
        takeOutOfService: 'no',
      },
    ]);
  });

  it('a disposed asset takes no reports', async () => {
    mockFetch({ 'POST /api/assetLabel': () => ok({ ...LABEL, status: 'disposed' }) });
    render();
    expect(await screen.findByText(assetMessages.faultAssetDisposed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report fault' })).not.toBeInTheDocument();
  });

  it('an unknown label says so', async () => {
    mockFetch({ 'POST /api/assetLabel': () => ({ status: 404, body: envelope(null, 404, 'Not found.') }) });
    render();
    expect(await screen.findByText(assetMessages.faultAssetUnknown)).toBeInTheDocument();
  });
});
