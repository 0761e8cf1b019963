import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { demoId } from '../seed/demo/ids';
import {
  dashboardItem,
  pageOverflow,
  SCREEN,
  screenshot,
  signInThroughUi,
  useBrowser,
  useDatabase,
} from './browser';

const browser = useBrowser();
const db = useDatabase();

const COURSE = 'Site Induction';
const COURSE_ID = demoId('nw:trainingCourse:Site Induction');
const MESSAGE = 'Your site induction, before you next work on site please.';
const REVIEWER = 'Ethan Clarke';

/** The page's own content (the header repeats its title). */
const main = (page: Page) => page.locator('#main-content');

const assignmentOf = async (employee: string) => {
  const employeeId = demoId(`nw:employee:${employee}`);
  return db.onlineTrainingAssignment.findFirstOrThrow({ where: { message: MESSAGE, employeeId } });
};

afterAll(async () => {
  // The shared demo database as it was: the assignments this file makes go, with their attempts.
  const made = await db.onlineTrainingAssignment.findMany({
    where: { message: MESSAGE },
    select: { id: true },
  });
  const ids = made.map((row) => row.id);
  await db.$transaction([
    db.changeLog.deleteMany({ where: { entityId: { in: ids } } }),
    db.onlineTrainingAssignment.deleteMany({ where: { id: { in: ids } } }),
    // Assigning to the position left a standing rule (followPosition is ticked by default).
    db.trainingPositionRule.deleteMany({ where: { courseId: COURSE_ID } }),
  ]);
});

/** Signed in on the dashboard (Ava, who has another account, stays herself). */
async function signedIn(username: string, viewport = SCREEN.desktop): Promise<Page> {
  const page = await browser.page(viewport);
  await signInThroughUi(page, username);
  await page.waitForURL(/\/(dashboard|switch-user)(\?|$)/);
  if (new URL(page.url()).pathname === '/switch-user') await page.goto('/dashboard');
  await page.waitForURL('**/dashboard');
  return page;
}

/** The dashboard's Online Training item of the assignment `id` (every item's link names it). */
async function openItem(page: Page, section: 'Assessment' | 'Form Review', id: string): Promise<void> {
  const item = await dashboardItem(page, `Online Training ${section}`, (region) =>
    region.locator(`a[href*="assignFormId=${id}"]`),
  );
  await item.click();
}

/**
 * Answers the Site Induction's test: every choice right, or the first two wrong, and the short
 * answer written (the reviewer marks it).
 */
async function answerTest(page: Page, right: boolean): Promise<void> {
  const question = (n: number) => main(page).getByRole('group', { name: `Question ${n}` });
  await question(1)
    .getByLabel(right ? 'The car park' : 'Reception')
    .check();
  await question(2)
    .getByLabel(right ? 'Wardens' : 'Visitors')
    .check();
  for (const answer of ['A near miss', 'An injury', 'A hazard']) await question(3).getByLabel(answer).check();
  await question(4).getByLabel('False', { exact: true }).check();
  await question(5).getByLabel('True', { exact: true }).check();
  await question(6)
    .getByLabel('Your answer')
    .fill(right ? 'Stop work and walk to the assembly point at the car park.' : 'Carry on working.');
  await main(page).getByRole('button', { name: 'Submit answers' }).click();
  await page
    .getByText('Submitted: the reviewer marks the written answers, then you see your result.')
    .waitFor();
}

/** The employee opens the training from the dashboard and takes the test (started or re-taken). */
async function takeTest(page: Page, employee: string, right: boolean): Promise<void> {
  await openItem(page, 'Assessment', (await assignmentOf(employee)).id);
  await main(page).getByRole('heading', { level: 1, name: COURSE }).waitFor();
  await main(page).getByRole('button', { name: 'Start the test' }).click();
  await answerTest(page, right);
}

/** Ethan marks the short answer of the employee's last attempt: `points` of 2. */
async function mark(ethan: Page, employee: string, points: number, expected: string): Promise<void> {
  await openItem(ethan, 'Form Review', (await assignmentOf(employee)).id);
  await ethan.waitForURL(/\/online-training-form-edit\//);
  await main(ethan).getByText('Guidance').first().waitFor();
  await main(ethan).getByLabel('Points for question 6 (0–2)').fill(String(points));
  await main(ethan)
    .getByLabel('Comment to the employee')
    .fill(points ? 'Well explained.' : 'Say where you go.');
  await main(ethan).getByRole('button', { name: 'Save marks' }).click();
  await main(ethan).getByText(expected).waitFor();
}

/**
 * Shoots the page at a desktop's width and a phone's (loaded again at each), `focus` in view,
 * checking nothing is wider than the phone.
 */
async function shootBoth(page: Page, name: string, focus?: (page: Page) => Locator): Promise<void> {
  for (const [viewport, suffix] of [
    [SCREEN.desktop, ''],
    [SCREEN.phone, '-phone'],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.reload();
    await main(page).getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    if (focus) await focus(page).scrollIntoViewIfNeeded();
    expect(await pageOverflow(page)).toBe(0);
    await screenshot(page, `${name}${suffix}`);
  }
  await page.setViewportSize(SCREEN.desktop);
}

/**
 * Issue 43, online training taken: HR assigns the Site Induction to the technicians (Mia among them)
 * and to Ava, Ethan reviewing; Mia fails her first attempt (Ethan marks her written answer from his
 * dashboard) and passes the second; Ava fails both and finds her last attempt from the dashboard;
 * HR sees how each stands in the course's Assignments.
 */
describe('online training: assigned, taken, marked, passed and failed', () => {
  it('runs from the Assign dialog to a pass and a fail', async () => {
    const olivia = await signedIn('olivia.admin');
    // A course never published cannot be assigned yet.
    await olivia.goto(`/human-resource/admin/online-training/${demoId('nw:trainingCourse:Manual Handling')}`);
    const assign = main(olivia).getByRole('button', { name: 'Assign', exact: true });
    await main(olivia).getByText('Publish the course to assign it.').waitFor();
    expect(await assign.isDisabled()).toBe(true);

    await olivia.goto(`/human-resource/admin/online-training/${COURSE_ID}`);
    await main(olivia).getByRole('heading', { level: 1, name: COURSE }).waitFor();
    const assignTo = async (whom: (dialog: Locator) => Promise<void>, count: string) => {
      await assign.click();
      const dialog = olivia.getByRole('dialog', { name: `Assign ${COURSE}` });
      await whom(dialog);
      await dialog.locator('.field', { hasText: 'Reviewer' }).getByRole('button', { name: 'Choose' }).click();
      await dialog.getByRole('searchbox', { name: 'Reviewer' }).fill('Ethan');
      await dialog.getByRole('button', { name: new RegExp(`^${REVIEWER}`) }).click();
      await dialog.getByLabel('Message (optional)').fill(MESSAGE);
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
      await olivia.getByText(new RegExp(`^Assigned to ${count}`)).waitFor();
      await dialog.waitFor({ state: 'detached' });
    };
    await assignTo(async (dialog) => {
      await dialog.getByRole('button', { name: 'A position' }).click();
      await dialog.getByLabel('Position', { exact: true }).selectOption({ label: 'Technician' });
    }, '3 employees');
    await assignTo(async (dialog) => {
      await dialog.getByRole('searchbox', { name: 'Employees' }).fill('Ava');
      await dialog.getByRole('button', { name: /^Ava Nguyen/ }).click();
    }, '1 employee');
    expect((await assignmentOf('mia')).status).toBe('assigned');

    // Mia's first attempt: two choices wrong, the written answer poor.
    const mia = await signedIn('mia.employee');
    const miaAssignment = await assignmentOf('mia');
    await openItem(mia, 'Assessment', miaAssignment.id);
    await main(mia).getByRole('heading', { level: 1, name: COURSE }).waitFor();
    await main(mia).getByText('Attempt 1 of 2').waitFor();
    await main(mia).getByText(MESSAGE).waitFor();
    await main(mia).getByRole('link', { name: 'Watch the video' }).waitFor();
    await main(mia).getByRole('button', { name: 'Start the test' }).click();
    // Nothing answered: every question says so, and nothing is sent.
    await main(mia).getByRole('button', { name: 'Submit answers' }).click();
    await expect.poll(() => main(mia).getByText('Please answer this question.').count()).toBe(6);
    await shootBoth(mia, 'onlineTraining-take', (page) =>
      main(page).getByRole('group', { name: 'Question 1' }),
    );
    await answerTest(mia, false);
    await expect.poll(async () => (await assignmentOf('mia')).status).toBe('awaitingReview');

    // Ethan marks it from his dashboard: not passed, one attempt left.
    const ethan = await signedIn('ethan.coordinator');
    await mark(ethan, 'mia', 0, 'Not passed: 43%. 1 attempt left.');
    await expect.poll(async () => (await assignmentOf('mia')).status).toBe('assigned');

    // Mia takes it again from her dashboard, all right this time; Ethan's marks pass it.
    await takeTest(mia, 'mia', true);
    await openItem(ethan, 'Form Review', miaAssignment.id);
    await main(ethan).getByLabel('Points for question 6 (0–2)').waitFor();
    await shootBoth(ethan, 'onlineTraining-review', (page) =>
      main(page).getByLabel('Points for question 6 (0–2)'),
    );
    await main(ethan).getByLabel('Points for question 6 (0–2)').fill('2');
    await main(ethan).getByRole('button', { name: 'Save marks' }).click();
    await main(ethan).getByText('Passed with 100%.').waitFor();
    const passed = await assignmentOf('mia');
    expect(passed).toMatchObject({ status: 'passed', score: 100, completedTestAttempt: 2 });
    await mia.goto(`/human-resource/employee/online-training-form-attempt-view/${passed.lastAttemptId}`);
    await main(mia)
      .getByRole('heading', { level: 1, name: `${COURSE} — attempt 2` })
      .waitFor();
    await main(mia).getByText('Score 100%').waitFor();
    await shootBoth(mia, 'onlineTraining-attempt');

    // Ava fails both attempts; the dashboard then shows her last one.
    const ava = await signedIn('ava.dual');
    for (const left of ['1 attempt left.', 'No attempts left.']) {
      await takeTest(ava, 'ava', false);
      await mark(ethan, 'ava', 0, `Not passed: 43%. ${left}`);
    }
    const failed = await assignmentOf('ava');
    expect(failed).toMatchObject({ status: 'failed', completedTestAttempt: 2, noTestAttempt: 2 });
    await openItem(ava, 'Assessment', failed.id);
    await ava.waitForURL(/\/online-training-form-attempt-view\//);
    await main(ava)
      .getByRole('heading', { level: 1, name: `${COURSE} — attempt 2` })
      .waitFor();
    await main(ava).getByText('Score 43%').waitFor();
    await main(ava).getByText('Incorrect').first().waitFor();
    expect(await main(ava).getByRole('link', { name: 'Take the test again' }).count()).toBe(0);

    // HR's Assignments: Mia passed, Ava not passed with every attempt used.
    await olivia.reload();
    const list = main(olivia).getByRole('region', { name: 'Assigned training' });
    await list.getByRole('row', { name: /Mia Torres/ }).waitFor();
    await expect
      .poll(() => list.getByRole('row', { name: /Mia Torres/ }).innerText())
      .toMatch(/2 of 2[\s\S]*Passed[\s\S]*100%/);
    await expect
      .poll(() => list.getByRole('row', { name: /Ava Nguyen/ }).innerText())
      .toMatch(/2 of 2[\s\S]*Not passed/);
    await list.getByRole('button', { name: 'Allow Ava Nguyen another attempt' }).waitFor();
    await shootBoth(olivia, 'onlineTraining-assignments', (page) =>
      main(page).getByRole('heading', { name: 'Assignments', exact: true }),
    );

    // The training matrix, reached from the catalogue: in the course, Mia done and Ava not passed.
    await olivia.goto('/human-resource/admin/online-training');
    await main(olivia).getByRole('link', { name: 'Training matrix' }).click();
    await main(olivia).getByRole('heading', { level: 1, name: 'Training Matrix' }).waitFor();
    await main(olivia).getByLabel('Course').selectOption({ label: COURSE });
    const matrix = main(olivia).getByRole('table');
    await expect.poll(() => matrix.getByRole('row', { name: /Mia Torres/ }).innerText()).toMatch(/Done/);
    await expect
      .poll(() => matrix.getByRole('row', { name: /Ava Nguyen/ }).innerText())
      .toMatch(/Not passed/);
    await shootBoth(olivia, 'onlineTraining-matrix');
    for (const page of [olivia, mia, ethan, ava]) await page.close();
  }, 420_000);
});
