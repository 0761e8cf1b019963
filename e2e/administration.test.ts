import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { administrationMessages } from '@compass/shared';
import { screenshot, signedInPage, signInThroughUi, useBrowser, useDatabase, waitForMail } from './browser';

const browser = useBrowser();
const db = useDatabase();

const NEW_EMAIL = 'nina.harbour@northwind.example';
const NEW_PASSWORD = 'Harbour#2026';

async function openAdmin(page: Page, path: string, heading: string) {
  await page.goto(path);
  await page.locator('#main-content').getByRole('heading', { level: 1, name: heading }).waitFor();
}

/**
 * Issue 14, "done when": an administrator sets up a workplace and a role, invites a new employee
 * who signs in with what the role allows, posts a notice to the workplace, and deactivates them.
 */
describe('an organisation run from its own screens', () => {
  it('olivia sets up, invites, informs and deactivates a new employee; the employee lives it', async () => {
    const admin = await browser.page();
    await signInThroughUi(admin, 'olivia.admin');
    await admin.waitForURL('**/dashboard');

    await openAdmin(admin, '/system-administration/preferences', 'Preferences');
    await admin.getByRole('heading', { name: 'Microsoft sign-in' }).waitFor();
    await screenshot(admin, 'admin-preferences');

    await openAdmin(admin, '/system-administration/workplaces', 'Workplaces & Branches');
    await admin.getByRole('button', { name: 'Add workplace' }).click();
    await admin.getByLabel('Workplace name').fill('Harbour Depot');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('cell', { name: 'Harbour Depot', exact: true }).waitFor();
    await screenshot(admin, 'admin-workplaces');

    await openAdmin(admin, '/system-administration/roles', 'Users & Roles');
    await admin.getByRole('button', { name: 'Add role' }).click();
    await admin.getByLabel('Role name').fill('Depot Staff');
    await admin.getByRole('checkbox', { name: 'Form Submission', exact: true }).check();
    await admin.getByRole('checkbox', { name: /^Task task$/ }).check();
    await screenshot(admin, 'admin-roles');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('cell', { name: 'Depot Staff', exact: true }).waitFor();

    await openAdmin(admin, '/human-resource/positions', 'Roles & Responsibilities');
    await screenshot(admin, 'admin-positions');

    await openAdmin(admin, '/human-resource/employees', 'Employees');
    await screenshot(admin, 'admin-employees');
    await admin.getByRole('link', { name: 'Add employee' }).click();
    await admin.getByLabel('First name', { exact: true }).fill('Nina');
    await admin.getByLabel('Last name', { exact: true }).fill('Harbour');
    await admin.getByLabel('E-mail', { exact: true }).fill(NEW_EMAIL);
    await admin.getByLabel('Role', { exact: true }).selectOption({ label: 'Depot Staff' });
    await admin.getByLabel('Workplace', { exact: true }).selectOption({ label: 'Harbour Depot' });
    await admin.getByRole('button', { name: 'Create and invite' }).click();
    await admin.locator('#main-content').getByRole('heading', { level: 1, name: 'Nina Harbour' }).waitFor();
    await admin.getByText('Invitation sent').first().waitFor();
    await screenshot(admin, 'admin-employee-edit');

    // The invitation mail's link opens the set-password page.
    const mail = await waitForMail(NEW_EMAIL, '/reset-password/');
    const link = /https?:\/\/[^\s"<>]+\/reset-password\/[\w-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    const employee = await browser.page();
    await employee.goto(new URL(link!).pathname);
    await employee.getByRole('heading', { name: 'Set your password' }).waitFor();
    await employee.getByText(/Welcome, Nina Harbour/).waitFor();
    await screenshot(employee, 'invitation-set-password');
    await employee.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await employee.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
    await employee.getByRole('button', { name: 'Set Password' }).click();
    await employee.waitForURL('**/login');
    await signInThroughUi(employee, NEW_EMAIL, NEW_PASSWORD);
    await employee.waitForURL('**/dashboard');
    const nav = employee.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Reminders').waitFor();
    expect(await nav.getByText('Risk Management').count()).toBe(0);
    expect(await nav.getByText('System Administration').count()).toBe(0);

    // A notice to the new workplace reaches the new employee's dashboard.
    await admin.goto('/noticeboard?tab=manage');
    await admin.getByRole('button', { name: 'New notice' }).click();
    await admin.getByLabel('Title').fill('Depot induction on Monday');
    await admin.getByLabel('Text').fill('Meet at the depot gate at 7:00. Bring your boots.');
    await admin.getByLabel('Employees of workplaces').check();
    await admin.getByRole('checkbox', { name: 'Harbour Depot' }).check();
    await screenshot(admin, 'noticeboard-edit');
    await admin.getByRole('button', { name: 'Save notice' }).click();
    await admin.getByRole('button', { name: 'Depot induction on Monday', exact: true }).waitFor();
    await screenshot(admin, 'noticeboard-manage');

    await employee.reload();
    await employee.getByText('Depot induction on Monday').first().waitFor();
    await employee.goto('/noticeboard');
    await employee.getByRole('button', { name: /Depot induction on Monday/ }).waitFor();
    await screenshot(employee, 'noticeboard');

    // Deactivated: the open session is refused on its next call.
    await admin.goto('/human-resource/employees?search=Nina');
    await admin.getByRole('link', { name: 'Nina Harbour' }).click();
    await admin.getByRole('button', { name: 'Deactivate' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await admin.getByRole('button', { name: 'Reactivate' }).waitFor();

    await employee.goto('/dashboard');
    await employee.waitForURL(/\/login/);
    // Each refused call sends the page to the site root; let the last of them land before signing in.
    await employee.waitForLoadState('networkidle');
    await signInThroughUi(employee, NEW_EMAIL, NEW_PASSWORD);
    await employee.getByText('This account is deactivated. Contact your administrator.').waitFor();
    await admin.close();
    await employee.close();
  });

  it('olivia adds a supplier company, switches on its portal and adds a person with an invitation', async () => {
    const admin = await browser.page();
    await signInThroughUi(admin, 'olivia.admin');
    await admin.waitForURL('**/dashboard');
    await openAdmin(admin, '/external-parties/companies', 'Companies');
    await screenshot(admin, 'admin-supplier-companies');
    await admin.getByRole('button', { name: 'Add company' }).click();
    await admin.getByLabel('Company name').fill('Bay Scaffolding');
    await admin.getByRole('dialog').getByRole('button', { name: 'Add company' }).click();
    await admin
      .locator('#main-content')
      .getByRole('heading', { level: 1, name: 'Bay Scaffolding' })
      .waitFor();
    await admin.getByLabel(/^Supplier portal/).check();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    // The created entry lists the portal too: wait for the save's own entry.
    await admin
      .locator('.change-log-entry', { hasText: 'updated' })
      .locator('.change-log-changes')
      .getByText('Supplier portal')
      .waitFor();
    await admin.getByRole('button', { name: 'Add person' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Sam');
    await dialog.getByLabel('Last name').fill('Rigger');
    await dialog.getByLabel('E-mail', { exact: true }).fill('sam.rigger@bay-scaffolding.example');
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await admin.getByRole('cell', { name: 'Sam Rigger', exact: true }).waitFor();
    await admin.getByText('Invitation sent').waitFor();
    await screenshot(admin, 'admin-supplier-company');
    await waitForMail('sam.rigger@bay-scaffolding.example', '/external-parties-account-activate/');

    await openAdmin(admin, '/external-parties/personnel', 'Personnel');
    await admin.getByRole('button', { name: 'Edit Sam Rigger' }).click();
    await admin.getByRole('dialog').getByLabel('Last name').fill('Rigby');
    await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('cell', { name: 'Sam Rigby', exact: true }).waitFor();
    await screenshot(admin, 'admin-personnel');
    await admin.close();
  });

  it('olivia re-enables e-mails to a person who unsubscribed, and sends herself a test mail', async () => {
    const admin = await signedInPage(browser, 'olivia.admin');
    const nav = admin.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'System Administration' }).click();
    await nav.getByRole('link', { name: 'Notifications' }).click();
    await admin.locator('#main-content').getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const unsubscribed = admin.getByRole('region', { name: 'Unsubscribed users' });
    await unsubscribed.getByText('Zoe Martin', { exact: true }).waitFor();
    await unsubscribed.getByText('Ava Nguyen', { exact: true }).waitFor();

    await unsubscribed.getByRole('button', { name: 'Re-enable e-mails to Zoe Martin' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Re-enable optional e-mails?' });
    await dialog.getByText('I no longer work on the Northwind contract.', { exact: false }).waitFor();
    await screenshot(admin, 'admin-notifications-confirm');
    await dialog.getByRole('button', { name: 'Re-enable' }).click();
    await admin.getByText('Zoe Martin receives optional e-mails again.').first().waitFor();
    await admin
      .getByRole('region', { name: 'Change log' })
      .getByText('Zoe Martin <zoe.martin@zenith-cleaning.example>')
      .waitFor();
    await unsubscribed.getByText('Zoe Martin', { exact: true }).waitFor({ state: 'detached' });
    const zoe = await db.user.findUniqueOrThrow({ where: { username: 'zoe.noportal' } });
    expect(zoe.unsubscribedAt).toBeNull();

    // The test mail goes through the outbox and the mail worker to her own address.
    const testMail = admin.getByRole('region', { name: 'Test mail' });
    await testMail.getByRole('button', { name: 'Send a test mail' }).click();
    await testMail.getByRole('status').getByText('Sent').waitFor({ timeout: 20_000 });
    await waitForMail('olivia.bennett@northwind.example', 'You sent this test mail');
    await screenshot(admin, 'admin-notifications');
    await admin.getByRole('heading', { name: 'E-mails your organisation sends' }).scrollIntoViewIfNeeded();
    await screenshot(admin, 'admin-notifications-mails');
    await admin.close();
    // Other files share the database: Zoe is unsubscribed again, as the demo has her.
    await db.user.update({
      where: { id: zoe.id },
      data: { unsubscribedAt: new Date(), unsubscribeReason: 'I no longer work on the Northwind contract.' },
    });
  });

  it('ethan, with HR but not System Administration, cannot change the administrator nor make himself one', async () => {
    const hr = await signedInPage(browser, 'ethan.coordinator');
    await openAdmin(hr, '/human-resource/employees?search=Olivia', 'Employees');
    await hr.getByRole('link', { name: 'Olivia Bennett' }).click();
    await hr.locator('#main-content').getByRole('heading', { level: 1, name: 'Olivia Bennett' }).waitFor();
    await hr.getByText(administrationMessages.manageBeyondOwn).waitFor();
    expect(await hr.getByLabel('E-mail', { exact: true }).isDisabled()).toBe(true);
    expect(await hr.getByLabel('Role', { exact: true }).isDisabled()).toBe(true);
    expect(await hr.getByRole('button', { name: 'Deactivate' }).count()).toBe(0);
    await screenshot(hr, 'admin-employee-beyond-own');

    await openAdmin(hr, '/human-resource/employees?search=Ethan', 'Employees');
    await hr.getByRole('link', { name: 'Ethan Clarke' }).click();
    const role = hr.getByLabel('Role', { exact: true });
    await role.waitFor();
    expect(await role.isDisabled()).toBe(false);
    expect(await role.locator('option', { hasText: 'Administrator' }).isDisabled()).toBe(true);
    await hr.close();
  });
});
