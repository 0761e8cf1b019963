import { displayDay, nextDueDay } from '@compass/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dashboardItem, screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();
const WHS = 'Work Health and Safety Act 2011';

async function ethan(): Promise<Page> {
  const page = await browser.page();
  await signInThroughUi(page, 'ethan.coordinator');
  await page.waitForURL('**/dashboard');
  return page;
}

/**
 * Issue 19, Obligations: ethan.coordinator opens each kind of obligation work item from his
 * dashboard (a scheduled review, an assigned obligation question), completes it there, and sees
 * it leave its section; the register, the obligation and the review page are photographed.
 */
describe('obligations from the dashboard', () => {
  it('shows the register from the menu, searched and filtered', async () => {
    const page = await ethan();
    await page.getByRole('navigation').getByRole('link', { name: 'Obligations' }).click();
    await page.waitForURL('**/obligation/register');
    const table = page.getByRole('region', { name: 'Obligations' }).getByRole('table');
    await table.getByRole('link', { name: WHS, exact: true }).waitFor();
    await screenshot(page, 'obligations-register');
    await page.getByLabel('Compliance').selectOption({ label: 'Overdue questions' });
    await table
      .getByRole('link', { name: 'AS 1851-2012 Routine Service of Fire Protection Systems', exact: true })
      .waitFor();
    await expect
      .poll(() => table.getByRole('link', { name: 'Harbour Site Lease Agreement', exact: true }).count())
      .toBe(0);
    await page.close();
  });

  it('completes the scheduled review of an obligation: it leaves the section, the next one is a year on', async () => {
    const obligation = await db.obligation.findFirstOrThrow({ where: { name: WHS } });
    const employee = await db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    const review = await db.review.findFirstOrThrow({
      where: { itemId: obligation.id, reviewerEmployeeId: employee.employeeId!, completedAt: null },
    });
    const page = await ethan();
    // His reports' competency renewals come first by due date: the review may be past "Show all".
    const find = (section: Locator) =>
      section.locator(`a[href="/obligation/review/${obligation.id}/review"]`);
    let item = await dashboardItem(page, 'Scheduled Reviews', find);
    await expect
      .poll(() => item.innerText())
      .toContain(displayDay(review.dueDate.toISOString().slice(0, 10)));
    await item.click();
    await page.waitForURL(`**/obligation/review/${obligation.id}/review`);
    await page.getByRole('heading', { level: 1, name: review.name }).waitFor();
    await screenshot(page, 'obligation-review');
    await page.getByLabel('Still current: no change needed').check();
    await page.getByLabel('Comments').fill('Checked against the current Act: no amendments this year.');
    await page.getByRole('button', { name: 'Complete review' }).click();
    await page.waitForURL(`**/obligation/edit/${obligation.id}`);
    await page
      .getByRole('region', { name: 'Review history' })
      .getByText('Checked against the current Act')
      .waitFor();

    // Back on the dashboard: the completed review has gone; the next one is due a year later.
    item = await dashboardItem(page, 'Scheduled Reviews', find);
    const today = new Date().toISOString().slice(0, 10);
    const next = await db.review.findFirstOrThrow({
      where: { itemId: obligation.id, reviewerEmployeeId: employee.employeeId!, completedAt: null },
    });
    expect(next.id).not.toBe(review.id);
    expect(next.dueDate.toISOString().slice(0, 10)).toBe(nextDueDay(today, 'years'));
    await expect.poll(() => item.innerText()).toContain(displayDay(nextDueDay(today, 'years')));
    expect(await item.innerText()).not.toContain(displayDay(review.dueDate.toISOString().slice(0, 10)));
    expect(await db.review.findUniqueOrThrow({ where: { id: review.id } })).toMatchObject({
      outcome: 'noChange',
    });
    await page.close();
  });

  it('answers an obligation question in its dialog: it leaves Assigned Actions and shows on the obligation', async () => {
    const employee = await db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    const question = await db.obligationQuestionTask.findFirstOrThrow({
      where: { assigneeEmployeeId: employee.employeeId!, isComplete: false },
      include: { obligation: true },
    });
    const page = await ethan();
    const section = page.getByRole('region', { name: 'Assigned Actions' });
    const row = section.getByRole('button', { name: new RegExp(question.reference) });
    await expect.poll(() => row.count()).toBe(1);

    // The dialog's link opens the obligation.
    await row.click();
    let dialog = page.getByRole('dialog', { name: 'Obligation action' });
    await dialog.getByRole('link', { name: 'Open the obligation' }).click();
    await page.waitForURL(`**/obligation/edit/${question.obligationId}`);
    await page.getByRole('heading', { level: 1, name: question.obligation.name }).waitFor();
    await page.getByRole('group', { name: 'Question 1' }).waitFor();

    await page.goto('/dashboard');
    await expect.poll(() => row.count()).toBe(1);
    await row.click();
    dialog = page.getByRole('dialog', { name: 'Obligation action' });
    await dialog.getByLabel('Response').fill('Evidence filed: the consultation minutes of 12 November.');
    await dialog.getByRole('button', { name: 'Complete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.count()).toBe(0);

    await page.goto(`/obligation/edit/${question.obligationId}`);
    const answered = page.getByRole('table', { name: 'Answered questions' });
    await answered.getByText('Evidence filed: the consultation minutes of 12 November.').waitFor();
    await answered.getByRole('cell', { name: 'Ethan Clarke' }).waitFor();
    await page.getByRole('heading', { name: 'Questions' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'obligation-detail');

    // Delete asks first, naming what goes with the obligation; Cancel keeps it.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const asked = page.getByRole('dialog', { name: 'Delete this obligation?' });
    await asked.getByText('answered ones too', { exact: false }).waitFor();
    await screenshot(page, 'obligation-delete');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'detached' });
    expect(await db.obligation.count({ where: { id: question.obligationId } })).toBe(1);
    await page.close();
  });
});
