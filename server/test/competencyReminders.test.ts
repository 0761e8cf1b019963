import {
  addDays,
  displayDay,
  localDateOf,
  taskDueType,
  type TDashboardListResponse,
  type TScheduledReviewItem,
} from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompetencyReminders } from '../src/modules/competencies/reminders';
import { apiCalls, employeeOf, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * Competency expiry reminders (issue 42; docs/human-resources.md, "Expiry reminders"): the items of
 * the dashboard's Scheduled Reviews (the employee's own, their direct reports', never another
 * organisation's; a renewal takes them off) and the mail job (once per latest record, to the
 * employee with a copy to their manager). The demo: Mia (a Technician, Ethan her manager) has
 * Working at Heights expiring in 18 days and Confined Space Entry (required) expired 40 days ago.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
const ids = { company: '', mia: '', olivia: '', sam: '' };
const today = localDateOf(new Date(), 'UTC');

beforeAll(async () => {
  ctx = await setupTestApp();
  await setRoleKeys(ctx.db, 'mia.employee', { hrAdmin: false, hrEmployeeRecord: false });
  tokens = await signInAll(ctx.app, ['olivia.admin', 'ethan.coordinator', 'mia.employee', 'sam.southbank']);
  const mia = await employeeOf(ctx.db, 'mia.employee');
  ids.company = mia.companyId;
  ids.mia = mia.id;
  ids.olivia = (await employeeOf(ctx.db, 'olivia.admin')).id;
  ids.sam = (await employeeOf(ctx.db, 'sam.southbank')).id;
});

const { data } = apiCalls(
  () => ctx,
  () => tokens,
);

/** The competency items of the caller's Scheduled Reviews, and the section's total. */
async function competencyItems(as: string) {
  const { list } = (await data(as, 'dashboardList', { localTimeZone: 'UTC' })) as TDashboardListResponse;
  const section = list.scheduledReviews;
  const items = section.list.filter((item) => item.sectionType === 'competency');
  return { items, total: section.total, others: section.list.length - items.length };
}

/** The names of the caller's competency items about one employee. */
const itemsAbout = async (as: string, employeeId: string) =>
  (await competencyItems(as)).items.filter((item) => item.itemId === employeeId).map((item) => item.name);

const competencyNamed = (name: string) =>
  ctx.db.competency.findFirstOrThrow({ where: { companyId: ids.company, name } }).then((row) => row.id);

describe('the dashboard: Scheduled Reviews lists the competencies to renew', () => {
  it("lists the employee's own expiring records and expired required ones, by expiry, in the total", async () => {
    const { items, total, others } = await competencyItems('mia.employee');
    expect(items.map((item) => item.name)).toEqual(['Confined Space Entry', 'Working at Heights ticket']);
    const [expired, expiring] = items as [TScheduledReviewItem, TScheduledReviewItem];
    expect(expired).toMatchObject({
      itemId: ids.mia,
      actionBy: 'Mia Torres',
      dueDate: addDays(today, -40),
      taskDueDateType: taskDueType(addDays(today, -40), today),
      badge: 'Pending Completion',
    });
    expect(expiring.dueDate).toBe(addDays(today, 18));
    expect(total).toBe(others + 2);
    // Ethan is her manager in the demo: he follows her renewals (HR alone would not).
    expect(await itemsAbout('ethan.coordinator', ids.mia)).toEqual([
      'Confined Space Entry — Mia Torres',
      'Working at Heights ticket — Mia Torres',
    ]);
  });

  it('an expired record of a competency not required, or one not expiring soon, is not listed', async () => {
    const competencyId = (await data('olivia.admin', 'competencySave', {
      name: `Boat Licence ${Math.random().toString(36).slice(2, 8)}`,
      kind: 'licence',
      description: null,
      expires: true,
      validForMonths: 12,
    })) as { _id: string };
    await data('mia.employee', 'competencyRecordSave', {
      competencyId: competencyId._id,
      employeeId: ids.mia,
      achievedOn: addDays(today, -400),
      expiresOn: addDays(today, -5),
    });
    expect((await competencyItems('mia.employee')).items).toHaveLength(2);
  });

  it("lists a manager their active direct reports' items; never another organisation's manager", async () => {
    await ctx.db.employee.update({ where: { id: ids.mia }, data: { managerEmployeeId: ids.olivia } });
    const { items } = await competencyItems('olivia.admin');
    const mias = items.filter((item) => item.itemId === ids.mia);
    expect(mias.map((item) => [item.name, item.itemId, item.badge])).toEqual([
      ['Confined Space Entry — Mia Torres', ids.mia, 'Pending For Review'],
      ['Working at Heights ticket — Mia Torres', ids.mia, 'Pending For Review'],
    ]);
    // The item opens: the manager reads the employee's competencies (the summary call).
    expect(
      (await data('olivia.admin', 'employeeCompetencySummary', { employeeId: ids.mia })).rows,
    ).not.toEqual([]);
    // A manager of another organisation (a row that should never be) sees nothing of Northwind's.
    await ctx.db.employee.update({ where: { id: ids.mia }, data: { managerEmployeeId: ids.sam } });
    expect((await competencyItems('sam.southbank')).items).toEqual([]);
    expect(await itemsAbout('olivia.admin', ids.mia)).toEqual([]);
    await ctx.db.employee.update({ where: { id: ids.mia }, data: { managerEmployeeId: ids.olivia } });
  });

  it('a renewal takes the item off, for the employee and the manager alike', async () => {
    await data('mia.employee', 'competencyRecordSave', {
      competencyId: await competencyNamed('Working at Heights ticket'),
      employeeId: ids.mia,
      achievedOn: today,
    });
    expect((await competencyItems('mia.employee')).items.map((item) => item.name)).toEqual([
      'Confined Space Entry',
    ]);
    expect(await itemsAbout('olivia.admin', ids.mia)).toEqual(['Confined Space Entry — Mia Torres']);
  });
});

describe('the mail: one reminder per latest record entering the window', () => {
  const mailsAbout = (name: string) =>
    ctx.db.mailMessage.findMany({
      where: { companyId: ids.company, subject: { contains: `Reminder: ${name} ` } },
    });

  it('mails the employee once, copied to their manager; expired and non-latest records are not mailed', async () => {
    const name = `Crane Ticket ${Math.random().toString(36).slice(2, 8)}`;
    const { _id: competencyId } = (await data('olivia.admin', 'competencySave', {
      name,
      kind: 'ticket',
      description: null,
      expires: true,
      validForMonths: 24,
    })) as { _id: string };
    const save = (employeeId: string, expiresOn: string) =>
      data('olivia.admin', 'competencyRecordSave', {
        competencyId,
        employeeId,
        achievedOn: addDays(today, -700),
        expiresOn,
      }) as Promise<{ _id: string }>;
    const mias = await save(ids.mia, addDays(today, 10));
    // Olivia's record within the window is replaced by a renewal: it is no longer the latest.
    const replaced = await save(ids.olivia, addDays(today, 5));
    await save(ids.olivia, addDays(today, 400));

    const reminders = new CompetencyReminders(ctx.db, ctx.app.mail, { publicUrl: 'http://compass.test' });
    expect(await reminders.send()).toBeGreaterThan(0);
    const mia = await ctx.db.employee.findUniqueOrThrow({ where: { id: ids.mia }, include: { user: true } });
    const olivia = await ctx.db.employee.findUniqueOrThrow({
      where: { id: ids.olivia },
      include: { user: true },
    });
    const mails = await mailsAbout(name);
    expect(mails.map((mail) => [mail.toAddress, mail.ccAddresses, mail.subject])).toEqual([
      [
        mia.email ?? mia.user!.email,
        [olivia.email ?? olivia.user!.email],
        `Reminder: ${name} expires on ${displayDay(addDays(today, 10))}`,
      ],
    ]);
    expect(mails[0]!.textBody).toContain(`http://compass.test/human-resource/employee/competency/${ids.mia}`);
    const claimed = async (id: string) =>
      (await ctx.db.competencyRecord.findUniqueOrThrow({ where: { id } })).reminderSentAt;
    expect(await claimed(mias._id)).not.toBeNull();
    expect(await claimed(replaced._id)).toBeNull();

    // Once: a second run finds it claimed.
    await reminders.send();
    expect(await mailsAbout(name)).toHaveLength(1);
    // Mia's Confined Space Entry expired 40 days ago: past the window, never mailed.
    expect(await mailsAbout('Confined Space Entry')).toEqual([]);
  });
});
