import { randomUUID } from 'node:crypto';
import {
  administrationMessages,
  supplierAccessMessages as say,
  type TPortalAccount,
  type TSupplierProfile,
} from '@compass/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueLink } from '../src/modules/links/service';
import { apiCalls, multipartPayload, setRoleKeys, setupTestApp, signIn, type TestContext } from './helpers';

/**
 * Access Settings and the supplier's Profile: every new call as every kind of caller, that turning
 * an account's access off bites at once on its open session, and that nothing crosses a company or
 * an organisation.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
let acmeId: string;
let swiftId: string;
let linkToken: string;
let liamId: string;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

/** A second supplier account, signing in with the demo password (copied from acme.supplier). */
async function addAccount(username: string, supplierName: string, personnel?: string) {
  const template = await ctx.db.user.findUniqueOrThrow({ where: { username: 'acme.supplier' } });
  const supplier = await ctx.db.supplierCompany.findFirstOrThrow({ where: { name: supplierName } });
  const person =
    personnel &&
    (await ctx.db.personnel.create({
      data: {
        companyId: supplier.companyId,
        supplierId: supplier.id,
        firstName: personnel,
        lastName: 'Tester',
      },
    }));
  return ctx.db.user.create({
    data: {
      username,
      companyId: supplier.companyId,
      userType: 'supplier',
      passwordHash: template.passwordHash,
      supplierId: supplier.id,
      personnelId: person ? person.id : null,
    },
  });
}

const userId = async (username: string) => (await ctx.db.user.findUniqueOrThrow({ where: { username } })).id;
const accessOf = async (username: string) =>
  (await ctx.db.user.findUniqueOrThrow({ where: { username } })).portalAccess;

beforeAll(async () => {
  ctx = await setupTestApp({ RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_ADDRESS: '1000' });
  acmeId = (await ctx.db.supplierCompany.findFirstOrThrow({ where: { name: 'Acme Contracting' } })).id;
  swiftId = (await ctx.db.supplierCompany.findFirstOrThrow({ where: { name: 'Swift Couriers' } })).id;
  // Swift Couriers is Southbank's supplier: a supplier of another organisation.
  await addAccount('swift.supplier', 'Swift Couriers');
  // Acme's second main account, and a person whose access is turned off while signed in.
  await addAccount('acme.office', 'Acme Contracting');
  await addAccount('kai.personnel', 'Acme Contracting', 'Kai');
  tokens = {};
  for (const username of [
    'acme.supplier',
    'acme.office',
    'liam.personnel',
    'kai.personnel',
    'olivia.admin',
    'mia.employee',
    'noah.expired',
    'swift.supplier',
    'sam.southbank',
    'ava.nguyen@acme-contracting.example',
  ])
    tokens[username] = await signIn(ctx.app, username);
  await ctx.db.user.update({
    where: { username: 'ava.nguyen@acme-contracting.example' },
    data: { portalAccess: false },
  });
  // Mia's role keeps everything but the supplier key (her role is this file's own copy).
  await setRoleKeys(ctx.db, 'mia.employee', { supplier: false });
  const link = await ctx.db.$transaction(async (tx) =>
    issueLink(tx, {
      companyId: (await tx.supplierCompany.findUniqueOrThrow({ where: { id: acmeId } })).companyId,
      resourceType: 'submission',
      resourceId: randomUUID(),
      operations: ['read', 'update'],
      supplierId: acmeId,
    }),
  );
  linkToken = link.token;
  liamId = await userId('liam.personnel');
});

const logoOf = (as: string | null, supplierId: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/supplierLogo/${supplierId}`,
    headers: as ? { authtoken: tokens[as] ?? as } : {},
  });

function uploadLogo(as: string, file: { name: string; content: Buffer } | null) {
  const { payload, contentType } = multipartPayload({}, file ? [file] : []);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/supplierLogoUpload',
    headers: { 'content-type': contentType, authtoken: tokens[as]! },
    payload,
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1f6feb' } })
    .png()
    .toBuffer();

describe('who is served: every new call × every kind of caller', () => {
  /** Each call with a harmless valid input (nothing is changed: the access stays as it is). */
  const calls = () => ({
    supplierPortalAccounts: {},
    supplierPortalAccessSet: { _id: liamId, portalAccess: true },
    supplierCompanyPortalAccounts: { supplierId: acmeId },
    supplierCompanyPortalAccessSet: { _id: liamId, portalAccess: true },
    supplierProfile: {},
    supplierProfileUpdate: { email: '', contactName: '', phone: '', address: '' },
    supplierLogoDelete: {},
  });
  type Name = keyof ReturnType<typeof calls>;
  const MAIN_ONLY: Name[] = [
    'supplierPortalAccounts',
    'supplierPortalAccessSet',
    'supplierProfileUpdate',
    'supplierLogoDelete',
  ];
  const EMPLOYEE_KEYED: Name[] = ['supplierCompanyPortalAccounts', 'supplierCompanyPortalAccessSet'];

  /** [status, error_code] the caller gets; 200 served. */
  function expected(caller: string, name: Name): [number, string | null] {
    switch (caller) {
      case 'guest':
      case 'link':
        return [401, 'not_signed_in'];
      case 'noah.expired':
        return [403, 'password_change_required'];
      case 'olivia.admin':
        return EMPLOYEE_KEYED.includes(name) ? [200, null] : [403, 'caller_not_served'];
      case 'mia.employee':
        return EMPLOYEE_KEYED.includes(name) ? [403, 'access_key_missing'] : [403, 'caller_not_served'];
      case 'sam.southbank': // Another organisation's employee, with the supplier key: not its supplier.
        return EMPLOYEE_KEYED.includes(name) ? [404, null] : [403, 'caller_not_served'];
      case 'ava.nguyen@acme-contracting.example': // Her access was turned off while she was signed in.
        return [403, 'supplier_portal_disabled'];
      case 'liam.personnel':
        return [...MAIN_ONLY, ...EMPLOYEE_KEYED].includes(name) ? [403, 'caller_not_served'] : [200, null];
      default: // acme.supplier, and swift.supplier in its own company
        if (EMPLOYEE_KEYED.includes(name)) return [403, 'caller_not_served'];
        // Liam is not Swift's: another organisation's supplier finds no such account.
        if (caller === 'swift.supplier' && name === 'supplierPortalAccessSet') return [404, null];
        return [200, null];
    }
  }

  it.each([
    'guest',
    'link',
    'noah.expired',
    'olivia.admin',
    'mia.employee',
    'sam.southbank',
    'liam.personnel',
    'ava.nguyen@acme-contracting.example',
    'acme.supplier',
    'swift.supplier',
  ])('answers %s as its access says', async (caller) => {
    const wrong: string[] = [];
    for (const [name, body] of Object.entries(calls()) as [Name, object][]) {
      const response =
        caller === 'link'
          ? await ctx.app.inject({
              method: 'POST',
              url: `/api/${name}?authtoken=${encodeURIComponent(linkToken)}`,
              payload: body,
            })
          : await call(caller === 'guest' ? null : caller, name, body);
      const [status, code] = expected(caller, name);
      const got = response.json().error_code ?? null;
      if (response.statusCode !== status || (code && got !== code))
        wrong.push(`${name}: wanted ${status} ${code ?? ''}, got ${response.statusCode} ${got ?? ''}`);
    }
    expect(wrong).toEqual([]);
    expect(await accessOf('liam.personnel')).toBe(true);
  });
});

describe('Access Settings', () => {
  it('lists the company’s own accounts, with their last sign-in, to its main account', async () => {
    const accounts: TPortalAccount[] = await data('acme.supplier', 'supplierPortalAccounts');
    const names = accounts.map((account) => account.username);
    expect(names).toEqual(
      expect.arrayContaining([
        'acme.supplier',
        'acme.office',
        'liam.personnel',
        'ava.nguyen@acme-contracting.example',
      ]),
    );
    // The main accounts first.
    expect(accounts.slice(0, 2).every((account) => account.kind === 'company')).toBe(true);
    expect(accounts.find((account) => account.username === 'acme.supplier')).toMatchObject({
      kind: 'company',
      isYou: true,
    });
    const liam = accounts.find((account) => account.username === 'liam.personnel');
    expect(liam).toMatchObject({ kind: 'personnel', name: 'Liam Walker', portalAccess: true, isYou: false });
    expect(Date.parse(liam!.lastSignInAt!)).toBeGreaterThan(Date.now() - 60 * 60_000);
    // Zenith's account is another company's, Swift's another organisation's.
    expect(names).not.toContain('zoe.noportal');
    expect(names).not.toContain('swift.supplier');
    // Swift's main account sees its own company only.
    const swift: TPortalAccount[] = await data('swift.supplier', 'supplierPortalAccounts');
    expect(swift.map((account) => account.username)).toEqual(['swift.supplier']);
    const personnel = await call('liam.personnel', 'supplierPortalAccounts');
    expect(personnel.json().response_message).toBe(say.mainAccountOnly);
  });

  it('turns a person’s access off, which refuses their open session at once but sign-out and permissions, and on again', async () => {
    const kai = await userId('kai.personnel');
    expect((await call('kai.personnel', 'dashboardSupplierList', {})).statusCode).toBe(200);
    const off = await call('acme.supplier', 'supplierPortalAccessSet', { _id: kai, portalAccess: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().response_message).toBe(say.accessOff('Kai Tester'));
    expect(off.json().response_data).toMatchObject({ portalAccess: false });

    // The same session, already open: every call is refused as with the company's portal off.
    for (const [path, body] of [
      ['dashboardSupplierList', {}],
      ['supplierProfile', {}],
      ['supplierAssessmentStatus', {}],
      ['formSubmissionList', {}],
    ] as const) {
      const refused = await call('kai.personnel', path, body);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().error_code, path).toBe('supplier_portal_disabled');
    }
    expect((await logoOf('kai.personnel', acmeId)).json().error_code).toBe('supplier_portal_disabled');
    // Permissions still answer, with the portal off and a note to read them again.
    const permissions = await ctx.app.inject({
      method: 'GET',
      url: '/api/permissions',
      headers: { authtoken: tokens['kai.personnel']! },
    });
    expect(permissions.statusCode).toBe(200);
    expect(permissions.json().updatePermissions).toBe('yes');
    expect(permissions.json().response_data.access).toMatchObject({
      supplierPortal: 'no',
      supplierAccess: 'no',
    });
    // Signing in again does not get round it.
    const again = await signIn(ctx.app, 'kai.personnel');
    expect((await call(again, 'dashboardSupplierList', {})).json().error_code).toBe(
      'supplier_portal_disabled',
    );

    await data('acme.supplier', 'supplierPortalAccessSet', { _id: kai, portalAccess: true });
    expect((await call('kai.personnel', 'dashboardSupplierList', {})).statusCode).toBe(200);
    const logs = await ctx.db.changeLog.findMany({
      where: { entityId: acmeId, action: 'portal access changed' },
      orderBy: { createdAt: 'asc' },
    });
    expect(logs.map((log) => log.changes)).toEqual([
      { portalAccess: [true, false] },
      { portalAccess: [false, true] },
    ]);
    // Sign-out still works for an account whose access is off.
    await data('acme.supplier', 'supplierPortalAccessSet', { _id: kai, portalAccess: false });
    expect((await call(again, 'logout', {})).statusCode).toBe(200);
    await data('acme.supplier', 'supplierPortalAccessSet', { _id: kai, portalAccess: true });
  });

  it('refuses what is not the main account’s to change, changing nothing', async () => {
    const liam = await userId('liam.personnel');
    const self = await call('acme.supplier', 'supplierPortalAccessSet', {
      _id: await userId('acme.supplier'),
      portalAccess: false,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().response_message).toBe(say.notYourOwn);
    for (const other of ['zoe.noportal', 'olivia.admin', 'swift.supplier']) {
      const response = await call('acme.supplier', 'supplierPortalAccessSet', {
        _id: await userId(other),
        portalAccess: false,
      });
      expect(response.statusCode, other).toBe(404);
      expect(await accessOf(other)).toBe(true);
    }
    const bySwift = await call('swift.supplier', 'supplierPortalAccessSet', {
      _id: liam,
      portalAccess: false,
    });
    expect(bySwift.statusCode).toBe(404);
    const byPerson = await call('liam.personnel', 'supplierPortalAccessSet', {
      _id: await userId('kai.personnel'),
      portalAccess: false,
    });
    expect(byPerson.statusCode).toBe(403);
    expect(byPerson.json().response_message).toBe(say.mainAccountOnly);
    expect(await accessOf('liam.personnel')).toBe(true);
    expect(await accessOf('kai.personnel')).toBe(true);
  });

  it('answers bad input with a 400, changing nothing', async () => {
    const liam = await userId('liam.personnel');
    for (const body of [
      {},
      { _id: 'not-a-uuid', portalAccess: false },
      { _id: liam, portalAccess: 'no' },
      { _id: liam },
      { _id: [liam], portalAccess: false },
    ]) {
      const response = await call('acme.supplier', 'supplierPortalAccessSet', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error_code).toBe('invalid_input');
    }
    expect(
      (await call('olivia.admin', 'supplierCompanyPortalAccounts', { supplierId: 'x' })).statusCode,
    ).toBe(400);
    expect(await accessOf('liam.personnel')).toBe(true);
  });
});

describe('the organisation’s side: an employee with the supplier key', () => {
  it('lists and switches the accounts of its own organisation’s suppliers only', async () => {
    const accounts: TPortalAccount[] = await data('olivia.admin', 'supplierCompanyPortalAccounts', {
      supplierId: acmeId,
    });
    expect(accounts.map((account) => account.username)).toEqual(
      expect.arrayContaining(['acme.supplier', 'acme.office', 'liam.personnel']),
    );
    expect(accounts.every((account) => !account.isYou)).toBe(true);
    // Swift is Southbank's, Acme is not Southbank's.
    expect(
      (await call('olivia.admin', 'supplierCompanyPortalAccounts', { supplierId: swiftId })).statusCode,
    ).toBe(404);
    expect(
      (await call('sam.southbank', 'supplierCompanyPortalAccounts', { supplierId: acmeId })).statusCode,
    ).toBe(404);
    const swiftAccount = await userId('swift.supplier');
    expect(
      (
        await call('olivia.admin', 'supplierCompanyPortalAccessSet', {
          _id: swiftAccount,
          portalAccess: false,
        })
      ).statusCode,
    ).toBe(404);
    // An employee's own account is not a supplier account.
    expect(
      (
        await call('olivia.admin', 'supplierCompanyPortalAccessSet', {
          _id: await userId('mia.employee'),
          portalAccess: false,
        })
      ).statusCode,
    ).toBe(404);
    expect(await accessOf('swift.supplier')).toBe(true);
    expect(await accessOf('mia.employee')).toBe(true);

    const liam = await userId('liam.personnel');
    const off = await call('olivia.admin', 'supplierCompanyPortalAccessSet', {
      _id: liam,
      portalAccess: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().response_message).toBe(say.accessOff('Liam Walker'));
    expect((await call('liam.personnel', 'dashboardSupplierList', {})).json().error_code).toBe(
      'supplier_portal_disabled',
    );
    await data('olivia.admin', 'supplierCompanyPortalAccessSet', { _id: liam, portalAccess: true });
    expect((await call('liam.personnel', 'dashboardSupplierList', {})).statusCode).toBe(200);
    const log = await ctx.db.changeLog.findFirst({
      where: { entityId: acmeId, action: 'portal access changed', userId: await userId('olivia.admin') },
    });
    expect(log).not.toBeNull();
  });

  it('keeps one main account of a company with access, whoever turns them off', async () => {
    const office = await userId('acme.office');
    const main = await userId('acme.supplier');
    // Acme's main account may turn the other main account off: it keeps its own.
    await data('acme.supplier', 'supplierPortalAccessSet', { _id: office, portalAccess: false });
    expect((await call('acme.office', 'supplierPortalAccounts')).json().error_code).toBe(
      'supplier_portal_disabled',
    );
    // The organisation cannot then take the last one's away.
    const last = await call('olivia.admin', 'supplierCompanyPortalAccessSet', {
      _id: main,
      portalAccess: false,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().response_message).toBe(say.lastMainAccount);
    expect(await accessOf('acme.supplier')).toBe(true);
    // With the other one back, it can; acme.supplier's open session is refused at once.
    await data('olivia.admin', 'supplierCompanyPortalAccessSet', { _id: office, portalAccess: true });
    await data('olivia.admin', 'supplierCompanyPortalAccessSet', { _id: main, portalAccess: false });
    expect((await call('acme.supplier', 'supplierPortalAccounts')).json().error_code).toBe(
      'supplier_portal_disabled',
    );
    // acme.office gives it back.
    await data('acme.office', 'supplierPortalAccessSet', { _id: main, portalAccess: true });
    expect((await call('acme.supplier', 'supplierPortalAccounts')).statusCode).toBe(200);
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
    const read: TSupplierProfile = await data('liam.personnel', 'supplierProfile');
    expect(read).toMatchObject({
      supplierId: acmeId,
      name: 'Acme Contracting',
      email: 'office@acme-contracting.example',
      contactName: 'Dana Acme',
      phone: '+61 2 5550 1234',
      address: '12 Quay Street, Sydney',
      canEdit: false,
    });
    expect((await data('acme.supplier', 'supplierProfile')).canEdit).toBe(true);
    // Swift's main account reads and keeps Swift's details only.
    const swift: TSupplierProfile = await data('swift.supplier', 'supplierProfile');
    expect(swift).toMatchObject({ supplierId: swiftId, name: 'Swift Couriers', canEdit: true });
    await data('swift.supplier', 'supplierProfileUpdate', {
      email: '',
      contactName: 'Sid Swift',
      phone: '',
      address: '',
    });
    expect((await data('acme.supplier', 'supplierProfile')).contactName).toBe('Dana Acme');
    const log = await ctx.db.changeLog.findFirst({
      where: { entityId: acmeId, action: 'profile updated' },
      orderBy: { createdAt: 'desc' },
    });
    expect(log?.changes).toMatchObject({ contactName: [null, 'Dana Acme'] });
  });

  it('answers bad input with a 400 and its field, changing nothing', async () => {
    const valid = { email: '', contactName: 'x', phone: '', address: '' };
    for (const [body, field] of [
      [{ ...valid, email: 'not an address' }, 'email'],
      [{ ...valid, phone: 'call me' }, 'phone'],
      [{ ...valid, contactName: 'x'.repeat(121) }, 'contactName'],
      [{ ...valid, address: 'x'.repeat(501) }, 'address'],
      [{ ...valid, contactName: 42 }, 'contactName'],
      [{ email: '' }, 'contactName'],
    ] as const) {
      const response = await call('acme.supplier', 'supplierProfileUpdate', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().validation_errors.map((error: { field: string }) => error.field)).toContain(
        field,
      );
    }
    expect((await data('acme.supplier', 'supplierProfile')).contactName).toBe('Dana Acme');
  });

  it('keeps the company’s logo: the main account replaces and removes it, its people and the organisation see it', async () => {
    expect((await logoOf('acme.supplier', acmeId)).statusCode).toBe(404);
    const uploaded = await uploadLogo('acme.supplier', { name: 'acme.png', content: await png(1200, 600) });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().response_message).toBe(say.logoSaved);
    const logo = (uploaded.json().response_data as TSupplierProfile).logo;
    expect(logo).toMatch(new RegExp(`^/api/supplierLogo/${acmeId}\\?v=`));

    for (const as of ['acme.supplier', 'liam.personnel', 'olivia.admin', 'mia.employee']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: logo!,
        headers: { authtoken: tokens[as]! },
      });
      expect(response.statusCode, as).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 512, height: 256 });
    }
    // Another company's supplier, another organisation, nobody signed in, a link: not theirs.
    expect((await logoOf('swift.supplier', acmeId)).statusCode).toBe(404);
    expect((await logoOf('sam.southbank', acmeId)).statusCode).toBe(404);
    expect((await logoOf(null, acmeId)).statusCode).toBe(401);
    expect((await logoOf('noah.expired', acmeId)).json().error_code).toBe('password_change_required');
    expect((await logoOf('ava.nguyen@acme-contracting.example', acmeId)).json().error_code).toBe(
      'supplier_portal_disabled',
    );
    const byLink = await ctx.app.inject({
      method: 'GET',
      url: `/api/supplierLogo/${acmeId}?authtoken=${encodeURIComponent(linkToken)}`,
    });
    expect(byLink.statusCode).toBe(401);

    // Not an image, markup, nothing at all: a 400, the logo kept.
    for (const file of [
      { name: 'notes.png', content: Buffer.from('just some text') },
      { name: 'logo.png', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      null,
    ]) {
      const refused = await uploadLogo('acme.supplier', file);
      expect(refused.statusCode).toBe(400);
      expect([administrationMessages.logoType, administrationMessages.logoMissing]).toContain(
        refused.json().response_message,
      );
    }
    expect((await data('acme.supplier', 'supplierProfile')).logo).toBe(logo);
    expect(
      (await uploadLogo('liam.personnel', { name: 'x.png', content: await png(10, 10) })).statusCode,
    ).toBe(403);

    const removed = await call('acme.supplier', 'supplierLogoDelete');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().response_data.logo).toBeNull();
    expect((await logoOf('acme.supplier', acmeId)).statusCode).toBe(404);
    const logs = await ctx.db.changeLog.findMany({
      where: { entityId: acmeId, action: { in: ['logo replaced', 'logo removed'] } },
    });
    expect(logs.map((entry) => entry.action).sort()).toEqual(['logo removed', 'logo replaced']);
  });
});
