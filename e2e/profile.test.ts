import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  refusedCalls,
  pageOverflow,
  SCREEN,
  screenshot,
  signedInPage,
  useBrowser,
  useDatabase,
} from './browser';

const browser = useBrowser();
const db = useDatabase();

const CONTACT = { name: 'Priya Clarke', relationship: 'Partner', phone: '0413 555 390' };

/** The page's own content (the header repeats its title). */
const main = (page: Page) => page.locator('#main-content');

const ethanId = async () =>
  (await db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } })).employeeId!;

afterAll(async () => {
  // The shared demo database as it was: Ethan has no private information in the demo.
  const employeeId = await ethanId();
  await db.employeePrivateInfo.deleteMany({ where: { employeeId } });
  await db.changeLog.deleteMany({ where: { entityType: 'employeePrivateInfo', entityId: employeeId } });
});

/**
 * Issue 42, private information: the profile menu's Profile opens the employee's own record; Ethan
 * (hrProfileEdit, not hrEmployeePrivateInfo) adds his emergency contact there; HR (Olivia) sees it
 * on his employee page.
 */
describe('Profile and private information', () => {
  it('an employee with hrProfileEdit adds an emergency contact on Profile', async () => {
    const page = await signedInPage(browser, 'ethan.coordinator', SCREEN.desktop);
    const refused = refusedCalls(page);
    await page.getByRole('button', { name: /Profile menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await main(page).getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    const record = page.getByRole('region', { name: 'Your record' });
    await record.getByText('Safety Coordinator').waitFor();

    const card = page.getByRole('region', { name: 'Private information' });
    await card.getByText('No emergency contact yet.').waitFor();
    await card.getByRole('button', { name: 'Add emergency contact' }).click();
    const contact = card.getByRole('group', { name: 'Emergency contact 1' });
    await contact.getByLabel('Name').fill(CONTACT.name);
    await contact.getByLabel('Relationship').fill(CONTACT.relationship);
    await contact.getByLabel('Phone').fill('12');
    await card.getByRole('button', { name: 'Save private information' }).click();
    // Refused before sending: the field says why.
    await card.getByText('Please enter a phone number').first().waitFor();
    await contact.getByLabel('Phone').fill(CONTACT.phone);
    await card.getByLabel('Personal phone').fill('0412 555 391');
    await card.getByRole('button', { name: 'Save private information' }).click();
    await page.getByText('Private information saved.').waitFor();
    await card.getByText('Last changed').waitFor();
    expect(refused).toEqual([]);

    const saved = await db.employeePrivateInfo.findUniqueOrThrow({ where: { employeeId: await ethanId() } });
    expect(saved.emergencyContacts).toEqual([CONTACT]);
    await screenshot(page, 'profile');

    // Opened afresh at a phone's width: the menu closed, the cards one under the other.
    await page.setViewportSize(SCREEN.phone);
    await page.reload();
    await card.getByRole('group', { name: 'Emergency contact 1' }).waitFor();
    expect(await pageOverflow(page)).toBe(0);
    await screenshot(page, 'profile-phone');
  });

  it('HR sees it on the employee’s page', async () => {
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    await page.goto(`/human-resource/employees/${await ethanId()}`);
    await main(page).getByRole('heading', { level: 1, name: 'Ethan Clarke' }).waitFor();
    const card = page.getByRole('region', { name: 'Private information' });
    const contact = card.getByRole('group', { name: 'Emergency contact 1' });
    await expect.poll(() => contact.getByLabel('Phone').inputValue()).toBe(CONTACT.phone);
    expect(await contact.getByLabel('Name').inputValue()).toBe(CONTACT.name);
    await card.getByText('Last changed').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'employee-private');
  });
});
