import { messages } from '@compass/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

async function signedIn(username: string): Promise<Page> {
  const page = await browser.page();
  await signInThroughUi(page, username);
  await page.waitForURL('**/dashboard');
  return page;
}

/**
 * Issue 17, Access Settings and Profile: Acme's main account turns Liam's portal access off, and
 * Liam, signed in, finds the portal closed; turned on again, his dashboard is back. Acme keeps its
 * contact details from the header's Profile.
 */
describe('a supplier company keeps who uses its portal, and its own details', () => {
  it('turns a person’s access off and on from Access Settings', async () => {
    const acme = await signedIn('acme.supplier');
    await acme.getByRole('button', { name: 'External Parties portal' }).click();
    await acme.getByRole('link', { name: 'Access Settings' }).click();
    await acme.waitForURL('**/external-parties/portal-access');
    const liamsSwitch = acme.getByRole('switch', { name: 'Portal access for Liam Walker' });
    await liamsSwitch.waitFor();
    expect(await acme.getByRole('switch', { name: 'Portal access for acme.supplier' }).isDisabled()).toBe(
      true,
    );
    await screenshot(acme, 'supplier-access-settings');

    const liam = await signedIn('liam.personnel');
    await liam.getByRole('region', { name: 'Assigned Forms' }).waitFor();
    // Liam is one of Acme's people: Access Settings are not his.
    expect(await liam.getByRole('link', { name: 'Access Settings' }).count()).toBe(0);

    await liamsSwitch.click();
    await acme.getByText('Liam Walker can no longer use the portal.').waitFor();
    await expect
      .poll(
        async () => (await db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } })).portalAccess,
      )
      .toBe(false);
    // His open session: the next page he opens finds the portal closed.
    await liam.reload();
    await liam.getByText(messages.dashboard.supplierPortalDisabled).waitFor();

    await liamsSwitch.click();
    await acme.getByText('Liam Walker can use the portal again.').waitFor();
    await liam.reload();
    await liam.getByRole('region', { name: 'Assigned Forms' }).waitFor();
    await liam.close();
  });

  it('keeps the company’s contact details from the header’s Profile', async () => {
    const acme = await signedIn('acme.supplier');
    await acme.getByRole('button', { name: /Profile menu/ }).click();
    await acme.getByRole('menuitem', { name: 'Profile' }).click();
    await acme.waitForURL('**/external-parties/company/edit/**');
    await acme.getByRole('heading', { level: 1, name: 'Acme Contracting' }).waitFor();
    await acme.getByLabel('Contact name').fill('Dana Reyes');
    await acme.getByLabel('Phone').fill('+61 2 5550 1234');
    await acme.getByLabel('Address').fill('12 Quay Street, Sydney NSW 2000');
    await acme.getByRole('button', { name: 'Save' }).click();
    await acme.getByText('Your company details were saved.').waitFor();
    // The company's own compliance, under its details.
    await acme
      .getByRole('region', { name: 'Compliance' })
      .getByText('Not compliant', { exact: true })
      .waitFor();
    await screenshot(acme, 'supplier-profile');
    const acmeRow = await db.supplierCompany.findFirstOrThrow({ where: { name: 'Acme Contracting' } });
    expect(acmeRow).toMatchObject({ contactName: 'Dana Reyes', phone: '+61 2 5550 1234' });
  });
});
