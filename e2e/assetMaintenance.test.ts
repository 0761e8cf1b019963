import fs from 'node:fs';
import {
  addDays,
  displayDay,
  frequencyLabel,
  localDateOf,
  maintenanceMessages,
  maintenanceRecordPath,
} from '@compass/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../seed/demo/ids';
import { dashboardItem, searchAndPick, signedInPage, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

/** The page's own heading (the app header repeats it). */
const title = (page: Page, name?: string) =>
  page.locator('#main-content').getByRole('heading', { level: 1, ...(name && { name }) });

/** The seeded fault of the scissor lift: its corrective work is open and nobody has it yet. */
const LIFT_FAULT = demoId('nw:maintenanceRecord:fault/Scissor Lift SL-07');
const ACME = demoId('nw:supplier:Acme Contracting');
const VEHICLE_PLAN = 'Six-monthly vehicle safety check';
const today = { day: '' };

beforeAll(async () => {
  const { company } = await db.user.findUniqueOrThrow({
    where: { username: 'olivia.admin' },
    include: { company: true },
  });
  today.day = localDateOf(new Date(), company.timeZone);
});

// The shared demo database as seeded: the lift's fault unassigned again, on its day.
const seededFault = { dueDate: new Date(0) };
beforeAll(async () => {
  seededFault.dueDate = (await db.maintenanceRecord.findUniqueOrThrow({ where: { id: LIFT_FAULT } })).dueDate;
});
afterAll(async () => {
  await db.maintenanceRecord.update({
    where: { id: LIFT_FAULT },
    data: { assigneeEmployeeId: null, assigneeSupplierId: null, dueDate: seededFault.dueDate },
  });
});

const work = (page: Page) => page.getByRole('table', { name: 'Maintenance' });

/** Searches the register's open tab for `text` (applied with Enter, as the search box does). */
async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search maintenance' });
  await box.fill(text);
  await box.press('Enter');
}

/** Picks `name` in the searched choice labelled `label` (its search shows, or waits behind Choose). */
async function choose(page: Page, label: string, name: string) {
  const box = page.getByRole('searchbox', { name: label, exact: true });
  const button = page
    .locator('.search-choice', { has: page.getByLabel(label, { exact: true }) })
    .getByRole('button', { name: /^(Change|Choose)$/ });
  await box.or(button).first().waitFor();
  if ((await box.count()) === 0) await button.click();
  await searchAndPick(page, label, name.split(' ')[0]!, name);
}

/**
 * Issue 44, the Maintenance Register: its filters find the seeded overdue and unassigned work and
 * its export holds them; the register gives the scissor lift's fault to Ethan (on his dashboard);
 * a category's plan scheduled from the register gives each of its assets an open record, and
 * stopping it cancels them.
 */
describe('the Maintenance Register', () => {
  it('filters the open work by due day, kind and assignee, and exports it', async () => {
    const page = await signedInPage(browser, 'olivia.admin');
    await page.goto('/asset/maintenance');
    await title(page, 'Maintenance Register').waitFor();
    const table = work(page);
    await table.getByRole('link', { name: 'Forklift FL-02', exact: true }).waitFor();

    // FL-02's pre-start inspection is overdue, FL-01's is upcoming.
    await page.getByLabel('Due', { exact: true }).selectOption({ label: 'Overdue' });
    await table.getByRole('link', { name: 'Forklift FL-02', exact: true }).waitFor();
    await expect.poll(() => table.getByRole('link', { name: 'Forklift FL-01', exact: true }).count()).toBe(0);
    await page.getByLabel('Due', { exact: true }).selectOption({ label: 'Upcoming' });
    await table.getByRole('link', { name: 'Forklift FL-01', exact: true }).waitFor();
    await expect.poll(() => table.getByRole('link', { name: 'Forklift FL-02', exact: true }).count()).toBe(0);
    await page.getByLabel('Due', { exact: true }).selectOption({ label: 'Any day' });

    // The lift's fault: corrective work nobody has yet.
    await page.getByLabel('Kind').selectOption({ label: 'Corrective' });
    // Each filter is kept in the address: the next one waits for it, as a person's second click would.
    await page.waitForURL(/kind=corrective/);
    // The box shows the filter of the address, ticked once the address has it (check() reads it at once).
    await page.getByLabel('Unassigned only').click();
    await page.waitForURL(/unassigned=yes/);
    await expect.poll(() => page.getByLabel('Unassigned only').isChecked()).toBe(true);
    const lift = table.getByRole('row', { name: /Scissor Lift SL-07/ });
    await lift.waitFor();
    expect(await lift.innerText()).toContain('Unassigned');
    await expect.poll(() => table.getByRole('link', { name: 'Forklift FL-01', exact: true }).count()).toBe(0);

    // The export holds what the filters leave.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('SL-07');
    expect(csv).not.toContain('FL-01');

    // Done work: the compressor's services by Acme, with their costs.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Done' });
    await search(page, 'AC-3');
    const done = table.getByRole('row', { name: /Compressor service/ });
    await expect.poll(() => done.count()).toBe(3);
    await page.close();
  }, 120_000);

  it('gives the unassigned fault to Ethan with a new due day: it is on his dashboard', async () => {
    const page = await signedInPage(browser, 'olivia.admin');
    const record = await db.maintenanceRecord.findUniqueOrThrow({ where: { id: LIFT_FAULT } });
    await page.goto(maintenanceRecordPath(LIFT_FAULT));
    await title(page, record.title).waitFor();
    const fault = await db.assetFault.findUniqueOrThrow({ where: { recordId: LIFT_FAULT } });
    await page.getByRole('region', { name: 'Reported fault' }).getByText(fault.description).waitFor();
    await page.getByRole('link', { name: 'Scissor Lift SL-07', exact: true }).waitFor();

    const due = addDays(today.day, 3);
    await page.getByRole('button', { name: 'Change assignee or due date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change assignee or due date' });
    await dialog.getByRole('radio', { name: 'An employee' }).check();
    await choose(page, 'Employee', 'Ethan Clarke');
    await dialog.getByLabel('Due date').fill(displayDay(due));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(maintenanceMessages.reassigned).waitFor();
    await page.getByText(`Due ${displayDay(due)}`).waitFor();
    expect(await db.maintenanceRecord.findUniqueOrThrow({ where: { id: LIFT_FAULT } })).toMatchObject({
      assigneeEmployeeId: demoId('nw:employee:ethan'),
      dueDate: new Date(`${due}T00:00:00Z`),
    });
    await page.close();

    const ethan = await signedInPage(browser, 'ethan.coordinator');
    const item = await dashboardItem(ethan, 'Maintenance', (section) =>
      section.locator(`a[href="${maintenanceRecordPath(LIFT_FAULT)}"]`),
    );
    await expect.poll(() => item.innerText()).toContain('Scissor Lift SL-07');
    await item.click();
    await ethan.getByRole('region', { name: 'Complete maintenance' }).waitFor();
    await ethan.close();
  }, 120_000);

  it("schedules a category's plan from the register and stops it: its open work is cancelled", async () => {
    const page = await signedInPage(browser, 'olivia.admin');
    await page.goto('/asset/maintenance?tab=plans');
    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add maintenance plan' });
    await dialog.getByRole('radio', { name: 'A category' }).check();
    await dialog.getByLabel('Category', { exact: true }).selectOption({ label: 'Vehicles' });
    await dialog.getByLabel('Title', { exact: true }).fill(VEHICLE_PLAN);
    await dialog.getByLabel('Frequency').selectOption({ label: frequencyLabel('halfYear') });
    await dialog.getByRole('radio', { name: 'A supplier company' }).check();
    await choose(page, 'Supplier company', 'Acme Contracting');
    // Not before today.
    await dialog.getByLabel('First due').fill(displayDay(addDays(today.day, -1)));
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await dialog.getByText(maintenanceMessages.firstDuePast).waitFor();
    const first = addDays(today.day, 7);
    await dialog.getByLabel('First due').fill(displayDay(first));
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText(maintenanceMessages.planSaved).waitFor();
    const row = page
      .getByRole('table', { name: 'Maintenance plans' })
      .getByRole('row', { name: new RegExp(VEHICLE_PLAN) });
    await row.getByText('Category: Vehicles').waitFor();
    expect(await row.innerText()).toContain(displayDay(first));

    // Every asset of the category has its open record for Acme.
    const plan = await db.maintenancePlan.findFirstOrThrow({ where: { title: VEHICLE_PLAN } });
    const van = demoId('nw:asset:Delivery Van NW-12');
    const record = await db.maintenanceRecord.findFirstOrThrow({ where: { planId: plan.id, assetId: van } });
    expect(record).toMatchObject({
      status: 'open',
      assigneeSupplierId: ACME,
      dueDate: new Date(`${first}T00:00:00Z`),
    });

    await row.getByRole('button', { name: `Stop ${VEHICLE_PLAN}` }).click();
    const stop = page.getByRole('dialog', { name: 'Stop plan' });
    await stop.getByRole('button', { name: 'Stop plan' }).click();
    await page.getByText(maintenanceMessages.planStoppedDone).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect((await db.maintenancePlan.findUniqueOrThrow({ where: { id: plan.id } })).isActive).toBe(false);
    expect((await db.maintenanceRecord.findUniqueOrThrow({ where: { id: record.id } })).status).toBe(
      'cancelled',
    );

    // The cancelled work stays on the register under Status.
    await page.getByRole('tab', { name: 'Work' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Cancelled' });
    await search(page, 'NW-12');
    await work(page)
      .getByRole('row', { name: new RegExp(VEHICLE_PLAN) })
      .waitFor();
    await page.close();
  }, 120_000);
});
