import type { Locator, Page } from 'playwright-core';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pageOverflow, SCREEN, screenshot, signedInPage, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

const IMAGE = 'racking-damage.png';
const PDF = 'inspection-report.pdf';

/** A photo-like PNG: a coloured frame with a lighter panel, so the preview has something to show. */
async function png(): Promise<Buffer> {
  const panel = await sharp({
    create: { width: 600, height: 360, channels: 3, background: { r: 250, g: 214, b: 120 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 47, g: 111, b: 209 } } })
    .composite([{ input: panel, left: 300, top: 220 }])
    .png()
    .toBuffer();
}

/** A two-page PDF with text on each page (pdfkit, as the close-off PDFs are made). */
function twoPagePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 56 });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.fontSize(24).text('Racking inspection');
    pdf.moveDown().fontSize(12).text('Bay 4, upright B: impact damage above the base plate. '.repeat(12));
    pdf.rect(56, 400, 480, 160).fill('#1f5fbf');
    pdf.addPage().fontSize(24).fillColor('#000').text('Page two: actions');
    pdf.moveDown().fontSize(12).text('Unload the bay and replace the upright before reuse. '.repeat(12));
    // ZapfDingbats is never embedded and no system has it: pdf.js draws it from its own font files.
    pdf.moveDown().font('ZapfDingbats').fontSize(18).text('4 4 4');
    pdf.end();
  });
}

/** How many of a canvas's pixels are drawn (not white, not transparent): 0 for a blank page. */
const inked = (canvas: Locator) =>
  canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4)
      if (data[index + 3]! > 0 && data[index]! + data[index + 1]! + data[index + 2]! < 700) count++;
    return count;
  });

/** The preview's page canvas `n`, drawn. */
async function drawnPage(dialog: Locator, page: number, of: number): Promise<Locator> {
  const canvas = dialog.getByRole('img', { name: `Page ${page} of ${of}` });
  await canvas.waitFor();
  await expect.poll(() => inked(canvas), { timeout: 15_000 }).toBeGreaterThan(1000);
  return canvas;
}

/** The Files card of the risk's page, once it lists the PDF. */
async function riskFiles(page: Page): Promise<Locator> {
  const files = page.getByRole('region', { name: 'Files' });
  await files.getByRole('button', { name: `Preview ${PDF}` }).waitFor();
  return files;
}

const added: string[] = [];
afterAll(async () => {
  await db.attachment.deleteMany({ where: { id: { in: added } } });
});

/**
 * Issue 47, file previews: olivia.admin adds a photo and a two-page PDF to a risk, and opens each
 * in the preview (no download): the image shows, the PDF's pages are drawn by pdf.js page by page,
 * and a document's PDF opens from the document's versions; the dialog fills a phone's screen.
 */
describe('file previews', () => {
  it('shows an image and a PDF in the page, without a download', async () => {
    const olivia = await db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const risk = await db.risk.findFirstOrThrow({
      where: { companyId: olivia.companyId, isActive: true, isMaster: false },
      orderBy: { name: 'asc' },
    });
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    let downloads = 0;
    page.on('download', () => downloads++);

    await page.goto(`/risk/register/${risk.id}`);
    await page.getByLabel('Add files').setInputFiles([
      { name: IMAGE, mimeType: 'image/png', buffer: await png() },
      { name: PDF, mimeType: 'application/pdf', buffer: await twoPagePdf() },
    ]);
    const files = await riskFiles(page);
    added.push(
      ...(
        await db.attachment.findMany({
          where: { ownerId: risk.id, name: { in: [IMAGE, PDF] } },
          select: { id: true },
        })
      ).map((row) => row.id),
    );
    expect(added).toHaveLength(2);

    // The image, from its name: drawn from the fetched bytes.
    await files.getByRole('button', { name: IMAGE, exact: true }).click();
    const imageDialog = page.getByRole('dialog', { name: IMAGE });
    const image = imageDialog.getByRole('img', { name: IMAGE });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1200);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'file-preview-image');
    // A click shows it at its own size (wider than the dialog, scrolled); another fits it again.
    const fittedWidth = (await image.boundingBox())!.width;
    expect(fittedWidth).toBeLessThan(1200);
    const zoomToggle = imageDialog.getByRole('button', { name: IMAGE, exact: true });
    await zoomToggle.click();
    await expect.poll(() => zoomToggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await image.boundingBox())!.width).toBe(1200);
    await zoomToggle.press('Enter');
    await expect.poll(() => zoomToggle.getAttribute('aria-pressed')).toBe('false');
    // Fitted again: within a scrollbar's width of before (the box may still show one while it settles).
    await expect
      .poll(async () => Math.abs((await image.boundingBox())!.width - fittedWidth))
      .toBeLessThanOrEqual(20);
    await page.keyboard.press('Escape');
    await imageDialog.waitFor({ state: 'detached' });

    // The PDF, from its eye: page 1 of 2 drawn, then the next page. Its non-embedded font comes
    // from the product's copy of pdf.js's fonts; WebAssembly (its JPEG 2000 decoder) may compile.
    const dingbats = page.waitForResponse((response) =>
      response.url().endsWith('/pdfjs/standard_fonts/FoxitDingbats.pfb'),
    );
    await files.getByRole('button', { name: `Preview ${PDF}` }).click();
    const pdfDialog = page.getByRole('dialog', { name: PDF });
    await pdfDialog.getByText('Page 1 of 2').waitFor();
    await drawnPage(pdfDialog, 1, 2);
    await screenshot(page, 'file-preview-pdf');
    await pdfDialog.getByRole('button', { name: 'Next page' }).click();
    await pdfDialog.getByText('Page 2 of 2').waitFor();
    await drawnPage(pdfDialog, 2, 2);
    expect((await dingbats).status()).toBe(200);
    const wasm = await page.request.get('/pdfjs/wasm/openjpeg.wasm');
    expect(wasm.headers()['content-type']).toBe('application/wasm');
    const compiled = await page.evaluate(() =>
      WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
        () => 'compiled',
        (error: Error) => error.message,
      ),
    );
    expect(compiled).toBe('compiled');
    await expect.poll(() => pdfDialog.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await pdfDialog.getByRole('button', { name: 'Previous page' }).click();
    await pdfDialog.getByText('Page 1 of 2').waitFor();

    // Zoom: in from fit, then fit again.
    const zoom = pdfDialog.getByText(/^Zoom \d+%$/);
    const fitted = await zoom.textContent();
    await pdfDialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoom.textContent()).not.toBe(fitted);
    await pdfDialog.getByRole('button', { name: 'Fit' }).click();
    await expect.poll(() => zoom.textContent()).toBe(fitted);
    await pdfDialog.getByRole('button', { name: 'Close' }).last().click();
    await pdfDialog.waitFor({ state: 'detached' });

    // A document's PDF (the demo's documents have one per version), from its versions.
    await page.goto('/document/library');
    await page.getByRole('link', { name: 'Emergency Response Plan', exact: true }).click();
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions
      .getByRole('button', { name: /^Preview .*\.pdf$/ })
      .first()
      .click();
    const documentDialog = page.getByRole('dialog', { name: /^Emergency Response Plan v\d+\.pdf$/ });
    await drawnPage(documentDialog, 1, 1);
    await page.keyboard.press('Escape');

    // A version waiting for her approval is read in the page itself, drawn the same way.
    const approval = await db.documentApproval.findFirstOrThrow({
      where: { employeeId: olivia.employeeId!, status: 'requested' },
    });
    await page.goto(`/document/action/approval/${approval.documentId}/${olivia.employeeId}`);
    await drawnPage(page.locator('.document-viewer'), 1, 1);

    expect(downloads).toBe(0);
  });

  it('fills a phone’s screen', async () => {
    const risk = await db.attachment.findUniqueOrThrow({
      where: { id: added[0] },
      select: { ownerId: true },
    });
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.phone);
    await page.goto(`/risk/register/${risk.ownerId}`);
    const files = await riskFiles(page);

    await files.getByRole('button', { name: `Preview ${PDF}` }).click();
    const pdfDialog = page.getByRole('dialog', { name: PDF });
    await drawnPage(pdfDialog, 1, 2);
    const box = (await pdfDialog.boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: SCREEN.phone.width, height: SCREEN.phone.height });
    expect(await pageOverflow(page)).toBe(0);
    await screenshot(page, 'file-preview-pdf-phone');
    await page.keyboard.press('Escape');

    await files.getByRole('button', { name: `Preview ${IMAGE}` }).click();
    const image = page.getByRole('dialog', { name: IMAGE }).getByRole('img', { name: IMAGE });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1200);
    const shown = (await image.boundingBox())!;
    expect(shown.width).toBeLessThanOrEqual(SCREEN.phone.width);
    await screenshot(page, 'file-preview-image-phone');
  });
});
