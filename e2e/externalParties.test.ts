import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  drawOn,
  linkHolderPage,
  screenshot,
  signInThroughUi,
  useBrowser,
  useDatabase,
  waitForMail,
} from './browser';

const browser = useBrowser();
const db = useDatabase();
const LIAM_EMAIL = 'liam.walker@acme-contracting.example';
const FORM = 'Contractor Safety Assessment';

async function signedIn(username: string): Promise<Page> {
  const page = await browser.page();
  await signInThroughUi(page, username);
  await page.waitForURL('**/dashboard');
  return page;
}

/** The newest mail to Liam with `marker` in it, and the form link it carries. */
async function linkOfMail(marker: string): Promise<string> {
  const mail = await waitForMail(LIAM_EMAIL, marker);
  const link = /https?:\/\/[^\s"<>]+\/form\/form-submission\/myactionedit\/[^\s"<>]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!.replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

async function statusOf(id: string) {
  return (await db.supplierAssignment.findUniqueOrThrow({ where: { id } })).status;
}

/**
 * Issue 17, the supplier form loop: olivia assigns a supplier form to Liam of Acme; the
 * invitation's link lets him fill it in and submit it without signing in; ethan returns it once
 * with a comment from his dashboard, Liam changes and submits it again, and ethan accepts it.
 */
describe('a supplier form assigned, filled in, returned and accepted', () => {
  it('runs the whole loop from the Form Register to the close-off', async () => {
    const olivia = await signedIn('olivia.admin');
    await olivia.goto('/external-parties/form-register');
    await olivia.locator('#main-content').getByRole('heading', { level: 1, name: 'Form Register' }).waitFor();
    await olivia.getByRole('button', { name: 'Assign a form' }).click();
    const dialog = olivia.getByRole('dialog', { name: 'Assign a form' });
    await dialog.getByLabel('Form', { exact: true }).selectOption({ label: FORM });
    await dialog.getByLabel('Company', { exact: true }).selectOption({ label: 'Acme Contracting' });
    await dialog.getByLabel('Person', { exact: true }).selectOption({ label: 'Liam Walker' });
    await dialog.getByRole('searchbox').fill('Ethan');
    await dialog.getByRole('button', { name: /^Ethan/ }).click();
    await dialog.getByLabel('Message (optional)').fill('Before the gate works start on Monday, please.');
    await screenshot(olivia, 'external-assign-form');
    await dialog.getByRole('button', { name: 'Assign and invite' }).click();
    await olivia.getByText('Assigned. 1 invitation sent.').waitFor();
    const assignment = await db.supplierAssignment.findFirstOrThrow({
      where: { message: 'Before the gate works start on Monday, please.' },
    });
    await olivia.getByRole('cell', { name: 'Liam Walker' }).first().waitFor();
    await screenshot(olivia, 'external-form-register');

    // Signed in, Liam finds it under Assigned Forms; it opens the same form page as the link.
    const signedInLiam = await signedIn('liam.personnel');
    const item = signedInLiam
      .getByRole('region', { name: 'Assigned Forms' })
      .locator(`a[href*="${assignment.id}"]`);
    await item.click();
    await signedInLiam.getByRole('heading', { name: 'Update Form Submission' }).waitFor();
    await signedInLiam.getByRole('heading', { name: 'Initial details' }).waitFor();
    await signedInLiam.close();

    // Liam opens the invitation's link, fills the form in and submits it.
    const invitation = await linkOfMail('Before the gate works start on Monday');
    const liam = await linkHolderPage(browser);
    await liam.goto(invitation);
    await liam.getByRole('heading', { name: 'Update Form Submission' }).waitFor();
    await liam.getByRole('heading', { name: 'Initial details' }).waitFor();
    // The organisation gives the workplace, branch and coordinator: shown, not asked (issue 40).
    await liam.locator('.field-label', { hasText: /^Workplace$/ }).waitFor();
    expect(await liam.getByRole('combobox', { name: /^(Workplace|Branch)/ }).count()).toBe(0);
    await liam.getByLabel(/^Scope of Work/).fill('Replace the gate motor cable.');
    await liam.getByRole('button', { name: 'Contractor Company Select One' }).click();
    await liam.locator('.multiselect-panel').getByLabel('Acme Contracting', { exact: true }).check();
    await liam.keyboard.press('Escape');
    await drawOn(liam, 'Contractor Signature');
    await liam.getByRole('button', { name: 'Submit' }).click();
    // The link holder goes on to where the form stands, still with the link.
    await liam.waitForURL(/\/form\/external-parties\/form-submit\/supplierAssessment\/.*authtoken=/);
    await liam.getByText('Submitted for review').waitFor();
    await screenshot(liam, 'external-assessment-status');
    await expect.poll(() => statusOf(assignment.id)).toBe('submitted');

    // Ethan finds it on his dashboard and returns it with a comment.
    const ethan = await signedIn('ethan.coordinator');
    const section = ethan.getByRole('region', { name: 'External Parties' });
    await section.getByRole('link', { name: new RegExp(`${FORM}.*Acme Contracting.*Liam Walker`) }).click();
    await ethan.waitForURL(/\/external-parties\/form-submit\/review\//);
    await ethan.getByText('Submitted for review').waitFor();
    // The answers as Liam sent them, on the review page itself.
    await ethan
      .getByRole('region', { name: 'Contractor Details' })
      .getByText('Replace the gate motor cable.')
      .waitFor();
    await screenshot(ethan, 'external-review');
    await ethan.getByRole('button', { name: 'Return to supplier' }).click();
    await ethan.getByLabel('What needs to change').fill('Add the cable rating to the scope.');
    await ethan.getByRole('dialog').getByRole('button', { name: 'Return' }).click();
    await ethan.getByText('With the supplier').waitFor();
    await expect.poll(() => statusOf(assignment.id)).toBe('assigned');

    // The return mail's link: Liam changes the form and submits it again.
    const returned = await linkOfMail('Add the cable rating to the scope.');
    await liam.goto(returned);
    await liam.getByRole('heading', { name: 'Update Form Submission' }).waitFor();
    await liam.getByLabel(/^Scope of Work/).fill('Replace the gate motor cable (2.5 mm², 20 A).');
    // The form was submitted once: Save keeps the change and submits the assignment again.
    await liam.getByRole('button', { name: 'Save', exact: true }).click();
    await liam.getByText('Submitted for review').waitFor();
    await expect.poll(() => statusOf(assignment.id)).toBe('submitted');

    // Ethan accepts it: the form is closed off with the assignment.
    await ethan.reload();
    await ethan.getByText('Submitted for review').waitFor();
    await ethan.getByRole('button', { name: 'Accept and close' }).click();
    await ethan.getByRole('dialog').getByRole('button', { name: 'Accept and close' }).click();
    await ethan.getByText('Accepted and closed').waitFor();
    expect(await statusOf(assignment.id)).toBe('closed');
    const form = await db.formSubmission.findUniqueOrThrow({ where: { id: assignment.submissionId! } });
    expect(form.isClosed).toBe(true);
  }, 240_000);
});

/**
 * Issue 17, requirements: olivia adds a licence type and requests Liam's licence; the request
 * mail's link lets him send it with its expiry without signing in; his Personnel Requirements item
 * goes, ethan's comes; ethan approves it from his dashboard; Acme's compliance shows its expiry.
 */
describe('a licence requested, sent through the mail’s link, approved and shown in the compliance', () => {
  it('runs from the Requirements register to the company’s compliance', async () => {
    const olivia = await signedIn('olivia.admin');
    await olivia.goto('/external-parties/requirements');
    await olivia.locator('#main-content').getByRole('heading', { level: 1, name: 'Requirements' }).waitFor();
    await olivia.getByRole('button', { name: 'Requirement types' }).click();
    const types = olivia.getByRole('dialog', { name: 'Requirement types' });
    await types.getByRole('cell', { name: 'Public Liability Insurance', exact: true }).waitFor();
    await types.getByRole('button', { name: 'Add a type' }).click();
    const typeForm = olivia.getByRole('dialog', { name: 'Add a requirement type' });
    await typeForm.getByLabel('Name').fill('Electrical Licence');
    await typeForm.getByLabel('Asked of').selectOption({ label: 'A person' });
    await typeForm.getByLabel('Description (optional)').fill('Your current A-grade electrical licence.');
    await typeForm.getByRole('button', { name: 'Save' }).click();
    await types.getByRole('cell', { name: 'Electrical Licence', exact: true }).waitFor();
    await types.getByRole('button', { name: 'Close' }).last().click();

    await olivia.getByRole('button', { name: 'Request a document' }).click();
    const dialog = olivia.getByRole('dialog', { name: 'Request a document' });
    await dialog.getByLabel('Requirement type').selectOption({ label: 'Electrical Licence (person)' });
    await dialog.getByLabel('Company', { exact: true }).selectOption({ label: 'Acme Contracting' });
    await dialog.getByLabel('Person', { exact: true }).selectOption({ label: 'Liam Walker' });
    await dialog.getByRole('searchbox').fill('Ethan');
    await dialog.getByRole('button', { name: /^Ethan/ }).click();
    await dialog.getByLabel('Message (optional)').fill('Before the switchboard works start, please.');
    await dialog.getByRole('button', { name: 'Request', exact: true }).click();
    await olivia.getByText('Requested. 1 request sent.').waitFor();
    const requirement = await db.supplierRequirement.findFirstOrThrow({
      where: { message: 'Before the switchboard works start, please.' },
    });
    await olivia.getByRole('cell', { name: 'Electrical Licence', exact: true }).first().waitFor();
    await screenshot(olivia, 'external-requirements');

    // Signed in, Liam has it under Personnel Requirements.
    const signedInLiam = await signedIn('liam.personnel');
    const liamsItem = signedInLiam
      .getByRole('region', { name: 'Personnel Requirements' })
      .locator(`a[href*="${requirement.id}"]`);
    await liamsItem.waitFor();

    // The request mail's link: Liam sends the licence with its expiry, without signing in.
    const mail = await waitForMail(LIAM_EMAIL, 'Before the switchboard works start');
    const link = /https?:\/\/[^\s"<>]+\/form\/external-parties\/document-review\/personnel\/[^\s"<>]+/.exec(
      mail,
    )?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!.replace(/&amp;/g, '&'));
    const liam = await linkHolderPage(browser);
    await liam.goto(`${url.pathname}${url.search}`);
    await liam.getByRole('heading', { name: 'Electrical Licence' }).waitFor();
    await liam.getByText('Your current A-grade electrical licence.').waitFor();
    await liam.getByLabel('Document', { exact: true }).setInputFiles({
      name: 'liam-licence.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% Liam Walker, electrical licence A-12345\n'),
    });
    await liam.getByLabel('Expiry date').fill('2028-06-30');
    await liam.getByLabel('Note (optional)').fill('Renewed in June.');
    await screenshot(liam, 'external-document-send');
    await liam.getByRole('button', { name: 'Send' }).click();
    await liam.getByText('Thank you: your document was sent for review.').waitFor();
    await liam.getByText('Awaiting review').first().waitFor();
    await liam.getByRole('button', { name: 'liam-licence.pdf', exact: true }).waitFor();
    await expect
      .poll(
        async () =>
          (await db.supplierRequirement.findUniqueOrThrow({ where: { id: requirement.id } })).status,
      )
      .toBe('submitted');

    // Liam's item has gone from his dashboard; Ethan's has come.
    const liamsList = signedInLiam.waitForResponse((response) =>
      response.url().includes('/api/dashboardSupplierList'),
    );
    await signedInLiam.reload();
    await liamsList;
    await signedInLiam.getByRole('region', { name: 'Assigned Actions' }).waitFor();
    await expect.poll(() => liamsItem.count()).toBe(0);
    const ethan = await signedIn('ethan.coordinator');
    const toReview = ethan
      .getByRole('region', { name: 'Personnel Requirements' })
      .locator(`a[href*="${requirement.id}"]`);
    await toReview.click();
    await ethan.waitForURL(/\/external-parties\/personnel-document-review\//);
    await ethan.getByRole('button', { name: 'liam-licence.pdf', exact: true }).waitFor();
    await ethan.getByText('Renewed in June.').waitFor();
    await screenshot(ethan, 'external-document-review');
    await ethan.getByRole('button', { name: 'Approve' }).click();
    await ethan.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await ethan.getByText('The document was approved.').waitFor();
    await ethan.getByText('Valid').first().waitFor();
    const ethansList = ethan.waitForResponse((response) =>
      response.url().includes('/api/dashboardSupplierList'),
    );
    await ethan.goto('/dashboard');
    await ethansList;
    await ethan.getByRole('region', { name: 'Scheduled Tasks' }).waitFor();
    await expect.poll(() => toReview.count()).toBe(0);

    // Acme's compliance shows the licence, valid, with its expiry.
    await olivia.goto(`/external-parties/companies/${requirement.supplierId}`);
    const compliance = olivia.getByRole('region', { name: 'Compliance' });
    const row = compliance.getByRole('row', { name: /Electrical Licence/ });
    await row.getByText('Valid').waitFor();
    await row.getByText('30/06/2028').waitFor();
    await compliance.scrollIntoViewIfNeeded();
    await screenshot(olivia, 'external-compliance');
    await signedInLiam.close();
  }, 240_000);
});
