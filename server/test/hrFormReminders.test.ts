import { addDays, displayDay, localDateOf } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { HrFormReminders, HR_FORM_REMINDER_DAYS } from '../src/modules/hrForms/reminders';
import { apiCalls, employeeOf, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * The reminder before an HR form's due date (issue 42; docs/human-resources.md, "HR forms"): once
 * per assignment within HR_FORM_REMINDER_DAYS of its due date, to the employee while it is assigned
 * and to the reviewer once submitted; not for one just assigned, withdrawn, past due or further off;
 * two job runs at once send it once.
 */
const WELLBEING = demoId('nw:template:wellbeing');
const today = localDateOf(new Date(), 'UTC');
const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let tokens: Record<string, string>;
let reminders: HrFormReminders;
const people = { mia: { id: '', email: '' }, ethan: { id: '', email: '' } };
const { data } = apiCalls(
  () => ctx,
  () => tokens,
);

beforeAll(async () => {
  ctx = await setupTestApp();
  await setRoleKeys(ctx.db, 'olivia.admin', { hrForm: true });
  tokens = await signInAll(ctx.app, ['olivia.admin']);
  for (const [name, username] of [
    ['mia', 'mia.employee'],
    ['ethan', 'ethan.coordinator'],
  ] as const) {
    const employee = await employeeOf(ctx.db, username);
    const user = await ctx.db.user.findFirstOrThrow({ where: { employeeId: employee.id } });
    people[name] = { id: employee.id, email: employee.email ?? user.email! };
  }
  reminders = new HrFormReminders(ctx.db, ctx.app.mail, 'http://compass.test');
});

/** An assignment of the wellbeing check to Mia, reviewed by Ethan, assigned `daysAgo` days ago. */
async function assigned(dueDate: string, daysAgo = 2): Promise<string> {
  const { ids } = await data('olivia.admin', 'hrFormAssign', {
    formTemplateId: WELLBEING,
    employeeIds: [people.mia.id],
    reviewerEmployeeId: people.ethan.id,
    dueDate,
  });
  await ctx.db.hrFormAssignment.update({
    where: { id: ids[0] },
    data: { createdAt: new Date(Date.now() - daysAgo * DAY) },
  });
  return ids[0] as string;
}

const remindersOf = (dueDate: string) =>
  ctx.db.mailMessage.findMany({
    where: { subject: { contains: `is due on ${displayDay(dueDate)}` }, category: 'hrForm' },
    orderBy: { createdAt: 'asc' },
  });
const sentAt = async (id: string) =>
  (await ctx.db.hrFormAssignment.findUniqueOrThrow({ where: { id } })).reminderSentAt;

describe('the reminder before the due date', () => {
  it('goes once to the employee of an assigned form, with a link to it', async () => {
    const dueDate = addDays(today, HR_FORM_REMINDER_DAYS);
    const id = await assigned(dueDate);
    await reminders.send();
    const mails = await remindersOf(dueDate);
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [people.mia.email, `Reminder: Annual Wellbeing Check is due on ${displayDay(dueDate)}`],
    ]);
    expect(mails[0]!.textBody).toContain(`http://compass.test/`);
    expect(mails[0]!.textBody).toContain(id);
    expect(await sentAt(id)).not.toBeNull();
    await reminders.send();
    expect(await remindersOf(dueDate)).toHaveLength(1);
  });

  it('goes to the reviewer once the form is submitted', async () => {
    const dueDate = addDays(today, 1);
    const id = await assigned(dueDate);
    await ctx.db.hrFormAssignment.update({ where: { id }, data: { status: 'submitted' } });
    await reminders.send();
    const mails = await remindersOf(dueDate);
    expect(mails.map((mail) => mail.toAddress)).toEqual([people.ethan.email]);
    expect(mails[0]!.textBody).toContain("Mia Torres's HR form");
  });

  it('is not sent for one just assigned, withdrawn, past due or not yet within the window', async () => {
    const soon = addDays(today, 2);
    const justAssigned = await assigned(soon, 0);
    const withdrawn = await assigned(soon);
    await data('olivia.admin', 'hrFormCancel', { _id: withdrawn });
    const later = addDays(today, HR_FORM_REMINDER_DAYS + 1);
    const notYet = await assigned(later);
    const yesterday = addDays(today, -1);
    const pastDue = await ctx.db.hrFormAssignment.create({
      data: { ...(await assignmentData(justAssigned)), dueDate: new Date(`${yesterday}T00:00:00Z`) },
    });
    await reminders.send();
    for (const id of [justAssigned, withdrawn, notYet, pastDue.id]) expect(await sentAt(id)).toBeNull();
    expect(await remindersOf(later)).toEqual([]);
    expect(await remindersOf(yesterday)).toEqual([]);
    // A day after its assignment mail, the one just assigned is reminded of.
    await reminders.send(new Date(Date.now() + DAY + 60_000));
    expect(await sentAt(justAssigned)).not.toBeNull();
    expect(await sentAt(withdrawn)).toBeNull();
  });

  it('is sent once when two job runs take it at the same time', async () => {
    // Due today: a day no other case of this file uses.
    const dueDate = today;
    await assigned(dueDate);
    const other = new HrFormReminders(ctx.db, ctx.app.mail, 'http://compass.test');
    await Promise.all([reminders.send(), other.send()]);
    expect(await remindersOf(dueDate)).toHaveLength(1);
  });
});

/** The columns of an existing assignment, for a copy of it made in the database. */
async function assignmentData(id: string) {
  const {
    id: _id,
    createdAt: _createdAt,
    ...row
  } = await ctx.db.hrFormAssignment.findUniqueOrThrow({ where: { id } });
  return row;
}
