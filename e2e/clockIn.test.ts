import { describe, expect, it } from 'vitest';
import { drawOn, signInThroughUi, useBrowser } from './browser';

const browser = useBrowser();

describe('employee clock-in page', () => {
  it('lets mia.employee clock in and out with her own QR code page', async () => {
    const page = await browser.page();
    await signInThroughUi(page, 'mia.employee');
    await page.waitForURL('**/dashboard');
    const permissions = (await page.evaluate(() =>
      fetch('/api/permissions', { headers: { authtoken: localStorage.getItem('authToken') ?? '' } }).then(
        (response) => response.json(),
      ),
    )) as { response_data: { employeeId: string } };
    const employeeId = permissions.response_data.employeeId;
    expect(employeeId).toBeTruthy();

    await page.goto(`/employeeclockin/${employeeId}`);
    await page.getByText('Loading...').waitFor();
    const clockIn = page.getByRole('button', { name: 'CLOCK IN' });
    const clockOut = page.getByRole('button', { name: 'CLOCK OUT' });
    await clockIn.waitFor();
    expect(await page.getByText('Not clocked in').isVisible()).toBe(true);
    // 001 section 9: the clock-in takes a signature first.
    expect(await clockIn.isDisabled()).toBe(true);
    await drawOn(page, 'Signature');
    await clockIn.click();
    await page.getByText('You are clocked in.').waitFor();
    await clockOut.waitFor();
    expect(await page.getByText(/^Clocked in since \d\d:\d\d$/).isVisible()).toBe(true);

    await clockOut.click();
    await page.getByText('You are clocked out.').waitFor();
    await clockIn.waitFor();
    expect(await page.getByText(/^Clocked out at \d\d:\d\d$/).isVisible()).toBe(true);

    // A QR code that matches no employee of her organisation.
    await page.goto('/employeeclockin/00000000-0000-4000-8000-000000000000');
    await page.getByText('Ops!').waitFor();
    await page.close();
  });
});
