import { describe, expect, it } from 'vitest';
import { formNumberLabel } from '@compass/shared';
import { demoId } from '../seed/demo';
import {
  issueSupplierAssignmentLink,
  issueSupplierSubmissionLink,
} from '../server/src/modules/submissions/supplierLinkIssue';
import { drawOn, HOME_SITE, linkHolderPage, screenshot, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

/** Liam's Acme assessment: the draft Electrical isolation form of his assignment, not yet submitted. */
async function liamsDraftAssignment() {
  // By its seeded id: other browser tests assign Liam forms of their own in the same database.
  return db.supplierAssignment.findUniqueOrThrow({
    where: { id: demoId('nw:supplierAssignment:acme/liam-draft') },
  });
}

const scopeOf = async (submissionId: string, fieldLabel: string) => {
  const submission = await db.formSubmission.findUniqueOrThrow({ where: { id: submissionId } });
  const field = await db.templateField.findFirstOrThrow({
    where: { templateVersionId: submission.templateVersionId, label: fieldLabel },
  });
  return (await db.submissionValue.findFirstOrThrow({ where: { submissionId, fieldId: field.id } })).value;
};

describe('supplier form submission through its link', () => {
  it('lets Liam update, save and submit his assessment without signing in', async () => {
    const assignment = await liamsDraftAssignment();
    const link = await db.$transaction((tx) => issueSupplierAssignmentLink(tx, assignment));
    const page = await linkHolderPage(browser);

    await page.goto(link!.path);
    await page.getByRole('heading', { name: 'Update Form Submission' }).waitFor();
    await page.getByRole('heading', { name: 'Initial details' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.getByText('Acme Contracting: please complete the Contractor Safety Assessment form').waitFor();
    expect(await page.getByTestId('navigation-header').count()).toBe(0);
    await page.getByRole('img', { name: 'Acme Contracting logo' }).waitFor();
    await screenshot(page, 'supplier-update-form-submission');

    // Save Draft: the change is kept and the supplier leaves for the product site.
    const scope = page.getByLabel(/^Scope of Work/);
    await scope.fill('Isolate the gate motor supply and replace the damaged cable.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.waitForURL(HOME_SITE);
    expect(await scopeOf(assignment.submissionId!, 'Scope of Work')).toBe(
      'Isolate the gate motor supply and replace the damaged cable.',
    );

    // Back through the same link: sign and submit; the assignment is submitted with the form.
    await page.goto(link!.path);
    await page.getByRole('heading', { name: 'Update Form Submission' }).waitFor();
    expect(await page.getByLabel(/^Scope of Work/).inputValue()).toBe(
      'Isolate the gate motor supply and replace the damaged cable.',
    );
    await drawOn(page, 'Contractor Signature');
    await page.getByRole('button', { name: 'Submit' }).click();
    // On to the supplier assessment page: where the form now stands.
    await page.waitForURL(/\/form\/external-parties\/form-submit\/supplierAssessment\//);
    await page.getByText('Submitted for review').waitFor();

    const submission = await db.formSubmission.findUniqueOrThrow({ where: { id: assignment.submissionId! } });
    expect(submission).toMatchObject({ isDraft: false, isClosed: false });
    expect(submission.number).not.toBeNull();
    expect(await db.supplierAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).toMatchObject({
      status: 'submitted',
      submissionId: submission.id,
    });
    expect(
      await db.mailMessage.count({
        where: {
          category: 'supplierSubmissionCopy',
          AND: [
            { textBody: { contains: 'Liam Walker' } },
            { textBody: { contains: formNumberLabel(submission.number) } },
          ],
        },
      }),
    ).toBe(1);
    await page.close();
  });

  it('shows the View link read-only, with the action dialog, and Back to the product site', async () => {
    const submission = await db.formSubmission.findFirstOrThrow({
      where: { formDescription: 'Roof gutter repairs, Riverside workshop' },
    });
    const link = await db.$transaction((tx) =>
      issueSupplierSubmissionLink(tx, {
        companyId: submission.companyId,
        submissionId: submission.id,
        supplierId: submission.supplierId!,
        mode: 'view',
      }),
    );
    const page = await linkHolderPage(browser);
    await page.goto(link.path);
    await page.getByRole('heading', { name: 'View Form Submission' }).waitFor();
    await page
      .getByText('Northwind Facilities shared this form with Acme Contracting. It is read-only.')
      .waitFor();
    expect(await page.getByRole('textbox', { name: /^Scope of Work/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await screenshot(page, 'supplier-view-form-submission');

    await page.getByRole('button', { name: 'View action 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Action' });
    await dialog.getByRole('tab', { name: 'External', selected: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Update' }).count()).toBe(0);
    // The dialog fades in: the picture waits for it to settle.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, 'supplier-view-action-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(HOME_SITE);
    await page.close();
  });
});
