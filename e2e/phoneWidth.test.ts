import { visibleMenu, type MenuItem, type TPermissions } from '@compass/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const PHONE = { width: 375, height: 812 };
const browser = useBrowser();
const db = useDatabase();

/** What does not fit a page on the screen (none: the page fits). */
interface Overflow {
  path: string;
  pageWidth: number;
  bodyWidth: number;
  screenWidth: number;
  /** The outermost elements past the right edge, widest first, described so they can be found in the code. */
  culprits: string[];
  /** Lists whose rows scroll sideways inside their card (their columns, and how wide they are). */
  sidewaysLists: string[];
}

/** Signs `username` in and returns the page with the permission profile the menu is drawn from. */
async function signIn(username: string): Promise<{ page: Page; permissions: TPermissions }> {
  const page = await browser.page(PHONE);
  const profile = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/permissions' && response.ok(),
  );
  await signInThroughUi(page, username);
  await page.waitForURL('**/dashboard');
  const permissions = ((await (await profile).json()) as { response_data: TPermissions }).response_data;
  return { page, permissions };
}

/** The application paths of the menu this user sees (shared/src/rules/menu.ts, as the side navigation). */
function menuPaths(permissions: TPermissions): string[] {
  const leaves = (items: MenuItem[]): string[] =>
    items.flatMap((item) =>
      item.children ? leaves(item.children) : item.path && !item.external ? [item.path] : [],
    );
  return [
    ...new Set(
      leaves(
        visibleMenu({
          userType: permissions.userType,
          employeeId: permissions.employeeId,
          personnelId: permissions.personnelId,
          access: permissions.access,
        }),
      ),
    ),
  ];
}

/** Opens `path` and waits until its data is drawn: no request in flight, no spinner, nothing busy. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.querySelector('.spinner, .page-spinner, [aria-busy="true"]'),
    null,
    {
      timeout: 15_000,
    },
  );
}

/** How far the open page reaches past the screen's right edge, and which elements do it. */
async function overflowOf(page: Page, path: string): Promise<Overflow | null> {
  const measured = await page.evaluate(() => {
    const screenWidth = window.innerWidth;
    const pageWidth = document.documentElement.scrollWidth;
    const bodyWidth = document.body.scrollWidth;
    const sidewaysLists = [...document.querySelectorAll<HTMLElement>('.table-wrap')]
      .filter((wrap) => wrap.scrollWidth > wrap.clientWidth + 1)
      .map((wrap) => {
        const headings = [...wrap.querySelectorAll('thead th')].map((heading) => heading.textContent?.trim());
        return `[${headings.join(', ')}] ${wrap.scrollWidth} px wide in ${wrap.clientWidth} px`;
      });
    if (pageWidth <= screenWidth && bodyWidth <= screenWidth && sidewaysLists.length === 0) return null;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > screenWidth + 0.5;
    // Inside a box that scrolls or clips sideways, an element widens that box, not the page; an
    // absolutely placed one only when the box holds what it is placed against; a fixed one never.
    const contained = (element: Element) => {
      const position = getComputedStyle(element).position;
      if (position === 'fixed') return true;
      let box = position === 'absolute' ? (element as HTMLElement).offsetParent : element.parentElement;
      for (; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const name = (node: Element) =>
        node.tagName.toLowerCase() +
        (node.id ? `#${node.id}` : '') +
        [...node.classList].map((value) => `.${value}`).join('');
      const trail: string[] = [];
      for (let node = element; node !== document.body && trail.length < 4; node = node.parentElement!)
        trail.unshift(name(node));
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const box = element.getBoundingClientRect();
      return `${trail.join(' > ')} "${text}" (${Math.round(box.width)} px wide, right edge at ${Math.round(box.right)})`;
    };
    const widening = new Set(
      [...document.body.querySelectorAll('*')].filter((element) => sticksOut(element) && !contained(element)),
    );
    // The outermost of them: inside one, an element only follows it out.
    const outermost = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement) if (widening.has(box)) return false;
      return true;
    };
    const culprits = [...widening]
      .filter(outermost)
      .sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)
      .slice(0, 3)
      .map(describe);
    return { pageWidth, bodyWidth, screenWidth, culprits, sidewaysLists };
  });
  return measured && { path, ...measured };
}

/** Opens every path in turn and returns those wider than the screen. */
async function overflowing(page: Page, paths: string[]): Promise<Overflow[]> {
  const found: Overflow[] = [];
  for (const path of paths) {
    await open(page, path);
    const overflow = await overflowOf(page, path);
    if (overflow) found.push(overflow);
  }
  return found;
}

/** The pages a user reaches from the lists: one record of each kind, from the demo data. */
async function detailPaths() {
  const company = await db.company.findFirstOrThrow({ where: { name: 'Northwind Facilities' } });
  const inCompany = { companyId: company.id };
  const [submission, template, employee, supplier, risk, audit] = await Promise.all([
    // The record with the most to show: the widest fields are in it.
    db.formSubmission.findFirstOrThrow({
      where: { ...inCompany, isDraft: false },
      orderBy: [{ values: { _count: 'desc' } }, { id: 'asc' }],
    }),
    db.formTemplate.findFirstOrThrow({ where: { ...inCompany, name: 'Incident Report' } }),
    db.employee.findFirstOrThrow({ where: inCompany, orderBy: { id: 'asc' } }),
    db.supplierCompany.findFirstOrThrow({ where: inCompany, orderBy: { name: 'asc' } }),
    db.risk.findFirstOrThrow({ where: inCompany, orderBy: { id: 'asc' } }),
    db.audit.findFirstOrThrow({ where: inCompany, orderBy: { id: 'asc' } }),
  ]);
  return {
    submissionRecord: `/form-submission/Record/${submission.id}`,
    newSubmission: `/form-submission/new/${template.id}`,
    templateBuilder: `/system-administration/form-templates/${template.id}`,
    employee: `/human-resource/employees/${employee.id}`,
    company: `/external-parties/companies/${supplier.id}`,
    risk: `/risk/register/${risk.id}`,
    audit: `/audit-inspection/audit-details/${audit.id}`,
  };
}

const report = (found: Overflow[]) =>
  found.map(
    (overflow) =>
      `${overflow.path}: ${overflow.pageWidth} px wide (body ${overflow.bodyWidth}) on a ${overflow.screenWidth} px screen; ` +
      `sticking out: ${overflow.culprits.join('; ') || 'nothing'}; ` +
      `lists scrolling sideways: ${overflow.sidewaysLists.join('; ') || 'none'}`,
  );

describe('every page fits a 375 px phone screen', () => {
  it('olivia.admin: every menu page and the records opened from them', async () => {
    const { page, permissions } = await signIn('olivia.admin');
    const paths = menuPaths(permissions);
    // The whole menu of an administrator: a page added to it is measured here too.
    expect(paths.length).toBeGreaterThan(25);
    const details = await detailPaths();
    expect(report(await overflowing(page, [...paths, ...Object.values(details)]))).toEqual([]);

    await open(page, details.submissionRecord);
    await screenshot(page, 'phone-submission');
    await open(page, details.templateBuilder);
    await screenshot(page, 'phone-template-builder');
    await page.close();
  }, 300_000);

  it('folds the filters away: the Action Register starts its list on the first screen', async () => {
    const { page } = await signIn('olivia.admin');
    await open(page, '/action-register');
    const toggle = page.getByRole('button', { name: /^Filters/ });
    const search = page.getByRole('searchbox', { name: 'Search' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await search.isVisible()).toBe(false);
    const firstRow = page.getByRole('region', { name: 'Actions' }).locator('tbody tr').first();
    expect((await firstRow.boundingBox())!.y).toBeLessThan(PHONE.height);
    await screenshot(page, 'phone-action-register');

    // Opened from the keyboard; a filter set is counted on the button once folded again.
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await search.waitFor();
    await page.getByLabel('Source').selectOption({ label: 'Audit' });
    await toggle.click();
    await page.getByRole('button', { name: 'Filters 1 in use' }).waitFor();
    expect(await search.isVisible()).toBe(false);

    // A wide screen shows the filters as they were, with nothing to unfold.
    await page.setViewportSize({ width: 1280, height: 850 });
    expect(await toggle.isVisible()).toBe(false);
    expect(await search.isVisible()).toBe(true);
    await page.close();
  });

  it('shows the state and the buttons of each requirement on the screen, not off to the side', async () => {
    const { page } = await signIn('olivia.admin');
    await open(page, '/external-parties/requirements');
    const rows = page.getByRole('region', { name: 'Requested documents' }).locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(2);
    for (const row of (await rows.all()).slice(0, 3)) {
      for (const part of [row.locator('.badge'), row.getByRole('link', { name: /^(Open|Review)$/ })]) {
        const box = (await part.first().boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
    }
    await screenshot(page, 'phone-requirements');
    await page.close();
  });

  for (const username of ['acme.supplier', 'liam.personnel']) {
    it(`${username}: every menu page and the company profile`, async () => {
      const { page, permissions } = await signIn(username);
      const paths = menuPaths(permissions);
      expect(paths.length).toBeGreaterThan(1);
      const profile = permissions.supplierId
        ? [`/external-parties/company/edit/${permissions.supplierId}`]
        : [];
      expect(report(await overflowing(page, ['/dashboard', ...paths, ...profile]))).toEqual([]);
      await page.close();
    }, 120_000);
  }
});
