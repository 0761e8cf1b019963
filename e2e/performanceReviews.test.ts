import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  dashboardItem,
  pageOverflow,
  SCREEN,
  screenshot,
  signedInPage,
  useBrowser,
  useDatabase,
} from './browser';

const browser = useBrowser();
const db = useDatabase();

const TITLE = 'Performance review: first year as technician';
const ACTION = 'Book the forklift refresher course';

const reviewOf = () => db.performanceReview.findFirstOrThrow({ where: { title: TITLE } });

/** The dashboard's HR Forms item of the review `id`, opened. */
async function openItem(page: Page, id: string): Promise<void> {
  const item = await dashboardItem(page, 'HR Forms', (section) =>
    section.locator(`a[href*="/performance-review/"][href$="${id}"]`),
  );
  await item.click();
  await page.locator('#main-content').getByRole('heading', { level: 1, name: TITLE }).waitFor();
}

/** Picks `name` in the person field labelled `label`: Choose (or Change), a search, the match. */
async function pick(scope: Locator, label: string, name: string): Promise<void> {
  await scope
    .locator('.field', { has: scope.page().getByText(label, { exact: true }) })
    .getByRole('button', { name: /^(Choose|Change)$/ })
    .click();
  await scope.getByRole('searchbox', { name: label }).fill(name.split(' ')[0]!);
  await scope.getByRole('button', { name: new RegExp(`^${name}`) }).click();
}

/** Rates the objective `title` with `rating` (1–5) on the caller's side. */
async function rate(page: Page, title: string, rating: number): Promise<void> {
  await page
    .getByRole('radiogroup', { name: `Your rating of ${title}` })
    .getByRole('radio', { name: new RegExp(`^${rating} `) })
    .check();
}

afterAll(async () => {
  // The shared demo database as it was: the review this file makes goes, with its actions.
  const made = await db.performanceReview.findMany({ where: { title: TITLE } });
  const ids = made.map((row) => row.id);
  await db.$transaction([
    db.changeLog.deleteMany({ where: { entityId: { in: ids } } }),
    db.action.deleteMany({ where: { performanceReviewId: { in: ids } } }),
    db.performanceReview.deleteMany({ where: { id: { in: ids } } }),
  ]);
});

/**
 * Issue 42, performance reviews: olivia (HR) starts a review of Mia with Ethan reviewing; Mia opens
 * it from her dashboard and assesses herself; Ethan assesses her from his, with an agreed action;
 * both sign off: completed, and the agreed action is an action on Mia's dashboard.
 */
describe('a performance review started, self-assessed, assessed and signed off', () => {
  it('runs from HR Admin > Performance Reviews to its completion', async () => {
    const olivia = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    await olivia.goto('/human-resource/admin/performance-reviews');
    await olivia
      .locator('#main-content')
      .getByRole('heading', { level: 1, name: 'Performance Reviews' })
      .waitFor();
    await olivia.getByRole('button', { name: 'Start review' }).click();
    const dialog = olivia.getByRole('dialog', { name: 'Start review' });
    await pick(dialog, 'Employee', 'Mia Torres');
    await pick(dialog, 'Reviewer', 'Ethan Clarke');
    await dialog.getByLabel('Title (optional)').fill(TITLE);
    await dialog.getByLabel('Objective 1', { exact: true }).fill('Safe work');
    await dialog.getByLabel('Weight (%)').fill('60');
    await dialog.getByRole('button', { name: 'Add objective' }).click();
    await dialog.getByLabel('Objective 2', { exact: true }).fill('Customer focus');
    await dialog.getByRole('status').filter({ hasText: 'Total 100% of 100%' }).waitFor();
    await dialog.getByRole('button', { name: 'Start review', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const review = await reviewOf();
    expect(review.status).toBe('selfAssessment');
    // The register as HR sees it, at each width: nothing wider than the screen.
    for (const [viewport, name] of [
      [SCREEN.desktop, 'performance-reviews'],
      [SCREEN.phone, 'performance-reviews-phone'],
    ] as const) {
      await olivia.setViewportSize(viewport);
      await olivia.reload();
      await olivia.getByRole('link', { name: TITLE }).waitFor();
      expect(await pageOverflow(olivia)).toBe(0);
      await screenshot(olivia, name);
    }

    // Mia opens it from her dashboard and assesses herself.
    const mia = await signedInPage(browser, 'mia.employee', SCREEN.desktop);
    await openItem(mia, review.id);
    await rate(mia, 'Safe work', 4);
    await rate(mia, 'Customer focus', 3);
    await mia.getByLabel('Comment on Customer focus').fill('Two call-backs in March.');
    await mia
      .getByLabel('How the period went for you')
      .fill('A good first year; I want the forklift ticket.');
    await mia.getByRole('button', { name: 'Submit to reviewer' }).click();
    await mia.getByText('Waiting for Ethan Clarke’s assessment.').waitFor();
    await expect.poll(async () => (await reviewOf()).status).toBe('managerAssessment');

    // Ethan assesses her from his dashboard, with an agreed action for her.
    const ethan = await signedInPage(browser, 'ethan.coordinator', SCREEN.desktop);
    await openItem(ethan, review.id);
    await ethan.getByText('Two call-backs in March.').waitFor();
    await rate(ethan, 'Safe work', 5);
    await rate(ethan, 'Customer focus', 3);
    await ethan.getByLabel('Your assessment of the period').fill('Careful and quick to learn.');
    await ethan
      .getByRole('radiogroup', { name: 'Overall rating' })
      .getByRole('radio', { name: /^4 / })
      .check();
    await ethan.getByRole('button', { name: 'Add action' }).click();
    await ethan.getByLabel('Action 1', { exact: true }).fill(ACTION);
    await ethan.getByLabel('Due date', { exact: true }).fill('01/03/2099');
    // Saved as a draft, then shot from the top at each width (the reload closes the phone's menu).
    await ethan.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(async () => (await reviewOf()).managerAssessment).toBe('Careful and quick to learn.');
    for (const [viewport, name] of [
      [SCREEN.phone, 'performance-review-phone'],
      [SCREEN.desktop, 'performance-review'],
    ] as const) {
      await ethan.setViewportSize(viewport);
      await ethan.reload();
      await ethan.getByText('Two call-backs in March.').waitFor();
      expect(await pageOverflow(ethan)).toBe(0);
      // The phone's shot shows the objectives as cards, under the summary.
      if (name === 'performance-review-phone')
        await ethan.getByRole('region', { name: 'Objectives' }).evaluate((card) => card.scrollIntoView());
      await screenshot(ethan, name);
    }
    await ethan.getByRole('button', { name: 'Submit for sign-off' }).click();
    await ethan.getByRole('region', { name: 'Sign-off' }).waitFor();
    await expect.poll(async () => (await reviewOf()).status).toBe('signOff');

    // Both sign: Mia with a comment, then Ethan, whose signature completes it.
    await openItem(mia, review.id);
    await mia.getByText('Careful and quick to learn.').waitFor();
    await mia.getByRole('button', { name: 'Sign off' }).click();
    const sign = mia.getByRole('dialog', { name: 'Sign off the review' });
    await sign.getByLabel('Comment (optional)').fill('I rate customer focus higher.');
    await sign.getByRole('button', { name: 'Sign', exact: true }).click();
    await mia.getByText('Waiting for the other signature.').waitFor();

    await openItem(ethan, review.id);
    await ethan
      .getByRole('region', { name: 'Sign-off' })
      .getByText('“I rate customer focus higher.”')
      .waitFor();
    await ethan.getByRole('button', { name: 'Sign off' }).click();
    await ethan
      .getByRole('dialog', { name: 'Sign off the review' })
      .getByRole('button', { name: 'Sign', exact: true })
      .click();
    await ethan.getByRole('list', { name: 'Steps of the review' }).getByText('Completed (done)').waitFor();
    await expect.poll(async () => (await reviewOf()).status).toBe('completed');
    const actions = await db.action.findMany({ where: { performanceReviewId: review.id } });
    expect(actions.map((action) => [action.instruction, action.assigneeEmployeeId])).toEqual([
      [ACTION, review.employeeId],
    ]);
    await ethan.getByRole('cell', { name: ACTION }).waitFor();

    // The agreed action is Mia's now: on her dashboard, among her Assigned Actions.
    const action = await dashboardItem(mia, 'Assigned Actions', (section) => section.getByText(ACTION));
    await action.first().waitFor();
  }, 300_000);
});
