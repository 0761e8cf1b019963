import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { LocalFileStorage } from '../src/plugins/storage';
import { parseRichText } from '../src/modules/closeOff/richText';
import { setupTestApp, signIn, type TestContext } from './helpers';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-closeoff-pdf-'));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-closeoff-pdf-out-'));
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../docs/screenshots');
const submissionId = (number: string) => demoId(`nw:submission:${number}`);

let ctx: TestContext;
let ethan: string;

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORAGE_DIR: storageDir });
  ethan = await signIn(ctx.app, 'ethan.coordinator');
});

afterAll(() => {
  fs.rmSync(storageDir, { recursive: true, force: true });
  fs.rmSync(workDir, { recursive: true, force: true });
});

function download(token: string, id: string, method: 'GET' | 'POST' = 'POST') {
  return method === 'POST'
    ? ctx.app.inject({
        method,
        url: '/api/formSubmissionPdf',
        headers: { authtoken: token },
        payload: { formSubmissionId: id, localTimeZone: 'Australia/Sydney' },
      })
    : ctx.app.inject({
        method,
        url: `/api/formSubmissionPdf?formSubmissionId=${id}`,
        headers: { authtoken: token },
      });
}

/** The PDF's text as poppler reads it (layout kept, so a label and its value share a line). */
function pdfText(pdf: Buffer, name: string): string {
  const file = path.join(workDir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function pageCount(pdf: Buffer, name: string): number {
  const file = path.join(workDir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

/** Renders each page to PNG; with UPDATE_SCREENSHOTS=1 they go to docs/screenshots as <screenshot>-page-N.png. */
function renderPages(pdf: Buffer, name: string, screenshot?: string): string[] {
  const dir = fs.mkdtempSync(path.join(workDir, `${name}-`));
  const file = path.join(dir, 'document.pdf');
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '80', file, path.join(dir, 'page')]);
  const pages = fs
    .readdirSync(dir)
    .filter((entry) => entry.endsWith('.png'))
    .sort()
    .map((entry) => path.join(dir, entry));
  if (screenshot && process.env.UPDATE_SCREENSHOTS === '1') {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    pages.forEach((page, index) =>
      fs.copyFileSync(page, path.join(SCREENSHOT_DIR, `${screenshot}-page-${index + 1}.png`)),
    );
  }
  return pages;
}

/** A photo on the incident's file field, stored through the storage plugin like an upload. */
async function addPhoto(id: string): Promise<void> {
  const submission = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id } });
  const field = await ctx.db.templateField.findFirstOrThrow({
    where: { templateVersionId: submission.templateVersionId, type: 'file' },
  });
  const photo = await sharp({
    create: { width: 640, height: 420, channels: 3, background: '#9fb8d6' },
  })
    .composite([
      {
        input: Buffer.from(
          "<svg xmlns='http://www.w3.org/2000/svg' width='640' height='420'>" +
            "<rect x='0' y='300' width='640' height='120' fill='#6b7280'/>" +
            "<rect x='380' y='120' width='200' height='180' fill='#e5e7eb' stroke='#374151' stroke-width='6'/>" +
            "<ellipse cx='200' cy='360' rx='120' ry='22' fill='#60a5fa' opacity='0.8'/></svg>",
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  const storageKey = await new LocalFileStorage(storageDir).put(photo, 'jpg');
  await ctx.db.attachment.create({
    data: {
      companyId: submission.companyId,
      ownerType: 'submission',
      ownerId: id,
      fieldId: field.id,
      name: 'loading-bay-2.jpg',
      storageKey,
      mimeType: 'image/jpeg',
      size: photo.length,
      fileType: 'jpg',
    },
  });
}

describe('POST and GET /api/formSubmissionPdf', () => {
  it('renders the header, every field by its display value, the actions and page numbers', async () => {
    await addPhoto(submissionId('1001'));
    const response = await download(ethan, submissionId('1001'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('FS-1001-Incident-Report.pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf, 'incident');
    // Header: organisation, template, number, description, date, workplace, branch, people.
    for (const expected of [
      'Northwind Facilities',
      'Incident Report',
      'FS 1001',
      'Slip on wet floor near loading bay 2',
      'Riverside Depot',
      'Warehouse',
      'Ethan Clarke',
      'Mia Torres',
    ])
      expect(text).toContain(expected);
    // The type of form is the template, as on the screen.
    expect(text).toMatch(/Type of Form\s+Incident Report/);
    // Choices by label, pickers by name, groupings, tables, checkboxes, files, actions.
    expect(text).toMatch(/Incident Category\s+Injury/);
    expect(text).toMatch(/Severity\s+Medium/);
    expect(text).toMatch(/Persons Involved\s+Jack Morrison, Mia Torres/);
    expect(text).toMatch(/Equipment Involved\s+Forklift FL-01/);
    expect(text).toMatch(/Related Risks\s+Slips, Trips and Falls, Manual Handling/);
    expect(text).toMatch(/Injury Classification\s+Body Part: Hand/);
    expect(text).toMatch(/Contributing Factors\s+Poor housekeeping, Equipment failure/);
    expect(text).toMatch(/Chloe Adams\s+0400 111 222/);
    expect(text).toContain('loading-bay-2.jpg');
    expect(text).toContain('Install anti-slip matting at');
    expect(text).toMatch(/Completed \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('Purchase approved,');
    expect(text).toMatch(/Page 1 of \d/);
    // Open: the footer says when it was made, not a close date.
    expect(text).toContain('Generated on');
    expect(text).not.toContain('Closed on');
    expect(renderPages(pdf, 'incident-open').length).toBe(pageCount(pdf, 'incident'));
  });

  it('the PDF stored by the close shows the form closed, with the close date on every page', async () => {
    const id = submissionId('1001');
    await ctx.db.action.updateMany({
      where: { submissionId: id, isComplete: false },
      data: { isComplete: true, completedOn: new Date(), response: 'Done.' },
    });
    const closed = await ctx.app.inject({
      method: 'POST',
      url: '/api/formSubmissionClose',
      headers: { authtoken: ethan },
      payload: { _id: id, localTimeZone: 'UTC' },
    });
    expect(closed.statusCode).toBe(200);
    const { pdf: stored, closedAt } = closed.json().response_data;
    const file = await ctx.app.inject({ method: 'GET', url: stored.path, headers: { authtoken: ethan } });
    const pdf = file.rawPayload;
    const closedOn = new Date(closedAt).toISOString().slice(0, 10).split('-').reverse().join('/');
    const text = pdfText(pdf, 'closed');
    const pages = pageCount(pdf, 'closed');
    expect(text.split(`Closed on ${closedOn}`)).toHaveLength(pages + 1);
    expect(text).toMatch(/Status\s+Closed/);
    expect(text).not.toContain('Open (overdue)');
    expect(renderPages(pdf, 'closed', 'pdf').length).toBe(pages);
  });

  it('renders rich text, web links, items, section headings, diagrams and linked submissions', async () => {
    const response = await download(ethan, submissionId('1003'), 'GET');
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload, 'inspection');
    expect(text).toContain('Walk the whole area with the checklist.');
    expect(text).toContain('Kitchen fridge seal damaged; reported to facilities.');
    expect(text).toContain('https://intranet.northwind-facilities.example/procedures/site-inspection');
    expect(text).toMatch(/Areas Inspected\s+Office, Amenities/);
    expect(text).toContain('Fire Safety');
    expect(text).toMatch(/Related Submission\s+FS 1001 Incident Report: Slip on wet floor/);
    expect(text).toMatch(/Staff on Site\s+24/);
    expect(text).toMatch(/Emergency Exits Clear\s+Yes/);
    expect(renderPages(response.rawPayload, 'inspection', 'pdf-inspection').length).toBeGreaterThan(0);
  });

  it('names a qr form recorder Guest User and a supplier form recorder by the personnel member', async () => {
    const olivia = await signIn(ctx.app, 'olivia.admin');
    const qr = pdfText((await download(olivia, submissionId('1013'))).rawPayload, 'qr');
    expect(qr).toMatch(/Recorded By\s+Guest User/);
    const supplier = await download(olivia, submissionId('1008'));
    const supplierText = pdfText(supplier.rawPayload, 'supplier');
    expect(supplierText).toMatch(/Recorded By\s+Liam Walker/);
    expect(supplierText).toMatch(/Acme Contracting/);
    expect(renderPages(supplier.rawPayload, 'supplier', 'pdf-supplier').length).toBe(1);
  });

  it('leaves investigation sections out of a draft', async () => {
    const mia = await signIn(ctx.app, 'mia.employee');
    const text = pdfText((await download(mia, submissionId('1015'))).rawPayload, 'draft');
    expect(text).toContain('Incident Details');
    expect(text).not.toContain('Investigation');
    expect(text).toContain('Draft');
  });

  it('is refused to another organisation, a supplier of another form and bad input, in the envelope', async () => {
    const southbank = await signIn(ctx.app, 'sam.southbank');
    const other = await download(southbank, submissionId('1001'));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ response_code: 404, response_data: null });

    // A supplier whose portal is off is refused before anything is looked up.
    const zoe = await signIn(ctx.app, 'zoe.noportal');
    const portalOff = await download(zoe, submissionId('1001'));
    expect(portalOff.statusCode).toBe(403);
    expect(portalOff.json().error_code).toBe('supplier_portal_disabled');
    // Acme's own supplier form is visible to Acme.
    const acme = await signIn(ctx.app, 'acme.supplier');
    expect((await download(acme, submissionId('1008'))).statusCode).toBe(200);

    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/formSubmissionPdf',
      headers: { authtoken: ethan },
      payload: { formSubmissionId: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().response_code).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/formSubmissionPdf?formSubmissionId=${submissionId('1001')}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the rich-text reader', () => {
  it('reads headings, bold and italic runs, lists and paragraphs from sanitized HTML', () => {
    const blocks = parseRichText(
      '<h2>Key &amp; messages</h2><p>Plan <strong>the</strong> <em>lift</em>.</p>' +
        '<ol><li>First</li><li>Second<br>line</li></ol><ul><li><p>Bullet</p></li></ul>',
    );
    expect(
      blocks.map((block) => [block.kind, block.marker, block.runs.map((run) => run.text).join('')]),
    ).toEqual([
      ['heading', null, 'Key & messages'],
      ['paragraph', null, 'Plan the lift.'],
      ['listItem', '1.', 'First'],
      ['listItem', '2.', 'Second\nline'],
      ['listItem', '•', 'Bullet'],
    ]);
    const plan = blocks[1]!.runs;
    expect(plan.find((run) => run.text === 'the')?.bold).toBe(true);
    expect(plan.find((run) => run.text === 'lift')?.italic).toBe(true);
  });
});
