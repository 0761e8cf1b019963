import { WEBHOOK_EVENT_LABELS, webhookMessages, type TWebhook } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { setAuthToken } from '../../lib/storage';
import { WebhooksPage } from './WebhooksPage';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const URL_ = 'https://erp.example.com/compass';

const webhook = (over: Partial<TWebhook> = {}): TWebhook => ({
  _id: testId(1),
  url: URL_,
  description: 'ERP actions',
  events: ['action.assigned', 'action.completed'],
  isActive: true,
  createdAt: '2026-11-02T09:00:00.000Z',
  lastDelivery: { status: 'delivered', at: '2026-11-29T10:15:00.000Z', responseStatus: 204 },
  ...over,
});

const render = () => renderRoutes([{ path: '/webhooks', element: <WebhooksPage /> }], '/webhooks');

describe('the webhooks page', () => {
  beforeEach(() => setAuthToken('token'));

  it('lists each webhook: its events, Active or Paused, its last delivery', async () => {
    mockFetch({
      'GET /api/webhookList': () =>
        ok({
          items: [
            webhook(),
            webhook({
              _id: testId(2),
              url: 'https://bi.example.com/in',
              isActive: false,
              lastDelivery: null,
            }),
          ],
        }),
    });
    render();
    const erp = (await screen.findByRole('link', { name: `Deliveries to ${URL_}` })).closest('tr')!;
    expect(within(erp).getByText(WEBHOOK_EVENT_LABELS['action.completed'])).toBeInTheDocument();
    expect(within(erp).getByText('Active')).toBeInTheDocument();
    expect(within(erp).getByText('Delivered')).toBeInTheDocument();
    expect(within(erp).getByText(/HTTP 204/)).toBeInTheDocument();
    // The log opens from its own row action too, not only from the address.
    expect(within(erp).getByRole('link', { name: `Delivery log of ${URL_}` })).toHaveAttribute(
      'href',
      `/system-administration/webhooks/${testId(1)}`,
    );
    const bi = screen.getByRole('link', { name: 'Deliveries to https://bi.example.com/in' }).closest('tr')!;
    expect(within(bi).getByText('Paused')).toBeInTheDocument();
    expect(within(bi).getByText('None yet')).toBeInTheDocument();
  });

  it('checks the address and the events before sending, and shows the server’s refusal of the address', async () => {
    const fetchMock = mockFetch({
      'GET /api/webhookList': () => ok({ items: [] }),
      'POST /api/webhookSave': () => ({
        status: 400,
        body: envelope(null, 400, webhookMessages.urlInvalid, {
          validation_errors: [{ field: 'url', message: webhookMessages.urlInvalid }],
        }),
      }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(webhookMessages.urlRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(webhookMessages.eventsRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/webhookSave')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Address (URL)'), 'http://erp.example.com');
    await user.click(
      within(dialog).getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['submission.closed'] }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(webhookMessages.urlInvalid)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Address (URL)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds a webhook and shows its signing secret once', async () => {
    const fetchMock = mockFetch({
      'GET /api/webhookList': () => ok({ items: [] }),
      'POST /api/webhookSave': () => ok({ _id: testId(5), secret: SECRET }, webhookMessages.saved),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByLabelText('Address (URL)'), URL_);
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'ERP');
    await user.click(
      within(dialog).getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['action.completed'] }),
    );
    await user.click(
      within(dialog).getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['submission.submitted'] }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const shown = await screen.findByRole('dialog', { name: 'Signing secret of the new webhook' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(SECRET);
    // Said once, by the dialog: no "Webhook saved." toast before it.
    expect(within(shown).getByText(webhookMessages.created)).toBeInTheDocument();
    expect(screen.queryByText(webhookMessages.saved)).not.toBeInTheDocument();
    // The events go in the contract's order, whatever order they were ticked in.
    expect(bodiesSent(fetchMock, '/api/webhookSave')).toEqual([
      {
        url: URL_,
        description: 'ERP',
        events: ['submission.submitted', 'action.completed'],
        isActive: true,
      },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  }, 15_000);

  it('edits a webhook (paused): the change is sent with its id and the dialog closes without a secret', async () => {
    const fetchMock = mockFetch({
      'GET /api/webhookList': () => ok({ items: [webhook()] }),
      'POST /api/webhookSave': () => ok({ _id: testId(1), secret: null }, webhookMessages.saved),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit ${URL_}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit webhook' });
    expect(within(dialog).getByLabelText('Address (URL)')).toHaveValue(URL_);
    expect(
      within(dialog).getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['action.assigned'] }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /^Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A change has no dialog to say it: the toast does.
    expect(await screen.findByText(webhookMessages.saved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/webhookSave')).toEqual([
      {
        _id: testId(1),
        url: URL_,
        description: 'ERP actions',
        events: ['action.assigned', 'action.completed'],
        isActive: false,
      },
    ]);
  });

  it('sends a test event, rolls the secret after asking (shown once), deletes after asking', async () => {
    const fetchMock = mockFetch({
      'GET /api/webhookList': () => ok({ items: [webhook()] }),
      'POST /api/webhookTest': () => ok({ deliveryId: testId(9) }, webhookMessages.testQueued),
      'POST /api/webhookRollSecret': () => ok({ secret: SECRET }, webhookMessages.secretRolled),
      'POST /api/webhookDelete': () => ok(null, webhookMessages.deleted),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Send test event to ${URL_}` }));
    expect(await screen.findByText(webhookMessages.testQueued)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/webhookTest')).toEqual([{ _id: testId(1) }]);

    await user.click(screen.getByRole('button', { name: `Roll secret of ${URL_}` }));
    const confirm = screen.getByRole('dialog', { name: 'Roll the signing secret?' });
    expect(confirm).toHaveTextContent(/deliveries fail the receiver's check and are retried/);
    expect(bodiesSent(fetchMock, '/api/webhookRollSecret')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Roll secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(screen.getAllByText(webhookMessages.secretRolled)).toHaveLength(1);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: `Delete ${URL_}` }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this webhook?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(webhookMessages.deleted)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/webhookDelete')).toEqual([{ _id: testId(1) }]);
  }, 15_000);
});
