import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
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

const FORM = 'Annual Wellbeing Check';
const MESSAGE = 'Your end-of-year wellbeing check, before the holidays please.';

const assignmentOf = () => db.hrFormAssignment.findFirstOrThrow({ where: { message: MESSAGE } });
const statusOf = async (id: string) =>
  (await db.hrFormAssignment.findUniqueOrThrow({ where: { id } })).status;

/** The dashboard's HR Forms item of the assignment `id` (the employee's or the reviewer's). */
async function openItem(page: Page, id: string, side: 'assessment' | 'review'): Promise<void> {
  const item = await dashboardItem(page, 'HR Forms', (section) =>
    section.locator(`a[href*="/${side}/"][href*="${id}"]`),
  );
  await item.click();
}

afterAll(async () => {
  // The shared demo database as it was: the assignment this file makes goes, with its form and PDF.
  const made = await db.hrFormAssignment.findMany({ where: { message: MESSAGE } });
  const forms = made.flatMap((row) => (row.submissionId ? [row.submissionId] : []));
  await db.$transaction([
    db.changeLog.deleteMany({ where: { entityId: { in: made.map((row) => row.id) } } }),
    db.hrFormAssignment.deleteMany({ where: { id: { in: made.map((row) => row.id) } } }),
    db.attachment.deleteMany({ where: { ownerId: { in: forms } } }),
    db.submissionCoordinator.deleteMany({ where: { submissionId: { in: forms } } }),
    db.formSubmission.deleteMany({ where: { id: { in: forms } } }),
  ]);
});

/**
 * Issue 42, HR forms: olivia (HR) assigns the wellbeing check to Mia with Ethan reviewing; Mia
 * opens it from her dashboard, fills it in and submits it; Ethan returns it with a comment from
 * his dashboard; Mia changes it and submits it again; Ethan accepts it: closed, with its PDF.
 */
describe('an HR form assigned, filled in, returned, submitted again and accepted', () => {
  it('runs from HR Admin > HR Forms to the close-off with its PDF', async () => {
    const olivia = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    await olivia.goto('/human-resource/admin/forms');
    await olivia.locator('#main-content').getByRole('heading', { level: 1, name: 'HR Forms' }).waitFor();
    await olivia.getByRole('button', { name: 'Assign HR form' }).click();
    const dialog = olivia.getByRole('dialog', { name: 'Assign HR form' });
    await dialog.getByLabel('Form', { exact: true }).selectOption({ label: FORM });
    await dialog.getByRole('searchbox', { name: 'Employees' }).fill('Mia');
    await dialog.getByRole('button', { name: /^Mia Torres/ }).click();
    await dialog.locator('.field', { hasText: 'Reviewer' }).getByRole('button', { name: 'Choose' }).click();
    await dialog.getByRole('searchbox', { name: 'Reviewer' }).fill('Ethan');
    await dialog.getByRole('button', { name: /^Ethan Clarke/ }).click();
    await dialog.getByLabel('Message (optional)').fill(MESSAGE);
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await olivia.getByText('Assigned to 1 employee').waitFor();
    const assignment = await assignmentOf();
    expect(assignment.status).toBe('assigned');
    // Shot as the page opens, at each width: no notice over it, the phone's menu closed, its
    // filters folded away and nothing wider than the screen.
    for (const [viewport, name] of [
      [SCREEN.desktop, 'hr-forms'],
      [SCREEN.phone, 'hr-forms-phone'],
    ] as const) {
      await olivia.setViewportSize(viewport);
      await olivia.reload();
      await olivia.getByRole('cell', { name: 'Mia Torres' }).first().waitFor();
      expect(await pageOverflow(olivia)).toBe(0);
      await screenshot(olivia, name);
    }
    await olivia.setViewportSize(SCREEN.desktop);

    // Mia opens it from her dashboard: the form editor, hers to save as a draft or submit.
    const mia = await signedInPage(browser, 'mia.employee', SCREEN.desktop);
    await openItem(mia, assignment.id, 'assessment');
    await mia.waitForURL(/\/form-submission\/my-action-edit\/.*assignFormId=/);
    await mia.getByRole('heading', { name: 'Initial details' }).waitFor();
    expect(await mia.getByRole('button', { name: 'Sign Off' }).count()).toBe(0);
    await mia.getByRole('radio', { name: 'Okay' }).check();
    await mia.getByLabel('Anything else?').fill('Busy month.');
    await mia.getByRole('button', { name: 'Submit' }).click();
    await mia.waitForURL('**/dashboard');
    await expect.poll(() => statusOf(assignment.id)).toBe('submitted');

    // Ethan reviews it from his dashboard and returns it with a comment.
    const ethan = await signedInPage(browser, 'ethan.coordinator', SCREEN.desktop);
    await openItem(ethan, assignment.id, 'review');
    await ethan.waitForURL(/\/human-resource\/employee\/form-submit\/review\//);
    await ethan.getByRole('heading', { level: 1, name: FORM }).waitFor();
    await ethan.getByRole('region', { name: 'Wellbeing' }).getByText('Busy month.').waitFor();
    await screenshot(ethan, 'hr-form-review');
    await ethan.getByRole('button', { name: 'Return to employee' }).click();
    await ethan.getByLabel('What needs to change').fill('Say what would help with the workload.');
    await ethan.getByRole('dialog').getByRole('button', { name: 'Return' }).click();
    await ethan.getByText('The employee has not submitted this form yet.').waitFor();
    await expect.poll(() => statusOf(assignment.id)).toBe('assigned');

    // Mia finds it on her dashboard again, changes it and submits it again.
    await openItem(mia, assignment.id, 'assessment');
    await mia.getByRole('heading', { name: 'Initial details' }).waitFor();
    await mia.getByLabel('Anything else?').fill('Busy month: a second pair of hands on Fridays would help.');
    await mia.getByRole('button', { name: 'Submit' }).click();
    await mia.waitForURL('**/dashboard');
    await expect.poll(() => statusOf(assignment.id)).toBe('submitted');

    // Ethan accepts it: closed off with its PDF.
    await openItem(ethan, assignment.id, 'review');
    await ethan.getByText('a second pair of hands on Fridays').waitFor();
    await ethan.getByRole('button', { name: 'Accept and close' }).click();
    await ethan.getByRole('dialog').getByRole('button', { name: 'Accept and close' }).click();
    await ethan.getByRole('heading', { name: 'Accepted and closed' }).waitFor();
    await ethan.getByRole('button', { name: 'Download PDF' }).waitFor();
    expect(await statusOf(assignment.id)).toBe('closed');
    const form = await db.formSubmission.findUniqueOrThrow({
      where: { id: (await assignmentOf()).submissionId! },
    });
    expect(form.isClosed).toBe(true);
    const pdfs = await db.attachment.count({ where: { ownerId: form.id, fileType: 'pdf' } });
    expect(pdfs).toBe(1);

    // HR sees it closed in the register.
    await olivia.reload();
    await olivia.getByLabel('Status').selectOption({ label: 'Closed' });
    await olivia.getByRole('cell', { name: 'Mia Torres' }).first().waitFor();
  }, 300_000);
});
