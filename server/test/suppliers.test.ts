import { messages, supplierMessages as say } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCalls,
  DEMO_PASSWORD,
  setRoleKeys,
  setupTestApp,
  signIn,
  signInAll,
  type TestContext,
} from './helpers';

/** External Parties > Companies and Personnel: supplier companies, their people and their accounts. */
let ctx: TestContext;
let tokens: Record<string, string>;
let acmeId: string;
let southbankSupplierId: string;

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app);
  tokens['acme.supplier'] = await signIn(ctx.app, 'acme.supplier');
  // Mia's role (Restricted Employee) has the supplier key; without it she administers no supplier.
  await setRoleKeys(ctx.db, 'mia.employee', { supplier: false });
  acmeId = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'acme.supplier' } })).supplierId!;
  const sam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'sam.southbank' } });
  southbankSupplierId = (
    await ctx.db.supplierCompany.create({ data: { companyId: sam.companyId, name: 'Southbank Supplies' } })
  ).id;
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const NOBODY = '00000000-0000-4000-8000-000000000000';

const CALLS: { path: string; body?: object }[] = [
  { path: 'supplierList', body: {} },
  { path: 'supplierDetails', body: { _id: NOBODY } },
  { path: 'supplierSave', body: { name: 'Refused Co', supplierPortal: false, supplierAccess: false } },
  { path: 'supplierSetActive', body: { _id: NOBODY, active: false } },
  { path: 'supplierAccountCreate', body: { supplierId: NOBODY, email: 'x@refused.example' } },
  { path: 'supplierAccountInvite', body: { _id: NOBODY } },
  { path: 'personnelList', body: {} },
  { path: 'personnelSave', body: { supplierId: NOBODY, firstName: 'No', lastName: 'Body' } },
  { path: 'personnelSetActive', body: { _id: NOBODY, active: false } },
];

describe('who may administer suppliers', () => {
  it.each(CALLS)(
    '$path: 401 without a session, 403 without the supplier key and for supplier callers',
    async ({ path, body }) => {
      expect((await call(null, path, body)).statusCode).toBe(401);
      for (const as of ['mia.employee', 'liam.personnel', 'acme.supplier']) {
        expect((await call(as, path, body)).statusCode).toBe(403);
      }
      expect(await ctx.db.supplierCompany.count({ where: { name: 'Refused Co' } })).toBe(0);
    },
  );

  it("answers another organisation's company as not found", async () => {
    for (const [path, body] of [
      ['supplierDetails', { _id: southbankSupplierId }],
      [
        'supplierSave',
        { _id: southbankSupplierId, name: 'Mine', supplierPortal: true, supplierAccess: true },
      ],
      ['supplierSetActive', { _id: southbankSupplierId, active: false }],
      ['supplierAccountCreate', { supplierId: southbankSupplierId, email: 'sneaky@example.com' }],
    ] as const) {
      expect((await call('olivia.admin', path, body)).statusCode).toBe(404);
    }
    const res = await call('olivia.admin', 'personnelSave', {
      supplierId: southbankSupplierId,
      firstName: 'A',
      lastName: 'B',
    });
    expect(res.json().response_message).toBe(say.companyMissing);
    const list = await data('olivia.admin', 'supplierList', { pageSize: 100 });
    expect(list.rows.map((row: { _id: string }) => row._id)).not.toContain(southbankSupplierId);
  });
});

describe('companies', () => {
  it('creates a company, refuses a duplicate name, switches its portal, and logs it', async () => {
    const { _id } = await data('olivia.admin', 'supplierSave', {
      name: 'Bay Electrical',
      email: 'office@bay.example',
      supplierPortal: false,
      supplierAccess: false,
    });
    const duplicate = await call('olivia.admin', 'supplierSave', {
      name: 'bay electrical',
      supplierPortal: false,
      supplierAccess: false,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().response_message).toBe(say.nameTaken);
    await data('olivia.admin', 'supplierSave', {
      _id,
      name: 'Bay Electrical',
      email: 'office@bay.example',
      supplierPortal: true,
      supplierAccess: true,
    });
    expect(await data('olivia.admin', 'supplierDetails', { _id })).toMatchObject({
      supplierPortal: true,
      accounts: [],
    });
    const log = await data('olivia.admin', 'changeLogList', { entityType: 'supplierCompany', entityId: _id });
    expect(log.list[0].changes).toContainEqual({ field: 'supplierPortal', from: 'No', to: 'Yes' });
  });

  it('invites a portal account that then signs in; a taken e-mail is refused', async () => {
    const { _id } = await data('olivia.admin', 'supplierSave', {
      name: 'Quay Cleaning',
      supplierPortal: true,
      supplierAccess: true,
    });
    const account = await data('olivia.admin', 'supplierAccountCreate', {
      supplierId: _id,
      email: 'team@quay-cleaning.example',
    });
    const mail = await ctx.db.mailMessage.findFirstOrThrow({
      where: { toAddress: 'team@quay-cleaning.example', category: 'invitation' },
    });
    const token = /\/external-parties-account-activate\/([\w-]+)/.exec(mail.textBody)![1]!;
    expect((await data('olivia.admin', 'supplierDetails', { _id })).accounts).toEqual([
      {
        _id: account._id,
        username: 'team@quay-cleaning.example',
        email: 'team@quay-cleaning.example',
        status: 'invited',
      },
    ]);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { token, password: 'Clean@2026', confirmPassword: 'Clean@2026' },
    });
    expect(await signIn(ctx.app, 'team@quay-cleaning.example', 'Clean@2026')).toEqual(expect.any(String));
    const taken = await call('olivia.admin', 'supplierAccountCreate', {
      supplierId: _id,
      email: 'acme.supplier',
    });
    expect(taken.statusCode).toBe(400);
    const again = await call('olivia.admin', 'supplierAccountCreate', {
      supplierId: _id,
      email: 'TEAM@quay-cleaning.example',
    });
    expect(again.json().response_message).toBe(say.usernameTaken);
  });

  it("deactivating a company ends its accounts' sessions at once; reactivating lets them back", async () => {
    const session = await signIn(ctx.app, 'liam.personnel');
    expect((await call(session, 'dashboardSupplierList', {})).statusCode).toBe(200);
    await data('olivia.admin', 'supplierSetActive', { _id: acmeId, active: false });
    expect((await call(session, 'dashboardSupplierList', {})).statusCode).toBe(401);
    await data('olivia.admin', 'supplierSetActive', { _id: acmeId, active: true });
    const back = await signIn(ctx.app, 'liam.personnel', DEMO_PASSWORD);
    expect((await call(back, 'dashboardSupplierList', {})).statusCode).toBe(200);
  });
});

describe('personnel', () => {
  it('adds a person with an invited account, lists them by company, and deactivates them', async () => {
    const { _id } = await data('olivia.admin', 'personnelSave', {
      supplierId: acmeId,
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'priya.shah@acme-contracting.example',
      invite: true,
    });
    const list = await data('olivia.admin', 'personnelList', { supplierId: acmeId, search: 'priya' });
    expect(list.rows).toEqual([
      expect.objectContaining({
        _id,
        supplier: expect.any(String),
        account: expect.objectContaining({ status: 'invited' }),
      }),
    ]);
    await data('olivia.admin', 'personnelSetActive', { _id, active: false });
    const user = await ctx.db.user.findFirstOrThrow({ where: { personnelId: _id } });
    expect(user.isActive).toBe(false);
    const invite = await call('olivia.admin', 'supplierAccountInvite', { _id: user.id });
    expect(invite.json().response_message).toBe(messages.invitation.inactive);
  });

  it('lists in name order with counts, searches any part of the names or e-mail, its % literally', async () => {
    const company = await data('olivia.admin', 'supplierList', { search: 'CONTRACT' });
    const acme = company.rows.find((row: { _id: string }) => row._id === acmeId);
    expect(acme).toMatchObject({
      personnelCount: await ctx.db.personnel.count({ where: { supplierId: acmeId } }),
      accountCount: await ctx.db.user.count({ where: { supplierId: acmeId } }),
    });
    expect((await data('olivia.admin', 'supplierList', { search: '%' })).total).toBe(0);
    const all = await data('olivia.admin', 'personnelList', { pageSize: 100 });
    const northwind = (await ctx.db.supplierCompany.findUniqueOrThrow({ where: { id: acmeId } })).companyId;
    expect(all.total).toBe(await ctx.db.personnel.count({ where: { companyId: northwind } }));
    const names = all.rows.map(
      (row: { lastName: string; firstName: string }) => `${row.lastName}\t${row.firstName}`,
    );
    expect(names).toEqual([...names].sort());
    const someone = all.rows[0];
    const part = someone.lastName.slice(1, -1).toLowerCase();
    const found = await data('olivia.admin', 'personnelList', { search: part, pageSize: 100 });
    expect(found.rows.map((row: { _id: string }) => row._id)).toContain(someone._id);
    expect(found.total).toBe(found.rows.length);
    expect((await data('olivia.admin', 'personnelList', { search: '_' })).total).toBe(0);
  });

  it('refuses a person without names, and an invitation without an e-mail, writing nothing', async () => {
    const before = await ctx.db.personnel.count();
    for (const [body, message] of [
      [{ supplierId: acmeId, firstName: ' ', lastName: 'X' }, say.firstNameRequired],
      [{ supplierId: acmeId, firstName: 'X', lastName: 'Y', invite: true }, say.emailRequired],
      [{ supplierId: acmeId, firstName: 'X', lastName: 'Y', email: 'nope' }, say.emailInvalid],
    ] as const) {
      const res = await call('olivia.admin', 'personnelSave', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().response_message).toBe(message);
    }
    expect(await ctx.db.personnel.count()).toBe(before);
  });
});
