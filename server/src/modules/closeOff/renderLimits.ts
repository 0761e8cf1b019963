/** Bounds of the isolated PDF and SVG rendering (renderPool.ts), shared with its worker process. */

/** Images keep at most this many pixels a side in the PDF (photos are often 4000 px wide). */
export const MAX_IMAGE_SIDE = 1200;
/** An SVG larger than this is not drawn (a signature or logo is a few KB). */
export const MAX_SVG_BYTES = 512 * 1024;
/** Time one SVG may take to draw; then its process is killed and the PDF shows no image for it. */
export const SVG_BUDGET_MS = 3_000;
/** Time one PDF may take to lay out; then its process is killed and the call fails (503). */
export const PDF_BUDGET_MS = 60_000;
/** PDFs and SVGs that may wait for the renderer; beyond that a request is refused at once. */
export const RENDER_QUEUE = 64;
