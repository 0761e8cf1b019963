import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signedInPage, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

const signedIn = (username: string): Promise<Page> => signedInPage(browser, username);

/** The links of the dashboard's Scheduled Reviews that lead into `area`. */
function reviewLinks(page: Page, area: 'risk' | 'hazardous') {
  return page
    .getByRole('region', { name: 'Scheduled Reviews' })
    .locator(`a[href^="/${area}/register-review/"]`);
}

/**
 * Issue 19, the risk and hazardous substances registers: ethan.coordinator opens a review of each
 * kind from his dashboard, completes it, and sees it leave Scheduled Reviews; the registers' list,
 * matrix, detail and review pages, as screenshots.
 */
describe('risk and hazardous substance reviews from the dashboard', () => {
  it('completes a risk co-review and a substance review, each leaving the dashboard', async () => {
    const page = await signedIn('ethan.coordinator');
    await page.getByRole('region', { name: 'Scheduled Reviews' }).waitFor();

    // The co-review he owes Olivia on one of her risks.
    const coReview = reviewLinks(page, 'risk').and(page.locator('a[href*="/coReview/"]'));
    await expect.poll(() => coReview.count()).toBe(1);
    const riskHref = (await coReview.getAttribute('href'))!;
    await coReview.click();
    await page.getByRole('button', { name: 'Record co-review' }).waitFor();
    await page.getByLabel('Co-reviewer’s comments').fill('Walked the site: controls in place.');
    await screenshot(page, 'risk-review');
    await page.getByRole('button', { name: 'Record co-review' }).click();
    await page.getByRole('heading', { level: 2, name: 'Hazard and controls' }).waitFor();
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Scheduled Reviews' }).waitFor();
    await expect.poll(() => page.locator(`a[href="${riskHref}"]`).count()).toBe(0);

    // His own review of a substance, already co-reviewed.
    const substanceReview = reviewLinks(page, 'hazardous').and(page.locator('a[href*="/review/yes"]'));
    await expect.poll(() => substanceReview.count()).toBe(1);
    const substanceHref = (await substanceReview.getAttribute('href'))!;
    const substanceId = substanceHref.split('/')[3]!;
    await substanceReview.click();
    await page.getByText('Still current: no change needed').click();
    await page.getByLabel('Comments').fill('SDS and storage checked.');
    await screenshot(page, 'hazardous-review');
    await page.getByRole('button', { name: 'Complete review' }).click();
    await page.getByRole('heading', { level: 2, name: 'Safety data sheet' }).waitFor();
    const review = await db.review.findFirstOrThrow({
      where: { itemId: substanceId, completedAt: { not: null } },
      orderBy: { completedAt: 'desc' },
    });
    expect(review.outcome).toBe('noChange');
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Scheduled Reviews' }).waitFor();
    await expect.poll(() => page.locator(`a[href="${substanceHref}"]`).count()).toBe(0);

    // His own risk review waits for his co-reviewer.
    const waiting = reviewLinks(page, 'risk').and(page.locator('a[href*="/review/no"]'));
    await waiting.click();
    await page.getByText('reviews this first, as co-reviewer').waitFor();
    await page.close();
  });

  it('shows the registers: list, matrix, a risk with its ratings, a substance with its SDS', async () => {
    const page = await signedIn('ethan.coordinator');
    await page.goto('/risk/register');
    await page.locator('#main-content').getByRole('heading', { level: 1, name: 'Risk Register' }).waitFor();
    await page.getByRole('link', { name: 'Working at Heights', exact: true }).waitFor();
    await screenshot(page, 'risk-register');
    await page.getByRole('tab', { name: 'Matrix' }).click();
    const cell = page.getByRole('button', { name: /Likelihood 2 Unlikely, consequence 5 Catastrophic/ });
    await cell.waitFor();
    await screenshot(page, 'risk-matrix');
    await cell.click();
    await page.getByLabel('Rating after controls').waitFor();
    expect(await page.getByLabel('Rating after controls').inputValue()).toBe('orange');

    await page.getByRole('link', { name: 'Working at Heights', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Rating on the matrix' }).waitFor();
    await screenshot(page, 'risk-detail');

    // A new risk: the browser's own checks, then a save that lands on its page.
    await page.goto('/risk/register/new');
    await page.getByRole('button', { name: 'Save risk' }).click();
    await page.getByText('Please enter the risk.').waitFor();
    await page.getByLabel('Risk', { exact: true }).fill('Loading dock traffic');
    await page.getByLabel('Hazard').fill('Trucks reversing onto the dock.');
    const ratings = page.locator('fieldset.rating-picker');
    await ratings.nth(0).getByLabel('Likelihood').selectOption('4');
    await ratings.nth(0).getByLabel('Consequence').selectOption('4');
    await ratings.nth(1).getByLabel('Likelihood').selectOption('2');
    await ratings.nth(1).getByLabel('Consequence').selectOption('4');
    await screenshot(page, 'risk-edit');
    await page.getByRole('button', { name: 'Save risk' }).click();
    await page.getByText('Choose the owner.').waitFor();
    expect(await db.risk.count({ where: { name: 'Loading dock traffic' } })).toBe(0);

    await page.goto('/hazardous/register');
    await page
      .locator('#main-content')
      .getByRole('heading', { level: 1, name: 'Hazardous Substances' })
      .waitFor();
    await page.getByRole('link', { name: 'Paint Thinner', exact: true }).waitFor();
    await screenshot(page, 'hazardous-register');
    await page.getByRole('link', { name: 'Paint Thinner', exact: true }).click();
    await page.getByText('This safety data sheet is due').waitFor();
    await screenshot(page, 'hazardous-detail');
    await page.close();
  });
});
