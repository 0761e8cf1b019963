import { supplierAccessMessages as say, type TPortalAccount } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, setupTestApp, signIn, signInAll, type TestContext } from './helpers';

/** Access Settings and the supplier's Profile: who may read and change them, and that access bites at once. */
let ctx: TestContext;
let tokens: Record<string, string>;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app);
  for (const username of [
    'acme.supplier',
    'ava.nguyen@acme-contracting.example',
    'zoe.noportal',
    'noah.expired',
  ])
    tokens[username] = await signIn(ctx.app, username);
});

const liamUser = () => ctx.db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } });

describe('Access Settings', () => {
  it('lists the company’s own accounts to its main account only', async () => {
    const accounts: TPortalAccount[] = await data('acme.supplier', 'supplierPortalAccounts');
    expect(accounts.map((account) => account.username)).toEqual(
      expect.arrayContaining(['acme.supplier', 'liam.personnel', 'ava.nguyen@acme-contracting.example']),
    );
    expect(accounts.find((account) => account.username === 'acme.supplier')).toMatchObject({
      kind: 'company',
      isYou: true,
    });
    expect(accounts.find((account) => account.username === 'liam.personnel')).toMatchObject({
      kind: 'personnel',
      name: 'Liam Walker',
      portalAccess: true,
    });
    // Zenith's account is another company's.
    expect(accounts.some((account) => account.username === 'zoe.noportal')).toBe(false);

    const personnel = await call('liam.personnel', 'supplierPortalAccounts');
    expect(personnel.statusCode).toBe(403);
    for (const as of ['mia.employee', 'olivia.admin'])
      expect((await call(as, 'supplierPortalAccounts')).statusCode).toBe(403);
    expect((await call(null, 'supplierPortalAccounts')).statusCode).toBe(401);
    expect((await call('zoe.noportal', 'supplierPortalAccounts')).json().error_code).toBe(
      'supplier_portal_disabled',
    );
  });

  it('turns a person’s access off, which refuses their open session at once, and on again', async () => {
    const liam = await liamUser();
    expect((await call('liam.personnel', 'dashboardSupplierList', {})).statusCode).toBe(200);
    const off = await call('acme.supplier', 'supplierPortalAccessSet', { _id: liam.id, portalAccess: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().response_message).toBe(say.accessOff('Liam Walker'));

    const refused = await call('liam.personnel', 'dashboardSupplierList', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_code).toBe('supplier_portal_disabled');
    // Permissions still answer, with the portal off, so the screen can say so.
    const permissions = await ctx.app.inject({
      method: 'GET',
      url: '/api/permissions',
      headers: { authtoken: tokens['liam.personnel']! },
    });
    expect(permissions.statusCode).toBe(200);
    expect(permissions.json().response_data.access).toMatchObject({
      supplierPortal: 'no',
      supplierAccess: 'no',
    });

    await data('acme.supplier', 'supplierPortalAccessSet', { _id: liam.id, portalAccess: true });
    expect((await call('liam.personnel', 'dashboardSupplierList', {})).statusCode).toBe(200);
    const log = await ctx.db.changeLog.findFirst({
      where: { action: 'portal access changed' },
      orderBy: { createdAt: 'desc' },
    });
    expect(log).not.toBeNull();
  });

  it('refuses what is not the main account’s to change, changing nothing', async () => {
    const liam = await liamUser();
    const own = await ctx.db.user.findUniqueOrThrow({ where: { username: 'acme.supplier' } });
    const self = await call('acme.supplier', 'supplierPortalAccessSet', { _id: own.id, portalAccess: false });
    expect(self.statusCode).toBe(403);
    expect(self.json().response_message).toBe(say.notYourOwn);
    const zoe = await ctx.db.user.findUniqueOrThrow({ where: { username: 'zoe.noportal' } });
    const other = await call('acme.supplier', 'supplierPortalAccessSet', {
      _id: zoe.id,
      portalAccess: false,
    });
    expect(other.statusCode).toBe(404);
    const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    expect(
      (await call('acme.supplier', 'supplierPortalAccessSet', { _id: olivia.id, portalAccess: false }))
        .statusCode,
    ).toBe(404);
    const byPerson = await call('ava.nguyen@acme-contracting.example', 'supplierPortalAccessSet', {
      _id: liam.id,
      portalAccess: false,
    });
    expect(byPerson.statusCode).toBe(403);
    expect(byPerson.json().response_message).toBe(say.mainAccountOnly);
    expect(
      (await call('mia.employee', 'supplierPortalAccessSet', { _id: liam.id, portalAccess: false }))
        .statusCode,
    ).toBe(403);
    expect((await liamUser()).portalAccess).toBe(true);
    expect((await ctx.db.user.findUniqueOrThrow({ where: { username: 'zoe.noportal' } })).portalAccess).toBe(
      true,
    );
  });
});

describe('the supplier’s Profile', () => {
  it('lets the main account change its contact details, its people read them, nobody else', async () => {
    const saved = await call('acme.supplier', 'supplierProfileUpdate', {
      email: 'office@acme-contracting.example',
      contactName: 'Dana Acme',
      phone: '+61 2 5550 1234',
      address: '12 Quay Street, Sydney',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().response_message).toBe(say.profileSaved);
    const read = await data('liam.personnel', 'supplierProfile');
    expect(read).toMatchObject({
      name: 'Acme Contracting',
      contactName: 'Dana Acme',
      phone: '+61 2 5550 1234',
      canEdit: false,
    });
    expect((await data('acme.supplier', 'supplierProfile')).canEdit).toBe(true);

    const byPerson = await call('liam.personnel', 'supplierProfileUpdate', {
      email: '',
      contactName: 'Liam',
      phone: '',
      address: '',
    });
    expect(byPerson.statusCode).toBe(403);
    expect((await call('mia.employee', 'supplierProfile')).statusCode).toBe(403);
    expect((await call('noah.expired', 'supplierProfile')).json().error_code).toBe(
      'password_change_required',
    );

    const bad = await call('acme.supplier', 'supplierProfileUpdate', {
      email: 'not an address',
      contactName: 'x',
      phone: 'call me',
      address: '',
    });
    expect(bad.statusCode).toBe(400);
    expect((await data('acme.supplier', 'supplierProfile')).contactName).toBe('Dana Acme');
  });
});
