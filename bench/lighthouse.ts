/**
 * `npx tsx bench/lighthouse.ts [--runs=5] [--label=x]` (after `npm run build`)
 *
 * Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) on /login and, signed in, on
 * /dashboard, in Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium), offline against
 * the app on 127.0.0.1. Standalone it starts the whole product in process — the built web client,
 * the API and a throwaway embedded PostgreSQL with the demo seed — and signs in as the demo
 * administrator; writes bench/results/lighthouse-<date>[-<label>].md and .json.
 *
 * `runLighthouse` is also what `npm run bench` calls against its own app. Lighthouse 12 is the
 * newest release that runs on Node 20 (13 wants Node 22.19).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { seedDemo } from '../seed/demo';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { ensureDatabase, startThrowawayPostgres } from '../server/src/db/embedded';
import { migrate, projectRoot } from '../server/src/db/migrate';
import { createPrisma } from '../server/src/db/prisma';
import { listen, signIn } from './http';
import { dayStamp } from './lib';

export interface LighthouseRow {
  page: string;
  /** Lighthouse's performance score, 0–100. */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript as it crossed the wire (compressed), KB. */
  jsTransferredKB: number;
  /**
   * Lighthouse's own measure of the machine's CPU while it ran (higher is faster): the simulated 4×
   * slower CPU scales what this machine does, so scores compare only at similar indexes.
   */
  benchmarkIndex: number;
  /** The Chromium that ran the page (its version, from the user agent). */
  chromium: string;
  /** How many Lighthouse runs the medians above are of. */
  runs: number;
}

export interface LighthouseOptions {
  /** The app's origin, e.g. http://127.0.0.1:3000 (no trailing slash). */
  baseUrl: string;
  /** A session token: /dashboard is measured signed in with it, and skipped without one. */
  authToken?: string;
  /** Runs per page; each figure is the median (simulated throttling on a busy machine is noisy). */
  runs?: number;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** How many runs each page's medians are of, unless told otherwise. */
const DEFAULT_RUNS = 5;

/** How often a page is audited again after a trace that missed the navigation's start. */
const RUNTIME_ERROR_ATTEMPTS = 3;

/** One Lighthouse navigation of `url` in a fresh browser; the session token in local storage, where the client keeps it. */
async function auditOnce(url: string, authToken: string | undefined): Promise<Result> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    if (authToken) {
      // Lighthouse empties the caches before it navigates but keeps local storage (its default
      // clearStorageTypes), so the page opens signed in, as web/src/lib/storage.ts reads it.
      await page.goto(new URL('/login', url).href);
      await page.evaluate((token) => localStorage.setItem('authToken', token), authToken);
    }
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new LighthouseRuntimeError(
        `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        lhr.runtimeError.code,
      );
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
    }
    return lhr;
  } finally {
    await browser.close();
  }
}

class LighthouseRuntimeError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** auditOnce, again after NO_NAVSTART ("run Lighthouse again": now and then a trace misses the navigation's start). */
async function audit(url: string, authToken: string | undefined): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, authToken);
    } catch (error) {
      const again =
        error instanceof LighthouseRuntimeError &&
        error.code === 'NO_NAVSTART' &&
        attempt < RUNTIME_ERROR_ATTEMPTS;
      if (!again) throw error;
      console.warn(`${error.message}; running it again`);
    }
  }
}

type Figures = Omit<LighthouseRow, 'page' | 'runs' | 'chromium'>;

function figures(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsTransferredKB:
      (items?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN) / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Lighthouse, mobile preset, on /login and (with a session) /dashboard: the median of `runs` runs each. */
export async function runLighthouse(options: LighthouseOptions): Promise<LighthouseRow[]> {
  const runs = options.runs ?? DEFAULT_RUNS;
  const pages: { page: string; authToken?: string }[] = [{ page: '/login' }];
  if (options.authToken) pages.push({ page: '/dashboard', authToken: options.authToken });
  const rows: LighthouseRow[] = [];
  for (const { page, authToken } of pages) {
    const results: Figures[] = [];
    let chromium = '';
    for (let run = 0; run < runs; run++) {
      const lhr = await audit(`${options.baseUrl}${page}`, authToken);
      chromium = /Chrome\/([\d.]+)/.exec(lhr.environment.hostUserAgent)?.[1] ?? 'unknown';
      results.push(figures(lhr));
    }
    const of = (key: keyof Figures) => median(results.map((result) => result[key]));
    rows.push({
      page,
      performance: of('performance'),
      fcpMs: of('fcpMs'),
      lcpMs: of('lcpMs'),
      tbtMs: of('tbtMs'),
      cls: of('cls'),
      jsTransferredKB: of('jsTransferredKB'),
      benchmarkIndex: of('benchmarkIndex'),
      chromium,
      runs,
    });
  }
  return rows;
}

/** The rows as a Markdown table. */
export function lighthouseTable(rows: LighthouseRow[]): string {
  return [
    '| page | performance | FCP ms | LCP ms | TBT ms | CLS | JS transferred KB | CPU index | Chromium |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.page} | ${row.performance} | ${row.fcpMs.toFixed(0)} | ${row.lcpMs.toFixed(0)} | ${row.tbtMs.toFixed(0)} | ` +
        `${row.cls.toFixed(3)} | ${row.jsTransferredKB.toFixed(1)} | ${row.benchmarkIndex.toFixed(0)} | ${row.chromium} |`,
    ),
  ].join('\n');
}

function lighthouseVersion(): string {
  const manifest = path.join(projectRoot, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The product on a throwaway embedded PostgreSQL with the demo seed, listening on 127.0.0.1. */
async function startDemoProduct(webDistDir: string) {
  const database = await startThrowawayPostgres('compass-lighthouse-', { from: 40000, count: 10000 });
  const root = database.folder;
  await ensureDatabase(database.adminUrl, 'compass');
  const url = database.urlFor('compass');
  await migrate(url);
  const db = createPrisma(url);
  await seedDemo(db);
  const app = await buildApp({
    config: loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      WEB_DIST_DIR: webDistDir,
      FILE_STORAGE_DIR: path.join(root, 'files'),
      MAIL_CAPTURE_DIR: path.join(root, 'mail'),
    }),
    db,
    databaseUrl: url,
  });
  return {
    baseUrl: await listen(app),
    stop: async () => {
      await app.close();
      await db.$disconnect();
      await database.stop();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values: argv } = parseArgs({
    options: { runs: { type: 'string', default: String(DEFAULT_RUNS) }, label: { type: 'string' } },
  });
  const webDistDir = process.env.WEB_DIST_DIR ?? path.join(projectRoot, 'web', 'dist');
  if (!fs.existsSync(path.join(webDistDir, 'index.html')))
    throw new Error('Build the web client first: npm run build');
  const product = await startDemoProduct(webDistDir);
  try {
    const loadAverage = os.loadavg().map((value) => value.toFixed(2));
    const authToken = await signIn(product.baseUrl, 'olivia.admin');
    const rows = await runLighthouse({ baseUrl: product.baseUrl, authToken, runs: Number(argv.runs) });
    const table = lighthouseTable(rows);
    console.log(table);
    const out = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      'results',
      `lighthouse-${dayStamp()}${argv.label ? `-${argv.label}` : ''}`,
    );
    fs.writeFileSync(
      `${out}.md`,
      `# Lighthouse, mobile preset (${dayStamp()})\n\n` +
        `\`npx tsx bench/lighthouse.ts --runs=${argv.runs}\`: the demo seed, signed in as olivia.admin for /dashboard; ` +
        `Lighthouse ${lighthouseVersion()}, Chromium ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}, ` +
        `${os.cpus().length} cores, load average ${loadAverage.join(' ')} at the start. Each figure is the median of ${argv.runs} runs.\n\n` +
        `${table}\n`,
    );
    fs.writeFileSync(`${out}.json`, `${JSON.stringify({ loadAverage, rows }, null, 2)}\n`);
    console.log(`Wrote ${path.relative(process.cwd(), out)}.md`);
  } finally {
    await product.stop();
  }
}
