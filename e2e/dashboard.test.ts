import type { Envelope, TDashboardListResponse } from '@compass/shared';
import { describe, expect, it } from 'vitest';
import { screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

/** Mia's form task on FS 1001, seeded four days overdue: it leads her Assigned Actions list. */
const SPILLS_ACTION = 'Brief the warehouse team on reporting spills and leaks.';

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

    // His upcoming audit and licence renewal are due after today: apart, under Later, as Scheduled.
    const tasks = page.getByRole('region', { name: 'Scheduled Tasks' });
    const now = tasks.getByRole('list', { name: 'Scheduled Tasks', exact: true });
    const later = tasks.getByRole('list', { name: 'Scheduled Tasks, later' });
    await later.waitFor();
    expect(await now.getByText('Scheduled', { exact: true }).count()).toBe(0);
    expect(await now.getByText('Overdue', { exact: true }).count()).toBeGreaterThan(0);
    const scheduled = await later.getByRole('link').count();
    expect(scheduled).toBeGreaterThan(0);
    expect(await later.getByText('Scheduled', { exact: true }).count()).toBe(scheduled);
    await tasks.getByRole('heading', { name: /^Later/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-my-tasks-later');
    await page.evaluate(() => window.scrollTo(0, 0));

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

  it('takes an action mia.employee completes in its dialog off Assigned Actions at once, and after a reload', async () => {
    const mia = await db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    const before = await db.action.findFirstOrThrow({
      where: { assigneeEmployeeId: mia.employeeId!, instruction: SPILLS_ACTION },
    });
    expect(before.isComplete).toBe(false);
    /** The organisation's dashboard data version, which the server's cached answers are kept under. */
    const dataVersion = async () => {
      const [row] = await db.$queryRaw<Array<{ version: bigint }>>`
        SELECT version FROM "DashboardVersion" WHERE "companyId" = ${before.companyId}::uuid`;
      return row?.version;
    };
    const page = await browser.page();
    try {
      // Every dashboard list answer the page gets, to see what it asked for and when.
      const answers: Array<{ total: number; listed: boolean }> = [];
      page.on('response', (response) => {
        if (!response.url().endsWith('/api/dashboardList')) return;
        void response.json().then((body: Envelope<TDashboardListResponse>) => {
          const { assignedActions } = body.response_data.list;
          answers.push({
            total: assignedActions.total,
            listed: assignedActions.list.some((item) => item.taskID === before.id),
          });
        });
      });

      await signInThroughUi(page, 'mia.employee');
      await page.waitForURL('**/dashboard');
      const section = page.getByRole('region', { name: 'Assigned Actions' });
      const total = section.getByLabel(/^\d+ items$/);
      await total.waitFor();
      const totalBefore = Number(await total.innerText());
      expect(totalBefore).toBeGreaterThan(0);
      const row = section.getByRole('button', { name: SPILLS_ACTION });
      expect(await row.count()).toBe(1);
      await expect.poll(() => answers).toEqual([{ total: totalBefore, listed: true }]);

      const versionBefore = await dataVersion();
      await row.click();
      const dialog = page.getByRole('dialog', { name: 'Form action' });
      await dialog.getByText(SPILLS_ACTION).waitFor();
      await dialog.getByLabel('Response').fill('Team briefed at the Monday toolbox talk.');
      await dialog.getByRole('button', { name: 'Complete', exact: true }).click();
      await page.getByText('The action has been completed.').first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      // Without a reload: the page asked for the list once more, the item is gone, the total is one less.
      await expect.poll(() => row.count()).toBe(0);
      await expect.poll(async () => Number(await total.innerText())).toBe(totalBefore - 1);
      await expect
        .poll(() => answers)
        .toEqual([
          { total: totalBefore, listed: true },
          { total: totalBefore - 1, listed: false },
        ]);
      expect(await db.action.findUniqueOrThrow({ where: { id: before.id } })).toMatchObject({
        isComplete: true,
        response: 'Team briefed at the Monday toolbox talk.',
      });
      // The completion gave the organisation a new data version in its commit.
      const versionAfter = await dataVersion();
      expect(versionAfter).not.toBe(versionBefore);

      // A new page load: nothing has changed since the list was loaded again after the completion, so
      // the server answers from its cache.
      await page.reload();
      await total.waitFor();
      expect(Number(await total.innerText())).toBe(totalBefore - 1);
      expect(await row.count()).toBe(0);
      await expect.poll(() => answers.length).toBe(3);
      expect(answers[2]).toEqual({ total: totalBefore - 1, listed: false });
      expect(await dataVersion()).toBe(versionAfter);
    } finally {
      await page.close();
      // The database is shared with the other test files: the action is open again, as seeded.
      await db.action.update({
        where: { id: before.id },
        data: {
          isComplete: before.isComplete,
          response: before.response,
          completedOn: before.completedOn,
          version: before.version,
          updatedAt: before.updatedAt,
        },
      });
    }
  });
});
