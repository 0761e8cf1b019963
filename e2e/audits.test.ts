import { auditMessages } from '@compass/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseByName, screenshot, signedInPage, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

const signedIn = (username: string): Promise<Page> => signedInPage(browser, username);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 20, Audit Inspection: ethan.coordinator schedules an audit, conducts it and raises a
 * finding to mia.employee; Mia completes it from her dashboard's audit action dialog; Ethan closes
 * the audit and downloads its PDF. The register, the add page, the conduct and details pages are
 * photographed.
 */
describe('an audit from start to close', () => {
  it('ethan conducts an audit, mia completes his finding, ethan closes it and downloads the PDF', async () => {
    const ethan = await signedIn('ethan.coordinator');
    await ethan.goto('/audit-inspection/register');
    await ethan.waitForURL('**/audit-inspection/register');
    const table = ethan.getByRole('region', { name: 'Audit Register' }).getByRole('table');
    await table.getByRole('link', { name: 'Quarterly Warehouse Audit', exact: true }).waitFor();
    await screenshot(ethan, 'audit-register');

    // Add: the template, Ethan as auditor, the Depot, due in three days.
    await ethan.getByRole('link', { name: 'Add audit' }).click();
    await ethan.waitForURL('**/audit-inspection/add');
    const form = ethan.getByRole('form', { name: 'Add audit' });
    await form.getByLabel('Audit template').selectOption({ label: 'Workplace Safety Audit' });
    await chooseByName(form, 'Auditor', 'Ethan Clarke');
    await form.getByLabel('Workplace').selectOption({ label: 'Riverside Depot' });
    await form.getByLabel('Branch').selectOption({ label: 'Warehouse' });
    await form.getByLabel('Due date').fill(inDays(3));
    await form.getByLabel('Repeats').selectOption({ label: 'Quarterly' });
    await screenshot(ethan, 'audit-add');
    await form.getByRole('button', { name: 'Add audit' }).click();
    await ethan.waitForURL('**/audit-inspection/audit-details/*');
    const auditId = ethan.url().split('/').pop()!;

    // Conduct: answer, see the score, raise a finding on the walkways question to Mia.
    await ethan.getByRole('link', { name: 'Conduct' }).click();
    await ethan.waitForURL(`**/audit-inspection/audit-update/${auditId}`);
    const question = (name: string) => ethan.getByRole('group', { name: new RegExp(name) });
    await question('Are emergency exits').getByLabel('Yes').check();
    await question('Are fire extinguishers').getByLabel('Yes').check();
    await question('Are walkways').getByLabel('No').check();
    await ethan.getByText('67%').waitFor();
    await ethan.evaluate(() => window.scrollTo(0, 0));
    await screenshot(ethan, 'audit-conduct');
    await ethan.getByRole('button', { name: 'Save answers' }).click();
    await ethan.getByText('Audit saved.').waitFor();
    // The save refreshes the audit; a dialog opened while it re-renders can be lost with it.
    await ethan.waitForLoadState('networkidle');
    await ethan.getByRole('button', { name: 'Raise finding: Are walkways clear of trip hazards?' }).click();
    const dialog = ethan.getByRole('dialog', { name: 'Raise finding' });
    await dialog.getByLabel('Instruction').fill('Clear the pallets from the aisle 4 walkway.');
    await chooseByName(dialog, 'Assigned to', 'Mia Torres');
    await dialog.getByLabel('Due date').fill(inDays(5));
    await dialog.getByRole('button', { name: 'Raise finding' }).click();
    await dialog.waitFor({ state: 'detached' });
    const findings = ethan.getByRole('region', { name: 'Findings' });
    await findings.getByText('Clear the pallets from the aisle 4 walkway.').waitFor();

    // The open finding blocks the close: the message, and nothing changed.
    await ethan.getByRole('link', { name: 'Details and close-off' }).click();
    await ethan.waitForURL(`**/audit-inspection/audit-details/${auditId}`);
    await ethan.getByRole('button', { name: 'Close off' }).click();
    await ethan.locator('[data-sonner-toast]', { hasText: auditMessages.openTasks }).first().waitFor();
    expect((await db.audit.findUniqueOrThrow({ where: { id: auditId } })).status).toBe('inProgress');

    // Mia completes the finding from her dashboard.
    const mia = await signedIn('mia.employee');
    const assigned = mia.getByRole('region', { name: 'Assigned Actions' });
    // Due in five days, it is past the section's first few: the whole list is shown.
    await assigned.getByRole('button', { name: /^Show all/ }).click();
    const row = assigned.getByRole('button', { name: /Are walkways clear of trip hazards/ });
    await expect.poll(() => row.count()).toBe(1);
    await row.click();
    const action = mia.getByRole('dialog', { name: 'Audit action' });
    await action.getByLabel('Response').fill('Pallets moved back to the racking.');
    await action.getByRole('button', { name: 'Complete', exact: true }).click();
    await action.waitFor({ state: 'detached' });
    await expect.poll(() => row.count()).toBe(0);
    await mia.close();

    // Ethan closes the audit and downloads its PDF.
    await ethan.reload();
    await findings.getByText('Pallets moved back to the racking.').waitFor();
    await ethan.getByRole('button', { name: 'Close off' }).click();
    const downloadButton = ethan.getByRole('button', { name: 'Download PDF' });
    await downloadButton.waitFor();
    await screenshot(ethan, 'audit-details');
    const [download] = await Promise.all([ethan.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    const closed = await db.audit.findUniqueOrThrow({ where: { id: auditId } });
    expect(closed.status).toBe('closed');
    // The next quarter's audit is scheduled for Ethan.
    const nextQuarter = {
      occurrence: 1,
      firstDueDate: closed.firstDueDate,
      ownerEmployeeId: closed.ownerEmployeeId,
    };
    expect(await db.audit.count({ where: nextQuarter })).toBe(1);

    // He reopens it with a reason and closes it again: a new PDF, the same next audit.
    await ethan.getByRole('button', { name: 'Reopen' }).click();
    const reopen = ethan.getByRole('dialog', { name: 'Reopen this audit?' });
    await reopen.getByLabel('Why is it reopened?').fill('The answer about the east exit was wrong.');
    await screenshot(ethan, 'audit-reopen');
    await reopen.getByRole('button', { name: 'Reopen audit' }).click();
    await reopen.waitFor({ state: 'detached' });
    await ethan.getByRole('button', { name: 'Close off' }).click();
    await downloadButton.waitFor();
    const reclosed = await db.audit.findUniqueOrThrow({ where: { id: auditId } });
    expect(reclosed.status).toBe('closed');
    expect(reclosed.pdfAttachmentId).not.toBe(closed.pdfAttachmentId);
    expect(await db.audit.count({ where: nextQuarter })).toBe(1);
    await ethan.close();
  });
});
