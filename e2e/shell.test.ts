import { messages } from '@compass/shared';
import { describe, expect, it } from 'vitest';
import { refusedCalls, screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

describe('sign-in and the application shell', () => {
  it('shows the login page', async () => {
    const page = await browser.page();
    await page.goto('/login');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByLabel('Username').fill('olivia.admin');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
    await page.getByLabel('Username').fill('');
    await screenshot(page, 'login');
    await page.close();
  });

  it('signs olivia.admin in to the dashboard with the full navigation', async () => {
    const page = await browser.page();
    await signInThroughUi(page, 'olivia.admin');
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Risk Management').waitFor();
    for (const label of [
      'Home',
      'Noticeboard',
      'Form Submission',
      'Audit Inspection',
      'Hazardous Substances',
      'System Administration',
    ]) {
      expect(await nav.getByText(label, { exact: true }).first().isVisible()).toBe(true);
    }
    await screenshot(page, 'shell-olivia-admin');
    await page.close();
  });

  it('hides Risk Management from mia.employee', async () => {
    const page = await browser.page();
    await signInThroughUi(page, 'mia.employee');
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Noticeboard').waitFor();
    expect(await nav.getByText('Risk Management').count()).toBe(0);
    expect(await nav.getByText('Hazardous Substances').count()).toBe(0);
    expect(await nav.getByText('System Administration').count()).toBe(0);
    await screenshot(page, 'shell-mia-employee');
    await page.close();
  });

  it("shows an employee the organisation's own title above the page title (issue 40)", async () => {
    // The title an organisation file (organisation.headerTitle) or Preferences gives it.
    const where = { name: 'Northwind Facilities' };
    const { headerTitle } = await db.company.findFirstOrThrow({ where });
    await db.company.updateMany({ where, data: { headerTitle: 'Northwind Health & Safety' } });
    try {
      const page = await browser.page();
      await signInThroughUi(page, 'mia.employee');
      await page.waitForURL('**/dashboard');
      const header = page.getByRole('banner');
      await header.getByText('Northwind Health & Safety', { exact: true }).waitFor();
      expect(await header.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
      await screenshot(page, 'shell-organisation-title');
      await page.close();
    } finally {
      await db.company.updateMany({ where, data: { headerTitle } });
    }
  });

  it('keeps noah.expired on /change-password until he changes the password, then lets him in', async () => {
    const page = await browser.page();
    const refused = refusedCalls(page);
    await signInThroughUi(page, 'noah.expired');
    await page.waitForURL('**/change-password');
    await page
      .getByText('Your password has expired. Please reset your password to a new one below:')
      .waitFor();
    await page.goto('/noticeboard');
    await page.waitForURL('**/change-password');
    await screenshot(page, 'change-password-forced');
    // The server refuses him everything else: the screens ask for nothing else, so no error shows.
    expect(refused).toEqual([]);
    expect(await page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0);

    await page.getByLabel('Current password').fill('Demo@1234');
    await page.getByLabel('New password', { exact: true }).fill('weakpassword');
    await page.getByLabel('Confirm new password').fill('weakpassword');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page
      .getByText(
        'New password must contain at least one lowercase letter, one uppercase letter, one number, and one special character.',
      )
      .waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Newer@2026');
    await page.getByLabel('Confirm new password').fill('Newer@2027');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Both passwords must match.').waitFor();
    await page.getByLabel('Confirm new password').fill('Newer@2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    // A changed password signs the user out; the new one opens the dashboard, nothing forced any more.
    await page.waitForURL('**/login**');
    await signInThroughUi(page, 'noah.expired', 'Newer@2026');
    await page.waitForURL('**/dashboard');
    await page.getByRole('tab', { name: 'My Tasks' }).waitFor();
    await page.close();
  });

  it('shows zoe.noportal that the supplier portal is off, with no refused call or error on screen', async () => {
    const page = await browser.page();
    const refused = refusedCalls(page);
    await signInThroughUi(page, 'zoe.noportal');
    await page.waitForURL('**/dashboard');
    await page.getByText(messages.dashboard.supplierPortalDisabled).waitFor();
    // The server refuses her everything else, so the menu and the guard offer nothing else.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Compass', 'Home', 'Help Centre']);
    await page.goto('/form-submission/new');
    await page.waitForURL('**/dashboard');
    await page.getByText(messages.dashboard.supplierPortalDisabled).waitFor();
    expect(refused).toEqual([]);
    expect(await page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0);
    await screenshot(page, 'dashboard-supplier-portal-off');
    await page.close();
  });

  it('sends ava.dual to /switch-user', async () => {
    const page = await browser.page();
    await signInThroughUi(page, 'ava.dual');
    await page.waitForURL(/\/switch-user(\?|$)/);
    await page.getByText('Logged In').waitFor();
    await screenshot(page, 'switch-user');
    // From her employee account the switch to the associated external-party account needs no password.
    await page.getByText('Acme Contracting').click();
    await page.waitForURL('**/dashboard');
    // The supplier dashboard (a person of Acme: no Access Settings, which are the company's).
    await page.getByRole('region', { name: 'Assigned Forms' }).waitFor();
    await page.close();
  });

  it('sends a signed-out visitor of a guarded URL to /login with its returnUrl, and back after sign-in', async () => {
    const page = await browser.page();
    await page.goto('/noticeboard');
    await page.waitForURL('**/login?returnUrl=%2Fnoticeboard');
    await page.getByLabel('Username').fill('olivia.admin');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/noticeboard');
    await page.close();
  });

  it('shows Invalid credentials for a wrong password', async () => {
    const page = await browser.page();
    await signInThroughUi(page, 'olivia.admin', 'Wrong@1234');
    await page.getByText('Invalid credentials').first().waitFor();
    expect(page.url()).toContain('/login');
    await page.close();
  });
});
