import { messages } from '@compass/shared';
import { describe, expect, it } from 'vitest';
import { screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

describe('QR guest submission', () => {
  it("lets a guest submit the poster's form without signing in; the coordinator finds it as 'Guest User'", async () => {
    const ethan = await db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    const template = await db.formTemplate.findFirstOrThrow({
      where: { companyId: ethan.companyId, name: 'Visitor Feedback', formType: 'qr' },
    });
    const description = 'Delivery drop-off at the Riverside gate';

    // The guest scans the poster on a phone: no session in this browser.
    const page = await browser.page();
    await page.setViewportSize({ width: 430, height: 932 });
    await page.goto(`/qr/form-submission/${ethan.employeeId}/${template.id}/${ethan.companyId}`);
    await page.getByRole('heading', { name: 'Initial details' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await page.getByRole('link').count()).toBe(0);
    expect(await page.getByLabel(/^Coordinator/).isDisabled()).toBe(true);

    await page.getByLabel(/^Description/).fill(description);
    await page.getByLabel(/^Workplace/).selectOption({ label: 'Riverside Depot' });
    await page.getByLabel(/^Branch/).selectOption({ label: 'Warehouse' });
    await page.getByLabel(/^Your Name/).fill('Grace Hopper');
    await page.getByLabel(/^Your Company/).fill('Harbour Consulting');
    await page.getByRole('radio', { name: 'Good' }).check();
    await page.getByLabel(/^Comments/).fill('Quick sign-in at the gate, friendly staff.');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'qr-guest-form');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: messages.qrSubmission.thankYouTitle }).waitFor();
    const number = (await page.getByTestId('qr-form-number').innerText()).trim();
    expect(number).toMatch(/^FS \d+$/);
    await screenshot(page, 'qr-guest-submitted');
    await page.close();

    // The coordinator signs in and finds it in My Records, recorded by 'Guest User'.
    const coordinator = await browser.page();
    await signInThroughUi(coordinator, 'ethan.coordinator');
    await coordinator.waitForURL('**/dashboard');
    await coordinator.goto(`/form-submission/my-records?search=${encodeURIComponent(description)}`);
    const row = coordinator.getByRole('row').filter({ hasText: description });
    await row.waitFor();
    expect(await row.innerText()).toContain(number);
    expect(await row.innerText()).toContain(messages.submission.guestUser);
    await row.getByRole('link', { name: number }).click();
    await coordinator.getByRole('heading', { name: 'Initial details' }).waitFor();
    expect(await coordinator.getByLabel(/^Your Name/).inputValue()).toBe('Grace Hopper');
    expect(await coordinator.getByText(messages.submission.guestUser).count()).toBeGreaterThan(0);
    await coordinator.close();
  }, 60_000);
});
