import { addDays, displayDay, localDateOf, occurrenceDay } from '@compass/shared';
import { describe, expect, it } from 'vitest';
import { screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

/** The first 31st after `today` (yyyy-MM-dd): the next month that has one. */
function next31st(today: string): string {
  for (let day = addDays(today, 1); ; day = addDays(day, 1)) if (day.endsWith('-31')) return day;
}
/** The last day of the month after the one of `day`. */
function lastDayOfFollowingMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
}

/**
 * Issue 20, Tasks and reminders: ethan.coordinator creates a monthly inspection due on the 31st,
 * signs it off and sees the next occurrence due on the last day of the following month; the list,
 * the create page and the sign-off page are photographed.
 */
describe('tasks and reminders', () => {
  it('creates a monthly task on the 31st, signs it off and sees the next on the following month’s last day', async () => {
    const company = await db.company.findFirstOrThrow({
      where: { users: { some: { username: 'ethan.coordinator' } } },
    });
    const first = next31st(localDateOf(new Date(), company.timeZone));
    const next = occurrenceDay(first, 'months', 1);
    expect(next).toBe(lastDayOfFollowingMonth(first));
    const title = 'Monthly fire extinguisher inspection';

    const page = await browser.page();
    await signInThroughUi(page, 'ethan.coordinator');
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Reminders' }).click();
    await page.waitForURL('**/task/reminders');
    await page.locator('#main-content').getByRole('heading', { level: 1, name: 'Reminders' }).waitFor();
    await page.getByRole('region', { name: 'Reminders' }).getByRole('table').waitFor();
    await screenshot(page, 'tasks-list');

    await page.getByRole('link', { name: 'New reminder' }).click();
    await page.waitForURL('**/task/new');
    const form = page.getByRole('form', { name: 'Reminder' });
    await form.getByLabel('Title').fill(title);
    await form
      .getByLabel('Instructions')
      .fill('Check the pressure gauge, pin and tag of every extinguisher.');
    await form.getByLabel('Workplace').selectOption({ index: 1 });
    await form.getByLabel('First due date').fill(first);
    await form.getByLabel('Frequency').selectOption({ label: 'Monthly' });
    // A form ethan has filled in (the demo's Incident Reports): the sign-off records one of them.
    await form.getByLabel('Form to fill in (optional)').selectOption({ label: 'Incident Report' });
    await screenshot(page, 'task-create');
    await form.getByRole('button', { name: 'Create reminder' }).click();

    await page.waitForURL('**/task/form/signoff/**');
    await page.locator('#main-content').getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText(`Signing off schedules the next occurrence, due ${displayDay(next)}.`).waitFor();
    await page.getByRole('link', { name: 'Fill in Incident Report' }).waitFor();
    const filledIn = page.getByLabel('Incident Report filled in');
    const chosen = await filledIn.inputValue();
    expect(chosen).not.toBe('');
    const chosenName = (await filledIn.locator('option:checked').innerText()).trim();
    await page.getByLabel('Response or comment').fill('All 14 extinguishers checked; one re-tagged.');
    await screenshot(page, 'task-signoff');
    await page.getByRole('button', { name: 'Sign off' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Next occurrence due' });
    await expect.poll(() => status.innerText()).toContain(displayDay(next));
    await page.getByRole('link', { name: chosenName }).waitFor();

    await status.getByRole('link', { name: 'open it' }).click();
    await page.getByText(`Due ${displayDay(next)}`).waitFor();
    const history = page.getByRole('region', { name: 'Earlier occurrences' });
    await history.getByRole('cell', { name: 'All 14 extinguishers checked; one re-tagged.' }).waitFor();
    await history.getByRole('cell', { name: 'Ethan Clarke' }).waitFor();
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, 'task-next-occurrence');

    const rows = await db.scheduledTask.findMany({ where: { title }, orderBy: { occurrence: 'asc' } });
    expect(
      rows.map((row) => [
        row.dueDate.toISOString().slice(0, 10),
        row.completedAt !== null,
        row.formSubmissionId,
      ]),
    ).toEqual([
      [first, true, chosen],
      [next, false, null],
    ]);

    // The list shows the open occurrence on its new due day.
    await page.goto('/task/reminders');
    const table = page.getByRole('region', { name: 'Reminders' }).getByRole('table');
    await page.getByRole('searchbox').fill(title);
    await page.getByRole('searchbox').press('Enter');
    await table.getByRole('link', { name: title, exact: true }).waitFor();
    expect(await table.getByRole('row').filter({ hasText: title }).innerText()).toContain(displayDay(next));
    await page.close();
  });
});
