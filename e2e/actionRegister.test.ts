import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

async function olivia(): Promise<Page> {
  const page = await browser.page();
  await signInThroughUi(page, 'olivia.admin');
  await page.waitForURL('**/dashboard');
  return page;
}

/**
 * Issue 20, the action register: olivia.admin opens it from the menu, filters to the overdue
 * actions, exports them as XLSX (read back here: the same rows as the page), opens one in the
 * action dialog and reassigns two actions together; an action raised from a document is listed and
 * leads to its document.
 */
describe('the action register', () => {
  it('filters to overdue and exports an XLSX with the same rows', async () => {
    const page = await olivia();
    await page.getByRole('navigation').getByRole('link', { name: 'Action Register' }).click();
    await page.waitForURL('**/action-register');
    const table = page.getByRole('region', { name: 'Actions' }).getByRole('table');
    await table.locator('tbody tr').first().waitFor();
    await screenshot(page, 'action-register');

    await page.getByLabel('Status').selectOption({ label: 'Overdue' });
    await expect
      .poll(async () =>
        (await table.locator('tbody tr').allInnerTexts()).every((row) => row.includes('Overdue')),
      )
      .toBe(true);
    const shown = await table.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
        return { instruction: cells[1]!.trim(), assignee: cells[3]!.replace(/External$/, '').trim() };
      }),
    );
    expect(shown.length).toBeGreaterThan(1);

    // Keep the blob the page saves: headless Chromium cannot read a saved blob URL back once the
    // page has revoked it.
    await page.evaluate(() => {
      const create = URL.createObjectURL.bind(URL);
      const saved: Blob[] = [];
      (window as unknown as { saved: Blob[] }).saved = saved;
      URL.createObjectURL = (blob: Blob) => {
        saved.push(blob);
        return create(blob);
      };
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export XLSX' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('action-register.xlsx');
    const workbook = new ExcelJS.Workbook();
    const bytes = await page.evaluate(async () => {
      const saved = (window as unknown as { saved: Blob[] }).saved;
      return [...new Uint8Array(await saved.at(-1)!.arrayBuffer())];
    });
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Actions')!;
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    // The page shows the first 20 of the same order; fewer than 20 are the whole file.
    if (shown.length < 20) expect(rows).toHaveLength(shown.length);
    expect(rows.slice(0, shown.length).map((row) => ({ instruction: row[3], assignee: row[4] }))).toEqual(
      shown,
    );
    expect(rows.every((row) => row[8] === 'overdue')).toBe(true);

    // The action dialog: any action of the organisation, read-only unless it is one's own.
    await table.getByRole('button', { name: shown[0]!.instruction, exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(shown[0]!.assignee, { exact: false }).first().waitFor();
    await screenshot(page, 'action-register-dialog');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.close();
  });

  it('reassigns two actions together', async () => {
    const northwind = (
      await db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' }, include: { employee: true } })
    ).employee!;
    const mia = (await db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } })).employeeId!;
    const page = await olivia();
    await page.goto('/action-register');
    const table = page.getByRole('region', { name: 'Actions' }).getByRole('table');
    await table.locator('tbody tr').first().waitFor();
    // Two open actions that are not Mia's already.
    const rows = table
      .locator('tbody tr')
      .filter({ hasNotText: 'Mia Torres' })
      .filter({ hasNotText: 'Completed' });
    const boxes = [rows.nth(0).getByRole('checkbox'), rows.nth(1).getByRole('checkbox')];
    const labels = [await boxes[0]!.getAttribute('aria-label'), await boxes[1]!.getAttribute('aria-label')];
    await boxes[0]!.check();
    await boxes[1]!.check();
    await page.getByRole('button', { name: 'Reassign selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reassign 2 actions' });
    await dialog.getByLabel('New assignee').fill('Mia');
    await dialog.getByRole('button', { name: /Mia Torres/ }).click();
    await screenshot(page, 'action-register-reassign');
    // Other tests reassign too (maintenance, on the same database): only this one's changes count.
    const since = new Date(Date.now() - 1000);
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await page.getByText('2 actions reassigned.').waitFor();

    const instructions = labels.map((label) => label!.replace(/^Select: /, ''));
    const reassigned = await db.changeLog.findMany({
      where: { companyId: northwind.companyId, action: 'reassigned', createdAt: { gte: since } },
    });
    expect(reassigned).toHaveLength(2);
    const moved = await db.action.findMany({
      where: { id: { in: reassigned.map((entry) => entry.entityId) } },
    });
    const tasks = [
      ...(await db.auditQuestionTask.findMany({
        where: { id: { in: reassigned.map((entry) => entry.entityId) } },
      })),
      ...(await db.obligationQuestionTask.findMany({
        where: { id: { in: reassigned.map((entry) => entry.entityId) } },
      })),
    ];
    const all = [...moved, ...tasks];
    expect(all.map((row) => row.assigneeEmployeeId)).toEqual([mia, mia]);
    expect(all.map((row) => row.instruction).sort()).toEqual(instructions.sort());
    await page.close();
  });

  it('lists an action raised from a document, read here and completed on the document', async () => {
    const ethan = (
      await db.user.findUniqueOrThrow({
        where: { username: 'ethan.coordinator' },
        include: { employee: true },
      })
    ).employee!;
    const document = await db.document.findFirstOrThrow({ where: { companyId: ethan.companyId } });
    await db.documentAction.create({
      data: {
        companyId: ethan.companyId,
        documentId: document.id,
        instruction: 'Replace the laminated copy in the lunch room.',
        assigneeEmployeeId: ethan.id,
        dueDate: new Date(Date.now() + 30 * 86_400_000),
      },
    });
    const page = await olivia();
    await page.goto('/action-register');
    await page.getByLabel('Source').selectOption({ label: 'Document' });
    const table = page.getByRole('region', { name: 'Actions' }).getByRole('table');
    await table.getByRole('link', { name: document.name }).first().waitFor();
    await table
      .getByRole('button', { name: 'Replace the laminated copy in the lunch room.' })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Document action' });
    await dialog.getByText('Its assignee completes it on the document’s page.').waitFor();
    await screenshot(page, 'action-register-document');
    await dialog.getByRole('link', { name: 'Open the document' }).click();
    await page.waitForURL(`**/document/library/${document.id}`);
    await page.close();
  });
});
