import { addDays, localDateOf, noticeMessages as say } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, setupTestApp, signIn, signInAll, type TestContext, pastTheCountCap } from './helpers';

/** Managing notices, and the audience rule on the dashboard's section and the noticeboard list. */
let ctx: TestContext;
let tokens: Record<string, string>;
let ids: {
  miaWorkplace: string;
  otherWorkplace: string;
  ethanRole: string;
  acme: string;
  southbankWorkplace: string;
  southbankNotice: string;
};
const today = localDateOf(new Date(), 'UTC');

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app);
  tokens['acme.supplier'] = await signIn(ctx.app, 'acme.supplier');
  const user = (username: string) =>
    ctx.db.user.findUniqueOrThrow({ where: { username }, include: { employee: true, supplier: true } });
  const mia = await user('mia.employee');
  const ethan = await user('ethan.coordinator');
  const acme = await user('acme.supplier');
  const sam = await user('sam.southbank');
  const other = await ctx.db.workplace.findFirstOrThrow({
    where: { companyId: mia.companyId, id: { not: mia.employee!.workplaceId! } },
  });
  const southbankWorkplace = await ctx.db.workplace.findFirstOrThrow({ where: { companyId: sam.companyId } });
  const southbankNotice = await ctx.db.notice.create({
    data: {
      companyId: sam.companyId,
      title: 'Southbank only',
      content: 'x',
      startDate: new Date(`${today}T00:00:00Z`),
    },
  });
  expect(ethan.employee!.roleId).not.toBe(mia.employee!.roleId);
  ids = {
    miaWorkplace: mia.employee!.workplaceId!,
    otherWorkplace: other.id,
    ethanRole: ethan.employee!.roleId!,
    acme: acme.supplierId!,
    southbankWorkplace: southbankWorkplace.id,
    southbankNotice: southbankNotice.id,
  };
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

const notice = (extra: object = {}) => ({
  title: `Notice ${Math.random().toString(36).slice(2, 8)}`,
  content: 'Line one\nLine two',
  priority: 'high',
  startDate: today,
  expireDate: null,
  audience: 'everyone',
  audienceIds: [],
  isPublished: true,
  ...extra,
});

/** The titles a user reads on the dashboard section and on the noticeboard list (they must agree). */
async function titlesSeenBy(username: string): Promise<string[]> {
  const board = await data(username, 'noticeboardList', { page: 1, pageSize: 100 });
  const titles = board.list.map((item: { title: string }) => item.title).sort();
  const user = await ctx.db.user.findUniqueOrThrow({ where: { username } });
  if (user.userType === 'employee') {
    const dashboard = await data(username, 'dashboardList', {});
    const section = dashboard.list.myNoticeboard.list.map((item: { title: string }) => item.title);
    expect(titles).toEqual(expect.arrayContaining(section));
  }
  return titles;
}

const CALLS: { path: string; body?: object }[] = [
  { path: 'noticeAdminList', body: {} },
  { path: 'noticeAdminDetails', body: { _id: '00000000-0000-4000-8000-000000000000' } },
  { path: 'noticeAudienceOptions' },
  { path: 'noticeSave', body: notice({ title: 'Refused notice' }) },
  { path: 'noticePublish', body: { _id: '00000000-0000-4000-8000-000000000000' } },
  { path: 'noticeExpire', body: { _id: '00000000-0000-4000-8000-000000000000' } },
  { path: 'noticeDelete', body: { _id: '00000000-0000-4000-8000-000000000000' } },
];

describe('who may manage notices', () => {
  it.each(CALLS)(
    '$path: 401 without a session, 403 without system and for suppliers',
    async ({ path, body }) => {
      expect((await call(null, path, body)).statusCode).toBe(401);
      for (const as of ['mia.employee', 'liam.personnel', 'acme.supplier']) {
        expect((await call(as, path, body)).statusCode).toBe(403);
      }
      expect(await ctx.db.notice.count({ where: { title: 'Refused notice' } })).toBe(0);
    },
  );

  it.each(['noticeAdminDetails', 'noticePublish', 'noticeExpire', 'noticeDelete'])(
    "%s: another organisation's notice is not found",
    async (path) => {
      expect((await call('olivia.admin', path, { _id: ids.southbankNotice })).statusCode).toBe(404);
      expect(await ctx.db.notice.count({ where: { id: ids.southbankNotice } })).toBe(1);
    },
  );
});

describe('the audience rule', () => {
  it('a workplace notice reaches only the employees of that workplace', async () => {
    const { title } = notice();
    await data(
      'olivia.admin',
      'noticeSave',
      notice({ title, audience: 'workplaces', audienceIds: [ids.miaWorkplace] }),
    );
    expect(await titlesSeenBy('mia.employee')).toContain(title);
    const other = await data(
      'olivia.admin',
      'noticeSave',
      notice({ audience: 'workplaces', audienceIds: [ids.otherWorkplace] }),
    );
    const { title: otherTitle } = await data('olivia.admin', 'noticeAdminDetails', other);
    expect(await titlesSeenBy('mia.employee')).not.toContain(otherTitle);
    expect(await titlesSeenBy('acme.supplier')).not.toContain(title);

    // The answer is cached per reader; moving her to the other workplace shows her its notice.
    const mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    await ctx.db.employee.update({
      where: { id: mia.employeeId! },
      data: { workplaceId: ids.otherWorkplace },
    });
    const moved = await titlesSeenBy('mia.employee');
    await ctx.db.employee.update({ where: { id: mia.employeeId! }, data: { workplaceId: ids.miaWorkplace } });
    expect(moved).toContain(otherTitle);
    expect(moved).not.toContain(title);
  });

  it('a role notice reaches only that role; a supplier notice only that company; everyone-notices no supplier', async () => {
    const role = notice({ audience: 'roles', audienceIds: [ids.ethanRole] });
    const supplier = notice({ audience: 'suppliers', audienceIds: [ids.acme] });
    const everyone = notice();
    for (const body of [role, supplier, everyone]) await data('olivia.admin', 'noticeSave', body);
    const ethan = await titlesSeenBy('ethan.coordinator');
    expect(ethan).toEqual(expect.arrayContaining([role.title, everyone.title]));
    expect(ethan).not.toContain(supplier.title);
    expect(await titlesSeenBy('mia.employee')).not.toContain(role.title);
    const acme = await titlesSeenBy('acme.supplier');
    expect(acme).toContain(supplier.title);
    expect(acme).not.toContain(everyone.title);
    expect(await titlesSeenBy('liam.personnel')).toContain(supplier.title);
    expect(await titlesSeenBy('sam.southbank')).not.toContain(everyone.title);
  });

  it('drafts and scheduled notices reach no one until published and started; expire takes one off today', async () => {
    const draft = notice({ isPublished: false });
    const { _id } = await data('olivia.admin', 'noticeSave', draft);
    const scheduled = notice({ startDate: addDays(today, 3) });
    await data('olivia.admin', 'noticeSave', scheduled);
    let seen = await titlesSeenBy('mia.employee');
    expect(seen).not.toContain(draft.title);
    expect(seen).not.toContain(scheduled.title);
    expect((await call('mia.employee', 'noticeboardList', { page: 1, pageSize: 5 })).statusCode).toBe(200);

    await data('olivia.admin', 'noticePublish', { _id });
    expect(await titlesSeenBy('mia.employee')).toContain(draft.title);
    await data('olivia.admin', 'noticeExpire', { _id });
    seen = await titlesSeenBy('mia.employee');
    expect(seen).not.toContain(draft.title);
    const details = await data('olivia.admin', 'noticeAdminDetails', { _id });
    expect(details).toMatchObject({ status: 'expired', expireDate: addDays(today, -1) });
    const expired = await data('olivia.admin', 'noticeAdminList', { status: 'expired', search: draft.title });
    expect(expired.rows.map((row: { _id: string }) => row._id)).toEqual([_id]);
    const log = await data('olivia.admin', 'changeLogList', { entityType: 'notice', entityId: _id });
    expect(log.list.map((entry: { action: string }) => entry.action)).toEqual([
      'expired',
      'published',
      'created',
    ]);
  });

  it('a reader opens a notice and its file only when it reaches them', async () => {
    const body = notice({ audience: 'workplaces', audienceIds: [ids.otherWorkplace] });
    const { _id } = await data('olivia.admin', 'noticeSave', body);
    const boundary = 'notice-boundary';
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/noticeAttachmentUpload',
      headers: {
        authtoken: tokens['olivia.admin']!,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="_id"\r\n\r\n${_id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rota.txt"\r\nContent-Type: text/plain\r\n\r\nMonday: Mia\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const [file] = (await data('olivia.admin', 'noticeAdminDetails', { _id })).attachments;
    const download = (as: string) =>
      ctx.app.inject({ method: 'GET', url: file.path, headers: { authtoken: tokens[as]! } });
    expect((await download('olivia.admin')).statusCode).toBe(200);
    expect((await download('mia.employee')).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/notices/${_id}`,
          headers: { authtoken: tokens['mia.employee']! },
        })
      ).statusCode,
    ).toBe(404);

    await data('olivia.admin', 'noticeSave', { ...body, _id, audience: 'everyone', audienceIds: [] });
    expect((await download('mia.employee')).statusCode).toBe(200);
    await data('olivia.admin', 'noticeDelete', { _id });
    expect((await download('olivia.admin')).statusCode).toBe(404);
    expect(await ctx.db.attachment.count({ where: { ownerId: _id } })).toBe(0);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    [{ title: ' ' }, say.titleRequired],
    [{ content: '' }, say.contentRequired],
    [{ startDate: today, expireDate: addDays(today, -2) }, say.expiryBeforeStart],
    [{ audience: 'workplaces', audienceIds: [] }, say.audienceRequired],
  ])('%j → 400 %s', async (extra, message) => {
    const before = await ctx.db.notice.count();
    const res = await call('olivia.admin', 'noticeSave', notice(extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().response_message).toBe(message);
    expect(await ctx.db.notice.count()).toBe(before);
  });

  it("refuses another organisation's workplace, or an id of the wrong kind, in the audience", async () => {
    const before = await ctx.db.notice.count();
    for (const extra of [
      { audience: 'workplaces', audienceIds: [ids.southbankWorkplace] },
      { audience: 'roles', audienceIds: [ids.miaWorkplace] },
    ]) {
      const res = await call('olivia.admin', 'noticeSave', notice(extra));
      expect(res.statusCode).toBe(400);
      expect(res.json().response_message).toBe(say.audienceMissing);
    }
    expect(await ctx.db.notice.count()).toBe(before);
  });
});

describe("the administrators' list", () => {
  it('names the audience in its order (a removed one as Removed) and the author', async () => {
    const northwind = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } }))
      .companyId;
    const olivia = await ctx.db.employee.findFirstOrThrow({ where: { user: { username: 'olivia.admin' } } });
    const workplaces = await ctx.db.workplace.findMany({
      where: { id: { in: [ids.otherWorkplace, ids.miaWorkplace] } },
    });
    const name = (id: string) => workplaces.find((workplace) => workplace.id === id)!.name;
    const created = await ctx.db.notice.create({
      data: {
        companyId: northwind,
        title: 'Audience order check',
        content: 'x',
        startDate: new Date(`${today}T00:00:00Z`),
        audience: 'workplaces',
        audienceIds: [ids.otherWorkplace, '00000000-0000-4000-8000-000000000000', ids.miaWorkplace],
        authorEmployeeId: olivia.id,
      },
    });
    const list = await data('olivia.admin', 'noticeAdminList', { search: 'audience ORDER' });
    expect(list).toEqual({
      total: 1,
      rows: [
        expect.objectContaining({
          _id: created.id,
          audienceNames: [name(ids.otherWorkplace), 'Removed', name(ids.miaWorkplace)],
          author: `${olivia.firstName} ${olivia.lastName}`,
          status: 'live',
          attachmentCount: 0,
        }),
      ],
    });
  });

  it('lists and counts as live the published, started notices with no end day or one still to come', async () => {
    const northwind = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } }))
      .companyId;
    const at = (day: string) => new Date(`${day}T00:00:00Z`);
    const kinds = {
      openEnded: { startDate: at(addDays(today, -5)), expireDate: null, isPublished: true },
      endsToday: { startDate: at(today), expireDate: at(today), isPublished: true },
      endsLater: { startDate: at(addDays(today, -1)), expireDate: at(addDays(today, 9)), isPublished: true },
      ended: { startDate: at(addDays(today, -9)), expireDate: at(addDays(today, -1)), isPublished: true },
      notStarted: { startDate: at(addDays(today, 2)), expireDate: null, isPublished: true },
      draft: { startDate: at(addDays(today, -5)), expireDate: null, isPublished: false },
    };
    await ctx.db.notice.createMany({
      data: Object.entries(kinds).flatMap(([kind, days]) =>
        [1, 2].map((n) => ({
          companyId: northwind,
          title: `Live count ${kind} ${n}`,
          content: 'x',
          ...days,
        })),
      ),
    });
    const live = await data('olivia.admin', 'noticeAdminList', { status: 'live', search: 'Live count' });
    expect(live.total).toBe(6);
    expect(live.rows.map((row: { title: string }) => row.title).sort()).toEqual(
      ['openEnded', 'endsToday', 'endsLater']
        .flatMap((kind) => [1, 2].map((n) => `Live count ${kind} ${n}`))
        .sort(),
    );
    // The whole organisation's count is the stored rows'.
    const stored = await ctx.db.notice.count({
      where: {
        companyId: northwind,
        isPublished: true,
        startDate: { lte: at(today) },
        OR: [{ expireDate: null }, { expireDate: { gte: at(today) } }],
      },
    });
    expect((await data('olivia.admin', 'noticeAdminList', { status: 'live' })).total).toBe(stored);
  });

  it('counts up to 1,000 (then says so), newest first, and searches the title with % taken literally', async () => {
    const northwind = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } }))
      .companyId;
    await ctx.db.notice.createMany({
      data: pastTheCountCap((index) => ({
        companyId: northwind,
        title: `Bulk notice ${index}`,
        content: 'x',
        startDate: new Date(`${addDays(today, -(index % 30))}T00:00:00Z`),
        isPublished: false,
      })),
    });
    const capped = await data('olivia.admin', 'noticeAdminList', { pageSize: 100 });
    expect(capped).toMatchObject({ total: 1000, totalCapped: true });
    // A search counts four pages past the one shown, up to the same cap.
    const searched = await data('olivia.admin', 'noticeAdminList', { search: 'bulk NOTICE', pageSize: 100 });
    expect(searched).toMatchObject({ total: 500, totalCapped: true });
    expect(searched.rows.every((row: { title: string }) => row.title.startsWith('Bulk notice'))).toBe(true);
    const later = { search: 'bulk notice', pageSize: 100, page: 7 };
    expect(await data('olivia.admin', 'noticeAdminList', later)).toMatchObject({
      total: 1000,
      totalCapped: true,
    });
    // Pages past the count are skipped to by the database: the same notices, in the list's order.
    const matches = await ctx.db.notice.findMany({
      where: { companyId: northwind, title: { contains: 'bulk notice', mode: 'insensitive' } },
      orderBy: [{ startDate: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    });
    expect(matches.length).toBe(1001);
    const deep = [
      { page: 10, pageSize: 100, from: 900 },
      { page: 11, pageSize: 100, from: 1000 },
      { page: 34, pageSize: 30, from: 990 },
      { page: 12, pageSize: 100, from: 1100 },
      { page: 100_000, pageSize: 100, from: 9_999_900 },
    ];
    for (const { page, pageSize, from } of deep) {
      const shown = await data('olivia.admin', 'noticeAdminList', { search: 'bulk notice', page, pageSize });
      expect(shown).toMatchObject({ total: 1000, totalCapped: true });
      expect(shown.rows.map((row: { _id: string }) => row._id)).toEqual(
        matches.slice(from, from + pageSize).map((notice) => notice.id),
      );
    }
    const pastTheEnd = await data('olivia.admin', 'noticeAdminList', {
      search: 'Bulk notice 99',
      page: 1000,
    });
    expect(pastTheEnd).toMatchObject({ rows: [], total: 11 });
    expect(pastTheEnd.totalCapped).toBeUndefined();
    const days = searched.rows.map((row: { startDate: string }) => row.startDate);
    expect(days).toEqual([...days].sort().reverse());
    const drafts = await data('olivia.admin', 'noticeAdminList', {
      status: 'draft',
      search: 'Bulk notice 99',
    });
    expect(drafts.totalCapped).toBeUndefined();
    expect(drafts.total).toBe(11);
    await ctx.db.notice.create({
      data: { companyId: northwind, title: 'Saving 100% of files', content: 'x', startDate: new Date() },
    });
    const percent = await data('olivia.admin', 'noticeAdminList', { search: '0%' });
    expect(percent.rows.map((row: { title: string }) => row.title)).toEqual(['Saving 100% of files']);
    expect((await data('olivia.admin', 'noticeAdminList', { search: 'Bulk_notice' })).total).toBe(0);
  });
});
