import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiTokenMessages,
  WEBHOOK_PING_EVENT,
  WEBHOOK_SIGNATURE_HEADER,
  webhookMessages,
  type TWebhookPayload,
} from '@compass/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pageOverflow,
  SCREEN,
  screenshot,
  shootWidths,
  signedInPage,
  useBrowser,
  useDatabase,
} from './browser';

const browser = useBrowser();
const db = useDatabase();

const TOKEN_NAME = 'E2E warehouse sync';

/** A system that receives Compass's events: every POST is kept, and answered 200 with a small body. */
interface Received {
  signature: string;
  body: string;
}
const received: Received[] = [];
const receiver = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    received.push({ signature: String(request.headers[WEBHOOK_SIGNATURE_HEADER] ?? ''), body });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
  });
});
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/compass-events`;
});

/** What the flows make, removed after them (the e2e files share the database). */
afterAll(async () => {
  await db.apiToken.deleteMany({ where: { name: TOKEN_NAME } });
  // A webhook's deliveries go with it.
  if (receiverUrl) await db.webhookSubscription.deleteMany({ where: { url: receiverUrl } });
  await new Promise((resolve) => receiver.close(resolve));
});

/** Opens a System Administration screen from the menu, as a person does. */
async function openFromMenu(page: Page, item: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'System Administration' }).click();
  await nav.getByRole('link', { name: item }).click();
  await page.locator('#main-content').getByRole('heading', { level: 1, name: item }).waitFor();
}

/**
 * Shoots an open dialog at a desktop's width and a phone's, as shootWidths does a page: the drawer a
 * narrowed window keeps open lies under the dialog, where no click reaches its backdrop, so it is
 * closed by its own click event. At each width the secret's box must show it whole.
 */
async function shootDialogWidths(page: Page, name: string, secretBox: Locator) {
  for (const [viewport, suffix] of [
    [SCREEN.desktop, ''],
    [SCREEN.phone, '-phone'],
  ] as const) {
    await page.setViewportSize(viewport);
    const backdrop = page.getByRole('button', { name: 'Close navigation' });
    if (await backdrop.isVisible()) await backdrop.dispatchEvent('click');
    expect.soft(await pageOverflow(page), `${name} scrolls sideways at ${viewport.width} px`).toBe(0);
    // The secret shows whole: its box neither cuts nor scrolls it.
    const cut = await secretBox.evaluate(
      (box) => box.scrollHeight > box.clientHeight || box.scrollWidth > box.clientWidth,
    );
    expect.soft(cut, `${name} cuts the secret at ${viewport.width} px`).toBe(false);
    await screenshot(page, `${name}${suffix}`);
  }
  await page.setViewportSize(SCREEN.desktop);
}

/** The `n`th request the receiver got, waited for. */
async function receivedRequest(n: number): Promise<Received> {
  await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(n);
  return received[n - 1]!;
}

/** A call of the API as an integration makes it: the token as a bearer, no session. */
const callWithToken = (token: string, path: string) =>
  fetch(`${browser.baseUrl}/api${path}`, {
    method: path === '/apiTokenList' ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}` },
  });

describe('integrations', () => {
  it('olivia makes an API token; a system calls with it until she revokes it', async () => {
    const page = await signedInPage(browser, 'olivia.admin');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.baseUrl });
    await openFromMenu(page, 'API tokens');

    await page.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New token' });
    await dialog.getByLabel('Name').fill(TOKEN_NAME);
    await dialog.getByRole('checkbox', { name: 'System', exact: true }).check();
    await dialog.getByLabel('Expires after').selectOption('30');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'New API token' });
    await shown.getByText(apiTokenMessages.created).waitFor();
    const token = await shown.getByLabel('API token').inputValue();
    expect(token).toMatch(/^cmp_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await shootDialogWidths(page, 'api-token-created', shown.getByLabel('API token'));
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText(token).count()).toBe(0);

    // The integration's call: the token acts as Olivia within the chosen key.
    const answer = await callWithToken(token, '/workplaceList');
    expect(answer.status).toBe(200);
    expect(
      ((await answer.json()) as { response_data: { list: unknown[] } }).response_data.list.length,
    ).toBeGreaterThan(0);
    // Managing tokens needs a person signed in.
    expect((await callWithToken(token, '/apiTokenList')).status).toBe(403);

    // A table row: at a phone's width its rows are cards, with no table roles.
    const row = page.locator('tr').filter({ hasText: TOKEN_NAME });
    await expect
      .poll(async () => {
        await page.reload();
        await row.waitFor();
        return row.getByText('Never').count();
      })
      .toBe(0);
    await row.getByText('127.0.0.1').waitFor();
    await shootWidths(page, 'api-tokens', row);

    await row.getByRole('button', { name: `Revoke ${TOKEN_NAME}` }).click();
    await page
      .getByRole('dialog', { name: `Revoke ${TOKEN_NAME}?` })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    const refused = await callWithToken(token, '/workplaceList');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { response_message: string }).response_message).toBe(
      apiTokenMessages.invalid,
    );
    await page.close();
  }, 120_000);

  it('olivia adds a webhook; its test event reaches the receiver, signed, and the log says Delivered', async () => {
    const page = await signedInPage(browser, 'olivia.admin');
    await openFromMenu(page, 'Webhooks');

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel('Address (URL)').fill(receiverUrl);
    await dialog.getByLabel('Description (optional)').fill('Maintenance planning system');
    await dialog.getByRole('checkbox', { name: 'Action assigned' }).check();
    await dialog.getByRole('checkbox', { name: 'Action completed' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const shown = page.getByRole('dialog', { name: 'Signing secret of the new webhook' });
    await shown.getByText(webhookMessages.created).waitFor();
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).not.toBe('');
    await shootDialogWidths(page, 'webhook-secret', shown.getByLabel('Signing secret'));
    await shown.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: `Send test event to ${receiverUrl}` }).click();
    await page.getByText(webhookMessages.testQueued).first().waitFor();
    const ping = await receivedRequest(1);
    const payload = JSON.parse(ping.body) as TWebhookPayload;
    expect(payload.event).toBe(WEBHOOK_PING_EVENT);
    // The receiver checks the signature with the secret it was shown.
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(ping.signature) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${ping.body}`).digest('hex'));

    const row = page
      .locator('tr')
      .filter({ has: page.getByRole('link', { name: `Deliveries to ${receiverUrl}` }) });
    await row.getByText('Delivered').waitFor({ timeout: 20_000 });
    await shootWidths(page, 'webhooks', row);

    await row.getByRole('link', { name: `Delivery log of ${receiverUrl}` }).click();
    await page.locator('#main-content').getByRole('heading', { level: 1, name: 'Deliveries' }).waitFor();
    const delivery = page.locator('tr').filter({ hasText: 'Test event' });
    await delivery.getByText('Delivered').waitFor();
    await delivery.getByText('HTTP 200').waitFor();
    await shootWidths(page, 'webhook-deliveries', delivery);

    await delivery.getByRole('button', { name: /^Details of/ }).click();
    const details = page.getByRole('dialog', { name: 'Test event' });
    await expect.poll(() => details.getByLabel('Payload').textContent()).toContain(payload.id);
    await details.getByLabel('Response body').getByText('{"received":true}').waitFor();
    await details.getByRole('button', { name: 'Close' }).click();

    // Sent again: a new delivery of the same event (the receiver drops a repeated id).
    await delivery.getByRole('button', { name: /^Send .* again$/ }).click();
    const again = JSON.parse((await receivedRequest(2)).body) as TWebhookPayload;
    expect(again.id).toBe(payload.id);
    await expect
      .poll(() => page.locator('tbody tr').filter({ hasText: 'Delivered' }).count(), { timeout: 20_000 })
      .toBe(2);
    await page.close();
  }, 120_000);
});
