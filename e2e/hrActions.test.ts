import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOverflow, SCREEN, screenshot, signedInPage, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

/** The actions this file adds to an HR form of the demo, and takes away again. */
const INSTRUCTIONS = [
  'Arrange a workload conversation with the team leader',
  'Book the employee assistance programme introduction',
];

/** The HR form the actions are raised from, as the Source column names it. */
let source = '';

beforeAll(async () => {
  const olivia = await db.user.findUniqueOrThrow({
    where: { username: 'olivia.admin' },
    include: { employee: true },
  });
  const { companyId } = olivia.employee!;
  const ethan = await db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
  const form = await db.formSubmission.findFirstOrThrow({
    where: { companyId, formType: 'hr', number: { not: null }, template: { name: 'Annual Wellbeing Check' } },
    orderBy: { number: 'asc' },
    include: { template: true },
  });
  source = `FS ${form.number} · ${form.template.name}`;
  await db.action.createMany({
    data: INSTRUCTIONS.map((instruction, index) => ({
      companyId,
      submissionId: form.id,
      taskNumber: 900 + index,
      instruction,
      assigneeEmployeeId: index === 0 ? ethan.employeeId : olivia.employeeId,
      dueDate: new Date(Date.now() + (7 + index * 7) * 86_400_000),
    })),
  });
});

afterAll(async () => {
  await db.action.deleteMany({ where: { instruction: { in: INSTRUCTIONS } } });
});

/**
 * Issue 42, HR Action: the actions of HR forms (and performance reviews) in their own register for
 * HR, with their source; the Action Register no longer shows them.
 */
describe('HR Action', () => {
  it('lists the HR actions for HR, and the Action Register leaves them out', async () => {
    const olivia = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    await olivia.goto('/human-resource/actions');
    const main = olivia.locator('#main-content');
    await main.getByRole('heading', { level: 1, name: 'HR Action' }).waitFor();
    const table = main.getByRole('region', { name: 'Actions' });
    await table.getByRole('button', { name: INSTRUCTIONS[0], exact: true }).waitFor();
    await expect.poll(() => table.getByRole('columnheader', { name: 'Source' }).count()).toBe(1);
    expect(await table.getByRole('link', { name: source, exact: true }).count()).toBe(INSTRUCTIONS.length);
    // Shot as the page opens, at each width, nothing wider than the screen.
    for (const [viewport, name] of [
      [SCREEN.desktop, 'hr-actions'],
      [SCREEN.phone, 'hr-actions-phone'],
    ] as const) {
      await olivia.setViewportSize(viewport);
      await olivia.reload();
      await table.getByRole('button', { name: INSTRUCTIONS[0], exact: true }).waitFor();
      expect(await pageOverflow(olivia)).toBe(0);
      await screenshot(olivia, name);
    }
    await olivia.setViewportSize(SCREEN.desktop);

    await olivia.goto('/action-register');
    await main.getByRole('heading', { level: 1, name: 'Action Register' }).waitFor();
    await main.getByRole('searchbox', { name: 'Search' }).fill('workload conversation');
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await main.getByText('No action matches.').waitFor();
  });
});
