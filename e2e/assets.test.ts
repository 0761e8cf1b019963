import {
  ASSET_STATUS_LABELS,
  assetFaultLabelPath,
  assetMessages,
  assetPath,
  displayDay,
  frequencyLabel,
  localDateOf,
  maintenanceMessages,
  maintenanceRecordPath,
  nextMaintenanceDue,
  type FrequencyUnit,
} from '@compass/shared';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../seed/demo/ids';
import {
  dashboardItem,
  linkHolderPage,
  searchAndPick,
  shootWidths,
  signedInPage,
  useBrowser,
  useDatabase,
} from './browser';

const browser = useBrowser();
const db = useDatabase();

/** The page's own heading (the app header repeats it). */
const title = (page: Page, name?: string) =>
  page.locator('#main-content').getByRole('heading', { level: 1, ...(name && { name }) });

const NUMBER = 'BG-44';
const NAME = 'Bench Grinder';
/** assetOptionName of the new asset: how headings, dashboards and pick lists name it. */
const OPTION_NAME = `${NUMBER} ${NAME}`;
const LOCATION = 'Workshop bench 2';
const MONTHLY = 'Monthly guard and wheel check';
const QUARTERLY = 'Quarterly service by Acme';
const FAULT = 'The guard is cracked and the wheel wobbles at full speed.';
const ACME = demoId('nw:supplier:Acme Contracting');

/** What the steps hand on: the asset made in the first and the organisation's day. */
const made = { assetId: '', today: '' };

beforeAll(async () => {
  const { company } = await db.user.findUniqueOrThrow({
    where: { username: 'olivia.admin' },
    include: { company: true },
  });
  made.today = localDateOf(new Date(), company.timeZone);
});

// The shared demo database as it was for the other files: the asset leaves dashboards and pick lists.
afterAll(async () => {
  if (!made.assetId) return;
  const assetId = made.assetId;
  await db.$transaction([
    db.maintenanceRecord.updateMany({ where: { assetId, status: 'open' }, data: { status: 'cancelled' } }),
    db.maintenancePlan.updateMany({ where: { assetId }, data: { isActive: false } }),
    db.asset.update({ where: { id: assetId }, data: { status: 'disposed', isActive: false } }),
  ]);
});

/** A small photo of the asset, as a phone would take one. */
const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#64748b' } })
    .png()
    .toBuffer();

/** Picks `name` in the searched choice labelled `label`, whether its search shows or waits behind Choose. */
async function choose(scope: Page | Locator, label: string, name: string): Promise<void> {
  const page = 'goto' in scope ? scope : scope.page();
  const box = scope.getByRole('searchbox', { name: label, exact: true });
  const button = scope
    .locator('.search-choice', { has: page.getByLabel(label, { exact: true }) })
    .getByRole('button', { name: /^(Change|Choose)$/ });
  await box.or(button).first().waitFor();
  if ((await box.count()) === 0) await button.click();
  await searchAndPick(scope, label, name.split(' ')[0]!, name);
}

/** The asset page's status badge (the header's, before any history entry). */
const statusBadge = (page: Page) =>
  page
    .locator('#main-content')
    .getByText(new RegExp(`^(${Object.values(ASSET_STATUS_LABELS).join('|')})$`))
    .first();

/** The employee a user account is. */
async function employeeOf(username: string): Promise<string> {
  return (await db.user.findUniqueOrThrow({ where: { username } })).employeeId!;
}

/** The open record of the new asset's plan `title`. */
const openRecord = (title: string) =>
  db.maintenanceRecord.findFirstOrThrow({ where: { assetId: made.assetId, title, status: 'open' } });

/** Adds a plan from the asset page's Maintenance plans card. */
async function addPlan(
  page: Page,
  plan: {
    title: string;
    frequency: FrequencyUnit;
    doneBy: 'An employee' | 'A supplier company';
    who: string;
  },
) {
  const card = page.getByRole('region', { name: 'Maintenance plans' });
  await card.getByRole('button', { name: 'Add maintenance plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add maintenance plan' });
  await dialog.getByLabel('Title', { exact: true }).fill(plan.title);
  await dialog
    .getByLabel('Instructions')
    .fill('Isolate the power first. Check the guard, the tool rest gap and the wheel.');
  await dialog.getByLabel('Frequency').selectOption({ label: frequencyLabel(plan.frequency) });
  await dialog.getByRole('radio', { name: plan.doneBy }).check();
  await choose(dialog, plan.doneBy === 'An employee' ? 'Employee' : 'Supplier company', plan.who);
  await dialog.getByLabel('First due').fill(displayDay(made.today));
  return dialog;
}

/**
 * Completes the open record the dashboard's Maintenance item `recordId` opens: the toast names the
 * next due day, a frequency on from the done one's.
 */
async function completeFromDashboard(
  page: Page,
  {
    recordId,
    frequency,
    register,
    shoot,
  }: { recordId: string; frequency: FrequencyUnit; register: boolean; shoot?: string },
) {
  const record = await db.maintenanceRecord.findUniqueOrThrow({ where: { id: recordId } });
  const item = await dashboardItem(page, 'Maintenance', (section) =>
    section.locator(`a[href="${maintenanceRecordPath(recordId)}"]`),
  );
  await expect.poll(() => item.innerText()).toContain(OPTION_NAME);
  expect(await item.innerText()).toContain(record.title);
  if (shoot)
    await shootWidths(page, 'dashboard-maintenance', page.getByRole('region', { name: 'Maintenance' }));
  await item.click();
  await page.waitForURL(`**${maintenanceRecordPath(recordId)}`);
  await title(page, record.title).waitFor();
  // The register (key plant) links the asset and may reassign; a supplier's user does neither.
  const main = page.locator('#main-content');
  expect(await main.getByRole('link', { name: OPTION_NAME }).count()).toBe(register ? 1 : 0);
  await main.getByText(OPTION_NAME).first().waitFor();
  expect(await page.getByRole('button', { name: 'Change assignee or due date' }).count()).toBe(
    register ? 1 : 0,
  );
  const form = page
    .getByRole('region', { name: 'Complete maintenance' })
    .or(page.getByRole('form', { name: 'Complete maintenance' }))
    .first();
  await form.getByLabel('Date done').fill(displayDay(made.today));
  await form.getByLabel('Notes').fill('Guard tightened, wheel dressed, tool rest set to 2 mm.');
  await form.getByLabel('Cost').fill('45.50');
  await form.getByLabel('Add files').setInputFiles({
    name: 'service-sheet.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Wheel dressed.'),
  });
  await form.getByText('service-sheet.txt').first().waitFor();
  if (shoot) await shootWidths(page, shoot, form);
  await form.getByRole('button', { name: 'Complete', exact: true }).click();
  const next = nextMaintenanceDue(record.dueDate.toISOString().slice(0, 10), frequency, made.today);
  await page.getByText(maintenanceMessages.completedNext(displayDay(next))).waitFor();
  await page.getByText(new RegExp(`^Done on ${displayDay(made.today)} by `)).waitFor();
  await page.getByText('Cost: 45.50').waitFor();
  await page.getByText('service-sheet.txt').first().waitFor();
  expect(await db.maintenanceRecord.findUniqueOrThrow({ where: { id: recordId } })).toMatchObject({
    status: 'done',
    completionNotes: 'Guard tightened, wheel dressed, tool rest set to 2 mm.',
  });
  const scheduled = await openRecord(record.title);
  expect(scheduled.dueDate.toISOString().slice(0, 10)).toBe(next);
  expect(scheduled).toMatchObject({
    assigneeEmployeeId: record.assigneeEmployeeId,
    assigneeSupplierId: record.assigneeSupplierId,
  });
}

/**
 * Issue 44, Assets ("Done when"): the admin registers a bench grinder with a photo and two plans (a
 * monthly one for Mia, a quarterly one for Acme); each is completed from its dashboard; a guest
 * reports a fault from the QR label that takes it out of service; the admin returns it to service
 * and takes it out again; a form that picks it shows in its history.
 */
describe('an asset from its registration to its history', () => {
  it('registers the asset with a photo and schedules a monthly and a quarterly plan', async () => {
    const page = await signedInPage(browser, 'olivia.admin');
    await page.goto('/asset/register');
    await title(page, 'Asset Register').waitFor();
    await page.getByRole('link', { name: 'FL-01', exact: true }).waitFor();
    await page
      .getByRole('link', { name: 'New asset', exact: true })
      .or(page.getByRole('button', { name: 'New asset', exact: true }))
      .click();
    await page.waitForURL('**/asset/register/new');
    await title(page, 'New asset').waitFor();
    await page.getByText('Leave empty for the next free number').waitFor();
    await page.getByLabel('Asset number').fill(NUMBER);
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Make').fill('Makita');
    await page.getByLabel('Model').fill('GB801');
    await page.getByLabel('Serial number').fill('SN-0448');
    await page.getByLabel('Workplace', { exact: true }).selectOption({ label: 'Riverside Depot' });
    await page.getByLabel('Branch', { exact: true }).selectOption({ label: 'Workshop' });
    await page.getByLabel('Location').fill(LOCATION);
    await choose(page, 'Owner', 'Mia Torres');
    await choose(page, 'Supplier', 'Acme Contracting');
    await page.getByLabel('Purchase date').fill('03/02/2025');
    await page.getByLabel('Purchase cost').fill('289.50');
    await page.getByRole('textbox', { name: 'Notes' }).fill('Bolted to the bench by the roller door.');
    await shootWidths(page, 'asset-new', title(page));
    await page.getByRole('button', { name: 'Save asset' }).click();
    await page.waitForURL(/\/asset\/register\/[0-9a-f-]{36}$/);
    made.assetId = page.url().split('/').pop()!;
    await page.getByText(assetMessages.saved).waitFor();
    await title(page, OPTION_NAME).waitFor();
    await expect.poll(() => statusBadge(page).innerText()).toBe('In service');
    expect(await db.asset.findUniqueOrThrow({ where: { id: made.assetId } })).toMatchObject({
      number: NUMBER,
      name: NAME,
      location: LOCATION,
      ownerEmployeeId: await employeeOf('mia.employee'),
      supplierId: ACME,
      status: 'inService',
    });

    // A photo, through Add photos.
    const photos = page.getByRole('region', { name: 'Photos' });
    await photos
      .getByLabel('Add photos')
      .setInputFiles({ name: 'grinder.png', mimeType: 'image/png', buffer: await photo() });
    await photos.getByRole('img', { name: 'grinder.png' }).waitFor();
    expect(
      await db.attachment.count({
        where: { ownerType: 'asset', ownerId: made.assetId, name: 'grinder.png' },
      }),
    ).toBe(1);

    // A monthly plan for Mia, a quarterly one for Acme: each has its open record due today.
    for (const plan of [
      { title: MONTHLY, frequency: 'months', doneBy: 'An employee', who: 'Mia Torres' },
      { title: QUARTERLY, frequency: 'quarterly', doneBy: 'A supplier company', who: 'Acme Contracting' },
    ] as const) {
      const dialog = await addPlan(page, plan);
      await dialog.getByRole('button', { name: 'Save plan' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('region', { name: 'Maintenance plans' }).getByText(plan.title).waitFor();
      await page
        .getByRole('region', { name: 'Maintenance plans' })
        .getByText(frequencyLabel(plan.frequency), { exact: true })
        .waitFor();
    }
    expect(await openRecord(MONTHLY)).toMatchObject({
      assigneeEmployeeId: await employeeOf('mia.employee'),
      dueDate: new Date(`${made.today}T00:00:00Z`),
    });
    expect(await openRecord(QUARTERLY)).toMatchObject({ assigneeSupplierId: ACME });
    await page.reload();
    await page.getByRole('region', { name: 'Maintenance plans' }).getByText(QUARTERLY).waitFor();
    await shootWidths(page, 'asset-page');

    // The register lists it with its next maintenance; the Maintenance Register has both records.
    await page.goto('/asset/register');
    await page.getByRole('link', { name: 'FL-01', exact: true }).waitFor();
    await shootWidths(page, 'asset-register');
    await page.getByRole('searchbox', { name: 'Search assets' }).fill(NUMBER);
    await page.getByRole('searchbox', { name: 'Search assets' }).press('Enter');
    const row = page.getByRole('row', { name: new RegExp(NUMBER) });
    await row.getByRole('link', { name: NUMBER, exact: true }).waitFor();
    expect(await row.innerText()).toContain(displayDay(made.today));
    await expect.poll(() => page.getByRole('link', { name: 'FL-01', exact: true }).count()).toBe(0);

    await page.goto('/asset/maintenance');
    await title(page, 'Maintenance Register').waitFor();
    const work = page.getByRole('table', { name: 'Maintenance' });
    await work.getByRole('row').nth(1).waitFor();
    await shootWidths(page, 'maintenance-register');
    await page.getByRole('searchbox', { name: 'Search maintenance' }).fill(NUMBER);
    await page.getByRole('searchbox', { name: 'Search maintenance' }).press('Enter');
    for (const planTitle of [MONTHLY, QUARTERLY])
      await work
        .getByRole('row', { name: new RegExp(planTitle) })
        .getByRole('link', { name: OPTION_NAME })
        .waitFor();
    await page.getByRole('tab', { name: 'Plans' }).click();
    await page.getByRole('button', { name: 'New plan' }).waitFor();
    const plans = page.getByRole('table', { name: 'Maintenance plans' });
    await plans.getByRole('row').nth(1).waitFor();
    await shootWidths(page, 'maintenance-plans');
    await page.getByRole('searchbox', { name: 'Search plans' }).fill(MONTHLY);
    await page.getByRole('searchbox', { name: 'Search plans' }).press('Enter');
    await plans
      .getByRole('row', { name: new RegExp(MONTHLY) })
      .getByText(NAME)
      .waitFor();
    await page.close();
  }, 240_000);

  it('lets Mia complete the monthly maintenance from her dashboard: the toast names the next one', async () => {
    const page = await signedInPage(browser, 'mia.employee');
    // Mia's role has the key plant too: her page is the register's.
    const recordId = (await openRecord(MONTHLY)).id;
    await completeFromDashboard(page, {
      recordId,
      frequency: 'months',
      register: true,
      shoot: 'maintenance-record',
    });
    await page.close();
  }, 120_000);

  it('lets Acme complete the quarterly maintenance from its portal dashboard', async () => {
    const page = await signedInPage(browser, 'acme.supplier');
    const recordId = (await openRecord(QUARTERLY)).id;
    await completeFromDashboard(page, { recordId, frequency: 'quarterly', register: false });
    await page.close();
  }, 120_000);

  it('takes a fault reported from the QR label, signed out, that puts the asset out of service', async () => {
    const guest = await linkHolderPage(browser);
    await guest.goto(assetFaultLabelPath(made.assetId));
    await guest.getByRole('heading', { name: 'Report a fault' }).waitFor();
    expect(await guest.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    for (const shown of [NUMBER, NAME, LOCATION]) await guest.getByText(shown).first().waitFor();
    // Both are needed before anything is sent.
    await guest.getByRole('button', { name: 'Report fault' }).click();
    await guest.getByText(assetMessages.faultReporterRequired).waitFor();
    await guest.getByText(assetMessages.faultDescriptionRequired).waitFor();
    await guest.getByLabel('Your name').fill('Sam Lee');
    await guest.getByLabel('What is wrong?').fill(FAULT);
    await guest.getByLabel('The asset is unsafe: take it out of service').check();
    await shootWidths(guest, 'asset-fault-label');
    await guest.getByRole('button', { name: 'Report fault' }).click();
    await guest.getByText(assetMessages.faultReported).waitFor();
    await guest.close();

    const fault = await db.assetFault.findFirstOrThrow({ where: { assetId: made.assetId } });
    expect(fault).toMatchObject({ description: FAULT, reporterName: 'Sam Lee', tookOutOfService: true });
    expect(await db.maintenanceRecord.findUniqueOrThrow({ where: { id: fault.recordId } })).toMatchObject({
      kind: 'corrective',
      status: 'open',
    });

    const page = await signedInPage(browser, 'olivia.admin');
    await page.goto(assetPath(made.assetId));
    await title(page, OPTION_NAME).waitFor();
    await expect.poll(() => statusBadge(page).innerText()).toBe('Out of service');
    await page.getByText('1 open fault', { exact: true }).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('tab', { name: 'Faults' }).click();
    await history.getByText(FAULT).first().waitFor();
    // The done monthly maintenance links to its record page.
    await history.getByRole('tab', { name: 'Maintenance' }).click();
    const done = await db.maintenanceRecord.findFirstOrThrow({
      where: { assetId: made.assetId, title: MONTHLY, status: 'done' },
    });
    await history.locator(`a[href="${maintenanceRecordPath(done.id)}"]`).waitFor();
    await page.close();
  }, 120_000);

  it('returns the asset to service and takes it out again, each with a reason', async () => {
    const page = await signedInPage(browser, 'olivia.admin');
    await page.goto(assetPath(made.assetId));
    await expect.poll(() => statusBadge(page).innerText()).toBe('Out of service');
    for (const [action, reason, status] of [
      ['Return to service', 'Guard replaced and the wheel balanced.', 'In service'],
      ['Take out of service', 'Waiting for a new wheel from the supplier.', 'Out of service'],
    ] as const) {
      await page.getByRole('button', { name: action, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: action });
      await dialog.getByLabel('Reason').fill(reason);
      await dialog.getByRole('button', { name: action, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => statusBadge(page).innerText()).toBe(status);
    }
    expect((await db.asset.findUniqueOrThrow({ where: { id: made.assetId } })).status).toBe('outOfService');
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('tab', { name: 'Changes' }).click();
    await history.getByText('Waiting for a new wheel from the supplier.').first().waitFor();
    await page.close();
  }, 120_000);

  it('shows a form that picked the asset in its history, and the entry opens the submission', async () => {
    const page = await signedInPage(browser, 'olivia.admin');
    await page.goto('/form-submission/new');
    await page.getByRole('link', { name: /Site Inspection Checklist/ }).click();
    await page.getByRole('heading', { name: 'Initial details' }).waitFor();
    await page.getByLabel(/^Description/).fill('Workshop bench equipment check');
    await searchAndPick(page, /^Inspected By/, 'Olivia', 'Olivia Bennett');
    await page.getByRole('button', { name: 'Areas Inspected Select One' }).click();
    await page.locator('.multiselect-panel').getByLabel('Workshop', { exact: true }).check();
    await page.keyboard.press('Escape');
    const checks = page.getByRole('region', { name: 'Checks', exact: true });
    await checks.getByRole('checkbox', { name: 'Exit signs lit' }).check();
    await checks.getByRole('radio', { name: 'Yes' }).check();
    await pickAsset(page, 'Plant Checked', NUMBER);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/form-submission\/Record\/[0-9a-f-]{36}$/);
    const submissionId = page.url().split('/').pop()!;
    const number = page.getByTestId('form-number').filter({ hasText: /^FS \d+$/ });
    await number.waitFor();
    const formNumber = await number.innerText();

    await page.goto(assetPath(made.assetId));
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('tab', { name: 'Form submissions' }).click();
    const entry = history.locator(`a[href*="${submissionId}"]`);
    await entry.waitFor();
    await entry.click();
    await page.waitForURL(new RegExp(submissionId));
    await page.getByTestId('form-number').filter({ hasText: formNumber }).waitFor();
    await page.close();
  }, 120_000);
});

/** Picks the asset numbered `number` in a form's asset field: searched on the server by its number. */
async function pickAsset(page: Page, label: string, number: string): Promise<void> {
  expect(await searchAndPick(page, new RegExp(`^${label}`), number)).toContain(OPTION_NAME);
  const chosen = page.locator('[data-field-type="asset"]').getByRole('list', { name: 'Selected' });
  await expect.poll(() => chosen.innerText()).toContain(NAME);
}
