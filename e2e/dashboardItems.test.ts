import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_ACCOUNTS } from '../seed/demo/ids';
import { screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

// Listed means it opens (docs/dashboard.md): each demo account clicks one item of every kind its
// dashboard lists (a section and the page it leads to), and the page or dialog shows the item, with
// no refusal on the way. Every item of every account is opened through the API by
// server/test/dashboardItemsOpen.test.ts; clicking all of them here took two and a half minutes.

const browser = useBrowser();
const db = useDatabase();

async function signedIn(username: string): Promise<Page> {
  const page = await browser.page();
  await signInThroughUi(page, username);
  // An account with associated ones (Ava's two) is offered the switch first: it stays itself.
  await page.waitForURL(/\/(dashboard|switch-user)(\?|$)/);
  if (new URL(page.url()).pathname === '/switch-user') await page.goto('/dashboard');
  await page.waitForURL('**/dashboard');
  return page;
}

/** What a target must not show: the not-available page, a page's refusal, an error toast. */
const REFUSAL =
  /is not available yet|cannot be opened|not assigned to you|do not have access|belongs to someone else|is not open for you|Something went wrong/i;

// Opening a supplier form or an HR form that was never started starts it (external-parties.md,
// human-resources.md): put them back.
let unstarted: string[] = [];
let unstartedHr: string[] = [];
beforeAll(async () => {
  unstarted = (await db.supplierAssignment.findMany({ where: { submissionId: null } })).map((row) => row.id);
  unstartedHr = (await db.hrFormAssignment.findMany({ where: { submissionId: null } })).map((row) => row.id);
});
afterAll(async () => {
  const started = [
    ...(await db.supplierAssignment.findMany({
      where: { id: { in: unstarted }, submissionId: { not: null } },
    })),
    ...(await db.hrFormAssignment.findMany({
      where: { id: { in: unstartedHr }, submissionId: { not: null } },
    })),
  ];
  const forms = started.map((row) => row.submissionId!);
  await db.$transaction([
    db.supplierAssignment.updateMany({ where: { id: { in: unstarted } }, data: { submissionId: null } }),
    db.hrFormAssignment.updateMany({ where: { id: { in: unstartedHr } }, data: { submissionId: null } }),
    db.submissionCoordinator.deleteMany({ where: { submissionId: { in: forms } } }),
    db.formSubmission.deleteMany({ where: { id: { in: forms } } }),
  ]);
});

/** The API answers of the page that failed (4xx, 5xx), as 'status path', from now on. */
function failures(page: Page): { list: string[]; stop: () => void } {
  const list: string[] = [];
  const listen = (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400)
      list.push(`${response.status()} ${url.pathname}`);
  };
  page.on('response', listen);
  return { list, stop: () => page.off('response', listen) };
}

/** Waits until the page has no call of the API in flight for a moment, nor a spinner. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page.locator('.page-spinner, .task-skeleton').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(150);
  await page.locator('.page-spinner, .task-skeleton').first().waitFor({ state: 'detached' });
}

/** The dashboard's work items, every section shown whole ('Show all'). */
async function dashboardRows(page: Page) {
  await settled(page);
  // Each click takes its button away: click the first until none is left.
  const more = page.getByRole('button', { name: /^Show all \(\d+\)$/ });
  while ((await more.count()) > 0) await more.first().click();
  return page.locator('.task-row, .notice-card');
}

async function openEach(username: string): Promise<{ opened: number; problems: string[] }> {
  const page = await signedIn(username);
  const problems: string[] = [];
  let opened = 0;
  await settled(page);
  // The company account's dashboard lists its people's forms and actions too (external-parties.md).
  if (username === 'acme.supplier') await screenshot(page, 'dashboard-supplier-company');
  const listed = await (
    await dashboardRows(page)
  ).evaluateAll((rows) =>
    rows.map((row) => ({
      label: (row as HTMLElement).innerText.split('\n')[0]!.trim(),
      href: row.getAttribute('href'),
      section: row.closest('section')?.querySelector('h3')?.textContent ?? '',
    })),
  );
  expect(listed.length, `${username} has items`).toBeGreaterThan(0);
  const kinds = new Set<string>();
  const chosen = [...listed.entries()].filter(([, { href, section }]) => {
    const kind = `${section} ${href?.replace(/[0-9a-f-]{36}/gi, ':id').replace(/\?.*$/, '') ?? 'dialog'}`;
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  });
  for (const [index, { label, href }] of chosen) {
    const row = (await dashboardRows(page)).nth(index);
    // A toast outlives its page: the last item's are closed first, so each item answers for its own.
    for (const close of await page.locator('[data-sonner-toast] [data-close-button]').all())
      await close.click().catch(() => undefined);
    const failed = failures(page);
    await row.click();
    if (href) await page.waitForURL((url) => url.pathname !== '/dashboard');
    const shown = href ? page.locator('main').first() : page.getByRole('dialog');
    // The target names the item as the row does (forms without the number and draft mark the row adds;
    // "what — whose", as a competency to renew is listed, each part anywhere on its page).
    const parts = label
      .replace(/^FS \d+ /, '')
      .replace(/ \(Draft\)$/, '')
      .toLowerCase()
      .split(' — ');
    const showsItem = await expect
      .poll(
        async () => {
          const text = (await shown.innerText().catch(() => '')).toLowerCase();
          return parts.every((part) => text.includes(part));
        },
        { timeout: 15_000 },
      )
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    await settled(page);
    const text = await shown.innerText();
    const toasts = await page.locator('[data-sonner-toast][data-type="error"]').allInnerTexts();
    failed.stop();
    const where = `${label} (${href ?? 'dialog'} → ${new URL(page.url()).pathname})`;
    if (!showsItem) problems.push(`${where}: does not show the item: ${text.slice(0, 120)}`);
    if (REFUSAL.test(text)) problems.push(`${where}: ${REFUSAL.exec(text)![0]}`);
    if (toasts.length > 0) problems.push(`${where}: toast ${toasts.join(' | ')}`);
    if (failed.list.length > 0) problems.push(`${where}: ${failed.list.join(', ')}`);
    opened += 1;
    if (href) {
      await page.goBack();
      await page.waitForURL('**/dashboard');
    } else {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  }
  await page.close();
  return { opened, problems };
}

describe('every item on the demo dashboards opens', () => {
  it.each(DASHBOARD_ACCOUNTS)('%s', { timeout: 240_000 }, async (username) => {
    const { opened, problems } = await openEach(username);
    expect(problems).toEqual([]);
    expect(opened).toBeGreaterThan(0);
  });
});
