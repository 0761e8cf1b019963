import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { createPrisma, type Db } from '../server/src/db/prisma';

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'docs', 'screenshots');

/** The screen a page is opened on unless a test asks for another (a phone). */
const DESKTOP = { width: 1366, height: 850 };

type Viewport = { width: number; height: number };

/** The screenshots' sizes: the desktop width of docs/screenshots, and a phone. */
export const SCREEN = {
  desktop: { width: 1280, height: 850 },
  phone: { width: 375, height: 812 },
} satisfies Record<string, Viewport>;

/** The page's width past the screen: 0 when nothing scrolls the whole page sideways. */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Opens the dashboard and answers the item that `find` locates in its section `section`, in view: the
 * section may show its first rows only, so Show all is pressed when the item is not among them.
 */
export async function dashboardItem(
  page: Page,
  section: string,
  find: (section: Locator) => Locator,
): Promise<Locator> {
  await page.goto('/dashboard');
  const region = page.getByRole('region', { name: section });
  const item = find(region);
  const more = region.getByRole('button', { name: /^Show all/ });
  await item.or(more).first().waitFor();
  if ((await item.count()) === 0) await more.click();
  return item;
}

/** One headless Debian Chromium per test file (never a downloaded browser). */
export function useBrowser(): {
  page: (viewport?: Viewport) => Promise<Page>;
  baseUrl: string;
} {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  // Every page runs under the product's Content Security Policy: anything it refuses fails the test.
  const violations: string[] = [];
  afterEach(() => {
    expect(violations.splice(0)).toEqual([]);
  });
  return {
    baseUrl,
    page: async (viewport = DESKTOP) => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(message.text());
      });
      return page;
    },
  };
}

/** Saves a screenshot into docs/screenshots when UPDATE_SCREENSHOTS=1 (kept out of ordinary runs). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // The page as a user looks at it: its lists loaded and the last save's toast gone (it lasts 6 s).
  await page.getByText('Loading…').first().waitFor({ state: 'hidden', timeout: 15_000 });
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  // Animations finished: a dialog is shot as it is seen, not while it fades in.
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: false,
    animations: 'disabled',
  });
}

/** The API calls of a page the server refused (4xx other than 404, or 5xx), as 'status path', as they come. */
export function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400 && response.status() !== 404)
      refused.push(`${response.status()} ${url.pathname}`);
  });
  return refused;
}

/**
 * A new page of `browser` (of the size `viewport`, or the default desktop), signed in as `username`
 * through the sign-in page, on the dashboard.
 */
export async function signedInPage(
  browser: { page(viewport?: Viewport): Promise<Page> },
  username: string,
  viewport?: Viewport,
): Promise<Page> {
  const page = await browser.page(viewport);
  await signInThroughUi(page, username);
  await page.waitForURL('**/dashboard');
  return page;
}

export async function signInThroughUi(page: Page, username: string, password = 'Demo@1234'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * The product's database for a test file that prepares or checks what no screen shows (the e2e tests
 * share it: put back what you change). Connects on first use, disconnects after the file's tests.
 */
export function useDatabase(connections = 2): Db {
  const db = createPrisma(inject('databaseUrl'), connections);
  afterAll(() => db.$disconnect());
  return db;
}

/** The newest captured mail to `address` that contains `marker`, decoded from quoted-printable. */
export async function waitForMail(address: string, marker: string): Promise<string> {
  const dir = inject('mailCaptureDir');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
    for (const file of files.sort().reverse()) {
      const raw = fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (raw.includes(address) && raw.includes(marker)) return raw;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address} containing ${marker}`);
}

/** Draws a stroke on a signature or diagram canvas (by its accessible name). */
export async function drawOn(page: Page, name: string): Promise<void> {
  const canvas = page.getByRole('img', { name });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + 40 + step * 30, box.y + 40 + step * 9);
  await page.mouse.up();
}

/** Northwind's own product site, where a supplier link's pages leave to (answered by the test). */
export const HOME_SITE = 'https://www.northwind-facilities.example/';

/** A page for a link holder, whose trips to Northwind's product site are answered here. */
export async function linkHolderPage(browser: { page: () => Promise<Page> }): Promise<Page> {
  const page = await browser.page();
  await page.route(`${HOME_SITE}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Product site</h1>' }),
  );
  return page;
}

/**
 * Picks `name` in a searched choice labelled `label` (the coordinator, an action's assignee):
 * Change (or Choose), the name's first word typed, then its match.
 */
export async function chooseByName(
  scope: Page | Locator,
  label: string | RegExp,
  name: string,
): Promise<void> {
  // `has` is matched inside each candidate: it must start from the page, not from the scope.
  const page = 'goto' in scope ? scope : scope.page();
  await scope
    .locator('.search-choice', { has: page.getByLabel(label) })
    .getByRole('button', { name: /^(Change|Choose)$/ })
    .click();
  await searchAndPick(scope, label, name.split(' ')[0]!, name);
}

/** Types `text` into the search box labelled `label` and picks the match `name` (the first without). */
export async function searchAndPick(
  scope: Page | Locator,
  label: string | RegExp,
  text: string,
  name?: string,
): Promise<string> {
  await scope.getByRole('searchbox', { name: label }).fill(text);
  const matches = scope.locator('.search-picker');
  const match = name
    ? matches.getByRole('button', { name, exact: true })
    : matches.getByRole('button').first();
  const picked = (await match.innerText()).trim();
  await match.click();
  return picked;
}

/**
 * Shoots the page at a desktop's width and a phone's (nothing scrolls sideways), `focus` in view.
 * The side navigation is as a person at that width has it: beside the page on the desktop, a
 * closed drawer on the phone (it stays open when the window narrows).
 */
export async function shootWidths(page: Page, name: string, focus?: Locator): Promise<void> {
  for (const [viewport, suffix] of [
    [SCREEN.desktop, ''],
    [SCREEN.phone, '-phone'],
  ] as const) {
    await page.setViewportSize(viewport);
    const backdrop = page.getByRole('button', { name: 'Close navigation' });
    if (await backdrop.isVisible())
      await backdrop.click({ position: { x: viewport.width - 20, y: viewport.height / 2 } });
    if (focus) await focus.scrollIntoViewIfNeeded();
    // Soft: one page that scrolls sideways still lets the flow go on to the next screens.
    expect.soft(await pageOverflow(page), `${name} scrolls sideways at ${viewport.width} px`).toBe(0);
    await screenshot(page, `${name}${suffix}`);
  }
  await page.setViewportSize(SCREEN.desktop);
  const expand = page.getByRole('button', { name: 'Expand navigation' });
  if (await expand.isVisible()) await expand.click();
}
