import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FIELD_REGISTRY, FIELD_TYPES } from '../shared/src/fields/registry';
import { demoId } from '../seed/demo';
import { chooseByName, screenshot, searchAndPick, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

const DUE = '30/12/2030';

async function signedIn(username: string): Promise<Page> {
  const page = await browser.page();
  await signInThroughUi(page, username);
  await page.waitForURL('**/dashboard');
  return page;
}

async function startForm(page: Page, template: string) {
  await page.goto('/form-submission/new');
  await page.getByRole('link', { name: new RegExp(template) }).click();
  await page.getByRole('heading', { name: 'Initial details' }).waitFor();
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function pickNamed(page: Page, level: string, name: string) {
  await page.getByRole('button', { name: `${level} Select One` }).click();
  await page.locator('.multiselect-panel').getByLabel(name, { exact: true }).check();
  await page.keyboard.press('Escape');
}

/** The chips of a multi-select field (its chosen names). */
function chips(page: Page, fieldType: string, nth = 0): Locator {
  return page.locator(`[data-field-type="${fieldType}"]`).nth(nth).getByRole('list', { name: 'Selected' });
}

/** Scrolls a section's heading to the top of the screen (for the screenshots). */
async function toTop(locator: Locator) {
  await locator.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -80);
  });
}

async function draw(page: Page, name: string) {
  const canvas = page.getByRole('img', { name });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(box.x + 40 + step * 30, box.y + 40 + step * 12);
  await page.mouse.up();
}

async function addAction(
  page: Page,
  fieldLevel: string,
  tab: 'Internal' | 'External',
  instruction: string,
  assignee: string,
) {
  await section(page, fieldLevel).getByRole('button', { name: 'Add Action' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Action' });
  await dialog.getByLabel(/^Instruction/).fill(instruction);
  if (tab === 'External') await dialog.getByRole('tab', { name: 'External' }).click();
  await chooseByName(dialog, `Assigned to (${tab})`, assignee);
  await dialog.getByLabel(/^Due/).fill(DUE);
  return dialog;
}

/** The label of a select's chosen option. */
async function selected(select: Locator): Promise<string> {
  return (await select.locator('option:checked').innerText()).trim();
}

/** How many canvas drawings (signature, diagram) the submission stores. */
async function drawings(submissionId: string): Promise<number> {
  const values = await db.submissionValue.findMany({ where: { submissionId } });
  return values.filter((row) => String(row.value).startsWith('data:image/png;base64,')).length;
}

/** Waits until the form shows its FS number (the save after Submit can be slow) and returns it. */
async function submittedNumber(page: Page): Promise<string> {
  const number = page.getByTestId('form-number').filter({ hasText: /^FS \d+$/ });
  await number.waitFor();
  return number.innerText();
}

/** A stored drawing is painted onto its canvas after the image loads. */
const DRAWN = { timeout: 10_000 };

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** Whether a drawing canvas shows a stroke (a dark pixel on its white background). */
async function inked(page: Page, name: string): Promise<boolean> {
  return page.getByRole('img', { name }).evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!pixels) return false;
    for (let index = 0; index < pixels.length; index += 4) if (pixels[index]! < 128) return true;
    return false;
  });
}

/** A row id of the seeded 'Every Field Type' template (seed/demo/northwind.ts, key everyField). */
const everyFieldId = (kind: string, key: string) => demoId(`nw:${kind}:everyField/${key}`);

/** The stored answers of a submission of that template, by field type (it has one field per type). */
async function storedAnswers(submissionId: string): Promise<Record<string, unknown>> {
  const [fields, values] = await Promise.all([
    db.templateField.findMany({ where: { templateVersionId: everyFieldId('templateVersion', '1') } }),
    db.submissionValue.findMany({ where: { submissionId } }),
  ]);
  const typeOf = new Map(fields.map((field) => [field.id, field.type]));
  return Object.fromEntries(values.map((row) => [typeOf.get(row.fieldId) ?? row.fieldId, row.value]));
}

/** A real photo-sized JPEG, compressed in the browser before upload. */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('form submissions in the browser', () => {
  it('lists the templates, My Records and Records', async () => {
    const page = await signedIn('olivia.admin');
    await page.goto('/form-submission/new');
    await page.getByRole('link', { name: /Incident Report/ }).waitFor();
    await screenshot(page, 'submission-new');

    await page.goto('/form-submission/records');
    await page.getByRole('table').waitFor();
    await expect.poll(() => page.getByRole('link', { name: /^FS \d+$/ }).count()).toBeGreaterThan(0);
    await screenshot(page, 'submission-records');
    // Filter by status: only drafts, shown as '(Draft)'.
    await page.getByLabel('Status').selectOption('Draft');
    await page.waitForURL(/status=Draft/);
    await expect.poll(() => page.getByRole('link', { name: /^FS \d+$/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: '(Draft)' }).count()).toBeGreaterThan(0);
  }, 60_000);

  it('fits a phone: the Incident Report editor, tables included, never scrolls sideways', async () => {
    const page = await signedIn('ethan.coordinator');
    await page.setViewportSize({ width: 390, height: 844 });
    await startForm(page, 'Incident Report');
    await page.getByRole('table').first().scrollIntoViewIfNeeded();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await screenshot(page, 'submission-editor-phone');
    await page.close();
  });

  it('records an incident: every field, an image, a draft, a submit, actions, and finds every value again', async () => {
    const page = await signedIn('mia.employee');
    await startForm(page, 'Incident Report');
    expect(await page.getByTestId('form-number').innerText()).toBe('Draft');

    // Initial details: Mia coordinates her own report so she may edit it after submitting.
    await page.getByLabel(/^Description/).fill('Forklift clipped racking in aisle 4');
    await page.getByLabel(/^Workplace/).selectOption({ label: 'Riverside Depot' });
    await page.getByLabel(/^Branch/).selectOption({ label: 'Workshop' });
    await chooseByName(page, /^Coordinator/, 'Mia Torres');

    const details = section(page, 'Incident Details');
    await details.getByLabel(/^Incident Title/).fill('Racking upright bent');
    await details.getByLabel(/^Date of Incident/).fill('20/11/2026');
    await details.getByLabel(/^Time of Incident/).selectOption('14:15');
    await details.getByLabel(/^Incident Category/).selectOption('Property Damage');
    await details.getByRole('radio', { name: 'High' }).check();
    await details.getByLabel(/^What Happened/).fill('The forklift turned too early.\nNobody was hurt.');
    await searchAndPick(page, /^Persons Involved/, 'Ethan', 'Ethan Clarke');
    // Assets are searched on the server (a register can hold tens of thousands).
    const equipment = await searchAndPick(page, /^Equipment Involved/, 'Forklift');
    // Mia's role lacks the `risk` key: the server finds her no risks to pick.
    const risks = page.getByRole('searchbox', { name: /^Related Risks/ });
    await risks.fill('a');
    await page.locator('.search-picker').getByText('Nothing matches.').waitFor();
    await risks.fill('');
    await details.getByLabel('Injury Classification', { exact: true }).selectOption('Body Part');
    await page.getByRole('button', { name: /^Injury Classification: Sub Category/ }).click();
    await page.locator('.multiselect-panel').getByLabel('Hand', { exact: true }).check();
    await page.keyboard.press('Escape');
    await details
      .locator('[data-field-type="file"] input[type="file"]')
      .setInputFiles({ name: 'racking.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await details.getByText('racking.jpg').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'submission-editor-header');
    await toTop(details);
    await screenshot(page, 'submission-editor-incident');
    await toTop(details.getByText('Persons Involved'));
    await screenshot(page, 'submission-editor-references');

    const witnesses = section(page, 'Witnesses and Evidence');
    await witnesses.getByRole('button', { name: 'Add row' }).click();
    await witnesses.getByLabel('Witness Name, row 1').fill('Sam Lee');
    await witnesses.getByLabel('Contact Number, row 1').fill('0400 111 222');
    await witnesses.getByLabel('Statement Date, row 1', { exact: true }).fill('21/11/2026');
    await draw(page, 'Reporter Signature: draw here');
    await toTop(witnesses);
    await screenshot(page, 'submission-editor-table-signature');

    // Save Draft: stored without a number, the photo uploaded, then opened as the stored draft.
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.waitForURL(/\/form-submission\/Record\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    await page.getByText('racking.jpg').waitFor();
    expect(await page.getByTestId('form-number').innerText()).toBe('Draft');
    expect(await page.getByLabel(/^Incident Title/).inputValue()).toBe('Racking upright bent');

    // Submit: it gets its FS number; the investigation section now shows.
    await page.getByRole('button', { name: 'Submit' }).click();
    await submittedNumber(page);
    const investigation = section(page, 'Investigation');
    await investigation.getByLabel(/^Root Cause/).fill('Turning before the aisle end marker.');
    await investigation.getByRole('checkbox', { name: 'Fatigue' }).check();
    await investigation.getByRole('checkbox', { name: 'Procedure not followed' }).check();

    // Assign Action: the messages first, then one internal and one external action.
    await investigation.getByRole('button', { name: 'Add Action' }).click();
    const empty = page.getByRole('dialog', { name: 'Assign Action' });
    await empty.getByRole('button', { name: 'Add' }).click();
    await empty.getByText('Please enter instruction.').waitFor();
    await empty.getByLabel(/^Instruction/).fill('x');
    await empty.getByRole('button', { name: 'Add' }).click();
    await empty.getByText('Please enter investigator.').waitFor();
    await empty.getByRole('button', { name: 'Cancel' }).click();

    let dialog = await addAction(
      page,
      'Investigation',
      'Internal',
      'Replace the bent upright',
      'Ethan Clarke',
    );
    await screenshot(page, 'submission-action-dialog');
    await dialog.getByRole('button', { name: 'Add' }).click();
    dialog = await addAction(
      page,
      'Investigation',
      'External',
      'Inspect the whole racking run',
      'Liam Walker',
    );
    await dialog.getByRole('button', { name: 'Add' }).click();
    await investigation.getByText('Inspect the whole racking run').waitFor();
    await toTop(investigation);
    await screenshot(page, 'submission-editor-actions');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The form has been updated.').first().waitFor();

    // Open it again from My Records: every value is intact.
    await page.goto('/form-submission/my-records');
    const number = await page
      .getByRole('link', { name: /^FS \d+$/ })
      .first()
      .innerText();
    await page.getByRole('link', { name: number }).click();
    await page.waitForURL(`**/form-submission/Record/${id}`);
    await page.getByRole('heading', { name: 'Initial details' }).waitFor();
    expect(await page.getByLabel(/^Description/).inputValue()).toBe('Forklift clipped racking in aisle 4');
    expect(await page.getByLabel(/^Coordinator/).inputValue()).toBeTruthy();
    expect(await page.getByLabel(/^Incident Title/).inputValue()).toBe('Racking upright bent');
    expect(await page.getByLabel(/^Date of Incident/).inputValue()).toBe('20/11/2026');
    expect(await selected(page.getByLabel(/^Time of Incident/))).toBe('14:15');
    expect(await selected(page.getByLabel(/^Incident Category/))).toBe('Property Damage');
    expect(await page.getByRole('radio', { name: 'High' }).isChecked()).toBe(true);
    expect(await page.getByLabel(/^What Happened/).inputValue()).toBe(
      'The forklift turned too early.\nNobody was hurt.',
    );
    expect(await chips(page, 'employee').innerText()).toContain('Ethan Clarke');
    expect(await chips(page, 'asset').innerText()).toContain(equipment);
    expect(await chips(page, 'risk').count()).toBe(0);
    expect(await selected(page.getByLabel('Injury Classification', { exact: true }))).toBe('Body Part');
    expect(await chips(page, 'typeGroupings').innerText()).toContain('Hand');
    await page.getByText('racking.jpg').waitFor();
    expect(await page.getByLabel('Witness Name, row 1').inputValue()).toBe('Sam Lee');
    expect(await page.getByLabel('Contact Number, row 1').inputValue()).toBe('0400 111 222');
    expect(await page.getByLabel('Statement Date, row 1', { exact: true }).inputValue()).toBe('21/11/2026');
    expect(await page.getByLabel(/^Root Cause/).inputValue()).toBe('Turning before the aisle end marker.');
    expect(await page.getByRole('checkbox', { name: 'Fatigue' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Procedure not followed' }).isChecked()).toBe(true);
    await section(page, 'Investigation').getByText('Replace the bent upright').waitFor();
    await section(page, 'Investigation').getByText('Inspect the whole racking run').waitFor();

    // What the database holds: the drawing, the compressed photo, the two actions.
    const stored = await db.formSubmission.findUniqueOrThrow({ where: { id } });
    expect(stored.isDraft).toBe(false);
    expect(await drawings(id)).toBe(1);
    const [file] = await db.attachment.findMany({ where: { ownerType: 'submission', ownerId: id } });
    expect(file).toMatchObject({ name: 'racking.jpg' });
    const actions = await db.action.findMany({ where: { submissionId: id }, orderBy: { taskNumber: 'asc' } });
    expect(actions.map((action) => [action.instruction, action.actionType])).toEqual([
      ['Replace the bent upright', 'internal'],
      ['Inspect the whole racking run', 'external'],
    ]);

    // The change history names who changed what.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Change history' });
    await history.getByText('Mia Torres').first().waitFor();
    await screenshot(page, 'submission-history');
  }, 180_000);

  it('fills in every field type, adds an internal and an external action and a photo, drafts, submits and finds every value again', async () => {
    // The seeded template holds exactly one field of each type of the registry.
    const templateFields = await db.templateField.findMany({
      where: { templateVersionId: everyFieldId('templateVersion', '1') },
    });
    expect(templateFields.map((field) => field.type).sort()).toEqual([...FIELD_TYPES].sort());

    // Ethan's role holds the risk key, so every field type, risks included, has something to pick.
    const page = await signedIn('ethan.coordinator');
    await startForm(page, 'Every Field Type');
    await page.getByLabel(/^Description/).fill('Monthly general check of the dock');
    await page.getByLabel(/^Workplace/).selectOption({ label: 'Riverside Depot' });
    await page.getByLabel(/^Branch/).selectOption({ label: 'Workshop' });
    await chooseByName(page, /^Coordinator/, 'Ethan Clarke');

    const general = section(page, 'General');
    await general.getByText('About the check').waitFor();
    await general.getByLabel(/^Short Answer/).fill('Pallet wrap left near the dock door');
    await general.getByLabel(/^Head Count/).fill('7');
    await general.getByLabel(/^Check Date/).fill('20/11/2026');
    await general.getByLabel(/^Check Time/).selectOption('09:30');
    await general.getByRole('link', { name: /northwind-facilities/ }).waitFor();
    await general.getByLabel(/^Procedure Link/).fill('https://example.com/procedures/general-check');
    await general.getByLabel(/^Long Answer/).fill('Dock door seal worn.\nReplace before winter.');
    await general.locator('[data-field-type="contentEditor"] [contenteditable="true"]').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Noise above 85 dB near the compressor.');

    const choices = section(page, 'Choices');
    await choices.getByRole('radio', { name: 'Fair' }).check();
    await choices.getByLabel(/^Priority Level/).selectOption('High');
    await choices.getByRole('checkbox', { name: 'Lights working' }).check();
    await choices.getByRole('checkbox', { name: 'Floor clear' }).check();
    await pickNamed(page, 'Zones Covered', 'Yard');
    await choices.getByLabel('Hazard Class', { exact: true }).selectOption('Physical');
    await page.getByRole('button', { name: /^Hazard Class: Sub Category/ }).click();
    await page.locator('.multiselect-panel').getByLabel('Noise', { exact: true }).check();
    await page.keyboard.press('Escape');

    await searchAndPick(page, /^People Present/, 'Ethan', 'Ethan Clarke');
    const equipment = await searchAndPick(page, /^Equipment Used/, 'Forklift');
    // Risks are searched on the server too (a register can hold thousands).
    const risk = await searchAndPick(page, /^Risks Noted/, 'a');
    await pickNamed(page, 'Contractor on Site', 'Acme Contracting');
    // Submissions are searched too: the newest whose number or description has an 'e'.
    const related = await searchAndPick(page, /^Related Form/, 'e');

    const evidence = section(page, 'Evidence');
    await evidence
      .locator('[data-field-type="file"] input[type="file"]')
      .setInputFiles({ name: 'dock-door.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await evidence.getByText('dock-door.jpg').waitFor();
    await evidence.getByRole('button', { name: 'Add row' }).click();
    await evidence.getByLabel('Reading Point, row 1').fill('Compressor');
    await evidence.getByLabel('Reading Value, row 1').fill('87');
    await evidence.getByLabel('Reading Date, row 1', { exact: true }).fill('19/11/2026');
    await draw(page, 'Checker Signature: draw here');
    await draw(page, 'Area Sketch: draw here');

    let dialog = await addAction(
      page,
      'Follow-up Actions',
      'Internal',
      'Replace the dock door seal',
      'Ethan Clarke',
    );
    await dialog.getByRole('button', { name: 'Add' }).click();
    dialog = await addAction(
      page,
      'Follow-up Actions',
      'External',
      'Quote for a quieter compressor',
      'Liam Walker',
    );
    await dialog.getByRole('button', { name: 'Add' }).click();
    await section(page, 'Follow-up Actions').getByText('Quote for a quieter compressor').waitFor();

    /** Every answer as the screen shows it, checked after the draft and again after the submit. */
    const expectEveryValue = async () => {
      await page.getByRole('heading', { name: 'Initial details' }).waitFor();
      expect(await page.getByLabel(/^Description/).inputValue()).toBe('Monthly general check of the dock');
      expect(await page.getByLabel(/^Coordinator/).inputValue()).toBe('Ethan Clarke');
      expect(await page.getByLabel(/^Short Answer/).inputValue()).toBe('Pallet wrap left near the dock door');
      expect(await page.getByLabel(/^Head Count/).inputValue()).toBe('7');
      expect(await page.getByLabel(/^Check Date/).inputValue()).toBe('20/11/2026');
      expect(await selected(page.getByLabel(/^Check Time/))).toBe('09:30');
      expect(await page.getByLabel(/^Procedure Link/).inputValue()).toBe(
        'https://example.com/procedures/general-check',
      );
      expect(await page.getByLabel(/^Long Answer/).inputValue()).toBe(
        'Dock door seal worn.\nReplace before winter.',
      );
      const notes = page.locator('[data-field-type="contentEditor"] [contenteditable="true"]');
      expect(await notes.innerText()).toContain('Observations');
      expect(await notes.innerText()).toContain('Noise above 85 dB near the compressor.');
      expect(await page.getByRole('radio', { name: 'Fair' }).isChecked()).toBe(true);
      expect(await selected(page.getByLabel(/^Priority Level/))).toBe('High');
      expect(await page.getByRole('checkbox', { name: 'Lights working' }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Floor clear' }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Guards fitted' }).isChecked()).toBe(false);
      expect(await chips(page, 'items').innerText()).toContain('Yard');
      expect(await selected(page.getByLabel('Hazard Class', { exact: true }))).toBe('Physical');
      expect(await chips(page, 'typeGroupings').innerText()).toContain('Noise');
      expect(await chips(page, 'employee').innerText()).toContain('Ethan Clarke');
      expect(await chips(page, 'asset').innerText()).toContain(equipment);
      expect(await chips(page, 'risk').innerText()).toContain(risk);
      expect(await chips(page, 'supplier').innerText()).toContain('Acme Contracting');
      expect(await chips(page, 'submission').innerText()).toContain(related);
      await section(page, 'Evidence').getByText('dock-door.jpg').waitFor();
      expect(await page.getByLabel('Reading Point, row 1').inputValue()).toBe('Compressor');
      expect(await page.getByLabel('Reading Value, row 1').inputValue()).toBe('87');
      expect(await page.getByLabel('Reading Date, row 1', { exact: true }).inputValue()).toBe('19/11/2026');
      await expect.poll(() => inked(page, 'Checker Signature: draw here'), DRAWN).toBe(true);
      await expect.poll(() => inked(page, 'Area Sketch: draw here'), DRAWN).toBe(true);
      const actions = section(page, 'Follow-up Actions');
      await actions.getByText('Replace the dock door seal').waitFor();
      await actions.getByText('Quote for a quieter compressor').waitFor();
    };

    // Save Draft: the photo is uploaded with it; the stored draft shows every value.
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.waitForURL(/\/form-submission\/Record\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    await page.reload();
    expect(await page.getByTestId('form-number').innerText()).toBe('Draft');
    await expectEveryValue();
    const draft = await storedAnswers(id);

    // Submit, then open it again from My Records: nothing was lost or changed on the way.
    await page.getByRole('button', { name: 'Submit' }).click();
    const number = await submittedNumber(page);
    await page.goto('/form-submission/my-records');
    await page.getByRole('link', { name: number }).click();
    await page.waitForURL(`**/form-submission/Record/${id}`);
    await expectEveryValue();
    // The whole form in one picture: a window as tall as the page keeps the sticky button bar
    // at its foot instead of over the fields.
    await page.setViewportSize({ width: 1366, height: await pageHeight(page) });
    await page.setViewportSize({ width: 1366, height: await pageHeight(page) });
    await screenshot(page, 'submission-editor-every-field');

    // The database holds one answer per field type, as the seed's top comment describes them.
    const stored = await db.formSubmission.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ isDraft: false, formDescription: 'Monthly general check of the dock' });
    const answers = await storedAnswers(id);
    expect(answers).toEqual(draft);
    expect(answers).toMatchObject({
      text: 'Pallet wrap left near the dock door',
      number: '7',
      date: '2026-11-20',
      time: '09:30',
      weblink: 'https://example.com/procedures/general-check',
      textarea: 'Dock door seal worn.\nReplace before winter.',
      radio: 'fair',
      select: 'high',
      items: [everyFieldId('item', 'items/Yard')],
      typeGroupings: { category: 'Physical', subCategories: ['Noise'] },
      employee: [demoId('nw:employee:ethan')],
      supplier: [demoId('nw:supplier:Acme Contracting')],
    });
    expect([...(answers.checkbox as string[])].sort()).toEqual(['floor-clear', 'lights-working']);
    expect(answers.contentEditor).toContain('Noise above 85 dB near the compressor.');
    for (const type of ['asset', 'risk', 'submission']) expect(answers[type]).toHaveLength(1);
    for (const type of ['signature', 'diagram'])
      expect(String(answers[type])).toMatch(/^data:image\/png;base64,/);
    expect(Object.keys(answers).sort()).toEqual(
      [...FIELD_TYPES].filter((type) => FIELD_REGISTRY[type].storage === 'value').sort(),
    );
    const rows = await db.submissionTableRow.findMany({ where: { submissionId: id } });
    expect(rows.map((row) => row.cells)).toEqual([
      {
        [everyFieldId('column', 'table/point')]: 'Compressor',
        [everyFieldId('column', 'table/value')]: '87',
        [everyFieldId('column', 'table/taken')]: '2026-11-19',
      },
    ]);
    const files = await db.attachment.findMany({ where: { ownerType: 'submission', ownerId: id } });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'dock-door.jpg', fieldId: everyFieldId('field', 'file') });
    expect(files[0]!.size).toBeLessThan((await photo()).length);
    const actions = await db.action.findMany({ where: { submissionId: id }, orderBy: { taskNumber: 'asc' } });
    expect(
      actions.map((action) => [
        action.taskNumber,
        action.instruction,
        action.actionType,
        action.fieldId,
        action.assigneeEmployeeId,
        action.assigneePersonnelId,
      ]),
    ).toEqual([
      [
        1,
        'Replace the dock door seal',
        'internal',
        everyFieldId('field', 'task'),
        demoId('nw:employee:ethan'),
        null,
      ],
      [
        2,
        'Quote for a quieter compressor',
        'external',
        everyFieldId('field', 'task'),
        null,
        demoId('nw:personnel:liam'),
      ],
    ]);

    // The PDF of the same submission names every field and its answer (pictures of its pages in
    // docs/screenshots/pdf-every-field-page-N.png).
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const pdf = await page.request.post('/api/formSubmissionPdf', {
      headers: { authtoken: token ?? '' },
      data: { formSubmissionId: id, localTimeZone: 'Australia/Sydney' },
    });
    expect(pdf.status()).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-every-field-pdf-'));
    const file = path.join(dir, 'form.pdf');
    fs.writeFileSync(file, await pdf.body());
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const fields = await db.templateField.findMany({
      where: { templateVersionId: stored.templateVersionId },
    });
    for (const field of fields) expect(text, field.type).toContain(field.label);
    for (const answer of [
      'Pallet wrap left near the dock door',
      'Acme Contracting',
      'Compressor',
      'Quote for a quieter compressor',
    ])
      expect(text).toContain(answer);
    if (process.env.UPDATE_SCREENSHOTS === '1') {
      execFileSync('pdftoppm', ['-png', '-r', '80', file, path.join(dir, 'page')]);
      const pages = fs
        .readdirSync(dir)
        .filter((entry) => entry.endsWith('.png'))
        .sort();
      pages.forEach((entry, index) =>
        fs.copyFileSync(
          path.join(dir, entry),
          path.resolve(import.meta.dirname, '../docs/screenshots', `pdf-every-field-page-${index + 1}.png`),
        ),
      );
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }, 240_000);

  it('fills the inspection checklist (the other field types) and submits it directly', async () => {
    const page = await signedIn('mia.employee');
    await startForm(page, 'Site Inspection Checklist');
    // The template takes the employee's own branch (001 section 5).
    expect(await page.getByLabel(/^Branch/).inputValue()).not.toBe('');
    await page.getByLabel(/^Description/).fill('Weekly walk of the workshop');
    await chooseByName(page, /^Coordinator/, 'Mia Torres');

    const overview = section(page, 'Inspection Overview');
    await overview.getByRole('link', { name: /northwind-facilities/ }).waitFor();
    await overview.getByLabel(/^Inspection Procedure/).fill('https://example.com/inspections/week-47');
    const editor = overview.locator('[data-field-type="contentEditor"] [contenteditable="true"]');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Forklift lane markings faded.');
    await searchAndPick(page, /^Inspected By/, 'Mia', 'Mia Torres');
    await pickNamed(page, 'Areas Inspected', 'Racking');
    await overview.getByLabel(/^Staff on Site/).fill('12');
    await toTop(overview);
    await screenshot(page, 'submission-editor-inspection');

    const checks = section(page, 'Checks');
    await checks.getByRole('checkbox', { name: 'Exit signs lit' }).check();
    await checks.getByRole('radio', { name: 'Yes' }).check();
    await checks.getByLabel(/^Housekeeping Standard/).selectOption('Acceptable');
    const plant = await searchAndPick(page, /^Plant Checked/, 'Compressor');
    await draw(page, 'Site Layout Sketch: draw here');
    const related = await searchAndPick(page, /^Related Submission/, 'e');
    await toTop(checks);
    await screenshot(page, 'submission-editor-checks');
    await toTop(checks.getByText('Site Layout Sketch'));
    await screenshot(page, 'submission-editor-diagram');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/form-submission\/Record\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    await submittedNumber(page);

    await page.reload();
    await page.getByRole('heading', { name: 'Initial details' }).waitFor();
    expect(await overview.locator('[contenteditable="true"]').innerText()).toContain(
      'Forklift lane markings faded.',
    );
    expect(await page.getByLabel(/^Inspection Procedure/).inputValue()).toBe(
      'https://example.com/inspections/week-47',
    );
    expect(await chips(page, 'employee').innerText()).toContain('Mia Torres');
    expect(await chips(page, 'items').innerText()).toContain('Racking');
    expect(await page.getByLabel(/^Staff on Site/).inputValue()).toBe('12');
    expect(await page.getByRole('checkbox', { name: 'Exit signs lit' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    expect(await selected(page.getByLabel(/^Housekeeping Standard/))).toBe('Acceptable');
    expect(await chips(page, 'asset').innerText()).toContain(plant);
    expect(await chips(page, 'submission').innerText()).toContain(related);
    expect(await drawings(id)).toBe(1);
  }, 120_000);
});
