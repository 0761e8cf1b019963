import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signInThroughUi, useBrowser, useDatabase, waitForMail } from './browser';

const browser = useBrowser();
const db = useDatabase(1);
let ethanPasswordHash: string | null;

// The browser tests share one database: ethan's demo password comes back for the files after this one.
beforeAll(async () => {
  ({ passwordHash: ethanPasswordHash } = await db.user.findUniqueOrThrow({
    where: { username: 'ethan.coordinator' },
  }));
});
afterAll(async () => {
  await db.user.update({
    where: { username: 'ethan.coordinator' },
    data: { passwordHash: ethanPasswordHash },
  });
});

describe('account flows in the browser', () => {
  it('resets a forgotten password through the e-mailed link and signs in with the new one', async () => {
    const page = await browser.page();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('Please enter registered username/email address').waitFor();
    await page.getByLabel(/username/i).fill('ethan.coordinator');
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('If the account exists, we have e-mailed a link to reset the password.').waitFor();

    const mail = await waitForMail('ethan.clarke@northwind.example', '/reset-password/');
    const link = /https?:\/\/[^\s"<>]+\/reset-password\/[\w-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('short');
    await page.getByRole('button', { name: /reset password/i }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Fresh@2026');
    await page.getByLabel('Confirm password', { exact: true }).fill('Fresh@2026');
    await page.getByRole('button', { name: /reset password/i }).click();
    await page.waitForURL('**/login**');

    await signInThroughUi(page, 'ethan.coordinator', 'Fresh@2026');
    await page.waitForURL('**/dashboard');
    await page.getByRole('tab', { name: 'My Tasks' }).waitFor();
    await page.close();
  });

  it('switches ava.dual to her external-party account and back with her password', async () => {
    const page = await browser.page();
    await signInThroughUi(page, 'ava.dual');
    await page.waitForURL(/\/switch-user(\?|$)/);
    await page.getByText('Acme Contracting').click();
    await page.waitForURL('**/dashboard');
    // The supplier dashboard (a person of Acme: no Access Settings, which are the company's).
    await page.getByRole('region', { name: 'Assigned Forms' }).waitFor();

    await page.getByRole('button', { name: /switch account/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Northwind Facilities').click();
    await dialog.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await screenshot(page, 'switch-account-password-step');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByText('Risk Management').waitFor();
    await page.close();
  });
});
