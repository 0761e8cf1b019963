import { describe, expect, it } from 'vitest';
import { screenshot, signInThroughUi, useBrowser } from './browser';

const browser = useBrowser();

describe('the dashboard in the browser', () => {
  it("shows ethan.coordinator's sections and, on first opening, his charts", async () => {
    const page = await browser.page();
    await signInThroughUi(page, 'ethan.coordinator');
    await page.waitForURL('**/dashboard');
    // A reviewer of supplier documents also sees Company Requirements (000 section 2.2).
    for (const name of [
      'Scheduled Tasks',
      'Form Coordination',
      'Assigned Actions',
      'External Parties',
      'Company Requirements',
      'Noticeboard',
    ]) {
      await page.getByRole('region', { name }).waitFor();
    }
    await screenshot(page, 'dashboard-tasks-ethan');

    await page.getByRole('tab', { name: 'Overview Charts' }).click();
    await page.getByRole('region', { name: 'Task overview' }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await screenshot(page, 'dashboard-charts-ethan');
    await page.close();
  });

  it('shows liam.personnel the supplier sections and charts, without the bar chart', async () => {
    const page = await browser.page();
    await signInThroughUi(page, 'liam.personnel');
    await page.waitForURL('**/dashboard');
    for (const name of ['Assigned Actions', 'Assigned Forms']) {
      await page.getByRole('region', { name }).waitFor();
    }
    expect(await page.getByRole('region', { name: 'Scheduled Tasks' }).count()).toBe(0);
    await screenshot(page, 'dashboard-tasks-liam');

    await page.getByRole('tab', { name: 'Overview Charts' }).click();
    await page.locator('.recharts-surface').first().waitFor();
    expect(await page.getByRole('region', { name: 'Task overview' }).count()).toBe(0);
    await screenshot(page, 'dashboard-charts-liam');
    await page.close();
  });
});
