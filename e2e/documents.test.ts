import { displayDay } from '@compass/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

/** A dashboard section's link to `path`, with the whole list shown (past the first five). */
async function itemLink(page: Page, section: string, path: string): Promise<Locator> {
  const region = page.getByRole('region', { name: section });
  await region.getByLabel(/^\d+ items$/).waitFor();
  const more = region.getByRole('button', { name: /^Show all/ });
  if (await more.count()) await more.click();
  return region.locator(`a[href^="${path}"]`);
}

async function dashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: 'Assigned Actions' })
    .getByLabel(/^\d+ items$/)
    .waitFor();
}

/**
 * Issue 19, documents: ethan.coordinator opens each kind of document work item from his dashboard
 * (read and acknowledge, approve, revise a rejected version, review), completes it, and sees it
 * leave its section at once.
 */
describe('the document work items of ethan.coordinator', () => {
  it('completes each one from the dashboard', async () => {
    const ethan = await db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    const employeeId = ethan.employeeId!;
    const acknowledgement = await db.documentAcknowledgement.findFirstOrThrow({
      where: { employeeId, acknowledgedAt: null, lapsedAt: null },
    });
    const approval = await db.documentApproval.findFirstOrThrow({
      where: { employeeId, status: 'requested' },
    });
    const rejected = await db.documentVersion.findFirstOrThrow({
      where: { status: 'rejected', revisedAt: null, document: { ownerEmployeeId: employeeId } },
    });
    const review = await db.review.findFirstOrThrow({
      where: {
        reviewerEmployeeId: employeeId,
        itemType: 'document',
        completedAt: null,
        coReviewerEmployeeId: null,
      },
    });

    const page = await browser.page();
    await signInThroughUi(page, 'ethan.coordinator');
    await page.waitForURL('**/dashboard');

    // Library and a document's page, for the screenshots.
    await page.goto('/document/library');
    await page.locator('#main-content').getByRole('heading', { level: 1, name: 'Library' }).waitFor();
    await page.getByRole('link', { name: 'Emergency Response Plan', exact: true }).waitFor();
    await screenshot(page, 'documents-library');
    await page.getByRole('link', { name: 'Emergency Response Plan', exact: true }).click();
    await page.getByRole('region', { name: 'Versions' }).getByText('Approval Pending').first().waitFor();
    await screenshot(page, 'documents-detail');

    // Read and acknowledge.
    await dashboard(page);
    const readPath = `/document/action/acknowledgement/${acknowledgement.documentId}/${employeeId}`;
    await (await itemLink(page, 'Assigned Actions', readPath)).click();
    await page.getByLabel(/I have read and understood/).check();
    await screenshot(page, 'documents-acknowledgement');
    await page.getByRole('button', { name: 'Acknowledge' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(async () => (await itemLink(page, 'Assigned Actions', readPath)).count()).toBe(0);

    // Approve the version waiting for him.
    const approvePath = `/document/action/approval/${approval.documentId}/${employeeId}`;
    await (await itemLink(page, 'Assigned Actions', approvePath)).click();
    await page.getByRole('heading', { level: 2, name: 'Approvals' }).waitFor();
    await screenshot(page, 'documents-approval');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(async () => (await itemLink(page, 'Assigned Actions', approvePath)).count()).toBe(0);

    // Revise the version an approver rejected: a revised file is uploaded.
    const revisePath = `/document/review/${rejected.documentId}/revise`;
    await (await itemLink(page, 'Assigned Actions', revisePath)).click();
    await page.getByText(/Step 4 still names the old charging bay/).waitFor();
    await screenshot(page, 'documents-revise');
    await page.getByRole('button', { name: 'Upload revised version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload the revised version' });
    await dialog.getByLabel('File', { exact: true }).setInputFiles({
      name: 'forklift-swp-v3.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% Forklift safe work procedure, revision 3\n'),
    });
    await dialog.getByLabel('What changed (optional)').fill('Charging bay moved to bay 6; diagram updated.');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Nothing to revise').waitFor();
    await dashboard(page);
    await expect.poll(async () => (await itemLink(page, 'Assigned Actions', revisePath)).count()).toBe(0);

    // The scheduled review: completed, the next one is a year on.
    const reviewPath = `/document/review/${review.itemId}/review`;
    const before = await itemLink(page, 'Scheduled Reviews', reviewPath);
    await expect
      .poll(() => before.first().innerText())
      .toContain(displayDay(review.dueDate.toISOString().slice(0, 10)));
    await before.first().click();
    await page.getByLabel(/^Still current/).check();
    await screenshot(page, 'documents-review');
    await page.getByRole('button', { name: 'Complete review' }).click();
    await page.waitForURL(`**/document/library/${review.itemId}`);
    const next = await db.review.findFirstOrThrow({
      where: { itemType: 'document', itemId: review.itemId, completedAt: null },
    });
    expect(next.id).not.toBe(review.id);
    await dashboard(page);
    const after = await itemLink(page, 'Scheduled Reviews', reviewPath);
    // The completed review left the section; what remains is the next one, a year on.
    await expect
      .poll(async () => (await after.allInnerTexts()).join(' '))
      .not.toContain(displayDay(review.dueDate.toISOString().slice(0, 10)));
    await page.close();
  }, 180_000);
});
