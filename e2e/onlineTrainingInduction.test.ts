import { afterAll, describe, expect, it } from 'vitest';
import { demoId } from '../seed/demo/ids';
import { CONTRACTOR_INDUCTION, INDUCTION_TYPE } from '../seed/demo/northwind/inductions';
import { linkHolderPage, shootWidths, signedInPage, useBrowser, useDatabase, waitForMail } from './browser';

const browser = useBrowser();
const db = useDatabase();

const GRACE = 'Grace Hughes';
const GRACE_EMAIL = 'grace.hughes@acme-contracting.example';
const ACME = demoId('nw:supplier:Acme Contracting');
const MESSAGE = 'Your site induction, before you start on the gate works please.';

afterAll(async () => {
  // The shared demo database as it was: Grace's request, its training, attempts and links go.
  const requirements = await db.supplierRequirement.findMany({ where: { message: MESSAGE } });
  const trainings = requirements.flatMap((row) =>
    row.trainingAssignmentId ? [row.trainingAssignmentId] : [],
  );
  const ids = [...requirements.map((row) => row.id), ...trainings];
  await db.$transaction([
    db.changeLog.deleteMany({ where: { entityId: { in: ids } } }),
    db.linkToken.deleteMany({ where: { resourceId: { in: ids } } }),
    db.supplierRequirement.deleteMany({ where: { id: { in: requirements.map((row) => row.id) } } }),
    db.onlineTrainingAssignment.deleteMany({ where: { id: { in: trainings } } }),
  ]);
});

/** The path and query of the training link in the newest mail to Grace about `assignmentId`. */
async function mailedLink(assignmentId: string): Promise<string> {
  const path = `/online-training/employee/form-attempt/${assignmentId}`;
  const mail = await waitForMail(GRACE_EMAIL, path);
  const link = new RegExp(`https?://[^\\s"<>]+${path}\\?[^\\s"<>]+`).exec(mail)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!.replace(/&amp;/g, '&'));
  expect(url.searchParams.get('authtoken')).toBeTruthy();
  return `${url.pathname}${url.search}`;
}

/**
 * Issue 43, site inductions: an External Parties admin requests the "Site induction" (met by an
 * online course) of Grace, a contractor without an account; the mail's link opens where her training
 * stands, without signing in; she takes the course's test and passes; her certificate downloads; the
 * pass approves the request, so Acme's compliance shows her induction valid.
 */
describe('a contractor does the induction through the mailed link and it shows as met', () => {
  it('runs from the request to the company’s compliance', async () => {
    const olivia = await signedInPage(browser, 'olivia.admin');
    await olivia.goto('/external-parties/requirements');
    await olivia.locator('#main-content').getByRole('heading', { level: 1, name: 'Requirements' }).waitFor();
    await olivia.getByRole('button', { name: 'Request a document' }).click();
    const dialog = olivia.getByRole('dialog', { name: 'Request a document' });
    await dialog.getByLabel('Requirement type').selectOption({ label: `${INDUCTION_TYPE} (person)` });
    await dialog.getByLabel('Company', { exact: true }).selectOption({ label: 'Acme Contracting' });
    await dialog.getByLabel('Person', { exact: true }).selectOption({ label: GRACE });
    await dialog.getByRole('searchbox').fill('Ethan');
    await dialog.getByRole('button', { name: /^Ethan/ }).click();
    await dialog.getByLabel('Message (optional)').fill(MESSAGE);
    await dialog.getByRole('button', { name: 'Request', exact: true }).click();
    await olivia.getByText(/^Requested\./).waitFor();
    const requirement = await db.supplierRequirement.findFirstOrThrow({ where: { message: MESSAGE } });
    expect(requirement).toMatchObject({ status: 'pending', personnelId: demoId('nw:personnel:grace') });
    const assignmentId = requirement.trainingAssignmentId!;
    expect(assignmentId).toBeTruthy();

    // The mail's link, in a browser where nobody is signed in: where the training stands.
    const grace = await linkHolderPage(browser);
    await grace.goto(await mailedLink(assignmentId));
    await grace.getByRole('heading', { level: 1, name: CONTRACTOR_INDUCTION }).waitFor();
    await grace.getByText(`Assigned to ${GRACE}`).waitFor();
    await grace.getByText(MESSAGE).waitFor();
    await grace.getByText('You have not taken the test yet.').waitFor();
    await shootWidths(grace, 'training-link-status');

    // The course, then its test, answered right: passed at once (nothing for a reviewer to mark).
    await grace.getByRole('link', { name: 'Start the course' }).click();
    await grace.waitForURL(/\/online-training\/employee\/form-submit\/[^?]+\?authtoken=/);
    await grace.getByRole('heading', { name: /Emergencies$/ }).waitFor();
    await grace.getByRole('button', { name: 'Start the test' }).click();
    const question = (n: number) => grace.getByRole('group', { name: `Question ${n}` });
    await question(1).getByLabel('At the car park').check();
    await question(2).getByLabel('False', { exact: true }).check();
    await question(3).getByLabel('At reception').check();
    await question(1).scrollIntoViewIfNeeded();
    await shootWidths(grace, 'training-link-take');
    await grace.getByRole('button', { name: 'Submit answers' }).click();
    const result = grace.getByRole('status', { name: 'Your result' });
    await result.getByText('Passed', { exact: true }).waitFor();
    const certificate = result.getByRole('button', { name: 'Download certificate' });
    const [download] = await Promise.all([grace.waitForEvent('download'), certificate.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // Back where the training stands, still through the link.
    await result.getByRole('link', { name: 'Back to your training' }).click();
    await grace.waitForURL(/\/online-training\/employee\/form-attempt\/[^?]+\?authtoken=/);
    await grace.getByRole('button', { name: 'Download certificate' }).waitFor();
    expect(await grace.getByRole('link', { name: /Start the course|Take a re-test/ }).count()).toBe(0);

    // The pass approved the request: Acme's compliance shows Grace's induction valid.
    await expect
      .poll(
        async () =>
          (await db.supplierRequirement.findUniqueOrThrow({ where: { id: requirement.id } })).status,
      )
      .toBe('approved');
    await olivia.goto(`/external-parties/companies/${ACME}`);
    const compliance = olivia.getByRole('region', { name: 'Compliance' });
    const graces = compliance.getByRole('table', { name: new RegExp(`^${GRACE}`) });
    await graces
      .getByRole('row', { name: new RegExp(INDUCTION_TYPE) })
      .getByText('Valid')
      .waitFor();
    for (const page of [olivia, grace]) await page.close();
  }, 240_000);
});
