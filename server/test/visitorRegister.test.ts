import { randomUUID } from 'node:crypto';
import { visitorMessages as say, type AccessKey } from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReader, type Reader } from '../src/db/reader';
import type { AuthContext } from '../src/plugins/auth';
import { VisitRegister } from '../src/modules/visitors/register';
import { apiCalls, employeeOf, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/** Vismate's register (issue 45): the list, its export, a visit's details, sign-out and on site now. */
let ctx: TestContext;
let reader: Reader;
let register: VisitRegister;
let tokens: Record<string, string>;
let ethan: AuthContext;
let ids: Record<
  'workplace' | 'branch' | 'otherWorkplace' | 'supplier' | 'mia' | 'ethan' | 'otherVisit',
  string
>;
let names: { workplace: string; branch: string; company: string; supplier: string };
const visits: Record<'zelda' | 'yuri' | 'late', string> = { zelda: '', yuri: '', late: '' };
const NOBODY = '00000000-0000-4000-8000-000000000000';
const PAGED = 30;

/** The AuthContext of a signed-in employee, as the session gives it (with the access keys asked for). */
async function authOf(username: string, keys: AccessKey[]): Promise<AuthContext> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { username }, include: { company: true } });
  return {
    sessionId: randomUUID(),
    token: randomUUID(),
    userId: user.id,
    companyId: user.companyId,
    timeZone: user.company.timeZone,
    userType: 'employee',
    employeeId: user.employeeId,
    supplierId: null,
    personnelId: null,
    isForceUpdatePassword: false,
    supplier: null,
    accessKeys: new Set(keys),
  };
}

const at = (iso: string) => new Date(iso);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  ctx = await setupTestApp();
  reader = createReader(ctx.databaseUrl, 2);
  register = new VisitRegister(ctx.db, reader);
  await setRoleKeys(ctx.db, 'ethan.coordinator', { vismate: true });
  // The demo's Restricted Employee holds every key but a few: Mia stands for an employee without it.
  await setRoleKeys(ctx.db, 'mia.employee', { vismate: false });
  tokens = await signInAll(ctx.app, ['ethan.coordinator', 'mia.employee']);
  ethan = await authOf('ethan.coordinator', ['vismate']);
  const companyId = ethan.companyId;
  const company = await ctx.db.company.findUniqueOrThrow({ where: { id: companyId } });
  const workplaces = await ctx.db.workplace.findMany({
    where: { companyId, isActive: true },
    include: { branches: true },
    orderBy: { name: 'asc' },
  });
  const withBranch = workplaces.find((workplace) => workplace.branches.length > 0)!;
  const other = workplaces.find((workplace) => workplace.id !== withBranch.id)!;
  const supplier = await ctx.db.supplierCompany.findFirstOrThrow({ where: { companyId } });
  const sam = await employeeOf(ctx.db, 'sam.southbank');
  const samWorkplace = await ctx.db.workplace.create({
    data: { companyId: sam.companyId, name: `Southbank gate ${randomUUID().slice(0, 6)}` },
  });
  ids = {
    workplace: withBranch.id,
    branch: withBranch.branches[0]!.id,
    otherWorkplace: other.id,
    supplier: supplier.id,
    mia: (await employeeOf(ctx.db, 'mia.employee')).id,
    ethan: ethan.employeeId!,
    otherVisit: (
      await ctx.db.visit.create({
        data: {
          companyId: sam.companyId,
          workplaceId: samWorkplace.id,
          fullName: 'Zelda Elsewhere',
          visitorCompany: 'Quokka Logistics',
          purpose: 'Audit',
        },
      })
    ).id,
  };
  names = {
    workplace: withBranch.name,
    branch: withBranch.branches[0]!.name,
    company: company.name,
    supplier: supplier.name,
  };
  const visit = (data: Partial<Parameters<typeof ctx.db.visit.create>[0]['data']>) =>
    ctx.db.visit.create({
      data: { companyId, workplaceId: ids.workplace, fullName: 'Someone', purpose: 'Meeting', ...data },
    });
  visits.zelda = (
    await visit({
      fullName: 'Zelda Quartz',
      visitorCompany: 'Quokka Logistics',
      branchId: ids.branch,
      hostEmployeeId: ids.ethan,
      phone: '0400 000 001',
      answers: [{ questionId: randomUUID(), label: 'Driving a vehicle?', value: 'yes' }],
      signature: 'data:image/png;base64,iVBORw0KGgo=',
      signInAt: at('2026-03-10T12:00:00Z'),
      signOutAt: at('2026-03-10T13:30:00Z'),
    })
  ).id;
  visits.yuri = (
    await visit({
      kind: 'contractor',
      fullName: 'Yuri Quillfeather',
      visitorCompany: supplier.name,
      supplierId: ids.supplier,
      purpose: 'Repairs',
      signInAt: at('2026-03-10T09:00:00Z'),
    })
  ).id;
  // 01:30 on 11 March in Sydney, still 10 March in UTC.
  visits.late = (
    await visit({
      fullName: 'Xavier Quince',
      workplaceId: ids.otherWorkplace,
      signInAt: at('2026-03-10T14:30:00Z'),
      signOutAt: at('2026-03-10T15:00:00Z'),
    })
  ).id;
  await ctx.db.visit.createMany({
    data: Array.from({ length: PAGED }, (_, index) => ({
      companyId,
      workplaceId: ids.workplace,
      fullName: `Paged Visitor ${index}`,
      visitorCompany: 'Pagingco',
      purpose: 'Delivery',
      signInAt: new Date(Date.UTC(2026, 1, 1, 8, index)),
      signOutAt: new Date(Date.UTC(2026, 1, 1, 9, index)),
    })),
  });
});

afterAll(() => reader.close());

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ status: 200, message: '' }),
    (error: { statusCode?: number; message: string }) => ({
      status: error.statusCode,
      message: error.message,
    }),
  );
const list = (request: object, auth: AuthContext = ethan) =>
  register.list(auth, { status: 'all', page: 1, pageSize: 25, ...request });

describe('the register', () => {
  it('pages newest first and counts the matches', async () => {
    const first = await list({ search: 'pagingco', pageSize: 10 });
    const second = await list({ search: 'pagingco', pageSize: 10, page: 2 });
    expect(first.total).toBe(PAGED);
    expect(first.rows.map((row) => row.fullName).slice(0, 2)).toEqual([
      'Paged Visitor 29',
      'Paged Visitor 28',
    ]);
    expect(second.rows.map((row) => row.fullName)[0]).toBe('Paged Visitor 19');
    expect(second.rows[0]!.hours).toBe(1);
    const unsearched = await list({ pageSize: 5 });
    expect(unsearched.rows).toHaveLength(5);
    const times = unsearched.rows.map((row) => row.SigninTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('searches a name or a company in part, only in the organisation', async () => {
    const byCompany = await list({ search: 'OKKA LOGI' });
    expect(byCompany.rows.map((row) => row._id)).toEqual([visits.zelda]);
    expect(byCompany.rows[0]).toMatchObject({
      kind: 'visitor',
      fullName: 'Zelda Quartz',
      host: expect.stringMatching(/^Ethan /),
      Workplaces: names.workplace,
      Branchs: names.branch,
      SigninTime: '2026-03-10T12:00:00.000Z',
      SignoutTime: '2026-03-10T13:30:00.000Z',
      hours: 1.5,
    });
    expect((await list({ search: 'quillfeather' })).rows.map((row) => row._id)).toEqual([visits.yuri]);
    expect((await list({ search: '100%_' })).total).toBe(0);
  });

  it('filters by workplace, kind and status', async () => {
    const search = 'q';
    const ofOther = await list({ search, workplaceId: ids.otherWorkplace });
    expect(ofOther.rows.map((row) => row._id)).toEqual([visits.late]);
    const contractors = await list({ search, kind: 'contractor' });
    expect(contractors.rows.map((row) => row._id)).toEqual([visits.yuri]);
    expect(contractors.rows[0]).toMatchObject({ SignoutTime: null, hours: null, Branchs: null });
    const onSite = await list({ search: 'quartz', status: 'onSite' });
    expect(onSite.total).toBe(0);
    const signedOut = await list({ search: 'quartz', status: 'signedOut' });
    expect(signedOut.rows.map((row) => row._id)).toEqual([visits.zelda]);
  });

  it('reads from and to as the organisation’s days', async () => {
    const search = 'q';
    const tenthInUtc = await list({ search, from: '2026-03-10', to: '2026-03-10' });
    expect(new Set(tenthInUtc.rows.map((row) => row._id))).toEqual(
      new Set([visits.zelda, visits.yuri, visits.late]),
    );
    const sydney = { ...ethan, timeZone: 'Australia/Sydney' };
    const eleventh = await list({ search, from: '2026-03-11', to: '2026-03-11' }, sydney);
    expect(eleventh.rows.map((row) => row._id)).toEqual([visits.late]);
    const tenth = await list({ search, to: '2026-03-10' }, sydney);
    expect(new Set(tenth.rows.map((row) => row._id))).toEqual(new Set([visits.zelda, visits.yuri]));
    expect(await statusOf(list({ from: '2026-03-11', to: '2026-03-10' }))).toEqual({
      status: 400,
      message: say.periodReversed,
    });
  });
});

describe('a visit', () => {
  it('answers its details with the answers, signature and photo', async () => {
    const photo = await ctx.db.attachment.create({
      data: {
        companyId: ethan.companyId,
        ownerType: 'visit',
        ownerId: visits.zelda,
        name: 'photo.jpg',
        storageKey: `test/${randomUUID()}`,
        mimeType: 'image/jpeg',
        size: 10,
        fileType: 'jpg',
      },
    });
    const details = await register.details(ethan, visits.zelda);
    expect(details).toMatchObject({
      _id: visits.zelda,
      fullName: 'Zelda Quartz',
      answers: [{ label: 'Driving a vehicle?', value: 'yes' }],
      signature: 'data:image/png;base64,iVBORw0KGgo=',
      photo: { _id: photo.id, name: 'photo.jpg', path: `/api/files/${photo.id}` },
      rulesAcceptedAt: null,
      kiosk: null,
      signedOutBy: null,
      personnel: null,
    });
  });

  it('answers 404 for another organisation’s visit or none', async () => {
    expect((await statusOf(register.details(ethan, ids.otherVisit))).status).toBe(404);
    expect((await statusOf(register.details(ethan, NOBODY))).status).toBe(404);
    expect((await statusOf(register.signOut(ethan, ids.otherVisit))).status).toBe(404);
  });

  it('signs an open visit out once, logged; the second answers 409', async () => {
    await register.signOut(ethan, visits.yuri);
    const details = await register.details(ethan, visits.yuri);
    expect(details.SignoutTime).not.toBeNull();
    expect(details.signedOutBy).toMatch(/^Ethan /);
    expect(
      await ctx.db.changeLog.count({
        where: { entityType: 'visit', entityId: visits.yuri, action: 'signedOut' },
      }),
    ).toBe(1);
    expect(await statusOf(register.signOut(ethan, visits.yuri))).toEqual({
      status: 409,
      message: say.alreadySignedOut,
    });
  });

  it('lets exactly one of two racing sign-outs win', async () => {
    const { id } = await ctx.db.visit.create({
      data: { companyId: ethan.companyId, workplaceId: ids.workplace, fullName: 'Racer', purpose: 'Race' },
    });
    const outcomes = await Promise.all([
      statusOf(register.signOut(ethan, id)),
      statusOf(register.signOut(ethan, id)),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 409]);
  });
});

describe('on site now', () => {
  it('lists open visits and clocked-in employees of the workplace, not those signed out', async () => {
    const companyId = ethan.companyId;
    const { id: open } = await ctx.db.visit.create({
      data: {
        companyId,
        workplaceId: ids.workplace,
        fullName: 'Olga Onsite',
        purpose: 'Tour',
        hostEmployeeId: ids.mia,
      },
    });
    const { id: record } = await ctx.db.timesheetRecord.create({
      data: {
        companyId,
        employeeId: ids.mia,
        workplaceId: ids.workplace,
        fullName: 'Mia',
        signInAt: new Date(),
      },
    });
    const now = await register.onSiteNow(ethan, ids.workplace);
    expect(now).toMatchObject({ workplaceId: ids.workplace, workplace: names.workplace });
    const byId = new Map(now.people.map((person) => [person._id, person]));
    expect(byId.get(record)).toMatchObject({ kind: 'employee', company: names.company, host: null });
    expect(byId.get(open)).toMatchObject({
      kind: 'visitor',
      fullName: 'Olga Onsite',
      host: expect.any(String),
    });
    expect(byId.has(visits.zelda)).toBe(false);
    expect(byId.has(visits.yuri)).toBe(false);
    expect(now.people[0]!.kind).toBe('employee');
  });

  it('refuses a workplace that is not an active one of the organisation', async () => {
    const refused = { status: 400, message: say.workplaceUnknown };
    expect(await statusOf(register.onSiteNow(ethan, NOBODY))).toEqual(refused);
    const theirs = await ctx.db.visit.findUniqueOrThrow({ where: { id: ids.otherVisit } });
    expect(await statusOf(register.onSiteNow(ethan, theirs.workplaceId))).toEqual(refused);
  });
});

describe('the export', () => {
  it('writes the filtered register as CSV in the organisation’s clock', async () => {
    const file = await register.exportFile(ethan, { status: 'all', search: 'zelda', format: 'csv' });
    expect(file).toMatchObject({ fileName: 'visitors.csv', truncated: false });
    expect(file.contentType).toMatch(/^text\/csv/);
    const [header, row, ...rest] = String(file.body).replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toBe('Name,Company,Kind,Host,Purpose,Phone,Workplace,Branch,Signed in,Signed out,Hours');
    expect(row).toMatch(
      new RegExp(
        `^Zelda Quartz,Quokka Logistics,Visitor,Ethan [^,]+,Meeting,0400 000 001,${escaped(names.workplace)},${escaped(names.branch)},2026-03-10 12:00,2026-03-10 13:30,1.5$`,
      ),
    );
    expect(rest).toEqual([]);
    const sydney = await register.exportFile(
      { ...ethan, timeZone: 'Australia/Sydney' },
      {
        status: 'all',
        search: 'zelda',
        format: 'csv',
      },
    );
    expect(String(sydney.body)).toContain('2026-03-10 23:00,2026-03-11 00:30');
  });
});

describe('the calls', () => {
  const { call, data } = apiCalls(
    () => ctx,
    () => tokens,
  );

  it('refuse an employee without vismate and answer a holder', async () => {
    expect((await call('mia.employee', 'visitList', {})).json().error_code).toBe('access_key_missing');
    const page = await data('ethan.coordinator', 'visitList', { search: 'quartz' });
    expect(page.rows.map((row: { _id: string }) => row._id)).toEqual([visits.zelda]);
  });

  it('count the visitors and contractors on site at each workplace in the setup list', async () => {
    const onSite = (await register.onSiteNow(ethan, ids.workplace)).people.filter(
      (person) => person.kind !== 'employee',
    );
    const rows = (await data('ethan.coordinator', 'visitorSetupList')).rows as {
      workplaceId: string;
      onSite: number;
    }[];
    expect(rows.find((row) => row.workplaceId === ids.workplace)?.onSite).toBe(onSite.length);
    expect(onSite.length).toBeGreaterThan(0);
  });

  it('send the export as a file and bad filters as a 400 envelope', async () => {
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/visitExport?search=zelda&format=csv',
      headers: { authtoken: tokens['ethan.coordinator']! },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['x-export-truncated']).toBe('no');
    expect(exported.body).toContain('Zelda Quartz,Quokka Logistics,Visitor');
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: '/api/visitExport?format=xlsx&kind=contractor',
      headers: { authtoken: tokens['ethan.coordinator']! },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const reversed = await call('ethan.coordinator', 'visitList', { from: '2026-03-11', to: '2026-03-10' });
    expect([reversed.statusCode, reversed.json().response_message]).toEqual([400, say.periodReversed]);
    const other = await call('ethan.coordinator', 'visitDetails', { _id: ids.otherVisit });
    expect(other.statusCode).toBe(404);
  });
});
