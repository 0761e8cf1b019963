import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { pageOverflow, SCREEN, screenshot, signedInPage, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

const COURSE = 'Manual Handling Basics';

/** The page's own content (the header repeats its title). */
const main = (page: Page) => page.locator('#main-content');

afterAll(async () => {
  // The shared demo database as it was: the course this file adds goes, with its files and versions.
  const added = await db.trainingCourse.findMany({ where: { name: COURSE }, select: { id: true } });
  const ids = added.map((row) => row.id);
  await db.attachment.deleteMany({ where: { ownerType: 'trainingCourse', ownerId: { in: ids } } });
  await db.trainingCourse.deleteMany({ where: { id: { in: ids } } });
});

/** Fills the question numbered `n`: its kind, its text, and for a choice its answers. */
async function writeQuestion(page: Page, n: number, kind: string, text: string, answers: string[] = []) {
  await page.getByRole('button', { name: 'Add question' }).click();
  const question = page.getByRole('region', { name: `Question ${n}` });
  await question.getByLabel('Kind', { exact: true }).selectOption(kind);
  await question.getByLabel(kind === 'trueFalse' ? 'Statement' : 'Question', { exact: true }).fill(text);
  for (const [index, answer] of answers.entries()) {
    if (index >= 2) await question.getByRole('button', { name: 'Add answer' }).click();
    await question.getByLabel(`Answer ${index + 1}`, { exact: true }).fill(answer);
  }
  return question;
}

/**
 * Issue 43, the course catalogue: HR opens Online Training from the menu, adds a course, writes a
 * section (text and a file) and a question of each kind, is told what stops the publish, fixes it,
 * publishes version 1 and finds it so when the course is opened again; at a desktop's width and a
 * phone's.
 */
describe('online training: the course catalogue', () => {
  it('HR writes a course with a test of every kind and publishes version 1', async () => {
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Human Resources' }).click();
    await nav.getByRole('button', { name: 'HR Admin' }).click();
    await nav.getByRole('link', { name: 'Online Training' }).click();
    await main(page).getByRole('heading', { level: 1, name: 'Online Training' }).waitFor();

    await page.getByRole('button', { name: 'New course' }).click();
    const dialog = page.getByRole('dialog', { name: 'New course' });
    await dialog.getByLabel('Name').fill(COURSE);
    await dialog.getByLabel('Description (optional)').fill('Lifting, carrying and pushing without injury.');
    await dialog.getByRole('button', { name: 'Create course' }).click();
    await main(page).getByRole('heading', { level: 1, name: COURSE }).waitFor();
    await page.getByText('Not published', { exact: true }).waitFor();

    await page.getByLabel('Introduction (shown first)').fill('Everyone who lifts at work takes this course.');
    await page.getByRole('button', { name: 'Add section' }).click();
    const section = page.getByRole('region', { name: 'Section 1' });
    await section.getByLabel('Title', { exact: true }).fill('Lifting safely');
    await section.getByRole('textbox', { name: 'Text' }).fill('Bend your knees, keep the load close.');
    await section.getByLabel('Files to upload to section 1').setInputFiles({
      name: 'lifting-poster.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% poster\n'),
    });
    await expect
      .poll(() => section.getByRole('checkbox', { name: 'lifting-poster.pdf' }).isChecked())
      .toBe(true);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'onlineTraining-section');

    const single = await writeQuestion(page, 1, 'singleChoice', 'Where do you keep the load?', [
      'Close to the body',
      'At arm’s length',
    ]);
    await single.getByLabel('Answer 1 is correct').check();
    const statement = await writeQuestion(page, 2, 'trueFalse', 'Twisting while lifting is safe.');
    const several = await writeQuestion(page, 3, 'multipleChoice', 'Which help?', [
      'A trolley',
      'A second person',
      'Hurrying',
    ]);
    await several.getByLabel('Answer 1 is correct').check();
    await several.getByLabel('Answer 2 is correct').check();
    await writeQuestion(page, 4, 'shortAnswer', 'Describe how you would lift a box from the floor.');

    // The true/false statement has no answer yet: the publish is stopped before anything is sent.
    await page.getByRole('button', { name: 'Publish' }).click();
    const problem = page.getByRole('button', {
      name: 'Question 2: Choose whether the statement is true or false.',
    });
    await problem.waitFor();
    await screenshot(page, 'onlineTraining-publish-problem');
    await problem.click();
    await statement.getByLabel('False', { exact: true }).check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Version 1 published: new attempts take it.').waitFor();
    await page.getByText('Version 1 in use').waitFor();

    // Opened again from the catalogue, the course is as it was published.
    await page.getByRole('link', { name: 'Online Training' }).first().click();
    const row = page.getByRole('row', { name: new RegExp(COURSE) });
    await expect.poll(() => row.innerText()).toMatch(/v1\s+4\s+80%\s+3\s+30 min/);
    await screenshot(page, 'onlineTraining-catalogue');
    await row.getByRole('link', { name: COURSE }).click();
    await page.getByText('Version 1 in use').waitFor();
    expect(
      await page.getByRole('region', { name: 'Question 4' }).getByLabel('Kind', { exact: true }).inputValue(),
    ).toBe('shortAnswer');
    expect(
      await page.getByRole('region', { name: 'Question 2' }).getByLabel('False', { exact: true }).isChecked(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Save draft' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'View version 1' }).click();
    const version = page.getByRole('dialog', { name: 'Version 1' });
    await version.getByText('Where do you keep the load?').waitFor();
    await screenshot(page, 'onlineTraining-version');
    await version.getByRole('button', { name: 'Close' }).click();
    await main(page).evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'onlineTraining-editor');
    await page.close();
  });

  it('fits a phone: the catalogue and the editor scroll no wider than the screen', async () => {
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.phone);
    await page.goto('/human-resource/admin/online-training');
    const link = page.getByRole('link', { name: COURSE });
    await link.waitFor();
    await screenshot(page, 'onlineTraining-catalogue-phone');
    expect(await pageOverflow(page)).toBe(0);
    await link.click();
    await page.getByRole('region', { name: 'Question 1' }).waitFor();
    expect(await pageOverflow(page)).toBe(0);
    await screenshot(page, 'onlineTraining-editor-phone');
    await page.getByRole('region', { name: 'Question 1' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'onlineTraining-question-phone');
    await page.close();
  });
});
