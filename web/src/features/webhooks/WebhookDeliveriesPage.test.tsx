import { webhookMessages, type TWebhook, type TWebhookDelivery } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { bodiesSent, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { queryClient } from '../../api/queryClient';
import { setAuthToken } from '../../lib/storage';
import { WebhookDeliveriesPage } from './WebhookDeliveriesPage';

const HOOK: TWebhook = {
  _id: testId(1),
  url: 'https://erp.example.com/compass',
  description: '',
  events: ['action.completed'],
  isActive: true,
  createdAt: '2026-11-02T09:00:00.000Z',
  lastDelivery: null,
};

const delivery = (over: Partial<TWebhookDelivery> = {}): TWebhookDelivery => ({
  _id: testId(11),
  event: 'action.completed',
  status: 'delivered',
  attempts: 1,
  createdAt: '2026-11-29T10:15:00.000Z',
  lastAttemptAt: '2026-11-29T10:15:01.000Z',
  nextAttemptAt: null,
  responseStatus: 200,
  responseBody: '{"received":true}',
  error: null,
  durationMs: 42,
  payload: {
    id: testId(21),
    event: 'action.completed',
    occurredAt: '2026-11-29T10:15:00.000Z',
    companyId: testId(99),
    data: { actionId: testId(31), instruction: 'Replace the guard rail' },
  },
  ...over,
});

const render = (id = HOOK._id) =>
  renderRoutes([{ path: '/webhooks/:id', element: <WebhookDeliveriesPage /> }], `/webhooks/${id}`);

describe('a webhook’s delivery log', () => {
  beforeEach(() => setAuthToken('token'));

  it('lists the deliveries by page, opens one (payload and answer) and sends one again', async () => {
    const fetchMock = mockFetch({
      'GET /api/webhookList': () => ok({ items: [HOOK] }),
      'GET /api/webhookDeliveryList': () =>
        ok({
          items: [
            delivery(),
            delivery({
              _id: testId(12),
              status: 'failed',
              attempts: 8,
              responseStatus: null,
              responseBody: null,
              error: 'connect ECONNREFUSED',
              durationMs: null,
            }),
          ],
          total: 27,
          pageSize: 25,
        }),
      'POST /api/webhookDeliveryResend': () => ok({ deliveryId: testId(13) }, webhookMessages.resent),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText(HOOK.url)).toBeInTheDocument();
    const delivered = (await screen.findByText('Delivered')).closest('tr')!;
    expect(within(delivered).getByText('HTTP 200')).toBeInTheDocument();
    expect(within(delivered).getByText('42 ms')).toBeInTheDocument();
    const failed = screen.getByText('Failed').closest('tr')!;
    expect(within(failed).getByText('No answer')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 27')).toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: /^Details of Action completed of / }));
    const dialog = screen.getByRole('dialog', { name: 'Action completed' });
    expect(within(dialog).getByLabelText('Payload')).toHaveTextContent('Replace the guard rail');
    expect(within(dialog).getByText('connect ECONNREFUSED')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(within(failed).getByRole('button', { name: /^Send Action completed of .* again$/ }));
    expect(await screen.findByText(webhookMessages.resent)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/webhookDeliveryResend')).toEqual([{ _id: testId(12) }]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    const pages = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/api/webhookDeliveryList'))
      .map((url) => new URL(url, 'http://localhost').searchParams.get('page'));
    expect(pages).toContain('2');
    expect(new Set(pages)).toEqual(new Set(['1', '2']));
  }, 15_000);

  it('keeps an open delivery’s details current as the log is read again', async () => {
    let reads = 0;
    mockFetch({
      'GET /api/webhookList': () => ok({ items: [HOOK] }),
      'GET /api/webhookDeliveryList': () => {
        reads += 1;
        const waiting = { status: 'pending', responseStatus: null, responseBody: null } as const;
        return ok({ items: [delivery(reads === 1 ? waiting : {})], total: 1, pageSize: 25 });
      },
    });
    render();
    const user = userEvent.setup();
    const row = (await screen.findByText('Pending')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /^Details of / }));
    const dialog = screen.getByRole('dialog', { name: 'Action completed' });
    expect(within(dialog).getByText('Pending')).toBeInTheDocument();
    await queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    await waitFor(() => expect(within(dialog).getByText('Delivered')).toBeInTheDocument());
    expect(within(dialog).getByLabelText('Response body')).toHaveTextContent('{"received":true}');
  });

  it('says a webhook of another organisation (or deleted) cannot be opened', async () => {
    const fetchMock = mockFetch({ 'GET /api/webhookList': () => ok({ items: [HOOK] }) });
    render(testId(77));
    expect(await screen.findByRole('alert')).toHaveTextContent(/cannot be opened/);
    expect(bodiesSent(fetchMock, '/api/webhookDeliveryList')).toEqual([]);
  });
});
