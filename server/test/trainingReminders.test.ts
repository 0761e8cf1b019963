import { randomUUID } from 'node:crypto';
import { addDays, displayDay, localDateOf } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendTrainingReminders, TRAINING_REMINDER_DAYS } from '../src/modules/onlineTraining/reminders';
import { apiCalls, employeeOf, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * The reminder before an online training's complete-by day (issue 43; docs/online-training.md,
 * "Reminders"): once per assignment within TRAINING_REMINDER_DAYS of the day while it is the
 * trainee's to take; not for one just assigned, further off, passed, awaiting review or cancelled;
 * a person without an account gets a working link; another attempt allowed re-arms it. HR is
 * Olivia, the reviewer Ethan, Mia the trainee; Sam is HR of another organisation.
 */
const HR = 'olivia.admin';
const OTHER_HR = 'sam.southbank';
const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let tokens: Record<string, string>;
let today: string;
let companyId: string;
const people = { mia: '', miaEmail: '', ethan: '', liam: '', sam: '', samTrainee: '' };
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

beforeAll(async () => {
  ctx = await setupTestApp();
  await setRoleKeys(ctx.db, OTHER_HR, { hrAdmin: true });
  tokens = await signInAll(ctx.app, [HR, OTHER_HR]);
  const mia = await employeeOf(ctx.db, 'mia.employee');
  people.mia = mia.id;
  people.miaEmail =
    mia.email ?? (await ctx.db.user.findFirstOrThrow({ where: { employeeId: mia.id } })).email!;
  people.ethan = (await employeeOf(ctx.db, 'ethan.coordinator')).id;
  const liam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } });
  // Liam signs in; a person of his supplier who does not takes the training by link.
  const person = await ctx.db.personnel.findUniqueOrThrow({ where: { id: liam.personnelId! } });
  people.liam = (
    await ctx.db.personnel.create({
      data: {
        companyId: mia.companyId,
        supplierId: person.supplierId,
        firstName: 'Pat',
        lastName: 'Reminded',
        email: 'pat.reminded@acme.example',
      },
    })
  ).id;
  const sam = await employeeOf(ctx.db, OTHER_HR);
  people.sam = sam.id;
  // Sam's organisation's trainee, without an account.
  people.samTrainee = (
    await ctx.db.employee.create({
      data: {
        companyId: sam.companyId,
        firstName: 'Rae',
        lastName: 'Southbank',
        email: 'rae@southbank.example',
      },
    })
  ).id;
  companyId = mia.companyId;
  const company = await ctx.db.company.findUniqueOrThrow({ where: { id: mia.companyId } });
  today = localDateOf(new Date(), company.timeZone);
});

let courses = 0;

/** A published course of one true/false question (true is right), by `hr`: its id and question. */
async function publishedCourse(hr = HR): Promise<{ courseId: string; name: string; questionId: string }> {
  const questionId = randomUUID();
  const name = `Reminded course ${++courses}`;
  const saved = await data(hr, 'trainingCourseSave', {
    name,
    content: {
      introduction: 'Read this.',
      sections: [{ _id: randomUUID(), title: 'Part', body: '<p>Text.</p>' }],
      questions: [{ _id: questionId, kind: 'trueFalse', text: 'True?', correctAnswer: true }],
      passMark: 100,
      attemptsAllowed: 1,
      expectedMinutes: 5,
    },
  });
  await data(hr, 'trainingCoursePublish', { _id: saved._id, revision: saved.revision });
  return { courseId: saved._id as string, name, questionId };
}

/** Assigns a new course due on `completeBy`, made `daysAgo` days ago: the assignment and course. */
async function assigned(
  completeBy: string,
  whom: object = { employeeIds: [people.mia] },
  { daysAgo = 2, hr = HR, reviewer = people.ethan } = {},
) {
  const course = await publishedCourse(hr);
  const { ids } = await data(hr, 'trainingAssign', {
    courseId: course.courseId,
    reviewerEmployeeId: reviewer,
    completeBy,
    ...whom,
  });
  const id = ids[0] as string;
  await ctx.db.onlineTrainingAssignment.update({
    where: { id },
    data: { createdAt: new Date(Date.now() - daysAgo * DAY) },
  });
  return { id, ...course };
}

const remind = (now?: Date) =>
  sendTrainingReminders(ctx.db, { mail: ctx.app.mail, publicUrl: 'http://compass.test' }, now);
const remindersOf = (course: string) =>
  ctx.db.mailMessage.findMany({
    where: { subject: { startsWith: `Reminder: ${course} is due by` } },
    orderBy: { createdAt: 'asc' },
  });
const sentAt = async (id: string) =>
  (await ctx.db.onlineTrainingAssignment.findUniqueOrThrow({ where: { id } })).reminderSentAt;

describe('the reminder before the complete-by day', () => {
  it('goes once to the trainee inside the window, with a link to the course', async () => {
    const completeBy = addDays(today, TRAINING_REMINDER_DAYS);
    const { id, name, courseId } = await assigned(completeBy);
    await remind();
    const mails = await remindersOf(name);
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [people.miaEmail, `Reminder: ${name} is due by ${displayDay(completeBy)}`],
    ]);
    expect(mails[0]!.textBody).toContain('http://compass.test/');
    expect(mails[0]!.textBody).toContain(courseId);
    expect(await sentAt(id)).not.toBeNull();
    await remind();
    expect(await remindersOf(name)).toHaveLength(1);
  });

  it('is not sent outside the window, for one just assigned, nor once passed, awaiting review or cancelled', async () => {
    const soon = addDays(today, 1);
    const later = await assigned(addDays(today, TRAINING_REMINDER_DAYS + 1));
    const justAssigned = await assigned(soon, undefined, { daysAgo: 0 });
    const passed = await assigned(soon);
    const awaitingReview = await assigned(soon);
    const cancelled = await assigned(soon);
    await ctx.db.onlineTrainingAssignment.update({
      where: { id: passed.id },
      data: { status: 'passed', score: 100, passedAt: new Date() },
    });
    await ctx.db.onlineTrainingAssignment.update({
      where: { id: awaitingReview.id },
      data: { status: 'awaitingReview' },
    });
    expect((await call(HR, 'trainingAssignmentCancel', { _id: cancelled.id })).statusCode).toBe(200);
    await remind();
    for (const row of [later, justAssigned, passed, awaitingReview, cancelled]) {
      expect(await sentAt(row.id)).toBeNull();
      expect(await remindersOf(row.name)).toEqual([]);
    }
    // A day after its assignment mail, the one just assigned is reminded of.
    await remind(new Date(Date.now() + DAY + 60_000));
    expect(await remindersOf(justAssigned.name)).toHaveLength(1);
    expect(await sentAt(cancelled.id)).toBeNull();
  });

  it('gives a person without an account a new link that opens the training', async () => {
    const { id, name } = await assigned(addDays(today, 2), { personnelIds: [people.liam] });
    await remind();
    const [mail] = await remindersOf(name);
    expect(mail?.toAddress).toBe('pat.reminded@acme.example');
    const link = /\/online-training\/employee\/form-attempt\/([^?]+)\?authtoken=([^\s"&]+)/.exec(
      mail!.textBody,
    );
    expect(link?.[1]).toBe(id);
    const opened = await ctx.app.inject({
      method: 'POST',
      url: `/api/trainingAssignmentOpen?authtoken=${link![2]}`,
      payload: { _id: id },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await ctx.db.linkToken.count({ where: { resourceId: id, revokedAt: null } })).toBe(2);
  });

  it('is not sent to a trainee who has left', async () => {
    const { supplierId } = await ctx.db.personnel.findUniqueOrThrow({ where: { id: people.liam } });
    const gone = await ctx.db.personnel.create({
      data: {
        companyId: companyId,
        supplierId,
        firstName: 'Gus',
        lastName: 'Gone',
        email: 'gus@acme.example',
      },
    });
    const { name } = await assigned(addDays(today, 2), { personnelIds: [gone.id] });
    await ctx.db.personnel.update({ where: { id: gone.id }, data: { isActive: false } });
    await remind();
    expect(await remindersOf(name)).toEqual([]);
  });

  it('comes again once HR allows another attempt', async () => {
    const { id, name } = await assigned(addDays(today, 2));
    await remind();
    await ctx.db.onlineTrainingAssignment.update({
      where: { id },
      data: { status: 'failed', completedTestAttempt: 1 },
    });
    expect((await call(HR, 'trainingAssignmentAllowAttempt', { _id: id })).statusCode).toBe(200);
    expect(await sentAt(id)).toBeNull();
    await remind();
    expect(await remindersOf(name)).toHaveLength(2);
  });

  it('reminds each organisation’s trainee in their own organisation only', async () => {
    const ours = await assigned(addDays(today, 2));
    const theirs = await assigned(
      addDays(today, 2),
      { employeeIds: [people.samTrainee] },
      { hr: OTHER_HR, reviewer: people.sam },
    );
    const [mia, sam] = await Promise.all([employeeOf(ctx.db, 'mia.employee'), employeeOf(ctx.db, OTHER_HR)]);
    await remind();
    const [ourMail] = await remindersOf(ours.name);
    const [theirMail] = await remindersOf(theirs.name);
    expect(ourMail?.companyId).toBe(mia.companyId);
    expect(theirMail?.companyId).toBe(sam.companyId);
    expect(theirMail?.toAddress).toBe('rae@southbank.example');
    expect(theirMail?.textBody).not.toContain(ours.id);
  });
});
