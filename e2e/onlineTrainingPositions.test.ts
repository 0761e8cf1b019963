import { afterAll, describe, expect, it } from 'vitest';
import { demoId } from '../seed/demo/ids';
import { SCREEN, screenshot, signedInPage, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

const COURSE = 'Fire Safety';
const COURSE_ID = demoId(`nw:trainingCourse:${COURSE}`);
const POSITION = 'Quality Officer';
const POSITION_ID = demoId(`nw:position:${POSITION}`);
const MESSAGE = 'Fire safety for everyone in quality, new starters included.';
const NEWCOMER = { firstName: 'Quinn', lastName: 'Marsh', email: 'quinn.marsh@northwind.example' };

afterAll(async () => {
  // The shared demo database as it was: the standing assignment, what it assigned and the newcomer go.
  const rules = await db.trainingPositionRule.findMany({
    where: { courseId: COURSE_ID, positionId: POSITION_ID },
    select: { id: true },
  });
  const assignments = await db.onlineTrainingAssignment.findMany({
    where: { message: MESSAGE },
    select: { id: true },
  });
  const newcomers = await db.employee.findMany({ where: { email: NEWCOMER.email }, select: { id: true } });
  const ids = [...rules, ...assignments, ...newcomers].map((row) => row.id);
  await db.$transaction([
    db.changeLog.deleteMany({ where: { entityId: { in: ids } } }),
    db.linkToken.deleteMany({ where: { resourceId: { in: ids } } }),
    db.onlineTrainingAssignment.deleteMany({ where: { id: { in: ids } } }),
    db.trainingPositionRule.deleteMany({ where: { id: { in: ids } } }),
    db.employee.deleteMany({ where: { id: { in: ids } } }),
  ]);
});

/**
 * Issue 43, standing assignments: HR assigns Fire Safety to the Quality Officers, leaving it
 * standing for whoever joins the position; HR then adds a new Quality Officer, who is assigned the
 * course as they are created, and the course's Assignments list them under the standing assignment.
 */
describe('a course assigned to a position reaches whoever joins it later', () => {
  it('runs from the Assign dialog to the new employee’s assignment', async () => {
    const olivia = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    const main = olivia.locator('#main-content');
    await olivia.goto(`/human-resource/admin/online-training/${COURSE_ID}`);
    await main.getByRole('heading', { level: 1, name: COURSE }).waitFor();
    const standing = main.getByRole('region', { name: 'Standing assignments' });
    await standing.getByText('No standing assignments.').waitFor();

    await main.getByRole('button', { name: 'Assign', exact: true }).click();
    const dialog = olivia.getByRole('dialog', { name: `Assign ${COURSE}` });
    await dialog.getByRole('button', { name: 'A position' }).click();
    await dialog.getByLabel('Position', { exact: true }).selectOption({ label: POSITION });
    const follow = dialog.getByLabel('Also assign to people who join this position later');
    expect(await follow.isChecked()).toBe(true);
    await dialog.locator('.field', { hasText: 'Reviewer' }).getByRole('button', { name: 'Choose' }).click();
    await dialog.getByRole('searchbox', { name: 'Reviewer' }).fill('Ethan');
    await dialog.getByRole('button', { name: /^Ethan Clarke/ }).click();
    await dialog.getByLabel('Message (optional)').fill(MESSAGE);
    await screenshot(olivia, 'training-assign-position');
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await olivia.getByText(/^Assigned to 1 employee/).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const rule = standing.getByRole('row', { name: new RegExp(POSITION) });
    await rule.getByText(/^Within \d+ days$/).waitFor();
    await rule.getByText('Ethan Clarke').waitFor();

    // A new Quality Officer, added without an account: assigned the course as they are created.
    await olivia.goto('/human-resource/employees');
    await main.getByRole('heading', { level: 1, name: 'Employees' }).waitFor();
    await olivia.getByRole('link', { name: 'Add employee' }).click();
    await olivia.getByLabel('First name', { exact: true }).fill(NEWCOMER.firstName);
    await olivia.getByLabel('Last name', { exact: true }).fill(NEWCOMER.lastName);
    await olivia.getByLabel('E-mail', { exact: true }).fill(NEWCOMER.email);
    await olivia.getByLabel('Position', { exact: true }).selectOption({ label: POSITION });
    await olivia.getByRole('checkbox', { name: /^E-mail an invitation/ }).uncheck();
    await olivia.getByRole('button', { name: 'Create', exact: true }).click();
    const name = `${NEWCOMER.firstName} ${NEWCOMER.lastName}`;
    await main.getByRole('heading', { level: 1, name }).waitFor();
    const newcomer = await db.employee.findFirstOrThrow({ where: { email: NEWCOMER.email } });
    const standingRule = await db.trainingPositionRule.findFirstOrThrow({
      where: { courseId: COURSE_ID, positionId: POSITION_ID, stoppedAt: null },
    });
    const assigned = await db.onlineTrainingAssignment.findFirstOrThrow({
      where: { employeeId: newcomer.id, courseId: COURSE_ID },
    });
    expect(assigned).toMatchObject({ status: 'assigned', positionRuleId: standingRule.id, message: MESSAGE });

    // The course's Assignments list the newcomer beside the Quality Officer assigned before.
    await olivia.goto(`/human-resource/admin/online-training/${COURSE_ID}`);
    const list = main.getByRole('region', { name: 'Assigned training' });
    await list.getByRole('row', { name: new RegExp(name) }).waitFor();
    await list.getByRole('row', { name: /Sophie Dubois/ }).waitFor();
    await standing.scrollIntoViewIfNeeded();
    await screenshot(olivia, 'training-standing-assignments');
    await olivia.close();
  }, 180_000);
});
