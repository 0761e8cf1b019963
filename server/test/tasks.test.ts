import { taskMessages as say, type TTaskSave } from '@compass/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createPrisma } from '../src/db/prisma';
import { startJobs, SUPPLIER_REMINDERS_JOB, TASK_REMINDERS_JOB } from '../src/plugins/jobs';
import PgBoss from 'pg-boss';
import {
  apiCalls,
  checkAnswers,
  setRoleKeys,
  setupTestApp,
  signIn,
  signInAll,
  type TestContext,
} from './helpers';

/**
 * Tasks and reminders: every call, the recurrence through the API on an injected clock (month
 * ends, leap days, weekdays, a daylight-saving weekend), and the reminder job's once-only mail
 * with two app instances (two processes) and after a restart.
 */
let clock = new Date('2027-01-10T09:00:00Z');
let ctx: TestContext;
let tokens: Record<string, string>;
let people: { ethan: string; mia: string; olivia: string; sam: string; workplace: string };
let emails: { mia: string; olivia: string };

beforeAll(async () => {
  ctx = await setupTestApp({}, { now: () => clock });
  tokens = await signInAll(ctx.app);
  tokens['acme.supplier'] = await signIn(ctx.app, 'acme.supplier');
  const employee = async (username: string) =>
    (await ctx.db.user.findUniqueOrThrow({ where: { username }, include: { employee: true } })).employee!;
  const ethan = await employee('ethan.coordinator');
  const mia = await employee('mia.employee');
  const olivia = await employee('olivia.admin');
  people = {
    ethan: ethan.id,
    mia: mia.id,
    olivia: olivia.id,
    sam: (await employee('sam.southbank')).id,
    workplace: ethan.workplaceId!,
  };
  const mailOf = async (username: string) => {
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username }, include: { employee: true } });
    return user.employee!.email ?? user.email!;
  };
  emails = { mia: await mailOf('mia.employee'), olivia: await mailOf('olivia.admin') };
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const unique = () => Math.random().toString(36).slice(2, 8);
const task = (extra: Partial<TTaskSave> = {}): TTaskSave => ({
  title: `Monthly inspection ${unique()}`,
  detail: 'Walk the site and record what needs fixing.',
  ownerId: people.ethan,
  assigneeId: null,
  workplaceId: people.workplace,
  dueDate: '2027-01-31',
  frequency: 'months',
  ...extra,
});
const at = (instant: string) => {
  clock = new Date(instant);
};
const signOff = async (as: string, id: string, response = 'Done.') =>
  (await data(as, 'taskSignOff', { _id: id, response })).next as { _id: string; dueDate: string } | null;
/** Signs off occurrence after occurrence, each on its due day, and answers the due days met. */
const walk = async (id: string, times: number) => {
  const days: string[] = [];
  let current = id;
  for (let step = 0; step < times; step += 1) {
    const details = await data('ethan.coordinator', 'taskDetails', { _id: current });
    at(`${details.dueDate}T10:00:00Z`);
    const next = await signOff('ethan.coordinator', current);
    days.push(next!.dueDate);
    current = next!._id;
  }
  return { days, last: current };
};

describe('create, list and details', () => {
  it('creates a schedule and lists its open occurrence', async () => {
    at('2027-01-10T09:00:00Z');
    const input = task({ assigneeId: people.mia });
    const { _id } = await data('ethan.coordinator', 'taskSave', input);
    const list = await data('ethan.coordinator', 'taskList', { search: input.title });
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({
      _id,
      title: input.title,
      assignee: 'Mia Torres',
      owner: expect.stringContaining('Ethan'),
      frequency: 'months',
      dueDate: '2027-01-31',
      taskDueDateType: 'nodue',
      hasForm: false,
      completedOn: null,
    });
    const details = await data('mia.employee', 'taskDetails', { _id });
    expect(details).toMatchObject({
      anchorDate: '2027-01-31',
      occurrence: 0,
      nextDueDate: '2027-02-28',
      canSignOff: true,
      history: [],
      next: null,
    });
    // Olivia sees it (she holds the key) but it is not hers to sign off.
    expect((await data('olivia.admin', 'taskDetails', { _id })).canSignOff).toBe(false);
  });

  it('filters by assignee, status, due range and overdue, and sorts', async () => {
    at('2027-01-10T09:00:00Z');
    const title = `Filter ${unique()}`;
    await data('ethan.coordinator', 'taskSave', task({ title: `${title} b`, dueDate: '2027-01-20' }));
    await data('ethan.coordinator', 'taskSave', task({ title: `${title} a`, dueDate: '2027-01-12' }));
    const rows = async (filters: object) =>
      (await data('ethan.coordinator', 'taskList', { search: title, ...filters })).rows.map(
        (row: { title: string }) => row.title,
      );
    expect(await rows({})).toEqual([`${title} a`, `${title} b`]);
    expect(await rows({ sortDirection: 'desc' })).toEqual([`${title} b`, `${title} a`]);
    expect(await rows({ dueFrom: '2027-01-15' })).toEqual([`${title} b`]);
    expect(await rows({ dueTo: '2027-01-15' })).toEqual([`${title} a`]);
    expect(await rows({ assigneeId: people.ethan })).toHaveLength(2);
    expect(await rows({ assigneeId: people.mia })).toEqual([]);
    at('2027-01-15T09:00:00Z');
    expect(await rows({ overdue: true })).toEqual([`${title} a`]);
    expect(await rows({ status: 'completed' })).toEqual([]);
  });

  it('offers workplaces, published forms and people', async () => {
    const options = await data('ethan.coordinator', 'taskOptions');
    expect(options.workplaces.length).toBeGreaterThan(0);
    expect(options.templates.length).toBeGreaterThan(0);
    const found = await data('ethan.coordinator', 'taskPeopleSearch', { search: 'Mia' });
    expect(found).toContainEqual({ _id: people.mia, name: 'Mia Torres' });
  });

  it('changes an open occurrence; a new due day starts the schedule again', async () => {
    at('2027-01-10T09:00:00Z');
    const { _id } = await data('ethan.coordinator', 'taskSave', task());
    await data('ethan.coordinator', 'taskSave', { ...task(), _id, title: 'Renamed inspection' });
    expect(await data('ethan.coordinator', 'taskDetails', { _id })).toMatchObject({
      title: 'Renamed inspection',
      anchorDate: '2027-01-31',
    });
    await data('ethan.coordinator', 'taskSave', { ...task(), _id, dueDate: '2027-01-30' });
    expect(await data('ethan.coordinator', 'taskDetails', { _id })).toMatchObject({
      anchorDate: '2027-01-30',
      nextDueDate: '2027-02-28',
    });
  });
});

describe('recurrence through the API', () => {
  it('a monthly task on the 31st: 31 Jan → 28 Feb → 31 Mar → 30 Apr, with its history', async () => {
    at('2027-01-10T09:00:00Z');
    const { _id } = await data('ethan.coordinator', 'taskSave', task());
    const { days, last } = await walk(_id, 3);
    expect(days).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
    const details = await data('ethan.coordinator', 'taskDetails', { _id: last });
    expect(details.occurrence).toBe(3);
    expect(details.history.map((entry: { dueDate: string }) => entry.dueDate)).toEqual([
      '2027-03-31',
      '2027-02-28',
      '2027-01-31',
    ]);
    expect(details.history[0].completedBy).toContain('Ethan');
    expect(details.history[0].response).toBe('Done.');
    // The signed-off occurrence names its successor and is read-only.
    const first = await data('ethan.coordinator', 'taskDetails', { _id });
    expect(first).toMatchObject({ canSignOff: false, next: { dueDate: '2027-02-28' } });
    expect(first.completedAt).not.toBeNull();
  });

  it('an annual task on 29 February comes back to it in the next leap year', async () => {
    at('2028-02-01T09:00:00Z');
    const { _id } = await data(
      'ethan.coordinator',
      'taskSave',
      task({ dueDate: '2028-02-29', frequency: 'years' }),
    );
    expect((await walk(_id, 4)).days).toEqual(['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('a weekday task steps over the weekend and may not start on one', async () => {
    at('2027-01-04T09:00:00Z');
    const { _id } = await data(
      'ethan.coordinator',
      'taskSave',
      task({ dueDate: '2027-01-08', frequency: 'weekDays' }),
    );
    expect((await walk(_id, 2)).days).toEqual(['2027-01-11', '2027-01-12']);
    const saturday = await call(
      'ethan.coordinator',
      'taskSave',
      task({ dueDate: '2027-01-09', frequency: 'weekDays' }),
    );
    expect(saturday.statusCode).toBe(400);
    expect(saturday.json().response_message).toBe(say.dueDateWeekend);
  });

  it('every frequency unit gives its next occurrence', async () => {
    at('2027-01-10T09:00:00Z');
    const expected = {
      fiveYears: '2032-01-29',
      fourYears: '2031-01-29',
      threeYears: '2030-01-29',
      biYear: '2029-01-29',
      years: '2028-01-29',
      halfYear: '2027-07-29',
      quarterly: '2027-04-29',
      biMonth: '2027-03-29',
      months: '2027-02-28',
      fortnight: '2027-02-12',
      weeks: '2027-02-05',
      weekDays: '2027-02-01',
      days: '2027-01-30',
    } as const;
    for (const [frequency, next] of Object.entries(expected)) {
      const { _id } = await data(
        'ethan.coordinator',
        'taskSave',
        task({ dueDate: '2027-01-29', frequency: frequency as TTaskSave['frequency'] }),
      );
      expect([frequency, await signOff('ethan.coordinator', _id)]).toEqual([
        frequency,
        expect.objectContaining({ dueDate: next }),
      ]);
    }
  });

  it("the organisation's day decides, across a daylight-saving weekend", async () => {
    await ctx.db.company.updateMany({
      where: { employees: { some: { id: people.ethan } } },
      data: { timeZone: 'Australia/Sydney' },
    });
    try {
      // 00:30 on Sunday 4 October 2026 in Sydney (still 3 October in UTC); clocks go forward at 02:00.
      at('2026-10-03T14:30:00Z');
      const yesterday = await call(
        'ethan.coordinator',
        'taskSave',
        task({ dueDate: '2026-10-03', frequency: 'days' }),
      );
      expect(yesterday.statusCode).toBe(400);
      expect(yesterday.json().response_message).toBe(say.dueDatePast);
      const daily = await data(
        'ethan.coordinator',
        'taskSave',
        task({ dueDate: '2026-10-04', frequency: 'days' }),
      );
      const weekly = await data(
        'ethan.coordinator',
        'taskSave',
        task({ dueDate: '2026-10-04', frequency: 'weeks' }),
      );
      expect((await data('ethan.coordinator', 'taskDetails', daily)).taskDueDateType).toBe('due');
      // Signed off after the change (23:30 on Sunday in Sydney, 12:30 UTC): the days do not move.
      at('2026-10-04T12:30:00Z');
      expect((await signOff('ethan.coordinator', daily._id))!.dueDate).toBe('2026-10-05');
      expect((await signOff('ethan.coordinator', weekly._id))!.dueDate).toBe('2026-10-11');
    } finally {
      await ctx.db.company.updateMany({
        where: { employees: { some: { id: people.ethan } } },
        data: { timeZone: 'UTC' },
      });
    }
  });
});

describe('the form of a task', () => {
  it("the sign-off records one of the signer's submissions of the task's form, and nothing else", async () => {
    at('2027-01-10T09:00:00Z');
    const { templates } = await data('ethan.coordinator', 'taskOptions');
    const usable = new Set(templates.map((template: { _id: string }) => template._id));
    // A published form that ethan has filled in (created, recorded or coordinates) in the demo.
    const own = await ctx.db.formSubmission.findMany({
      where: { participants: { some: { participantId: people.ethan } } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const form = own.find((submission) => usable.has(submission.templateId))!;
    const mine = own.filter((submission) => submission.templateId === form.templateId);
    const otherForm = own.find((submission) => submission.templateId !== form.templateId)!;
    const notMine = await ctx.db.formSubmission.findFirstOrThrow({
      where: { templateId: form.templateId, participants: { none: { participantId: people.ethan } } },
    });
    const { _id } = await data('ethan.coordinator', 'taskSave', task({ formTemplateId: form.templateId }));

    const details = await data('ethan.coordinator', 'taskDetails', { _id });
    expect(details.formChoices.map((choice: { _id: string }) => choice._id)).toEqual(
      mine.slice(0, 10).map((submission) => submission.id),
    );
    expect(details.formChoices[0].name).toMatch(/^(FS \d+|Draft) · \d\d\/\d\d\/\d{4}$/);
    // Olivia may see the task (key `task`) but may not sign it off: she is offered nothing.
    expect((await data('olivia.admin', 'taskDetails', { _id })).formChoices).toEqual([]);

    for (const wrong of [otherForm.id, notMine.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await call('ethan.coordinator', 'taskSignOff', { _id, formSubmissionId: wrong });
      expect([response.statusCode, response.json().response_message]).toEqual([400, say.formUnknown]);
    }
    expect((await ctx.db.scheduledTask.findUniqueOrThrow({ where: { id: _id } })).completedAt).toBeNull();

    const next = await data('ethan.coordinator', 'taskSignOff', { _id, formSubmissionId: mine[0]!.id });
    const signedOff = await data('ethan.coordinator', 'taskDetails', { _id });
    expect(signedOff.formSubmission).toEqual(details.formChoices[0]);
    expect(signedOff.formChoices).toEqual([]);
    const later = await data('ethan.coordinator', 'taskDetails', { _id: next.next._id });
    expect(later.history[0].formSubmission).toEqual(details.formChoices[0]);
    expect(later.formSubmission).toBeNull();
    // The next occurrence does not offer the submission that went with this one, nor takes it.
    expect(later.formChoices.map((choice: { _id: string }) => choice._id)).toEqual(
      mine.slice(1, 11).map((submission) => submission.id),
    );
    const again = await call('ethan.coordinator', 'taskSignOff', {
      _id: next.next._id,
      formSubmissionId: mine[0]!.id,
    });
    expect([again.statusCode, again.json().response_message]).toEqual([400, say.formUsed]);
  });

  it('a task without a form records none', async () => {
    at('2027-01-10T09:00:00Z');
    const { _id } = await data('ethan.coordinator', 'taskSave', task());
    const any = await ctx.db.formSubmission.findFirstOrThrow({
      where: { participants: { some: { participantId: people.ethan } } },
    });
    const response = await call('ethan.coordinator', 'taskSignOff', { _id, formSubmissionId: any.id });
    expect([response.statusCode, response.json().response_message]).toEqual([400, say.formUnknown]);
  });
});

describe('rules', () => {
  const count = () => ctx.db.scheduledTask.count();

  it('refuses bad input with a clear message and changes nothing', async () => {
    at('2027-01-10T09:00:00Z');
    const before = await count();
    const cases: [object, string][] = [
      [{ ...task(), frequency: 'hourly' }, say.frequencyUnknown],
      [{ ...task(), title: '  ' }, say.titleRequired],
      [{ ...task(), dueDate: '2027-02-30' }, say.dueDateRequired],
      [task({ dueDate: '2027-01-09' }), say.dueDatePast],
      [task({ assigneeId: people.sam }), say.personUnknown],
      [task({ workplaceId: '00000000-0000-4000-8000-000000000000' }), say.workplaceUnknown],
      [task({ formTemplateId: '00000000-0000-4000-8000-000000000000' }), say.templateUnknown],
    ];
    for (const [body, message] of cases) {
      const response = await call('ethan.coordinator', 'taskSave', body);
      expect([response.statusCode, response.json().response_message]).toEqual([400, message]);
    }
    expect(await count()).toBe(before);
  });

  it('a signed-off occurrence cannot be signed off again or changed (409); two at once make one next', async () => {
    at('2027-01-10T09:00:00Z');
    const { _id } = await data('ethan.coordinator', 'taskSave', task());
    const both = await Promise.all([
      call('ethan.coordinator', 'taskSignOff', { _id }),
      call('ethan.coordinator', 'taskSignOff', { _id }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const { seriesId } = await ctx.db.scheduledTask.findUniqueOrThrow({ where: { id: _id } });
    expect(await ctx.db.scheduledTask.count({ where: { seriesId } })).toBe(2);
    const again = await call('ethan.coordinator', 'taskSignOff', { _id });
    expect([again.statusCode, again.json().response_message]).toEqual([409, say.completed]);
    const change = await call('ethan.coordinator', 'taskSave', { ...task(), _id });
    expect(change.statusCode).toBe(409);
    expect(await ctx.db.scheduledTask.count({ where: { seriesId } })).toBe(2);
  });

  it('only the assignee or the owner signs off', async () => {
    at('2027-01-10T09:00:00Z');
    const { _id } = await data('ethan.coordinator', 'taskSave', task({ assigneeId: people.mia }));
    const olivia = await call('olivia.admin', 'taskSignOff', { _id });
    expect([olivia.statusCode, olivia.json().response_message]).toEqual([403, say.notYours]);
    expect((await signOff('mia.employee', _id))!.dueDate).toBe('2027-02-28');
  });

  it("another organisation's task is not found; the key and the caller kind are checked", async () => {
    at('2027-01-10T09:00:00Z');
    const { _id } = await data('ethan.coordinator', 'taskSave', task());
    for (const path of ['taskDetails', 'taskSignOff'])
      expect((await call('sam.southbank', path, { _id })).statusCode).toBe(404);
    expect(
      (await call('sam.southbank', 'taskSave', { ...task(), _id, ownerId: people.sam })).statusCode,
    ).toBe(404);
    expect(
      (await data('sam.southbank', 'taskList', {})).rows.map((row: { _id: string }) => row._id),
    ).not.toContain(_id);
    expect((await call('acme.supplier', 'taskList', {})).statusCode).toBe(403);
    expect((await call(null, 'taskList', {})).statusCode).toBe(401);
    await setRoleKeys(ctx.db, 'mia.employee', { task: false });
    try {
      for (const path of [
        'taskList',
        'taskDetails',
        'taskOptions',
        'taskPeopleSearch',
        'taskSave',
        'taskSignOff',
      ])
        expect((await call('mia.employee', path, { _id })).statusCode).toBe(403);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { task: true });
    }
  });
});

describe('the reminder job', () => {
  const mails = (category: string, to: string) =>
    ctx.db.mailMessage.count({ where: { category, toAddress: to } });
  const others: { app: FastifyInstance; close: () => Promise<void> }[] = [];
  /** Another app on its own connections: a second API process, or the same one restarted. */
  const anotherProcess = async () => {
    const db = createPrisma(ctx.databaseUrl, 3);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '' });
    const app = await buildApp({ config, db, databaseUrl: ctx.databaseUrl, now: () => clock });
    checkAnswers(app);
    await app.ready();
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await db.$disconnect();
    };
    others.push({ app, close });
    return app;
  };
  afterAll(async () => {
    for (const other of others) await other.close();
  });

  it('reminds once before the due day and sends one overdue digest a day per person', async () => {
    at('2029-06-01T09:00:00Z');
    const title = `Reminder ${unique()}`;
    const a = await data(
      'ethan.coordinator',
      'taskSave',
      task({ title: `${title} A`, assigneeId: people.mia, dueDate: '2029-06-03' }),
    );
    await data(
      'ethan.coordinator',
      'taskSave',
      task({ title: `${title} B`, assigneeId: people.mia, dueDate: '2029-06-02' }),
    );
    await data(
      'ethan.coordinator',
      'taskSave',
      task({ title: `${title} C`, assigneeId: people.olivia, dueDate: '2029-06-02' }),
    );
    // Too far ahead for a reminder today.
    await data(
      'ethan.coordinator',
      'taskSave',
      task({ title: `${title} D`, assigneeId: people.mia, dueDate: '2029-06-20' }),
    );
    const miaBefore = await mails('taskReminder', emails.mia);
    await ctx.app.tasks.sendAll();
    await ctx.app.tasks.sendAll();
    expect(await mails('taskReminder', emails.mia)).toBe(miaBefore + 2);
    const reminder = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'taskReminder', subject: `Reminder: ${title} A is due on 2029-06-03` },
    });
    expect(reminder.textBody).toContain(`/task/form/signoff/${a._id}`);
    expect(reminder.textBody).toContain('unsubscribe');

    at('2029-06-05T09:00:00Z');
    const digests = {
      mia: await mails('taskOverdueDigest', emails.mia),
      olivia: await mails('taskOverdueDigest', emails.olivia),
    };
    await ctx.app.tasks.sendAll();
    at('2029-06-05T20:00:00Z');
    await ctx.app.tasks.sendAll();
    expect(await mails('taskOverdueDigest', emails.mia)).toBe(digests.mia + 1);
    expect(await mails('taskOverdueDigest', emails.olivia)).toBe(digests.olivia + 1);
    const digest = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'taskOverdueDigest', toAddress: emails.mia },
      orderBy: { createdAt: 'desc' },
    });
    expect(digest.textBody).toContain(`${title} A (due 2029-06-03)`);
    expect(digest.textBody).toContain(`${title} B (due 2029-06-02)`);
    expect(digest.textBody).not.toContain(`${title} D`);

    // The next day, another digest; not to olivia, who unsubscribed.
    await ctx.db.user.updateMany({
      where: { username: 'olivia.admin' },
      data: { unsubscribedAt: new Date() },
    });
    try {
      at('2029-06-06T09:00:00Z');
      await ctx.app.tasks.sendAll();
      expect(await mails('taskOverdueDigest', emails.mia)).toBe(digests.mia + 2);
      expect(await mails('taskOverdueDigest', emails.olivia)).toBe(digests.olivia + 1);
    } finally {
      await ctx.db.user.updateMany({ where: { username: 'olivia.admin' }, data: { unsubscribedAt: null } });
    }
  });

  it('two processes running the job at once send each mail once, and so does a restart', async () => {
    at('2029-07-01T09:00:00Z');
    const title = `Twice ${unique()}`;
    for (const assigneeId of [people.mia, people.olivia])
      for (const dueDate of ['2029-07-02', '2029-07-03'])
        await data(
          'ethan.coordinator',
          'taskSave',
          task({ title: `${title} ${dueDate}`, assigneeId, dueDate }),
        );
    const [one, two] = [await anotherProcess(), await anotherProcess()];
    const count = async (category: string) =>
      (await mails(category, emails.mia)) + (await mails(category, emails.olivia));
    const reminders = await count('taskReminder');
    await Promise.all([one.tasks.sendAll(), two.tasks.sendAll(), one.tasks.sendAll(), two.tasks.sendAll()]);
    expect(await count('taskReminder')).toBe(reminders + 4);

    at('2029-07-10T09:00:00Z');
    const digests = await count('taskOverdueDigest');
    const results = await Promise.all([one.tasks.sendAll(), two.tasks.sendAll(), ctx.app.tasks.sendAll()]);
    expect(await count('taskOverdueDigest')).toBe(digests + 2);
    expect(results.reduce((sum, result) => sum + result.reminders, 0)).toBe(0);

    // A restart: a new process on the same day sends nothing again.
    await others[0]!.close();
    const restarted = await anotherProcess();
    expect(await restarted.tasks.sendAll()).toEqual({ reminders: 0, digests: 0 });
    expect(await count('taskOverdueDigest')).toBe(digests + 2);
  });

  it('the job queue schedules task-reminders and works it with the service', async () => {
    let runs = 0;
    let supplierRuns = 0;
    const jobs = await startJobs(
      ctx.databaseUrl,
      {
        taskReminders: async () => (runs += 1),
        hourlyReminders: async () => (supplierRuns += 1),
        reportRollups: async () => undefined,
      },
      ctx.app.log,
    );
    const sender = new PgBoss({ connectionString: ctx.databaseUrl, max: 1 });
    await sender.start();
    try {
      const schedules = await sender.getSchedules();
      expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([
        TASK_REMINDERS_JOB,
        '*/15 * * * *',
      ]);
      expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([
        SUPPLIER_REMINDERS_JOB,
        '0 * * * *',
      ]);
      await sender.send(TASK_REMINDERS_JOB, {});
      await expect.poll(() => runs, { timeout: 15_000, interval: 200 }).toBe(1);
      await sender.send(SUPPLIER_REMINDERS_JOB, {});
      await expect.poll(() => supplierRuns, { timeout: 15_000, interval: 200 }).toBe(1);
      // The app's supplier reminders run (both services, none failing).
      await ctx.app.sendHourlyReminders();
    } finally {
      await sender.stop({ graceful: false, wait: true });
      await jobs.stop();
    }
  }, 30_000);
});
