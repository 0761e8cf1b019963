import { messages } from '@compass/shared';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

// The browser tests share one product: whatever happens here, Liam and Acme are left as seeded.
afterAll(async () => {
  await db.user.update({ where: { username: 'liam.personnel' }, data: { portalAccess: true } });
  await db.supplierCompany.updateMany({ where: { name: 'Acme Contracting' }, data: { logoKey: null } });
});

async function signedIn(username: string): Promise<Page> {
  const page = await browser.page();
  await signInThroughUi(page, username);
  await page.waitForURL('**/dashboard');
  return page;
}

/** A company's logo: a wordmark on a coloured band, as a supplier would upload one. */
const logo = () =>
  sharp({ create: { width: 640, height: 200, channels: 3, background: '#0f766e' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="200">' +
            '<text x="40" y="128" font-family="sans-serif" font-size="88" font-weight="700" fill="#fff">' +
            'ACME</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/**
 * Issue 17, Access Settings and Profile: Acme's main account turns Liam's portal access off, and
 * Liam, signed in, finds the portal closed; turned on again, his dashboard is back. The
 * organisation sees the same switches on Acme's page. Acme keeps its contact details and logo from
 * the header's Profile.
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

    const liam = await signedIn('liam.personnel');
    await liam.getByRole('region', { name: 'Assigned Forms' }).waitFor();
    // Liam is one of Acme's people: Access Settings are not his.
    expect(await liam.getByRole('link', { name: 'Access Settings' }).count()).toBe(0);
    // His sign-in is the newest on Acme's list.
    await acme.reload();
    const liamsRow = acme.getByRole('row', { name: /Liam Walker/ });
    await expect.poll(() => liamsRow.textContent()).not.toContain('Never');
    await screenshot(acme, 'supplier-access-settings');

    await liamsSwitch.click();
    await acme.getByText('Liam Walker can no longer use the portal.').waitFor();
    await expect
      .poll(
        async () => (await db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } })).portalAccess,
      )
      .toBe(false);
    // His open session (the same token): the next page he opens finds the portal closed.
    await liam.reload();
    await liam.getByText(messages.dashboard.supplierPortalDisabled).waitFor();
    expect(await liam.getByRole('region', { name: 'Assigned Forms' }).count()).toBe(0);
    // Signing in afresh finds it closed too.
    const again = await signedIn('liam.personnel');
    await again.getByText(messages.dashboard.supplierPortalDisabled).waitFor();
    await again.close();

    await liamsSwitch.click();
    await acme.getByText('Liam Walker can use the portal again.').waitFor();
    await liam.reload();
    await liam.getByRole('region', { name: 'Assigned Forms' }).waitFor();
    await liam.close();
    await acme.close();
  });

  it('shows the organisation the same switches on the company’s page', async () => {
    const olivia = await signedIn('olivia.admin');
    const acme = await db.supplierCompany.findFirstOrThrow({ where: { name: 'Acme Contracting' } });
    await olivia.goto(`/external-parties/companies/${acme.id}`);
    const section = olivia.getByRole('region', { name: 'Portal access' });
    await section.getByRole('switch', { name: 'Portal access for Liam Walker' }).waitFor();
    expect(await section.getByRole('switch', { name: 'Portal access for Liam Walker' }).isChecked()).toBe(
      true,
    );
    // Acme's only main account keeps its access.
    expect(await section.getByRole('switch', { name: 'Portal access for acme.supplier' }).isDisabled()).toBe(
      true,
    );
    await section.scrollIntoViewIfNeeded();
    await screenshot(olivia, 'admin-supplier-company-portal-access');
    await olivia.close();
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
    await acme
      .getByLabel('Upload')
      .setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: await logo() });
    await acme.getByText('The logo was saved.').waitFor();
    const image = acme.getByRole('img', { name: 'Acme Contracting logo' });
    await image.waitFor();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
    // The company's own compliance, under its details.
    await acme
      .getByRole('region', { name: 'Compliance' })
      .getByText('Not compliant', { exact: true })
      .waitFor();
    // The page as it stays, once the toasts are gone.
    await expect.poll(() => acme.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(acme, 'supplier-profile');
    const acmeRow = await db.supplierCompany.findFirstOrThrow({ where: { name: 'Acme Contracting' } });
    expect(acmeRow).toMatchObject({ contactName: 'Dana Reyes', phone: '+61 2 5550 1234' });
    expect(acmeRow.logoKey).not.toBeNull();

    // Liam reads them; the details are his company's main account's to keep.
    const liam = await signedIn('liam.personnel');
    await liam.getByRole('button', { name: /Profile menu/ }).click();
    await liam.getByRole('menuitem', { name: 'Profile' }).click();
    await liam.getByText('Your company’s main account keeps these details.').waitFor();
    expect(await liam.getByLabel('Contact name').inputValue()).toBe('Dana Reyes');
    await liam.getByRole('img', { name: 'Acme Contracting logo' }).waitFor();
    expect(await liam.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await liam.close();

    // Removed again, so the other browser tests find Acme as the seed left it.
    await acme.getByRole('button', { name: 'Remove' }).click();
    await acme.getByText('No logo yet').waitFor();
    await acme.close();
  });
});
