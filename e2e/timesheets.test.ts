import fs from 'node:fs';
import {
  addDays,
  dayOfWeek,
  displayDay,
  localDateOf,
  personName,
  startOfLocalDay,
  timesheetMessages,
  timesheetPath,
  totalHours,
} from '@compass/shared';
import { parse } from 'csv-parse/sync';
import { format, parseISO } from 'date-fns';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawOn, screenshot, shootWidths, signedInPage, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const db = useDatabase();

/** The page's own heading (the app header repeats it). */
const title = (page: Page, name?: string) =>
  page.locator('#main-content').getByRole('heading', { level: 1, ...(name && { name }) });

const REASON = 'Forgot to clock out; left at 16:30 (checked with the gate log).';

/** The organisation's zone, today and this week's Monday; the employee and her manager. */
const at = { timeZone: '', today: '', thisWeek: '' };
const people = { mia: '', ethan: '' };

/** The Monday of a day's week (weeks run Monday to Sunday). */
const mondayOf = (day: string) => addDays(day, -((dayOfWeek(day) + 6) % 7));
/** The organisation's week an instant falls in. */
const weekOf = (instant: Date) => mondayOf(localDateOf(instant, at.timeZone));

beforeAll(async () => {
  const mia = await db.user.findUniqueOrThrow({
    where: { username: 'mia.employee' },
    include: { company: true },
  });
  const ethan = await db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
  people.mia = mia.employeeId!;
  people.ethan = ethan.employeeId!;
  at.timeZone = mia.company.timeZone;
  at.today = localDateOf(new Date(), at.timeZone);
  at.thisWeek = mondayOf(at.today);
});

/** What the flow writes, put back after it: the shared database as the other files expect it. */
const written = { clockIn: '', corrected: '', approval: '', since: new Date() };
afterAll(async () => {
  // Mia is "Not clocked in" again, and the missed clock-out is missed again, unapproved.
  if (written.clockIn) await db.timesheetRecord.delete({ where: { id: written.clockIn } });
  if (written.corrected)
    await db.timesheetRecord.update({
      where: { id: written.corrected },
      data: { signOutAt: null, correctedAt: null },
    });
  if (written.approval) await db.timesheetApproval.delete({ where: { id: written.approval } });
  await db.changeLog.deleteMany({
    where: { entityType: { in: ['timesheetRecord', 'timesheetWeek'] }, createdAt: { gte: written.since } },
  });
});

/** An hour figure as the timesheet screens show it. */
const hoursText = (hours: number) => hours.toFixed(2);

/**
 * A week's hours as the rules count them: each closed entry's hours (2 decimals), summed and
 * rounded; an open entry (clocked in now, or a missed clock-out) counts nothing.
 */
async function weekHours(employeeId: string, weekStart: string): Promise<number> {
  const records = await db.timesheetRecord.findMany({
    where: {
      employeeId,
      signOutAt: { not: null },
      signInAt: {
        gte: startOfLocalDay(weekStart, at.timeZone),
        lt: startOfLocalDay(addDays(weekStart, 7), at.timeZone),
      },
    },
  });
  const hours = records.reduce((sum, record) => sum + totalHours(record.signInAt, record.signOutAt!), 0);
  return Math.round(hours * 100) / 100;
}

/** The week navigation's label: "24 Nov – 30 Nov 2026" (a year on both ends across New Year). */
function weekLabel(weekStart: string): string {
  const sunday = addDays(weekStart, 6);
  const sameYear = weekStart.slice(0, 4) === sunday.slice(0, 4);
  return `${format(parseISO(weekStart), sameYear ? 'd MMM' : 'd MMM yyyy')} – ${format(parseISO(sunday), 'd MMM yyyy')}`;
}

/** The "Total hours" footer of the week on screen. */
const footer = (page: Page) => page.getByRole('row', { name: /Total hours/ });

/**
 * Issue 45, TimeSheet ("Done when"): Mia clocks in and out on her QR page with a signature and her
 * week shows the entry, its signature and the week's total; her manager Ethan corrects the seeded
 * missed clock-out of his report (Jack, two days ago) with a reason and approves an ended week of
 * his; payroll (Olivia, hrAdmin) exports the approved hours. Weeks are counted from the day the
 * test runs on, in the organisation's zone.
 */
describe('TimeSheet from the clock-in to the payroll export', () => {
  it('mia clocks in and out with a signature and her week shows the entry and its total', async () => {
    const mia = await signedInPage(browser, 'mia.employee');
    await mia.goto(`/employeeclockin/${people.mia}`);
    const clockIn = mia.getByRole('button', { name: 'CLOCK IN' });
    await clockIn.waitFor();
    // Nothing signed yet: CLOCK IN waits for the signature.
    await mia.getByText('Sign above to clock in').waitFor();
    expect(await clockIn.isDisabled()).toBe(true);
    await drawOn(mia, 'Signature');
    await expect.poll(() => clockIn.isEnabled()).toBe(true);
    await clockIn.click();
    await mia.getByText('You are clocked in.').waitFor();
    const mine = await db.timesheetRecord.findFirstOrThrow({
      where: { employeeId: people.mia, signOutAt: null },
    });
    written.clockIn = mine.id;
    expect(mine.signature).toMatch(/^data:image\/png;base64,/);
    await mia.getByRole('button', { name: 'CLOCK OUT' }).click();
    await mia.getByText('You are clocked out.').waitFor();

    await mia.goto('/timesheet');
    await title(mia, 'TimeSheet').waitFor();
    await mia.getByText(weekLabel(at.thisWeek)).waitFor();
    // The day's entries, the new one with its signature; the week's total as the rules count it.
    const today = mia
      .getByRole('table')
      .getByRole('rowgroup')
      .filter({ hasText: format(parseISO(at.today), 'EEE d MMM') });
    await today.getByRole('img', { name: 'Signature' }).first().waitFor();
    const total = await weekHours(people.mia, at.thisWeek);
    await expect.poll(() => footer(mia).innerText()).toContain(hoursText(total));
    await mia.getByText('Not approved').waitFor();
    // Her own week is hers to read: nobody corrects or approves their own.
    expect(await mia.getByRole('button', { name: 'Correct' }).count()).toBe(0);

    // Last week, a whole one, is the photographed week (this week may have only begun).
    const lastWeek = addDays(at.thisWeek, -7);
    await mia.getByRole('button', { name: 'Previous week' }).click();
    await mia.getByText(weekLabel(lastWeek)).waitFor();
    await expect
      .poll(() => footer(mia).innerText())
      .toContain(hoursText(await weekHours(people.mia, lastWeek)));
    await shootWidths(mia, 'timesheet-week');
    await mia.getByRole('button', { name: 'This week' }).click();
    await mia.getByText(weekLabel(at.thisWeek)).waitFor();
    await mia.close();
  });

  /** The missed clock-out's employee and the ended week approved, handed to the export. */
  const decided = { name: '', weekStart: '', total: 0 };

  it('the manager corrects a missed clock-out with a reason and approves an ended week', async () => {
    // The seed leaves one of Ethan's reports with an entry open since an earlier day.
    const reports = await db.employee.findMany({ where: { managerEmployeeId: people.ethan } });
    const missed = await db.timesheetRecord.findFirstOrThrow({
      where: {
        employeeId: { in: reports.map((report) => report.id) },
        signOutAt: null,
        signInAt: { lt: startOfLocalDay(at.today, at.timeZone) },
      },
      orderBy: { signInAt: 'desc' },
    });
    const employeeId = missed.employeeId;
    decided.name = personName(reports.find((report) => report.id === employeeId));
    const missedWeek = weekOf(missed.signInAt);
    // Only an ended week is approved: the missed clock-out's, or last week when it is this week's.
    decided.weekStart = missedWeek === at.thisWeek ? addDays(at.thisWeek, -7) : missedWeek;

    const ethan = await signedInPage(browser, 'ethan.coordinator');
    await ethan.goto(`/timesheet/team?week=${missedWeek}`);
    await title(ethan, 'Team timesheets').waitFor();
    const team = ethan.getByRole('table', { name: 'Team timesheets' });
    const row = team.getByRole('row').filter({ has: ethan.getByRole('link', { name: decided.name }) });
    await row.getByText('Missed clock-out').waitFor();
    await shootWidths(ethan, 'timesheet-team');

    // The week with the missed clock-out: flagged, and not to approve until it is corrected.
    await row.getByRole('link', { name: decided.name }).click();
    await ethan.waitForURL(`**${timesheetPath(employeeId, missedWeek)}`);
    await title(ethan, `${decided.name} — TimeSheet`).waitFor();
    const flagged = ethan.getByRole('row').filter({ hasText: 'Missed clock-out' });
    await flagged.waitFor();
    await ethan.getByText(timesheetMessages.missedClockOuts).waitFor();
    expect(await ethan.getByRole('button', { name: 'Approve week' }).isDisabled()).toBe(true);
    await flagged.getByRole('button', { name: 'Correct' }).click();
    const dialog = ethan.getByRole('dialog', { name: 'Correct entry' });
    await dialog.getByLabel('Clock-out time').fill(`${localDateOf(missed.signInAt, at.timeZone)}T16:30`);
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    written.corrected = missed.id;
    await ethan.getByText(timesheetMessages.corrected).first().waitFor();
    await ethan.getByText('Corrected', { exact: true }).first().waitFor();
    await expect.poll(() => ethan.getByText('Missed clock-out', { exact: true }).count()).toBe(0);
    await ethan.getByRole('region', { name: 'History' }).getByText(REASON, { exact: false }).waitFor();
    const corrected = await db.timesheetRecord.findUniqueOrThrow({ where: { id: missed.id } });
    expect(corrected.correctedAt).not.toBeNull();
    expect(localDateOf(corrected.signOutAt!, at.timeZone)).toBe(localDateOf(missed.signInAt, at.timeZone));
    const log = await db.changeLog.findFirstOrThrow({
      where: { entityType: 'timesheetRecord', entityId: missed.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(log.changes).toMatchObject({ reason: REASON, before: { signOutAt: null } });

    // The ended week, approved with its hours.
    if (decided.weekStart !== missedWeek) await ethan.getByRole('button', { name: 'Previous week' }).click();
    await ethan.getByText(weekLabel(decided.weekStart)).waitFor();
    decided.total = await weekHours(employeeId, decided.weekStart);
    expect(decided.total).toBeGreaterThan(0);
    await expect.poll(() => footer(ethan).innerText()).toContain(hoursText(decided.total));
    await ethan.getByRole('button', { name: 'Approve week' }).click();
    await ethan.getByText(timesheetMessages.approved).first().waitFor();
    await ethan.getByText(/Approved by Ethan Clarke on \d\d\/\d\d\/\d{4}/).waitFor();
    await ethan.getByRole('button', { name: 'Withdraw approval' }).waitFor();
    const approval = await db.timesheetApproval.findFirstOrThrow({
      where: { employeeId, weekStart: new Date(`${decided.weekStart}T00:00:00Z`) },
    });
    written.approval = approval.id;
    expect(Number(approval.totalHours)).toBe(decided.total);
    await ethan.evaluate(() => window.scrollTo(0, 0));
    await screenshot(ethan, 'timesheet-employee');

    // His own week opens read-only: no Correct, no Approve week.
    await ethan.goto(timesheetPath(people.ethan, decided.weekStart));
    await title(ethan, 'Ethan Clarke — TimeSheet').waitFor();
    await footer(ethan).or(ethan.getByText('No clock-ins this week')).waitFor();
    expect(await ethan.getByRole('button', { name: /^(Correct|Approve week)$/ }).count()).toBe(0);
    await ethan.close();
  });

  it('payroll exports the approved week with its hours', async () => {
    const olivia = await signedInPage(browser, 'olivia.admin');
    await olivia.goto(`/timesheet/team?week=${decided.weekStart}`);
    await title(olivia, 'Team timesheets').waitFor();
    await olivia.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = olivia.getByRole('dialog', { name: 'Export approved hours' });
    await dialog.getByLabel('From').fill(displayDay(decided.weekStart));
    await dialog.getByLabel('To').fill(displayDay(addDays(decided.weekStart, 6)));
    const [download] = await Promise.all([
      olivia.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const rows = parse(fs.readFileSync((await download.path())!, 'utf8'), {
      bom: true,
      columns: true,
    }) as Array<Record<string, string>>;
    const approved = rows.find((row) => row.Employee === decided.name);
    expect(approved).toBeDefined();
    expect(approved!['Week starting']).toBe(decided.weekStart);
    expect(Number(approved!['Total hours'])).toBe(decided.total);
    expect(approved!['Approved by']).toBe('Ethan Clarke');
    await olivia.close();
  });
});
