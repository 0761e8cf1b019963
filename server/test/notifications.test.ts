import { MAIL_CATEGORIES, notificationMessages as say } from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, setupTestApp, signInAll, type TestContext } from './helpers';
import { freePort, smtpUrl, startSmtpServer, type TestSmtpServer } from './smtp';

/** System Administration > Notifications: unsubscribed users, the mail categories, the test mail. */
let ctx: TestContext;
let smtp: TestSmtpServer;
let tokens: Record<string, string>;
let northwind: string;
let southbank: string;
const ids: Record<string, string> = {};

const USERS = ['olivia.admin', 'ethan.coordinator', 'mia.employee', 'sam.southbank', 'liam.personnel'];
const ZOE_LABEL = 'Zoe Martin <zoe.martin@zenith-cleaning.example>';

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await setupTestApp({ SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '0.2' });
  await ctx.app.mail.startWorker();
  tokens = await signInAll(ctx.app, [...USERS, 'acme.supplier']);
  for (const username of [...USERS, 'zoe.noportal', 'ava.dual']) {
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username } });
    ids[username] = user.id;
    if (username === 'olivia.admin') northwind = user.companyId;
    if (username === 'sam.southbank') southbank = user.companyId;
  }
  // Southbank's own unsubscribed user: never Northwind's administrator's to see or change.
  await ctx.db.user.update({
    where: { id: ids['sam.southbank']! },
    data: { unsubscribedAt: new Date(), unsubscribeReason: 'Southbank only' },
  });
});

afterAll(async () => {
  await smtp.close();
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const testMails = (userId: string) => ctx.db.mailMessage.count({ where: { userId, category: 'testMail' } });

describe('who may call Notifications', () => {
  const CALLS: { path: string; body?: object }[] = [
    { path: 'unsubscribedUserList', body: {} },
    { path: 'unsubscribedUserReEnable', body: { _id: '00000000-0000-4000-8000-000000000000' } },
    { path: 'mailCategoryList' },
    { path: 'testMailSend' },
    { path: 'testMailStatus' },
  ];
  it.each(CALLS)(
    '$path: 401 without a session, 403 without System Administration or as a supplier',
    async ({ path, body }) => {
      expect((await call(null, path, body)).statusCode).toBe(401);
      for (const as of ['mia.employee', 'ethan.coordinator']) {
        const res = await call(as, path, body);
        expect(res.statusCode, as).toBe(403);
        expect(res.json()).toMatchObject({ response_code: 403, error_code: 'access_key_missing' });
      }
      for (const as of ['liam.personnel', 'acme.supplier']) {
        const res = await call(as, path, body);
        expect(res.statusCode, as).toBe(403);
        expect(res.json()).toMatchObject({ response_code: 403, error_code: 'caller_not_served' });
      }
    },
  );

  it('a refused re-enable changes nothing and a refused test mail sends nothing', async () => {
    for (const as of ['mia.employee', 'liam.personnel', 'acme.supplier'])
      expect((await call(as, 'unsubscribedUserReEnable', { _id: ids['zoe.noportal'] })).statusCode).toBe(403);
    const zoe = await ctx.db.user.findUniqueOrThrow({ where: { id: ids['zoe.noportal']! } });
    expect(zoe.unsubscribedAt).not.toBeNull();
    expect(await ctx.db.mailMessage.count({ where: { category: 'testMail' } })).toBe(0);
  });
});

describe('bad input', () => {
  it.each([
    ['unsubscribedUserList', { pageSize: 0 }],
    ['unsubscribedUserList', { page: 'one' }],
    ['unsubscribedUserList', { kind: 'robot' }],
    ['unsubscribedUserList', { search: 'x'.repeat(201) }],
    ['unsubscribedUserReEnable', { _id: 'not-a-user' }],
    ['unsubscribedUserReEnable', {}],
  ])('%s %j is 400 in the envelope', async (path, body) => {
    const res = await call('olivia.admin', path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ response_code: 400, response_message: expect.any(String) });
  });
});

describe('the unsubscribed users', () => {
  it("lists the organisation's unsubscribed users, latest first, with kind, company and reason", async () => {
    const list = await data('olivia.admin', 'unsubscribedUserList', {});
    expect(list.total).toBe(2);
    expect(list.rows).toEqual([
      {
        _id: ids['zoe.noportal'],
        name: 'Zoe Martin',
        username: 'zoe.noportal',
        email: 'zoe.martin@zenith-cleaning.example',
        kind: 'personnel',
        company: 'Zenith Cleaning',
        unsubscribedAt: expect.any(String),
        unsubscribeReason: 'I no longer work on the Northwind contract.',
      },
      {
        _id: ids['ava.dual'],
        name: 'Ava Nguyen',
        username: 'ava.dual',
        email: 'ava.nguyen@northwind.example',
        kind: 'employee',
        company: null,
        unsubscribedAt: expect.any(String),
        unsubscribeReason: 'Too many reminders while I am on leave.',
      },
    ]);
    expect(Date.parse(list.rows[0].unsubscribedAt)).toBeGreaterThan(Date.parse(list.rows[1].unsubscribedAt));
  });

  it('searches by each word of name, username, e-mail or company; filters by kind; pages', async () => {
    const names = async (body: object) =>
      ((await data('olivia.admin', 'unsubscribedUserList', body)).rows as { name: string }[]).map(
        (row) => row.name,
      );
    expect(await names({ search: 'ava nguyen' })).toEqual(['Ava Nguyen']);
    expect(await names({ search: 'zenith' })).toEqual(['Zoe Martin']);
    expect(await names({ search: 'northwind.example' })).toEqual(['Ava Nguyen']);
    expect(await names({ search: 'zoe.noportal' })).toEqual(['Zoe Martin']);
    expect(await names({ search: '100%_' })).toEqual([]);
    expect(await names({ kind: 'personnel' })).toEqual(['Zoe Martin']);
    expect(await names({ kind: 'employee' })).toEqual(['Ava Nguyen']);
    expect(await names({ kind: 'supplier' })).toEqual([]);
    const second = await data('olivia.admin', 'unsubscribedUserList', { page: 2, pageSize: 1 });
    expect(second).toMatchObject({ total: 2, rows: [{ name: 'Ava Nguyen' }] });
  });

  it('never lists nor re-enables a user of another organisation', async () => {
    expect(await names('olivia.admin', { search: 'sam' })).toEqual([]);
    expect(await names('sam.southbank', {})).toEqual(['Sam Reed']);
    const foreign = await call('olivia.admin', 'unsubscribedUserReEnable', { _id: ids['sam.southbank'] });
    expect(foreign.statusCode).toBe(404);
    const back = await call('sam.southbank', 'unsubscribedUserReEnable', { _id: ids['zoe.noportal'] });
    expect(back.statusCode).toBe(404);
    for (const id of [ids['sam.southbank']!, ids['zoe.noportal']!])
      expect((await ctx.db.user.findUniqueOrThrow({ where: { id } })).unsubscribedAt).not.toBeNull();
    // Neither organisation's Notifications log is the other's to read.
    const log = await call('olivia.admin', 'changeLogList', {
      entityType: 'notifications',
      entityId: southbank,
    });
    expect(log.statusCode).toBe(404);
    expect(await ctx.db.changeLog.count({ where: { entityType: 'notifications' } })).toBe(0);
  });

  it('re-enables a user of the organisation, logs who did it, and optional mail reaches them again', async () => {
    const res = await call('olivia.admin', 'unsubscribedUserReEnable', { _id: ids['zoe.noportal'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ response_data: null, response_message: say.reEnabled('Zoe Martin') });
    const zoe = await ctx.db.user.findUniqueOrThrow({ where: { id: ids['zoe.noportal']! } });
    expect(zoe).toMatchObject({ unsubscribedAt: null, unsubscribeReason: null });
    expect(await names('olivia.admin', {})).toEqual(['Ava Nguyen']);

    const { list: log } = await data('olivia.admin', 'changeLogList', {
      entityType: 'notifications',
      entityId: northwind,
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ changedBy: 'Olivia Bennett', action: 'e-mails re-enabled' });
    expect(Date.now() - Date.parse(log[0].createdAt)).toBeLessThan(60_000);
    expect(log[0].changes).toEqual([
      { field: 'unsubscribed', from: ZOE_LABEL, to: null },
      { field: 'unsubscribedOn', from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: null },
      { field: 'unsubscribeReason', from: 'I no longer work on the Northwind contract.', to: null },
    ]);

    // Again: she already receives them; nothing more is logged.
    const again = await call('olivia.admin', 'unsubscribedUserReEnable', { _id: ids['zoe.noportal'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().response_message).toBe(say.notUnsubscribed);
    expect(await ctx.db.changeLog.count({ where: { entityType: 'notifications' } })).toBe(1);

    const optional = await ctx.app.mail.send({
      companyId: northwind,
      to: zoe.email!,
      userId: zoe.id,
      category: 'taskReminder',
      content: { subject: 'Due soon', title: 'Due soon', text: 'Due soon', bodyHtml: '<p>Due soon</p>' },
    });
    expect(optional.queued).toBe(true);
    // Southbank's user is still unsubscribed: the re-enable touched one user of one organisation.
    const sam = await ctx.db.user.findUniqueOrThrow({ where: { id: ids['sam.southbank']! } });
    expect(sam.unsubscribedAt).not.toBeNull();
  });
});

async function names(as: string, body: object): Promise<string[]> {
  return ((await data(as, 'unsubscribedUserList', body)).rows as { name: string }[]).map((row) => row.name);
}

describe('the mails the organisation sends', () => {
  it('lists every category as MAIL_CATEGORIES defines it, with the organisation’s own counts', async () => {
    await ctx.db.mailMessage.createMany({
      data: [northwind, northwind, southbank].map((companyId, index) => ({
        companyId,
        toAddress: 'someone@example.test',
        subject: 'Counted',
        textBody: '',
        htmlBody: '',
        category: 'auditFinding',
        status: index === 0 ? ('failed' as const) : ('sent' as const),
      })),
    });
    const answer = await data('olivia.admin', 'mailCategoryList');
    expect(answer.list.map((row: { category: string }) => row.category)).toEqual(
      Object.keys(MAIL_CATEGORIES),
    );
    for (const row of answer.list) {
      const defined = MAIL_CATEGORIES[row.category as keyof typeof MAIL_CATEGORIES];
      expect(row).toMatchObject({
        label: defined.label,
        trigger: defined.trigger,
        optional: defined.optional,
      });
    }
    const byCategory = Object.fromEntries(
      answer.list.map((row: { category: string }) => [row.category, row]),
    );
    expect(byCategory.auditFinding).toMatchObject({ sent: 1, failed: 1, queued: 0 });
    expect(byCategory.passwordReset.optional).toBe(false);
    expect(byCategory.taskReminder.optional).toBe(true);
    expect(Date.now() - Date.parse(answer.since)).toBeGreaterThan(29 * 86_400_000);
  });
});

describe('the test mail', () => {
  it('is refused, with a clear message, to an administrator without an e-mail address', async () => {
    const olivia = await ctx.db.user.findUniqueOrThrow({
      where: { id: ids['olivia.admin']! },
      include: { employee: true },
    });
    await ctx.db.user.update({ where: { id: olivia.id }, data: { email: null } });
    await ctx.db.employee.update({ where: { id: olivia.employeeId! }, data: { email: null } });
    try {
      const res = await call('olivia.admin', 'testMailSend');
      expect(res.statusCode).toBe(400);
      expect(res.json().response_message).toBe(say.testMailNoAddress);
      expect(await testMails(olivia.id)).toBe(0);
    } finally {
      await ctx.db.user.update({ where: { id: olivia.id }, data: { email: olivia.email } });
      await ctx.db.employee.update({
        where: { id: olivia.employeeId! },
        data: { email: olivia.employee!.email },
      });
    }
  });

  it("goes through the outbox to the administrator's own address, and its status says it was sent", async () => {
    expect(await data('olivia.admin', 'testMailStatus')).toBeNull();
    const res = await call('olivia.admin', 'testMailSend');
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json();
    expect(queued.response_message).toBe(say.testMailQueued('olivia.bennett@northwind.example'));
    expect(queued.response_data).toMatchObject({
      to: 'olivia.bennett@northwind.example',
      status: 'queued',
      attempts: 0,
      lastError: null,
    });
    const mail = await smtp.waitFor((received) => received.subject.endsWith('test mail'));
    expect(mail.envelopeTo).toEqual(['olivia.bennett@northwind.example']);
    expect(mail.text).toContain('Hello Olivia Bennett');
    expect(mail.text).not.toContain('/unsubscribe/');
    await expect
      .poll(async () => (await data('olivia.admin', 'testMailStatus')).status, { timeout: 10_000 })
      .toBe('sent');
    expect(await data('olivia.admin', 'testMailStatus')).toMatchObject({
      _id: queued.response_data._id,
      attempts: 1,
      sentAt: expect.any(String),
    });
    // Another administrator's latest test mail is their own.
    expect(await data('sam.southbank', 'testMailStatus')).toBeNull();
  });

  it('is one a minute per user: sooner is 429 with the wait, also for two clicks at once', async () => {
    const olivia = ids['olivia.admin']!;
    const sent = await testMails(olivia);
    const soon = await call('olivia.admin', 'testMailSend');
    expect(soon.statusCode).toBe(429);
    const wait = soon.json().response_data.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(soon.json().response_message).toBe(say.testMailTooSoon(wait));
    expect(await testMails(olivia)).toBe(sent);

    // A minute later it may go again, once, however many clicks arrive together.
    await ctx.db.mailMessage.updateMany({
      where: { userId: olivia, category: 'testMail' },
      data: { createdAt: new Date(Date.now() - 61_000) },
    });
    const clicks = await Promise.all([1, 2, 3].map(() => call('olivia.admin', 'testMailSend')));
    expect(clicks.map((click) => click.statusCode).sort()).toEqual([200, 429, 429]);
    expect(await testMails(olivia)).toBe(sent + 1);
    // The limit is per user: Southbank's administrator sends theirs.
    expect((await call('sam.southbank', 'testMailSend')).statusCode).toBe(200);
  });
});

describe('a test mail the mail server refuses', () => {
  let down: TestContext;
  let downTokens: Record<string, string>;

  beforeAll(async () => {
    down = await setupTestApp({
      SMTP_URL: smtpUrl(await freePort()),
      MAIL_POLL_SECONDS: '0.2',
      MAIL_RETRY_LIMIT: '0',
    });
    await down.app.mail.startWorker();
    downTokens = await signInAll(down.app, ['olivia.admin']);
  });

  it("shows the mail worker's reason", async () => {
    const { call: callDown, data: dataDown } = apiCalls(
      () => down,
      () => downTokens,
    );
    expect((await callDown('olivia.admin', 'testMailSend')).statusCode).toBe(200);
    await expect
      .poll(async () => (await dataDown('olivia.admin', 'testMailStatus')).status, { timeout: 15_000 })
      .toBe('failed');
    expect(await dataDown('olivia.admin', 'testMailStatus')).toMatchObject({
      attempts: 1,
      lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
      sentAt: null,
    });
  });
});
