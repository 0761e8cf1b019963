import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { pageOverflow, SCREEN, screenshot, signedInPage, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

const NEW_COMPETENCY = 'Asbestos Awareness';

/** The page's own content (the header repeats its title). */
const main = (page: Page) => page.locator('#main-content');

/** The matrix's cell of `employee` under the column `competency` (its heading starts with the name). */
async function matrixCell(page: Page, employee: string, competency: string) {
  const table = page.locator('table.competency-matrix');
  await table.waitFor();
  const headings = await table.locator('thead th').allInnerTexts();
  const column = headings.findIndex((heading) => heading.startsWith(competency));
  expect(column).toBeGreaterThan(0);
  // The row heading is the first cell of the row: the competency columns' cells follow it.
  return page
    .getByRole('row', { name: new RegExp(employee) })
    .getByRole('cell')
    .nth(column - 1);
}

/** The matrix filtered to one competency (by its name). */
async function openMatrixFor(page: Page, competency: string): Promise<void> {
  await page.goto('/human-resource/admin/competencies/matrix');
  await main(page).getByRole('heading', { level: 1, name: 'Competency Matrix' }).waitFor();
  await page.getByLabel('Competency', { exact: true }).selectOption({ label: competency });
}

afterAll(async () => {
  // The shared demo database as it was: the competency this file adds goes, with its records' files.
  const added = await db.competency.findMany({ where: { name: NEW_COMPETENCY }, select: { id: true } });
  const records = await db.competencyRecord.findMany({
    where: { competencyId: { in: added.map((row) => row.id) } },
    select: { id: true },
  });
  await db.attachment.deleteMany({ where: { ownerId: { in: records.map((row) => row.id) } } });
  await db.competency.deleteMany({ where: { id: { in: added.map((row) => row.id) } } });
});

/**
 * Issue 42, competencies: HR adds a competency a position requires; the matrix shows it missing
 * for Mia (a Technician); Mia adds her record with its evidence from My Competency and renews an
 * expired ticket; the matrix then shows both held.
 */
describe('competencies: catalogue, matrix and My Competency', () => {
  it('HR adds a competency for a position and the matrix shows it missing', async () => {
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    await page.goto('/human-resource/admin/competencies');
    await main(page).getByRole('heading', { level: 1, name: 'Competencies' }).waitFor();
    await page.getByRole('cell', { name: 'Forklift Licence' }).first().waitFor();
    await screenshot(page, 'competencies-catalogue');

    await page.getByRole('button', { name: 'Add competency' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add competency' });
    await dialog.getByLabel('Name').fill(NEW_COMPETENCY);
    await dialog.getByLabel('Kind').selectOption('certificate');
    await dialog.getByLabel('Valid for (months)').fill('12');
    await dialog.getByLabel('Technician').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(NEW_COMPETENCY) });
    await expect.poll(() => row.innerText()).toMatch(/12 months[\s\S]*1 position/);

    await page.goto('/human-resource/admin/competencies/matrix');
    await page.getByRole('link', { name: 'Mia Torres' }).waitFor();
    await screenshot(page, 'competencies-matrix');
    await openMatrixFor(page, NEW_COMPETENCY);
    await expect
      .poll(async () => (await matrixCell(page, 'Mia Torres', NEW_COMPETENCY)).innerText())
      .toBe('Missing');

    // On a phone the filters fold away, and the matrix scrolls sideways inside its card only.
    await page.setViewportSize(SCREEN.phone);
    await page.goto('/human-resource/admin/competencies/matrix');
    await page.getByRole('link', { name: 'Mia Torres' }).waitFor();
    await screenshot(page, 'competencies-matrix-phone');
    expect(await pageOverflow(page)).toBe(0);
    const wrap = page.locator('.competency-matrix-wrap');
    expect(await wrap.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await page.close();
  });

  it('Mia adds her record with evidence and renews an expired ticket; the matrix shows them held', async () => {
    const page = await signedInPage(browser, 'mia.employee', SCREEN.desktop);
    await page.getByRole('button', { name: /^Profile menu for/ }).click();
    await page.getByRole('menuitem', { name: 'My Competency' }).click();
    await main(page).getByRole('heading', { level: 1, name: 'My Competency' }).waitFor();

    const added = page.getByRole('listitem', { name: NEW_COMPETENCY });
    await added.getByText('Missing').waitFor();
    await added.getByRole('button', { name: `Add record ${NEW_COMPETENCY}` }).click();
    const dialog = page.getByRole('dialog', { name: `Add a record of ${NEW_COMPETENCY}` });
    await dialog.getByLabel('Reference (licence or ticket number)').fill('AA-2026-118');
    await dialog.getByLabel('Issuer').fill('Northwind Training');
    await dialog.getByLabel('Evidence files to add').setInputFiles({
      name: 'asbestos-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% certificate\n'),
    });
    await dialog.getByRole('button', { name: 'Save record' }).click();
    await dialog.waitFor({ state: 'detached' });
    await added.getByText('Held').waitFor();
    await added.getByRole('button', { name: 'Preview asbestos-certificate.pdf' }).waitFor();

    const expired = page.getByRole('listitem', { name: 'Confined Space Entry' });
    await expired.getByText('Expired').waitFor();
    await expired.getByRole('button', { name: 'Renew Confined Space Entry' }).click();
    await page
      .getByRole('dialog', { name: 'Renew Confined Space Entry' })
      .getByRole('button', { name: 'Save record' })
      .click();
    await expired.getByText('Held').waitFor();
    // Both records are kept: the renewal is the latest.
    await expired.getByRole('button', { name: 'History of Confined Space Entry' }).click();
    const history = page.getByRole('dialog', { name: 'History of Confined Space Entry' });
    await history.getByText('Latest').waitFor();
    expect(await history.locator('.competency-history > li').count()).toBe(2);
    await history.getByRole('button', { name: 'Close' }).click();
    // Shot as the page opens, at each width: no notices over it, the phone's menu closed.
    for (const [viewport, name] of [
      [SCREEN.desktop, 'my-competency'],
      [SCREEN.phone, 'my-competency-phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.reload();
      await added.getByText('Held').waitFor();
      expect(await pageOverflow(page)).toBe(0);
      await screenshot(page, name);
    }
    await page.close();

    const admin = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    await openMatrixFor(admin, NEW_COMPETENCY);
    await expect
      .poll(async () => (await matrixCell(admin, 'Mia Torres', NEW_COMPETENCY)).innerText())
      .toMatch(/^Held/);
    await openMatrixFor(admin, 'Confined Space Entry');
    await expect
      .poll(async () => (await matrixCell(admin, 'Mia Torres', 'Confined Space Entry')).innerText())
      .toMatch(/^Held/);

    // HR takes the renewal back (the demo data as it was): Mia's ticket stands expired again.
    await admin.getByRole('link', { name: 'Mia Torres' }).click();
    await main(admin).getByRole('heading', { level: 1, name: 'Competencies of Mia Torres' }).waitFor();
    const ticket = admin.getByRole('listitem', { name: 'Confined Space Entry' });
    await ticket.getByRole('button', { name: 'History of Confined Space Entry' }).click();
    const records = admin.getByRole('dialog', { name: 'History of Confined Space Entry' });
    await records
      .getByRole('button', { name: /^Delete the record/ })
      .first()
      .click();
    await admin
      .getByRole('dialog', { name: /^Delete this record/ })
      .getByRole('button', { name: 'Delete record' })
      .click();
    await ticket.getByText('Expired').waitFor();
    await admin.close();
  });
});
