import { accessKeyLabel, apiTokenMessages, type TApiToken } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accessMap,
  bodiesSent,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { setAuthToken } from '../../lib/storage';
import { displayInstant } from '../../lib/display';
import { ApiTokensPage } from './ApiTokensPage';

const TOKEN = 'cmp_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0';

const token = (over: Partial<TApiToken> = {}): TApiToken => ({
  _id: testId(1),
  name: 'Payroll export',
  prefix: 'cmp_a1b2c3',
  accessKeys: ['hr', 'hrEmployee'],
  state: 'active',
  createdBy: 'Olivia Admin',
  createdAt: '2026-11-02T09:00:00.000Z',
  expiresAt: '2027-01-31T09:00:00.000Z',
  lastUsedAt: null,
  lastUsedAddress: null,
  revokedAt: null,
  ...over,
});

const render = () => renderRoutes([{ path: '/tokens', element: <ApiTokensPage /> }], '/tokens');

describe('the API tokens page', () => {
  beforeEach(() => setAuthToken('token'));

  it('lists the tokens: prefix, areas, last use or Never, state; only an active one can be revoked', async () => {
    const fetchMock = mockFetch({
      'GET /api/apiTokenList': () =>
        ok({
          items: [
            token(),
            token({
              _id: testId(2),
              name: 'Old warehouse',
              prefix: 'cmp_zz9911',
              state: 'revoked',
              lastUsedAt: '2026-11-20T08:30:00.000Z',
              lastUsedAddress: '203.0.113.7',
            }),
          ],
        }),
      'POST /api/apiTokenRevoke': () => ok(null, apiTokenMessages.revoked),
    });
    render();
    const user = userEvent.setup();
    const payroll = (await screen.findByRole('cell', { name: 'Payroll export' })).closest('tr')!;
    expect(within(payroll).getByText('cmp_a1b2c3…')).toBeInTheDocument();
    expect(within(payroll).getByText(accessKeyLabel('hrEmployee'))).toBeInTheDocument();
    expect(within(payroll).getByText('Never')).toBeInTheDocument();
    expect(within(payroll).getByText('Active')).toBeInTheDocument();
    // Made and ending at the reader's local time, not on the UTC day.
    expect(within(payroll).getByText(displayInstant('2026-11-02T09:00:00.000Z'))).toBeInTheDocument();
    expect(within(payroll).getByText(displayInstant('2027-01-31T09:00:00.000Z'))).toBeInTheDocument();
    const old = screen.getByRole('cell', { name: 'Old warehouse' }).closest('tr')!;
    expect(within(old).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    await user.click(within(payroll).getByRole('button', { name: 'Revoke Payroll export' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke Payroll export?' });
    // Cancel keeps the token.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bodiesSent(fetchMock, '/api/apiTokenRevoke')).toEqual([]);
    await user.click(within(payroll).getByRole('button', { name: 'Revoke Payroll export' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(apiTokenMessages.revoked)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/apiTokenRevoke')).toEqual([{ _id: testId(1) }]);
  });

  it('says so when there are no tokens', async () => {
    mockFetch({ 'GET /api/apiTokenList': () => ok({ items: [] }) });
    render();
    expect(await screen.findByText(/No tokens yet/)).toBeInTheDocument();
  });

  it('shows a failed list in the envelope’s words', async () => {
    mockFetch({
      'GET /api/apiTokenList': () => ({
        status: 403,
        body: envelope(null, 403, apiTokenMessages.sessionRequired),
      }),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(apiTokenMessages.sessionRequired);
  });

  it('offers only the areas its maker holds, and checks the name and the areas before sending', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () =>
        ok(permissionsFixture({ access: accessMap({ risk: 'no', hazardous: 'no' }) })),
      'GET /api/apiTokenList': () => ok({ items: [] }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New token' });
    await within(dialog).findByRole('checkbox', { name: accessKeyLabel('task') });
    expect(within(dialog).queryByRole('checkbox', { name: accessKeyLabel('risk') })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('checkbox', { name: accessKeyLabel('hazardous') }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Expires after')).toHaveValue('90');

    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText(apiTokenMessages.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(apiTokenMessages.keysRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/apiTokenCreate')).toEqual([]);
  });

  it('creates a token and shows it once, with Copy; Escape does not lose it, Done does for good', async () => {
    const created = token({ _id: testId(3), name: 'Warehouse', accessKeys: ['task', 'document'] });
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'GET /api/apiTokenList': () => ok({ items: [] }),
      'POST /api/apiTokenCreate': () => ok({ token: TOKEN, apiToken: created }, apiTokenMessages.created),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New token' });
    await user.type(within(dialog).getByLabelText('Name'), 'Warehouse');
    await user.click(await within(dialog).findByRole('checkbox', { name: accessKeyLabel('task') }));
    await user.click(within(dialog).getByRole('checkbox', { name: accessKeyLabel('document') }));
    await user.selectOptions(within(dialog).getByLabelText('Expires after'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'New API token' });
    expect(within(shown).getByLabelText('API token')).toHaveValue(TOKEN);
    expect(within(shown).getByLabelText('API token')).toHaveAttribute('readonly');
    expect(within(shown).getByText(apiTokenMessages.created)).toBeInTheDocument();
    // Said once, in the dialog: no toast repeats it.
    expect(screen.getAllByText(apiTokenMessages.created)).toHaveLength(1);
    // Sent in the menu's order (Documents before Reminders), not the order they were ticked in.
    expect(bodiesSent(fetchMock, '/api/apiTokenCreate')).toEqual([
      { name: 'Warehouse', accessKeys: ['document', 'task'], expiresInDays: 30 },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN);

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'New API token' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(TOKEN)).not.toBeInTheDocument();
    expect(screen.queryByText(TOKEN)).not.toBeInTheDocument();
  }, 15_000);

  it('without a clipboard (plain http), Copy selects the whole token and says to copy it', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'GET /api/apiTokenList': () => ok({ items: [] }),
      'POST /api/apiTokenCreate': () => ok({ token: TOKEN, apiToken: token() }, apiTokenMessages.created),
    });
    render();
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New token' });
    await user.type(within(dialog).getByLabelText('Name'), 'Warehouse');
    await user.click(await within(dialog).findByRole('checkbox', { name: accessKeyLabel('task') }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'New API token' });
    const box = within(shown).getByLabelText<HTMLTextAreaElement>('API token');
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Select the text and copy it.')).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe(TOKEN);
  });

  it('shows the server’s refusal beside the field it names', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'GET /api/apiTokenList': () => ok({ items: [] }),
      'POST /api/apiTokenCreate': () => ({
        status: 400,
        body: envelope(null, 400, apiTokenMessages.nameTaken, {
          validation_errors: [{ field: 'name', message: apiTokenMessages.nameTaken }],
        }),
      }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New token' });
    await user.type(within(dialog).getByLabelText('Name'), 'Payroll export');
    await user.click(await within(dialog).findByRole('checkbox', { name: accessKeyLabel('task') }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText(apiTokenMessages.nameTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });
});
