import { messages } from '@compass/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/plugins/auth';
import { DEMO_PASSWORD, setupTestApp, signIn, type TestContext } from './helpers';

let ctx: TestContext;
const api = () => request(ctx.app.server);

beforeAll(async () => {
  ctx = await setupTestApp();
});

describe('POST /api/signIn', () => {
  it('signs in with username and password and returns the envelope', async () => {
    const res = await api()
      .post('/api/signIn')
      .send({ username: 'olivia.admin', password: DEMO_PASSWORD, appType: 'web' });
    expect(res.status).toBe(200);
    expect(res.body.response_code).toBe(200);
    expect(res.body.response_data).toMatchObject({ hasAssociatedAccounts: false });
    expect(res.body.response_data.authToken).toMatch(/^[\w-]{40,}$/);
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    expect(res.body.response_data._id).toBe(user.id);
  });

  it('stores only a hash of the session token', async () => {
    const token = await signIn(ctx.app, 'olivia.admin');
    const found = await ctx.db.session.findFirst({ where: { tokenHash: token } });
    expect(found).toBeNull();
  });

  it('accepts the e-mail address of an account as the username', async () => {
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    const res = await api()
      .post('/api/signIn')
      .send({ username: user.email, password: DEMO_PASSWORD, appType: 'web' });
    expect(res.status).toBe(200);
    expect(res.body.response_data._id).toBe(user.id);
  });

  it.each([
    ['a wrong password', 'olivia.admin', 'Wrong@1234'],
    ['an unknown user', 'nobody.here', DEMO_PASSWORD],
  ])('refuses %s with Invalid credentials', async (_case, username, password) => {
    const res = await api().post('/api/signIn').send({ username, password, appType: 'web' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      response_code: 401,
      response_message: messages.common.invalidCredentials,
    });
  });

  it.each([
    [{ username: '', password: DEMO_PASSWORD }, 'username', messages.login.usernameRequired],
    [{ username: '   ', password: DEMO_PASSWORD }, 'username', messages.login.usernameRequired],
    [{ username: 'olivia.admin', password: '' }, 'password', messages.login.passwordRequired],
  ])('answers empty fields with the specification message (%j)', async (body, field, message) => {
    const res = await api()
      .post('/api/signIn')
      .send({ ...body, appType: 'web' });
    expect(res.status).toBe(400);
    expect(res.body.response_code).toBe(400);
    expect(res.body.response_message).toBe(message);
    expect(res.body.validation_errors).toContainEqual({ field, message });
  });

  it('answers a missing body with validation errors, not a crash', async () => {
    const res = await api().post('/api/signIn').set('content-type', 'application/json').send('{}');
    expect(res.status).toBe(400);
    expect(res.body.response_message).toBe(messages.login.usernameRequired);
    expect(res.body.validation_errors).toEqual([
      { field: 'username', message: messages.login.usernameRequired },
      { field: 'password', message: messages.login.passwordRequired },
    ]);
  });

  it('answers fields that are not text like empty ones, once each', async () => {
    const res = await api().post('/api/signIn').send({ username: 5, password: [] });
    expect(res.status).toBe(400);
    expect(res.body.validation_errors).toEqual([
      { field: 'username', message: messages.login.usernameRequired },
      { field: 'password', message: messages.login.passwordRequired },
    ]);
  });

  it('reports associated accounts for ava.dual', async () => {
    const res = await api()
      .post('/api/signIn')
      .send({ username: 'ava.dual', password: DEMO_PASSWORD, appType: 'web' });
    expect(res.body.response_data.hasAssociatedAccounts).toBe(true);
  });
});

describe('sessions', () => {
  it('refuses calls without a token, with a bogus token, and after logout', async () => {
    expect((await api().get('/api/permissions')).status).toBe(401);
    const bogus = await api().get('/api/permissions').set('authtoken', 'not-a-token');
    expect(bogus.status).toBe(401);
    expect(bogus.body.response_code).toBe(401);

    const token = await signIn(ctx.app, 'mia.employee');
    expect((await api().get('/api/permissions').set('authtoken', token)).status).toBe(200);
    const out = await api().post('/api/logout').set('authtoken', token).send({});
    expect(out.status).toBe(200);
    expect((await api().get('/api/permissions').set('authtoken', token)).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    const token = await signIn(ctx.app, 'mia.employee');
    await ctx.db.session.updateMany({
      where: { user: { username: 'mia.employee' }, revokedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await api().get('/api/permissions').set('authtoken', token)).status).toBe(401);
  });

  it('ends a session left unused longer than the idle timeout, and keeps one in use', async () => {
    const idle = await signIn(ctx.app, 'ethan.coordinator');
    const active = await signIn(ctx.app, 'olivia.admin');
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await ctx.db.session.update({
      where: { tokenHash: hashToken(idle) },
      data: { lastSeenAt: minutesAgo(121) },
    });
    await ctx.db.session.update({
      where: { tokenHash: hashToken(active) },
      data: { lastSeenAt: minutesAgo(119) },
    });
    expect((await api().get('/api/permissions').set('authtoken', idle)).status).toBe(401);
    expect((await api().get('/api/permissions').set('authtoken', active)).status).toBe(200);
    // The call was recorded: the session's idle time starts again.
    const touched = await ctx.db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(active) } });
    expect(touched.lastSeenAt.getTime()).toBeGreaterThan(minutesAgo(1).getTime());
  });
});

describe('GET /api/permissions', () => {
  const permissionsOf = async (username: string) => {
    const token = await signIn(ctx.app, username);
    const res = await api().get('/api/permissions').set('authtoken', token);
    expect(res.status).toBe(200);
    return res.body.response_data;
  };

  it('gives olivia.admin every access key', async () => {
    const profile = await permissionsOf('olivia.admin');
    expect(profile.userType).toBe('employee');
    expect(profile.employeeId).toBeTruthy();
    const keys = Object.entries(profile.access).filter(
      ([key]) => !key.startsWith('supplier') || key === 'supplier',
    );
    expect(keys.every(([, value]) => value === 'yes')).toBe(true);
    expect(profile.companyName).toBe('Northwind Facilities');
    expect(profile.isForceUpdatePassword).toBe('no');
  });

  it("takes risk, hazardous and system away from mia.employee's role", async () => {
    const { access } = await permissionsOf('mia.employee');
    expect([access.risk, access.hazardous, access.system]).toEqual(['no', 'no', 'no']);
    expect(access.formSubmission).toBe('yes');
  });

  it('flags the forced password update of noah.expired, whose chosen password expired', async () => {
    const profile = await permissionsOf('noah.expired');
    expect(profile.isForceUpdatePassword).toBe('yes');
    // Not a first password: the expired message, not the welcome (issue 40).
    expect(profile.isInitialPassword).toBe('no');
  });

  it('lists the associated external-party account of ava.dual', async () => {
    const profile = await permissionsOf('ava.dual');
    expect(profile.associatedEmployees).toEqual([]);
    expect(profile.associatedExternalParties).toHaveLength(1);
    expect(profile.associatedExternalParties[0].userType).toBe('supplier');
  });

  it('gives supplier users their portal flags', async () => {
    const acme = await permissionsOf('acme.supplier');
    expect(acme).toMatchObject({ userType: 'supplier', employeeId: null });
    expect(acme.supplierId).toBeTruthy();
    expect(acme.access.supplierPortal).toBe('yes');
    const zoe = await permissionsOf('zoe.noportal');
    expect([zoe.access.supplierPortal, zoe.access.supplierAccess]).toEqual(['no', 'no']);
  });

  it("says updatePermissions 'yes' once the role changed, until permissions are read again", async () => {
    const token = await signIn(ctx.app, 'ethan.coordinator');
    await api().get('/api/permissions').set('authtoken', token);
    const quiet = await api().get(`/api/health`).set('authtoken', token);
    expect(quiet.body.updatePermissions).toBeUndefined();
    // A cached answer (the noticeboard) is read once before the change, so the later one is the cache's.
    const notices = () =>
      api().post('/api/noticeboardList').set('authtoken', token).send({ localTimeZone: 'Europe/London' });
    const noticesBefore = await notices();
    expect(noticesBefore.body.updatePermissions).toBeUndefined();

    const ethan = await ctx.db.user.findUniqueOrThrow({
      where: { username: 'ethan.coordinator' },
      include: { employee: true },
    });
    const role = await ctx.db.role.findUniqueOrThrow({ where: { id: ethan.employee!.roleId! } });
    await ctx.db.role.update({ where: { id: role.id }, data: { access: role.access ?? {} } });

    const accounts = await api().get(`/api/accounts/${ethan.id}`).set('authtoken', token);
    expect(accounts.body.updatePermissions).toBe('yes');
    const noticesAfter = await notices();
    expect(noticesAfter.body.updatePermissions).toBe('yes');
    expect(noticesAfter.body.response_data).toEqual(noticesBefore.body.response_data);
    expect(noticesAfter.headers['x-update-permissions']).toBeUndefined();
    await api().get('/api/permissions').set('authtoken', token);
    const after = await api().get(`/api/accounts/${ethan.id}`).set('authtoken', token);
    expect(after.body.updatePermissions).toBeUndefined();

    // Read again with nothing changed: the session is not written (permissions load on every page).
    const session = () =>
      ctx.db.session.findFirstOrThrow({
        where: { userId: ethan.id, revokedAt: null },
        orderBy: { createdAt: 'desc' },
      });
    const loadedAt = (await session()).permissionsLoadedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await api().get('/api/permissions').set('authtoken', token);
    expect((await session()).permissionsLoadedAt).toEqual(loadedAt);
  });
});

describe('organisation isolation', () => {
  it("never lets a Southbank session read a Northwind user's accounts", async () => {
    const token = await signIn(ctx.app, 'sam.southbank');
    const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const res = await api().get(`/api/accounts/${olivia.id}`).set('authtoken', token);
    expect(res.status).toBe(403);
    expect(res.body.response_code).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('Olivia');
  });

  it('never switches a Southbank session into a Northwind account', async () => {
    const token = await signIn(ctx.app, 'sam.southbank');
    const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const res = await api().get(`/api/signIn/switch/${olivia.id}`).set('authtoken', token);
    expect(res.status).toBe(403);
  });

  it("scopes the permissions profile to the caller's own organisation", async () => {
    const token = await signIn(ctx.app, 'sam.southbank');
    const res = await api().get('/api/permissions').set('authtoken', token);
    expect(res.body.response_data.companyName).toBe('Southbank Logistics');
  });
});

describe('account switching', () => {
  it('switches ava.dual to her external-party account and revokes the old session', async () => {
    const token = await signIn(ctx.app, 'ava.dual');
    const ava = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ava.dual' } });
    const list = await api().get(`/api/accounts/${ava.id}`).set('authtoken', token);
    expect(list.status).toBe(200);
    expect(list.body.response_data.loggedInUser).toBe(ava.id);
    const external = list.body.response_data.accounts.externalParties[0];
    expect(external).toBeTruthy();

    const switched = await api().get(`/api/signIn/switch/${external._id}`).set('authtoken', token);
    expect(switched.status).toBe(200);
    const newToken = switched.body.response_data.authToken;
    const profile = await api().get('/api/permissions').set('authtoken', newToken);
    expect(profile.body.response_data).toMatchObject({ userId: external._id, userType: 'supplier' });
    expect((await api().get('/api/permissions').set('authtoken', token)).status).toBe(401);

    // From the external-party side the switch asks for a password: no password-less way back.
    const back = await api().get(`/api/signIn/switch/${ava.id}`).set('authtoken', newToken);
    expect(back.status).toBe(403);
  });

  it('refuses a switch to an account that is not associated', async () => {
    const token = await signIn(ctx.app, 'ava.dual');
    const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    expect((await api().get(`/api/signIn/switch/${olivia.id}`).set('authtoken', token)).status).toBe(403);
  });
});

describe('POST /api/changePassword', () => {
  it('checks the rules in order and the current password, then revokes every session', async () => {
    const token = await signIn(ctx.app, 'noah.expired');
    const other = await signIn(ctx.app, 'noah.expired');
    const send = (body: object) => api().post('/api/changePassword').set('authtoken', token).send(body);

    expect(
      (await send({ currentPassword: '', password: '', confirmPassword: '' })).body.response_message,
    ).toBe(messages.changePassword.currentRequired);
    expect(
      (await send({ currentPassword: DEMO_PASSWORD, password: 'short', confirmPassword: 'short' })).body
        .response_message,
    ).toBe(messages.changePassword.newMinLength);
    expect(
      (
        await send({
          currentPassword: DEMO_PASSWORD,
          password: 'alllowercase1',
          confirmPassword: 'alllowercase1',
        })
      ).body.response_message,
    ).toBe(messages.changePassword.newComplexity);
    expect(
      (
        await send({
          currentPassword: DEMO_PASSWORD,
          password: 'Better@2026',
          confirmPassword: 'Better@2027',
        })
      ).body.response_message,
    ).toBe(messages.changePassword.mustMatch);
    const wrongCurrent = await send({
      currentPassword: 'Nope@1234',
      password: 'Better@2026',
      confirmPassword: 'Better@2026',
    });
    expect(wrongCurrent.status).toBe(400);

    const done = await send({
      currentPassword: DEMO_PASSWORD,
      password: 'Better@2026',
      confirmPassword: 'Better@2026',
    });
    expect(done.status).toBe(200);
    expect((await api().get('/api/permissions').set('authtoken', token)).status).toBe(401);
    expect((await api().get('/api/permissions').set('authtoken', other)).status).toBe(401);

    const fresh = await signIn(ctx.app, 'noah.expired', 'Better@2026');
    const profile = await api().get('/api/permissions').set('authtoken', fresh);
    expect(profile.body.response_data.isForceUpdatePassword).toBe('no');
    await expect(signIn(ctx.app, 'noah.expired', DEMO_PASSWORD)).rejects.toThrow();
  });
});

describe('platform', () => {
  it('reports health with the database checked', async () => {
    const res = await api().get('/api/health');
    expect(res.body).toMatchObject({ response_code: 200, response_data: { status: 'ok', database: 'ok' } });
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await api().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/signIn', '/api/permissions']));
    expect(res.body.paths['/api/signIn'].post.requestBody).toBeTruthy();
  });

  it('answers unknown calls in the envelope with 404', async () => {
    const res = await api().get('/api/doesNotExist');
    expect(res.status).toBe(404);
    expect(res.body.response_code).toBe(404);
  });

  it('returns a request id on every response', async () => {
    const res = await api().get('/api/health');
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});
