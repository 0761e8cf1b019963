import { assetMessages, maintenanceRecordPath } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  bodiesSent,
  envelope,
  mockFetch,
  ok,
  renderRoutes,
  stubObjectUrls,
  testId,
} from '../../../test/helpers';
import { ASSET, assetDetails, assetPageMocks, historyEntry, RECORD } from './assets.fixtures';
import { AssetPage } from './AssetPage';

const render = () =>
  renderRoutes([{ path: '/asset/register/:id', element: <AssetPage /> }], `/asset/register/${ASSET}`);

describe('AssetPage', () => {
  it('shows the asset, its files and its history a page at a time, by kind', async () => {
    const fetchMock = mockFetch({
      ...assetPageMocks,
      'POST /api/assetDetails': () => ok(assetDetails()),
      'POST /api/assetHistory': ({ body }) => {
        const { kind, page } = body as { kind?: string; page: number };
        if (kind === 'submission')
          return ok({
            entries: [historyEntry({ kind: 'submission', _id: testId(9), title: 'FS 12 Pre-start check' })],
            hasMore: false,
          });
        return ok({
          entries: [historyEntry({ _id: page === 1 ? RECORD : testId(10), title: `Check ${page}` })],
          hasMore: page === 1,
        });
      },
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'A-00001 Forklift' })).toBeInTheDocument();
    expect(screen.getByText('In service')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('North Yard')).toBeInTheDocument();
    expect(within(details).getByText('01/03/2024')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Documents' })).toHaveTextContent('Manual.pdf');
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take out of service' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return to service' })).not.toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByRole('link', { name: 'Check 1' })).toHaveAttribute(
      'href',
      maintenanceRecordPath(RECORD),
    );
    await user.click(within(history).getByRole('button', { name: 'Show more' }));
    expect(await within(history).findByRole('link', { name: 'Check 2' })).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    await user.click(within(history).getByRole('tab', { name: 'Form submissions' }));
    expect(await within(history).findByRole('link', { name: 'FS 12 Pre-start check' })).toHaveAttribute(
      'href',
      `/form-submission/Record/${testId(9)}`,
    );
    expect(bodiesSent(fetchMock, '/api/assetHistory').at(-1)).toEqual({
      assetId: ASSET,
      kind: 'submission',
      page: 1,
    });
  });

  it('takes the asset out of service with a reason', async () => {
    const fetchMock = mockFetch({
      ...assetPageMocks,
      'POST /api/assetDetails': () => ok(assetDetails()),
      'POST /api/assetHistory': () => ok({ entries: [], hasMore: false }),
      'POST /api/assetStatusSet': () => ok(null, assetMessages.statusChanged),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Take out of service' }));
    const dialog = screen.getByRole('dialog', { name: 'Take out of service' });
    await user.click(within(dialog).getByRole('button', { name: 'Take out of service' }));
    expect(within(dialog).getByText(assetMessages.reasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Hydraulic leak');
    await user.click(within(dialog).getByRole('button', { name: 'Take out of service' }));
    expect(await screen.findByText(assetMessages.statusChanged)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/assetStatusSet')).toEqual([
      { _id: ASSET, status: 'outOfService', reason: 'Hydraulic leak' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reports a fault with photos as one form', async () => {
    const fetchMock = mockFetch({
      ...assetPageMocks,
      'POST /api/assetDetails': () => ok(assetDetails()),
      'POST /api/assetHistory': () => ok({ entries: [], hasMore: false }),
      'POST /api/assetFaultReport': () => ok({ _id: testId(11) }, assetMessages.faultReported),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report a fault' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a fault' });
    await user.click(within(dialog).getByRole('button', { name: 'Report fault' }));
    expect(within(dialog).getByText(assetMessages.faultDescriptionRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('What is wrong?'), 'Brakes are soft');
    await user.click(within(dialog).getByLabelText('The asset is unsafe: take it out of service'));
    await user.upload(
      within(dialog).getByLabelText('Photos'),
      new File(['x'], 'brakes.jpg', { type: 'image/jpeg' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Report fault' }));
    expect(await screen.findByText(assetMessages.faultReported)).toBeInTheDocument();
    const form = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/assetFaultReport'))?.[1]
      ?.body as FormData;
    expect(form.get('assetId')).toBe(ASSET);
    expect(form.get('description')).toBe('Brakes are soft');
    expect(form.get('takeOutOfService')).toBe('yes');
    expect((form.get('files') as File).name).toBe('brakes.jpg');
  });

  it('a disposed asset offers no changes; its QR label opens in a new tab', async () => {
    mockFetch({
      ...assetPageMocks,
      'POST /api/assetDetails': () => ok(assetDetails({ status: 'disposed' })),
      'POST /api/assetHistory': () => ok({ entries: [], hasMore: false }),
      [`GET /api/assetQrLabel/${ASSET}`]: () => ({ status: 200, body: '<svg/>' }),
    });
    stubObjectUrls();
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('Disposed')).toBeInTheDocument();
    for (const name of [
      'Edit',
      'Report a fault',
      'Take out of service',
      'Return to service',
      'Dispose',
      'Add photos',
    ])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Print QR label' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:test'));
    open.mockRestore();
  });

  it('says when the asset cannot be opened', async () => {
    mockFetch({
      ...assetPageMocks,
      'POST /api/assetDetails': () => ({ status: 404, body: envelope(null, 404, 'Not found.') }),
    });
    render();
    expect(await screen.findByText(/This asset cannot be opened/)).toBeInTheDocument();
  });
});
