import { afterAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { toPdfImage } from '../src/modules/closeOff/pdfImages';
import { closeRenderPools } from '../src/modules/closeOff/renderPool';
import { setupTestApp, signIn } from './helpers';

/** 1.6 KB that asks librsvg for 10^8 shapes: more than 40 s of CPU when drawn directly. */
function exponentialSvg(): string {
  let defs = '<g id="a0"><path d="M0 0 L400 400 L0 400 Z" fill="#123"/></g>';
  for (let level = 1; level <= 8; level++) {
    defs += `<g id="a${level}">${`<use href="#a${level - 1}"/>`.repeat(10)}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><defs>${defs}</defs><use href="#a8"/></svg>`;
}
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const SIGNATURE_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' width='400' height='120'><path d='M20 90 C 40 20, 80 20, 100 80' stroke='#1f2937' stroke-width='3' fill='none'/></svg>";

afterAll(closeRenderPools);

describe('images in the PDF', () => {
  it('draws an ordinary SVG signature', async () => {
    const image = await toPdfImage(Buffer.from(SIGNATURE_SVG));
    expect(image).not.toBeNull();
    expect(image!.width).toBeGreaterThan(0);
    expect(image!.data.subarray(1, 4).toString()).toBe('PNG');
  });

  it('draws an SVG that declares an enormous size at most 1200 px a side', async () => {
    const huge =
      "<svg xmlns='http://www.w3.org/2000/svg' width='2000000' height='1000000'><rect width='100%' height='100%' fill='red'/></svg>";
    const image = await toPdfImage(Buffer.from(huge));
    if (image) expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(1200);
  });

  it('gives up on an SVG that would take minutes, within its budget, in another process', async () => {
    expect(await toPdfImage(Buffer.from(exponentialSvg()))).toBeNull();
    // The render process was killed and a new one draws the next SVG.
    expect(await toPdfImage(Buffer.from(SIGNATURE_SVG))).not.toBeNull();
  }, 30_000);

  it('judges by the bytes: markup that is not SVG is no image', async () => {
    expect(await toPdfImage(Buffer.from('<html><body>hi</body></html>'))).toBeNull();
    expect(await toPdfImage(Buffer.from('not an image at all'))).toBeNull();
  });
});

describe('a close-off PDF with a hostile SVG signature', () => {
  it('arrives without the image, and the API answers other calls meanwhile', async () => {
    const ctx = await setupTestApp();
    const token = await signIn(ctx.app, 'ethan.coordinator');
    const submissionId = demoId('nw:submission:1001');
    const values = await ctx.db.submissionValue.findMany({ where: { submissionId } });
    const signature = values.find(
      (row) => typeof row.value === 'string' && row.value.startsWith('data:image/'),
    );
    expect(signature).toBeDefined();
    await ctx.db.submissionValue.update({
      where: { id: signature!.id },
      data: { value: dataUrl(exponentialSvg()) },
    });

    const finished: string[] = [];
    const pdf = ctx.app
      .inject({
        method: 'GET',
        url: `/api/formSubmissionPdf?formSubmissionId=${submissionId}`,
        headers: { authtoken: token },
      })
      .then((response) => {
        finished.push('pdf');
        return response;
      });
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    finished.push('health');
    expect(health.statusCode).toBe(200);
    const response = await pdf;
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(finished).toEqual(['health', 'pdf']);
  }, 60_000);
});
