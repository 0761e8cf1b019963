import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIELD_REGISTRY, FIELD_TYPES } from '@compass/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseByName, screenshot, signInThroughUi, useBrowser } from './browser';

const browser = useBrowser();
const NAME = 'Spill Response Check';

async function signedIn(username: string): Promise<Page> {
  const page = await browser.page();
  await signInThroughUi(page, username);
  await page.waitForURL('**/dashboard');
  return page;
}

const outlineLabels = (page: Page, section: number) =>
  page
    .getByRole('region', { name: new RegExp(`^Section ${section}:`) })
    .locator('.builder-outline-label')
    .allInnerTexts();

async function publish(page: Page, version: number) {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText(`Version ${version} published.`).waitFor();
  await page.getByText(`Version ${version} in use`).waitFor();
}

/** Starts a form on the template as the employee and submits it with the radio answered. */
async function submitForm(page: Page, answer: string | null): Promise<string> {
  await page.goto('/form-submission/new');
  await page.getByRole('link', { name: new RegExp(NAME) }).click();
  await page.getByRole('heading', { name: 'Initial details' }).waitFor();
  await page.getByLabel(/^Description/).fill('Diesel on the yard');
  await chooseByName(page, /^Coordinator/, 'Mia Torres');
  if (answer) await page.getByRole('radio', { name: answer }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/form-submission\/Record\/[0-9a-f-]{36}$/);
  await page
    .getByTestId('form-number')
    .filter({ hasText: /^FS \d+$/ })
    .waitFor();
  return page.url().split('/').pop()!;
}

async function pdfText(page: Page, id: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const pdf = await page.request.post('/api/formSubmissionPdf', {
    headers: { authtoken: token ?? '' },
    data: { formSubmissionId: id, localTimeZone: 'UTC' },
  });
  expect(pdf.status()).toBe(200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-template-pdf-'));
  const file = path.join(dir, 'form.pdf');
  fs.writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  fs.rmSync(dir, { recursive: true, force: true });
  return text;
}

/**
 * Issue 16, "done when": an administrator builds a template with a field of every type, reorders
 * with the keyboard, previews at phone width and publishes; an employee submits on it; version 2
 * renames a field and drops an option, and the earlier submission keeps what it was made on.
 */
describe('the template builder', () => {
  it('builds, publishes and versions a template without changing what was submitted on it', async () => {
    const admin = await signedIn('olivia.admin');
    await admin.goto('/system-administration/form-templates');
    await admin.locator('#main-content').getByRole('heading', { level: 1, name: 'Form Templates' }).waitFor();
    await admin.getByRole('link', { name: 'Incident Report' }).waitFor();
    await screenshot(admin, 'templates-list');

    await admin.getByRole('button', { name: 'New template' }).click();
    await admin.getByRole('dialog').getByLabel('Name').fill(NAME);
    await admin.getByRole('button', { name: 'Create and open' }).click();
    await admin.locator('#main-content').getByRole('heading', { level: 1, name: NAME }).waitFor();

    // One field of every type: the first twelve in section 1, the rest in a second section.
    await admin.getByRole('button', { name: 'Add section' }).click();
    for (const [index, type] of FIELD_TYPES.entries()) {
      const section = index < 12 ? 1 : 2;
      await admin
        .getByLabel(`Add a field to section ${section}`)
        .selectOption({ label: FIELD_REGISTRY[type].title });
      await admin.getByRole('region', { name: `${FIELD_REGISTRY[type].title} field settings` }).waitFor();
    }
    expect(await outlineLabels(admin, 1)).toHaveLength(12);
    expect(await outlineLabels(admin, 2)).toHaveLength(FIELD_TYPES.length - 12);

    // Reorder with the keyboard: Number moves above Text.
    await admin.getByRole('button', { name: 'Move Number' }).focus();
    // dnd-kit measures the lists between the key presses, as it would for a person.
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await admin.keyboard.press(key);
      await admin.waitForTimeout(300);
    }
    await expect.poll(async () => (await outlineLabels(admin, 1)).slice(0, 2)).toEqual(['Number', 'Text']);

    // Settings: the employee's own branch is preselected.
    await admin.getByRole('tab', { name: 'Settings' }).click();
    await admin
      .getByLabel('Branch')
      .selectOption({ label: 'The submitting employee’s own branch, preselected' });
    await screenshot(admin, 'template-settings');
    await admin.getByRole('tab', { name: 'Design' }).click();

    // The preview draws the form with the editor's own fields, at phone width too.
    await admin.getByRole('button', { name: 'Move Radio' }).waitFor();
    await admin.locator('.builder-outline-select', { hasText: 'Radio' }).click();
    const preview = admin.getByTestId('template-preview');
    await preview.getByRole('radio', { name: 'Option 2' }).waitFor();
    await screenshot(admin, 'template-builder');
    await admin.getByRole('button', { name: 'Phone' }).click();
    expect((await preview.boundingBox())!.width).toBeLessThanOrEqual(375);
    await screenshot(admin, 'template-builder-phone');
    await publish(admin, 1);

    // An employee submits on version 1, choosing Option 1.
    const mia = await signedIn('mia.employee');
    const first = await submitForm(mia, 'Option 1');

    // Version 2: Radio becomes "Spill size" and loses Option 1.
    await admin.reload();
    await admin.locator('.builder-outline-select', { hasText: 'Radio' }).click();
    const panel = admin.getByRole('region', { name: 'Radio field settings' });
    await panel.getByLabel('Label', { exact: true }).fill('Spill size');
    await panel.getByRole('button', { name: 'Remove options row 1' }).click();
    await preview.getByText('Spill size').waitFor();
    await publish(admin, 2);
    await admin.getByRole('tab', { name: 'History' }).click();
    await admin.getByText('published version 2').waitFor();
    await screenshot(admin, 'template-history');

    // The earlier submission still shows version 1: its label and its chosen option, also in the PDF.
    await mia.goto(`/form-submission/Record/${first}`);
    await mia.getByRole('heading', { name: 'Initial details' }).waitFor();
    await mia.getByText('Radio', { exact: true }).waitFor();
    expect(await mia.getByText('Spill size').count()).toBe(0);
    const earlier = await pdfText(mia, first);
    expect(earlier).toContain('Radio');
    expect(earlier).toContain('Option 1');
    expect(earlier).not.toContain('Spill size');

    // A new submission shows version 2.
    const second = await submitForm(mia, 'Option 2');
    await mia.getByText('Spill size').first().waitFor();
    const later = await pdfText(mia, second);
    expect(later).toContain('Spill size');
    expect(later).toContain('Option 2');
  }, 240_000);

  it('shows what stops a publish at the field, and publishes nothing', async () => {
    const admin = await signedIn('olivia.admin');
    await admin.goto('/system-administration/form-templates');
    await admin.getByRole('button', { name: 'New template' }).click();
    await admin.getByRole('dialog').getByLabel('Name').fill('Unfinished');
    await admin.getByRole('button', { name: 'Create and open' }).click();
    await admin.getByLabel('Add a field to section 1').selectOption({ label: 'Select' });
    const panel = admin.getByRole('region', { name: 'Select field settings' });
    await panel.getByRole('button', { name: 'Remove options row 1' }).click();
    await panel.getByRole('button', { name: 'Remove options row 1' }).click();
    await admin.getByRole('button', { name: 'Publish' }).click();
    await admin.getByRole('alert').filter({ hasText: 'problem to fix before publishing' }).waitFor();
    await panel.getByText('Add at least one option.').waitFor();
    await admin.getByText('Draft', { exact: true }).waitFor();
  }, 120_000);
});
