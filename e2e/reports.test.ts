import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  REPORTS,
  localDateOf,
  personName,
  reportMessages,
  reportPath,
  runnableReports,
  savedReportPath,
  startOfLocalDay,
} from '@compass/shared';
import { parse } from 'csv-parse/sync';
import { differenceInCalendarDays, format, parseISO, subMonths } from 'date-fns';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../server/src/config';
import { createReader } from '../server/src/db/reader';
import type { Action } from '../server/src/generated/prisma/client';
import { ReportService, refreshRollups, sendDueReports } from '../server/src/modules/reports';
import { MailQueue } from '../server/src/plugins/mail';
import {
  SCREEN,
  screenshot,
  shootWidths,
  signedInPage,
  useBrowser,
  useDatabase,
  waitForMail,
} from './browser';

const browser = useBrowser();
const db = useDatabase();

/**
 * The hourly job's sending of the due saved reports, as the API's area wires it (reports/area.ts):
 * the e2e server runs no job queue. Its mails go into the outbox, which the server's worker sends.
 */
const reader = createReader(inject('databaseUrl'), 2);
const outbox = new MailQueue(
  db,
  loadConfig({ NODE_ENV: 'test', PUBLIC_URL: browser.baseUrl }),
  Fastify({ logger: { level: 'warn' } }).log,
);
const sendDueReportsNow = () =>
  sendDueReports(db, outbox, new ReportService({ db, reader }), { publicUrl: browser.baseUrl });
afterAll(async () => {
  await outbox.stop();
  await reader.close();
});

/** The page's own heading (the app header repeats it). */
const title = (page: Page, name?: string) =>
  page.locator('#main-content').getByRole('heading', { level: 1, ...(name && { name }) });

const SAVED_NAME = 'Open actions by age';
const AGE_BUCKETS = ['0–7 days', '8–30 days', '31–90 days', '91–365 days', 'Over a year'];

/** Northwind (the demo organisation), its zone and today; Olivia (the administrator), her e-mail; Mia. */
const at = { companyId: '', timeZone: '', today: '', olivia: '', oliviaEmail: '', mia: '' };

beforeAll(async () => {
  const olivia = await db.user.findUniqueOrThrow({
    where: { username: 'olivia.admin' },
    include: { company: true, employee: true },
  });
  at.companyId = olivia.companyId;
  at.timeZone = olivia.company.timeZone;
  at.today = localDateOf(new Date(), at.timeZone);
  at.olivia = olivia.employeeId!;
  // The scheduled mail goes to the owner's address as an employee.
  at.oliviaEmail = olivia.employee!.email!;
  at.mia = (await db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } })).employeeId!;
  // The e2e server runs no job queue: the rollups are brought up to date here, as the job would.
  await refreshRollups(db);
});

/** What the flow writes, put back after it (the e2e files share the database). */
const written = { savedId: '', role: '', miaRole: '' };
afterAll(async () => {
  if (written.savedId) await db.savedReport.deleteMany({ where: { id: written.savedId } });
  if (written.miaRole) await db.employee.update({ where: { id: at.mia }, data: { roleId: written.miaRole } });
  if (written.role) await db.role.delete({ where: { id: written.role } });
});

/** The first day of the month `back` months before this one, in the organisation's calendar. */
const monthStart = (back: number) => format(subMonths(parseISO(at.today), back), 'yyyy-MM-01');

type Figures = Record<'Open' | 'Overdue' | 'Completed', number>;

/** An action of the Action Register's list, as the report reads it from its table. */
type RegisterAction = Pick<
  Action,
  'instruction' | 'assigneeEmployeeId' | 'dueDate' | 'assignedOn' | 'isComplete'
>;

/**
 * The actions report as the rules count it, per assignee (an employee; "External personnel" for
 * the actions of suppliers' people): the Action Register's actions (the Action table's but the HR
 * ones, assigned on assignedOn; audits', obligations' and documents', assigned when created, a
 * document's complete when it has a completedOn) assigned in this month and the `months - 1` before;
 * completed, overdue when open and due before today, else open. The open ones' ages in days.
 */
async function actionFigures(months: number) {
  const from = startOfLocalDay(monthStart(months - 1), at.timeZone);
  const until = startOfLocalDay(monthStart(-1), at.timeZone);
  const where = { companyId: at.companyId, createdAt: { gte: from, lt: until } };
  const [forms, audits, obligations, documents, employees] = await Promise.all([
    db.action.findMany({
      where: { companyId: at.companyId, isHr: false, assignedOn: { gte: from, lt: until } },
    }),
    db.auditQuestionTask.findMany({ where }),
    db.obligationQuestionTask.findMany({ where }),
    db.documentAction.findMany({ where }),
    db.employee.findMany({ where: { companyId: at.companyId } }),
  ]);
  const actions: RegisterAction[] = [
    ...forms,
    ...[...audits, ...obligations].map((task) => ({ ...task, assignedOn: task.createdAt })),
    ...documents.map((task) => ({
      ...task,
      assignedOn: task.createdAt,
      isComplete: task.completedOn !== null,
    })),
  ];
  const names = new Map(employees.map((employee) => [employee.id, personName(employee)]));
  const assigneeOf = (action: RegisterAction) =>
    names.get(action.assigneeEmployeeId ?? '') ?? 'External personnel';
  const stateOf = (action: RegisterAction): keyof Figures =>
    action.isComplete
      ? 'Completed'
      : action.dueDate.toISOString().slice(0, 10) < at.today
        ? 'Overdue'
        : 'Open';
  const byAssignee = new Map<string, Figures>();
  const ages: number[] = [];
  for (const action of actions) {
    const figures = byAssignee.get(assigneeOf(action)) ?? { Open: 0, Overdue: 0, Completed: 0 };
    figures[stateOf(action)] += 1;
    byAssignee.set(assigneeOf(action), figures);
    if (!action.isComplete)
      ages.push(
        differenceInCalendarDays(parseISO(at.today), parseISO(localDateOf(action.assignedOn, at.timeZone))),
      );
  }
  return { actions, assigneeOf, stateOf, byAssignee, ages };
}

/** The Reports home's card of saved reports, and the line of one of them. */
const savedCard = (page: Page) => page.getByRole('region', { name: 'Saved reports' });
const savedItem = (page: Page, name: string) =>
  savedCard(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

/** A figure as the table shows it ("1,204"; "—" for nothing to measure). */
const figure = (text: string) => (text === '—' ? null : Number(text.replace(/,/g, '')));

/** The report's table: its header and its rows (the Total row last), as the cells read. */
async function readTable(page: Page): Promise<{ header: string[]; rows: string[][] }> {
  const table = page.locator('#main-content').getByRole('table');
  await table.locator('tbody tr').first().waitFor();
  return table.evaluate((element) => {
    const cells = (row: Element) =>
      [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim());
    return {
      header: cells(element.querySelector('thead tr')!),
      rows: [...element.querySelectorAll('tbody tr, tfoot tr')].map(cells),
    };
  });
}

/** The table's rows as label → the named columns' figures; the Total row apart. */
function figuresOf(table: { header: string[]; rows: string[][] }, columns: readonly string[]) {
  const index = columns.map((column) => table.header.indexOf(column));
  expect(table.header).toEqual(expect.arrayContaining([...columns]));
  const read = (row: string[]) =>
    Object.fromEntries(columns.map((column, i) => [column, figure(row[index[i]!]!)]));
  const total = table.rows.find((row) => row[0] === 'Total');
  return {
    rows: new Map(table.rows.filter((row) => row[0] !== 'Total').map((row) => [row[0]!, read(row)])),
    total: total ? read(total) : null,
  };
}

/** A download's bytes (the page revokes the file's address a second after offering it). */
async function downloaded(page: Page, button: string): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { download, bytes: fs.readFileSync((await download.path())!) };
}

/**
 * Issue 46: Olivia (every key) runs the Actions report from the menu (the database's figures), drills
 * into a figure, regroups it (kept in the address), exports it three ways, saves it shared and
 * scheduled, receives it, deletes it. Ethan reads the shared one; without reportChart, no reports.
 */
describe('Reports & Charts from the menu to the scheduled mail', () => {
  it('the home lists the reports the caller runs, by area, under the saved reports', async () => {
    const page = await signedInPage(browser, 'olivia.admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Reports & Charts' }).click();
    await page.waitForURL('**/report-chart');
    await title(page, 'Reports & Charts').waitFor();
    await page
      .getByText(
        "The organisation's figures, area by area. Open a report to filter it, draw it, export it or save it.",
      )
      .waitFor();
    const main = page.locator('#main-content');
    // Olivia's saved reports of the demo, above the catalogue.
    const saved = savedCard(page);
    await saved.getByRole('link', { name: 'Overdue actions by assignee' }).waitFor();
    await saved.getByRole('link', { name: 'Submissions this year' }).waitFor();
    // The administrator holds every key: all 14 reports, each under its area's heading.
    const reports = runnableReports({ has: () => true });
    expect(reports).toHaveLength(14);
    for (const report of reports) {
      const link = main.getByRole('link', { name: report.title, exact: true });
      expect(await link.getAttribute('href')).toBe(reportPath(report.id));
      await main.getByText(report.description, { exact: true }).waitFor();
    }
    for (const area of new Set(reports.map((report) => report.area)))
      await main.getByRole('heading', { name: area, exact: true }).waitFor();
    await shootWidths(page, 'reports-home');
    await page.close();
  });

  it('the actions report draws the database’s figures and opens the records behind one', async () => {
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    await page.goto('/report-chart');
    await page.locator('#main-content').getByRole('link', { name: 'Actions', exact: true }).click();
    await page.waitForURL(`**${reportPath('actions')}`);
    await title(page, 'Actions').waitFor();
    await page.getByText(REPORTS.actions.description).waitFor();
    await page
      .getByText(/^Figures as of \d{1,2} \w{3} \d{4}, \d\d:\d\d — brought up to date every 5 minutes$/)
      .waitFor();
    const chart = page.getByRole('figure', { name: 'Actions by Assignee' });
    await chart.waitFor();

    // Last 12 months (the default), by assignee: every assignee's open, overdue and completed actions.
    const expected = await actionFigures(12);
    expect(expected.actions.length).toBeGreaterThan(0);
    const table = figuresOf(await readTable(page), ['Open', 'Overdue', 'Completed']);
    expect(Object.fromEntries(table.rows)).toEqual(Object.fromEntries(expected.byAssignee));
    const sum = (column: keyof Figures) =>
      [...expected.byAssignee.values()].reduce((total, figures) => total + figures[column], 0);
    expect(table.total).toEqual({ Open: sum('Open'), Overdue: sum('Overdue'), Completed: sum('Completed') });
    // Largest first, by the first charted column (Open).
    const opens = [...table.rows.values()].map((row) => row.Open!);
    expect(opens).toEqual([...opens].sort((a, b) => b - a));
    await shootWidths(page, 'report-actions');

    // A bar of the chart opens its records from the keyboard, as a click does.
    // The screenshots' resizing draws the chart again as its frame settles: the bar is taken once it
    // stands still (a trial click waits for that), then focused and pressed in one step.
    const bar = chart.getByRole('button').first();
    await bar.click({ trial: true });
    await bar.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // The table's figure of the assignee with the most overdue actions: its records, linked.
    const [assignee, figures] = [...expected.byAssignee]
      .filter(([label]) => label !== 'External personnel')
      .sort((a, b) => b[1].Overdue - a[1].Overdue)[0]!;
    expect(figures.Overdue).toBeGreaterThan(0);
    // The chart's bar has the same name: the table's button.
    await page
      .locator('#main-content')
      .getByRole('table')
      .getByRole('button', { name: `${assignee}, Overdue: ${figures.Overdue}, show the records` })
      .click();
    const dialog = page.getByRole('dialog', { name: `${assignee} — Overdue` });
    const links = dialog.getByRole('link');
    await expect.poll(() => links.count()).toBe(Math.min(figures.Overdue, 25));
    const instructions = expected.actions
      .filter((action) => expected.assigneeOf(action) === assignee && expected.stateOf(action) === 'Overdue')
      .map((action) => action.instruction);
    expect(instructions).toEqual(expect.arrayContaining(await links.allInnerTexts()));
    // Each with its due date as the product writes a day.
    const dates = dialog.getByText(/^\d\d\/\d\d\/\d{4}$/);
    expect(await dates.count()).toBe(await links.count());
    await screenshot(page, 'report-drill');

    // Followed, a record opens on its own page; back, the report is as it was.
    const href = (await links.first().getAttribute('href'))!;
    expect(href).toMatch(/^\//);
    await links.first().click();
    await page.waitForURL(`**${href}`);
    await title(page).waitFor();
    await page.goBack();
    await page.waitForURL(`**${reportPath('actions')}`);
    await chart.waitFor();
    await page.close();
  });

  it('grouped by age over the last 3 months, kept by the address, exported three ways', async () => {
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    await page.goto(reportPath('actions'));
    await page.getByRole('figure', { name: 'Actions by Assignee' }).waitFor();
    await page.getByLabel('Group by').selectOption({ label: 'Age' });
    await page.getByLabel('Period').selectOption({ label: 'Last 3 months' });
    await page.waitForURL(/by=age/);
    await page.waitForURL(/period=last3Months/);
    await page.reload();
    await page.getByRole('figure', { name: 'Actions by Age' }).waitFor();
    expect(await page.getByLabel('Group by').inputValue()).toBe('age');
    expect(await page.getByLabel('Period').inputValue()).toBe('last3Months');
    await page.getByText(REPORTS.actions.periodOf!).first().waitFor();

    // The open and overdue actions of the period, by how long ago they were assigned.
    const expected = await actionFigures(3);
    const table = figuresOf(await readTable(page), ['Open', 'Overdue']);
    for (const label of table.rows.keys()) expect(AGE_BUCKETS).toContain(label);
    expect(table.total!.Open! + table.total!.Overdue!).toBe(expected.ages.length);
    const bucket = (age: number) => (age <= 7 ? 0 : age <= 30 ? 1 : age <= 90 ? 2 : age <= 365 ? 3 : 4);
    const youngest = expected.ages.filter((age) => bucket(age) === 0).length;
    const young = table.rows.get(AGE_BUCKETS[0]!);
    expect(young ? young.Open! + young.Overdue! : 0).toBe(youngest);

    // CSV: the grouping's column first, the Total row last with the same figures.
    const csv = await downloaded(page, 'Export CSV');
    expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
    const lines = parse(csv.bytes.toString('utf8'), { bom: true }) as string[][];
    expect(lines[0]!.slice(0, 3)).toEqual(['Age', 'Open', 'Overdue']);
    const [open, overdue] = [String(table.total!.Open), String(table.total!.Overdue)];
    expect(lines.at(-1)!.slice(0, 3)).toEqual(['Total', open, overdue]);

    // XLSX: a workbook (a zip) whose sheet ends with the same Total row.
    const xlsx = await downloaded(page, 'Export XLSX');
    expect(xlsx.download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(xlsx.bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const values = (workbook.worksheets[0]!.getSheetValues() as unknown[][]).filter(Boolean);
    expect(values.some((row) => row[1] === 'Total' && row[2] === table.total!.Open)).toBe(true);

    // PDF: the title and a row of the table, and its first page as a picture.
    const pdf = await downloaded(page, 'Export PDF');
    expect(pdf.download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-report-pdf-'));
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf.bytes);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Actions');
    expect(text).toContain([...table.rows.keys()][0]);
    expect(text).toContain('Total');
    if (process.env.UPDATE_SCREENSHOTS === '1') {
      execFileSync('pdftoppm', ['-png', '-r', '60', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
      fs.copyFileSync(
        path.join(dir, 'page.png'),
        path.resolve(import.meta.dirname, '../docs/screenshots/report-pdf.png'),
      );
    }
    fs.rmSync(dir, { recursive: true, force: true });
    await page.close();
  });

  it('saved with a name, shared with a role and mailed every Monday', async () => {
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    await page.goto(`${reportPath('actions')}?by=age&period=last3Months`);
    await page.getByRole('figure', { name: 'Actions by Age' }).waitFor();
    await page.getByRole('button', { name: 'Save report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save report' });
    await dialog.getByLabel('Name').fill(SAVED_NAME);
    const share = dialog.getByLabel('Share with role');
    expect((await share.locator('option').first().innerText()).trim()).toBe('Nobody');
    await share.selectOption({ label: 'Coordinator' });
    await dialog.getByLabel('E-mail it to me').selectOption({ label: 'Every Monday' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(reportMessages.saved).first().waitFor();
    await page.waitForURL(/\/report-chart\/saved\/[0-9a-f-]{36}$/);
    const saved = await db.savedReport.findFirstOrThrow({
      where: { companyId: at.companyId, ownerEmployeeId: at.olivia, name: SAVED_NAME },
    });
    written.savedId = saved.id;
    expect(page.url()).toContain(savedReportPath(saved.id));
    const coordinator = await db.role.findFirstOrThrow({
      where: { companyId: at.companyId, name: 'Coordinator' },
    });
    const row = [saved.report, saved.groupBy, saved.schedule, saved.sharedRoleId];
    expect(row).toEqual(['actions', 'age', 'weekly', coordinator.id]);
    expect(saved.filters).toMatchObject({ period: 'last3Months' });
    // The next Monday's 07:00 of the organisation's day, still to come.
    expect(saved.nextSendAt!.getTime()).toBeGreaterThan(Date.now());
    expect(format(parseISO(localDateOf(saved.nextSendAt!, at.timeZone)), 'EEEE')).toBe('Monday');

    await title(page, SAVED_NAME).waitFor();
    await page.getByText('Actions · saved by Olivia Bennett').waitFor();
    await page.getByRole('figure', { name: 'Actions by Age' }).waitFor();
    expect(await page.getByLabel('Group by').inputValue()).toBe('age');
    // Its owner saves it again from here: the dialog holds what was saved.
    await page.getByRole('button', { name: 'Save report' }).click();
    const again = page.getByRole('dialog', { name: 'Save report' });
    expect(await again.getByLabel('Name').inputValue()).toBe(SAVED_NAME);
    expect(await again.getByLabel('Share with role').inputValue()).toBe(coordinator.id);
    expect(await again.getByLabel('E-mail it to me').inputValue()).toBe('weekly');
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });

    // The home's Saved reports card lists it with its sharing and its schedule.
    await page.goto('/report-chart');
    const link = savedCard(page).getByRole('link', { name: SAVED_NAME, exact: true });
    expect(await link.getAttribute('href')).toBe(savedReportPath(saved.id));
    await expect
      .poll(() => savedItem(page, SAVED_NAME).innerText())
      .toContain('Actions · Shared with Coordinator · Every Monday');
    await page.close();
  });

  it('the coordinators open the report shared with their role, without changing it', async () => {
    const page = await signedInPage(browser, 'ethan.coordinator', SCREEN.desktop);
    await page.goto('/report-chart');
    const link = savedCard(page).getByRole('link', { name: SAVED_NAME, exact: true });
    expect(await link.getAttribute('href')).toBe(savedReportPath(written.savedId));
    await expect.poll(() => savedItem(page, SAVED_NAME).innerText()).toContain('by Olivia Bennett');
    await link.click();
    await title(page, SAVED_NAME).waitFor();
    await page.getByRole('figure', { name: 'Actions by Age' }).waitFor();
    await page.getByRole('button', { name: 'Export PDF' }).waitFor();
    expect(await page.getByRole('button', { name: /^(Delete|Save report)$/ }).count()).toBe(0);
    await page.close();
  });

  it('mailed to its owner as a PDF when due, once; then deleted', async () => {
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    const saved = await db.savedReport.findUniqueOrThrow({ where: { id: written.savedId } });
    // Due: the hourly job mails it to Olivia with the report as a PDF, once.
    await db.savedReport.update({
      where: { id: saved.id },
      data: { nextSendAt: new Date(Date.now() - 60_000) },
    });
    expect(await sendDueReportsNow()).toBeGreaterThanOrEqual(1);
    const sent = await db.savedReport.findUniqueOrThrow({ where: { id: saved.id } });
    expect(sent.lastSentAt).not.toBeNull();
    expect(sent.nextSendAt!.getTime()).toBeGreaterThan(Date.now());
    const subject = { startsWith: `${SAVED_NAME} — ` };
    const message = await db.mailMessage.findFirstOrThrow({ where: { toAddress: at.oliviaEmail, subject } });
    expect(message.subject).toMatch(/^Open actions by age — Last 3 months/);
    const mail = await waitForMail(at.oliviaEmail, savedReportPath(saved.id));
    expect(mail).toMatch(/Content-Type: application\/pdf/i);
    expect(await sendDueReportsNow()).toBe(0);

    // Deleted from its page, after a confirmation.
    await page.goto(savedReportPath(saved.id));
    await title(page, SAVED_NAME).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete saved report' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(reportMessages.deleted).first().waitFor();
    await page.waitForURL('**/report-chart');
    expect(await db.savedReport.count({ where: { id: saved.id } })).toBe(0);
    written.savedId = '';
    await page.close();
  });

  it('the risk matrix before controls is a heat grid', async () => {
    const page = await signedInPage(browser, 'olivia.admin', SCREEN.desktop);
    await page.goto(`${reportPath('risks')}?by=matrixBefore`);
    const grid = page.getByRole('figure', { name: 'Risks by Matrix before controls' });
    await grid.getByText('Likelihood 5').first().waitFor();
    await grid.getByRole('button').first().waitFor();
    await grid.scrollIntoViewIfNeeded();
    await screenshot(page, 'report-risk-matrix');
    await page.close();
  });

  it('without reportChart there is no menu entry and a report is refused', async () => {
    // Mia's role, without reportChart, for this test only.
    const employee = await db.employee.findUniqueOrThrow({ where: { id: at.mia }, include: { role: true } });
    const role = await db.role.create({
      data: {
        companyId: employee.companyId,
        name: 'Restricted Employee (no reports)',
        access: { ...(employee.role!.access as Record<string, boolean>), reportChart: false },
      },
    });
    written.role = role.id;
    written.miaRole = employee.roleId!;
    await db.employee.update({ where: { id: at.mia }, data: { roleId: role.id } });

    const page = await signedInPage(browser, 'mia.employee');
    const menu = page.getByRole('navigation');
    await menu.getByRole('link').first().waitFor();
    expect(await menu.getByRole('link', { name: 'Reports & Charts' }).count()).toBe(0);
    await page.goto(reportPath('actions'));
    await page.getByText(reportMessages.noAccess).waitFor();
    await page.close();
  });
});
