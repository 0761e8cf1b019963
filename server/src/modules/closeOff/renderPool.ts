import { messages } from '@compass/shared';
import { fileURLToPath } from 'node:url';
import workerpool from 'workerpool';
import { AppError } from '../../errors';
import type { PdfModel } from './pdfDocument';
import { MAX_SVG_BYTES, PDF_BUDGET_MS, RENDER_QUEUE, SVG_BUDGET_MS } from './renderLimits';

// From the sources the worker runs through tsx; the server bundle (server/dist, whose import.meta is
// the bundle's) has it compiled beside it (scripts/build-server.mjs).
const BUNDLED = import.meta.url.endsWith('.mjs');
const WORKER = fileURLToPath(new URL(BUNDLED ? './renderWorker.mjs' : './renderWorker.ts', import.meta.url));

/**
 * One child process (not a thread: a runaway native SVG render can only be stopped by killing its
 * process), started on first use, killed and started again when a task overruns its budget. A
 * task's budget counts only its own work: it waits until the process has started (tsx, sharp and
 * pdfkit take a second or two to load on a busy machine).
 */
class IsolatedPool {
  private readonly pool = workerpool.pool(WORKER, {
    workerType: 'process',
    maxWorkers: 1,
    maxQueueSize: RENDER_QUEUE,
    workerTerminateTimeout: 200,
    forkOpts: { execArgv: BUNDLED ? [] : ['--import', 'tsx'], serialization: 'advanced' },
  });
  private started: Promise<unknown> = this.pool.exec('ready', []);

  async exec(method: string, args: unknown[], budgetMs: number): Promise<unknown> {
    await this.started;
    try {
      return await this.pool.exec(method, args).timeout(budgetMs);
    } catch (error) {
      if (error instanceof workerpool.Promise.TimeoutError) this.started = this.pool.exec('ready', []);
      throw error;
    }
  }

  terminate(): Promise<void> {
    return this.pool.terminate(true);
  }
}

// Process-wide, like the thread pool: separate, so a killed SVG render does not take a PDF with it.
let svgPool: IsolatedPool | undefined;
let pdfPool: IsolatedPool | undefined;

/** An SVG drawn as PNG bytes in the render process within SVG_BUDGET_MS, or null. */
export async function rasteriseSvgIsolated(svg: Buffer): Promise<Buffer | null> {
  if (svg.length > MAX_SVG_BYTES) return null;
  svgPool ??= new IsolatedPool();
  try {
    const png = (await svgPool.exec('rasteriseSvg', [svg], SVG_BUDGET_MS)) as Uint8Array | null;
    return png && Buffer.from(png);
  } catch {
    return null;
  }
}

/** The PDF of a model, laid out by pdfkit in the render process, off the API's event loop. */
export async function renderPdfIsolated(model: PdfModel): Promise<Buffer> {
  pdfPool ??= new IsolatedPool();
  try {
    return Buffer.from((await pdfPool.exec('renderPdf', [model], PDF_BUDGET_MS)) as Uint8Array);
  } catch (error) {
    if (error instanceof Error && /max queue size/i.test(error.message)) {
      throw new AppError(503, messages.common.busy);
    }
    throw error;
  }
}

/** Stops the render processes (the server's shutdown); the next use starts them again. */
export async function closeRenderPools(): Promise<void> {
  const pools = [svgPool, pdfPool];
  svgPool = undefined;
  pdfPool = undefined;
  await Promise.all(pools.map((pool) => pool?.terminate()));
}
