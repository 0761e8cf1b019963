import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCESS_KEYS } from '../shared/src';
import { projectRoot } from '../server/src/db/migrate';
import { chooseByName, screenshot, signInThroughUi, useBrowser, useDatabase, waitForMail } from './browser';

const browser = useBrowser();
const db = useDatabase(1);

const ADMIN_PASSWORD = 'Tern@2026';
const CHOSEN_PASSWORD = 'Chosen@2026';
const ADMIN_NEW_PASSWORD = 'Tern@2027';

/**
 * A new customer's first organisation (issue 40): a depot without branches beside a wharf with one,
 * an administrator with an initial password and two staff invited by e-mail.
 */
const ORGANISATION_FILE = `version: 1
organisation:
  name: Tern Freight
  timeZone: Australia/Sydney
  headerTitle: Tern Freight Safety
workplaces:
  - name: Depot
  - name: Wharf
    branches:
      - name: Berth 1
roles:
  - name: Administrator
    access: [${ACCESS_KEYS.join(', ')}]
  - name: Staff
    access: [formSubmission, formSubmissionNewSubmission, formSubmissionMyAction, task]
employees:
  - firstName: Alex
    lastName: Marsh
    username: alex.admin
    email: alex.marsh@tern.example
    role: Administrator
    workplace: Depot
    password: ${ADMIN_PASSWORD}
  - firstName: Bea
    lastName: Driver
    username: bea.driver
    email: bea.driver@tern.example
    role: Staff
    workplace: Depot
  - firstName: Cal
    lastName: Loader
    username: cal.loader
    email: cal.loader@tern.example
    role: Staff
    workplace: Depot
`;

const SCREENS = [
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    employee: 'bea.driver',
    email: 'bea.driver@tern.example',
  },
  {
    name: 'phone',
    viewport: { width: 375, height: 812 },
    employee: 'cal.loader',
    email: 'cal.loader@tern.example',
  },
] as const;

let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-first-day-'));
  const file = path.join(folder, 'tern-freight.yaml');
  fs.writeFileSync(file, ORGANISATION_FILE);
  // The command a customer runs, on the product's database, beside the running server.
  execFileSync('npx', ['tsx', 'server/src/organisationFileCli.ts', 'import', file, '--invite'], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: inject('databaseUrl') },
    stdio: 'pipe',
  });
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** The page fits the screen: nothing sticks out sideways. */
async function fits(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

let adminPassword = ADMIN_PASSWORD;

async function signInAdmin(page: Page): Promise<void> {
  await signInThroughUi(page, 'alex.admin', adminPassword);
  if (adminPassword === ADMIN_PASSWORD) {
    // The file's initial password is changed at the first sign-in.
    await page.waitForURL('**/change-password');
    await page.getByLabel('Current password').fill(ADMIN_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(ADMIN_NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(ADMIN_NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    adminPassword = ADMIN_NEW_PASSWORD;
    // A changed password signs the user out.
    await page.waitForURL('**/login**');
    await signInThroughUi(page, 'alex.admin', adminPassword);
  }
  await page.waitForURL('**/dashboard');
}

describe('a new organisation’s first day', () => {
  for (const screen of SCREENS) {
    it(`imports, invites, builds, submits, completes and closes off on a ${screen.name} (${screen.viewport.width} px)`, async () => {
      const shot = (page: Page, step: string) => screenshot(page, `first-day-${screen.name}-${step}`);
      const template = `Depot Check (${screen.name})`;

      // The invitation: its link opens the product where it is served, and welcomes the new user.
      const mail = await waitForMail(screen.email, '/reset-password/');
      const link = /https?:\/\/[^\s"<>]+\/reset-password\/[\w-]+/.exec(mail)?.[0];
      expect(link).toBeTruthy();
      const employee = await browser.page(screen.viewport);
      await employee.goto(new URL(link!).pathname);
      await employee.getByLabel('New password', { exact: true }).fill(CHOSEN_PASSWORD);
      await employee.getByLabel('Confirm password', { exact: true }).fill(CHOSEN_PASSWORD);
      await shot(employee, 'invitation');
      await fits(employee);
      await employee.getByRole('button', { name: 'Set Password' }).click();
      await employee.waitForURL('**/login**');
      await signInThroughUi(employee, screen.employee, CHOSEN_PASSWORD);
      await employee.waitForURL('**/dashboard');
      await employee.getByText('Tern Freight Safety').first().waitFor();

      // The administrator builds and publishes a template with an action list.
      const admin = await browser.page(screen.viewport);
      await signInAdmin(admin);
      await admin.goto('/system-administration/form-templates');
      await admin.getByRole('button', { name: 'New template' }).click();
      await admin.getByRole('dialog').getByLabel('Name').fill(template);
      await admin.getByRole('button', { name: 'Create and open' }).click();
      await admin.locator('#main-content').getByRole('heading', { level: 1, name: template }).waitFor();
      await admin.getByLabel('Add a field to section 1').selectOption({ label: 'Action List' });
      await admin.getByRole('region', { name: 'Action List field settings' }).waitFor();
      await shot(admin, 'builder');
      await fits(admin);
      await admin.getByRole('button', { name: 'Publish' }).click();
      await admin.getByText('Version 1 published.').waitFor();

      // The employee, at a depot without branches, submits it with an action for the administrator.
      await employee.goto('/form-submission/new');
      await employee.getByRole('link', { name: new RegExp(template.replace(/[()]/g, '\\$&')) }).click();
      await employee.getByRole('heading', { name: 'Initial details' }).waitFor();
      await employee.getByLabel(/^Description/).fill('Forklift charger cable frayed');
      await employee.getByLabel(/^Workplace/).selectOption({ label: 'Depot' });
      // The depot has no branches: none is asked for.
      await employee.getByText('Not applicable: this workplace has no branches.').waitFor();
      await chooseByName(employee, /^Coordinator/, 'Alex Marsh');
      await employee.getByRole('button', { name: 'Add Action' }).first().click();
      const dialog = employee.getByRole('dialog', { name: 'Assign Action' });
      await dialog.getByLabel(/^Instruction/).fill(`Replace the charger cable (${screen.name})`);
      await chooseByName(dialog, 'Assigned to (Internal)', 'Alex Marsh');
      await dialog.getByLabel(/^Due/).fill('30/12/2030');
      await dialog
        .getByRole('button', { name: /^(Add|Save|Assign)/ })
        .last()
        .click();
      await dialog.waitFor({ state: 'detached' });
      await shot(employee, 'submission');
      await fits(employee);
      await employee.getByRole('button', { name: 'Submit' }).click();
      await employee.waitForURL(/\/form-submission\/Record\/[0-9a-f-]{36}$/);
      const submissionId = employee.url().split('/').pop()!;
      await employee
        .getByTestId('form-number')
        .filter({ hasText: /^FS \d+$/ })
        .waitFor();

      // The administrator completes the action from the dashboard.
      await admin.goto('/dashboard');
      const actions = admin.getByRole('region', { name: 'Assigned Actions' });
      await actions.getByRole('button', { name: `Replace the charger cable (${screen.name})` }).click();
      const action = admin.getByRole('dialog', { name: 'Form action' });
      await action.getByLabel('Response').fill('New cable fitted.');
      await shot(admin, 'action');
      await action.getByRole('button', { name: 'Complete', exact: true }).click();
      await admin.getByText('The action has been completed.').first().waitFor();

      // ... and closes the submission off.
      await admin.goto(`/form-submission/Record/${submissionId}`);
      await admin.getByRole('heading', { name: 'Initial details' }).waitFor();
      await admin.getByRole('button', { name: 'Sign Off' }).click();
      await admin.waitForURL('**/dashboard');
      await expect
        .poll(
          async () => (await db.formSubmission.findUniqueOrThrow({ where: { id: submissionId } })).isClosed,
        )
        .toBe(true);
      await admin.goto(`/form-submission/Record/${submissionId}`);
      await admin.getByRole('heading', { name: 'Initial details' }).waitFor();
      await shot(admin, 'closed');
      await fits(admin);
      await admin.close();
      await employee.close();
    });
  }
});
