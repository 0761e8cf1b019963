/**
 * Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) on /login and, signed in, on
 * /dashboard, in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). `runLighthouse` is
 * what `npm run bench` calls with its running app; alone, `npx tsx bench/lighthouse.ts --base=<url>
 * --token=<session token>` measures a server already running (e.g. `npm start`). Each page is run
 * three times and the median kept: the score moves with the machine's load.
 */
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export interface LighthouseRow {
  page: string;
  performance: number;
  'FCP ms': number;
  'LCP ms': number;
  'TBT ms': number;
  CLS: number;
  'JS KB (transferred)': number;
}

const RUNS = 3;

/**
 * A cold visit with the right session: the web client keeps its token in localStorage, which
 * Lighthouse must keep (disableStorageReset), so the HTTP cache it would clear with it is cleared here.
 */
async function prepare(port: number, baseUrl: string, token: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const tab = await browser.newPage();
  await tab.goto(`${baseUrl}/login`);
  await tab.evaluate((value) => {
    if (value) localStorage.setItem('authToken', value);
    else localStorage.removeItem('authToken');
  }, token);
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await tab.close();
  await browser.disconnect();
}

export async function runLighthouse(options: {
  baseUrl: string;
  authToken?: string;
}): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const [page, signedIn] of [
      ['/login', false],
      ['/dashboard', true],
    ] as const) {
      if (signedIn && !options.authToken) continue;
      const runs: LighthouseRow[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        await prepare(chrome.port, options.baseUrl, signedIn ? (options.authToken ?? '') : '');
        const result = await lighthouse(`${options.baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        const { audits, categories } = result.lhr;
        const requests =
          (
            audits['network-requests']?.details as {
              items?: { resourceType?: string; transferSize?: number }[];
            }
          )?.items ?? [];
        const scriptBytes = requests
          .filter((request) => request.resourceType === 'Script')
          .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
        runs.push({
          page,
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          'FCP ms': Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
          'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
          'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
          CLS: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
          'JS KB (transferred)': Math.round(scriptBytes / 1024),
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      rows.push(runs[Math.floor(runs.length / 2)]!);
    }
    return rows;
  } finally {
    chrome.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { base: { type: 'string' }, token: { type: 'string' } } });
  if (!values.base)
    throw new Error('Usage: npx tsx bench/lighthouse.ts --base=http://127.0.0.1:3000 [--token=…]');
  console.table(await runLighthouse({ baseUrl: values.base, authToken: values.token }));
}
