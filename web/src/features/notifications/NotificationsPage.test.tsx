import { MAIL_CATEGORIES, MAIL_CATEGORY_NAMES, notificationMessages as say } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bodiesSent,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  queryClient,
  renderRoutes,
} from '../../../test/helpers';
import { setAuthToken } from '../../lib/storage';
import { NotificationsPage } from './NotificationsPage';

const ZOE = {
  _id: '55555555-5555-4555-8555-555555555555',
  name: 'Zoe Martin',
  username: 'zoe.noportal',
  email: 'zoe.martin@zenith-cleaning.example',
  kind: 'personnel',
  company: 'Zenith Cleaning',
  unsubscribedAt: '2026-11-22T09:00:00.000Z',
  unsubscribeReason: 'I no longer work on the Northwind contract.',
};
const CATEGORIES = {
  since: '2026-10-29T00:00:00.000Z',
  list: MAIL_CATEGORY_NAMES.map((category) => ({
    category,
    ...MAIL_CATEGORIES[category],
    sent: category === 'passwordReset' ? 4 : 0,
    queued: 0,
    failed: category === 'passwordReset' ? 1 : 0,
  })),
};
const TEST_MAIL = {
  _id: '66666666-6666-4666-8666-666666666666',
  to: 'alex@acme.example',
  status: 'queued',
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  sentAt: null,
};

describe('NotificationsPage', () => {
  beforeEach(() => {
    setAuthToken('token');
    queryClient.clear();
  });

  it('lists the unsubscribed users and re-enables one after confirming; the history is read again', async () => {
    let unsubscribed = [ZOE];
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/unsubscribedUserList': () => ok({ rows: unsubscribed, total: unsubscribed.length }),
      'POST /api/unsubscribedUserReEnable': () => {
        unsubscribed = [];
        return ok(null, say.reEnabled('Zoe Martin'));
      },
      'POST /api/mailCategoryList': () => ok(CATEGORIES),
      'POST /api/testMailStatus': () => ok(null),
      'POST /api/changeLogList': () => ok({ list: [] }),
    });
    renderRoutes([{ path: '/n', element: <NotificationsPage /> }], '/n');
    const list = await screen.findByRole('region', { name: 'Unsubscribed users' });
    const row = (await within(list).findByText('Zoe Martin')).closest('tr')!;
    expect(within(row).getByText('Supplier personnel')).toBeInTheDocument();
    expect(within(row).getByText('Zenith Cleaning')).toBeInTheDocument();
    expect(within(row).getByText(ZOE.unsubscribeReason)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Re-enable e-mails to Zoe Martin' }));
    const dialog = screen.getByRole('dialog', { name: 'Re-enable optional e-mails?' });
    expect(dialog).toHaveTextContent(ZOE.unsubscribeReason);
    expect(bodiesSent(fetchMock, '/api/unsubscribedUserReEnable')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Re-enable' }));
    expect(await screen.findByText(say.reEnabled('Zoe Martin'))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/unsubscribedUserReEnable')).toEqual([{ _id: ZOE._id }]);
    expect(await within(list).findByText(/Nobody has unsubscribed/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The page's history is the organisation's Notifications log, read again after the change.
    await waitFor(() => expect(bodiesSent(fetchMock, '/api/changeLogList').length).toBeGreaterThanOrEqual(2));
    expect(bodiesSent(fetchMock, '/api/changeLogList')[0]).toEqual({
      entityType: 'notifications',
      entityId: permissionsFixture().companyId,
    });
  });

  it('shows every kind of mail from MAIL_CATEGORIES, which ones users may unsubscribe from, and the counts', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/unsubscribedUserList': () => ok({ rows: [], total: 0 }),
      'POST /api/mailCategoryList': () => ok(CATEGORIES),
      'POST /api/testMailStatus': () => ok(null),
      'POST /api/changeLogList': () => ok({ list: [] }),
    });
    renderRoutes([{ path: '/n', element: <NotificationsPage /> }], '/n');
    const table = await screen.findByRole('region', { name: 'E-mails' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(MAIL_CATEGORY_NAMES.length + 1);
    const reset = within(table).getByText('Password reset').closest('tr')!;
    expect(within(reset).getByText('Always sent')).toBeInTheDocument();
    expect(within(reset).getByText('1 failed')).toBeInTheDocument();
    const reminder = within(table).getByText(MAIL_CATEGORIES.taskReminder.label).closest('tr')!;
    expect(within(reminder).getByText('Optional')).toBeInTheDocument();
    expect(within(reminder).getByText(MAIL_CATEGORIES.taskReminder.trigger)).toBeInTheDocument();
  });

  it('sends a test mail and shows where it stands: queued, then the reason it was not sent', async () => {
    let latest: unknown = null;
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/unsubscribedUserList': () => ok({ rows: [], total: 0 }),
      'POST /api/mailCategoryList': () => ok(CATEGORIES),
      'POST /api/testMailStatus': () => ok(latest),
      'POST /api/testMailSend': () => {
        latest = {
          ...TEST_MAIL,
          status: 'failed',
          attempts: 1,
          lastError: 'connect ECONNREFUSED 127.0.0.1:25',
        };
        return ok(TEST_MAIL, say.testMailQueued(TEST_MAIL.to));
      },
      'POST /api/changeLogList': () => ok({ list: [] }),
    });
    renderRoutes([{ path: '/n', element: <NotificationsPage /> }], '/n');
    const card = await screen.findByRole('region', { name: 'Test mail' });
    await waitFor(() => expect(bodiesSent(fetchMock, '/api/testMailStatus')).toHaveLength(1));
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Send a test mail' }));
    expect(await screen.findByText(say.testMailQueued(TEST_MAIL.to))).toBeInTheDocument();
    const status = await within(card).findByRole('status');
    expect(status).toHaveTextContent('Not sent');
    expect(status).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:25');
  });

  it('shows the one-a-minute refusal as the server words it', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/unsubscribedUserList': () => ok({ rows: [], total: 0 }),
      'POST /api/mailCategoryList': () => ok(CATEGORIES),
      'POST /api/testMailStatus': () =>
        ok({ ...TEST_MAIL, status: 'sent', attempts: 1, sentAt: TEST_MAIL.createdAt }),
      'POST /api/testMailSend': () => ({
        status: 429,
        body: envelope({ retryAfterSeconds: 42 }, 429, say.testMailTooSoon(42)),
      }),
      'POST /api/changeLogList': () => ok({ list: [] }),
    });
    renderRoutes([{ path: '/n', element: <NotificationsPage /> }], '/n');
    const card = await screen.findByRole('region', { name: 'Test mail' });
    expect(await within(card).findByRole('status')).toHaveTextContent(`Sent to ${TEST_MAIL.to}`);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Send a test mail' }));
    expect(await screen.findByText(say.testMailTooSoon(42))).toBeInTheDocument();
  });
});
