import { createHash, randomUUID } from 'node:crypto';
import {
  ACCESS_KEYS,
  API_TOKEN_MAX_ACTIVE,
  administrationMessages,
  apiTokenMessages as say,
  messages,
  type TApiToken,
} from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, setRoleKeys, setupTestApp, signIn, type TestContext } from './helpers';

/**
 * API tokens (docs/integrations.md): made by an administrator signed in, used as
 * `Authorization: Bearer`, limited to their keys and their creator's role now, refused once revoked,
 * expired or their creator deactivated, never allowed the calls that need a person, rate limited.
 */

const RATE_LIMIT = 25;

let ctx: TestContext;
const sessions: Record<string, string> = {};

beforeAll(async () => {
  ctx = await setupTestApp({ API_TOKEN_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
  for (const username of ['olivia.admin', 'mia.employee', 'sam.southbank'])
    sessions[username] = await signIn(ctx.app, username);
});

const asSession = (username: string) => ({ authtoken: sessions[username]! });
const asToken = (token: string) => ({ authorization: `Bearer ${token}` });

const post = (path: string, headers: Record<string, string>, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/${path}`, headers, payload });

async function createToken(
  body: object,
  username = 'olivia.admin',
): Promise<{ token: string; apiToken: TApiToken }> {
  const response = await post('apiTokenCreate', asSession(username), body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().response_message).toBe(say.created);
  return response.json().response_data;
}

const newToken = (accessKeys: string[] = ['risk']) =>
  createToken({ name: `Integration ${randomUUID()}`, accessKeys });

async function list(username = 'olivia.admin'): Promise<TApiToken[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/apiTokenList',
    headers: asSession(username),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response_data.items;
}

const riskList = (token: string) => post('riskList', asToken(token), { page: 1, pageSize: 5 });

describe('making a token', () => {
  it('answers the token once, keeps only its hash and prefix, and logs the change without it', async () => {
    const { token, apiToken } = await createToken({ name: 'Payroll sync', accessKeys: ['risk', 'risk'] });
    expect(token).toMatch(/^cmp_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({
      name: 'Payroll sync',
      prefix: token.slice(0, 10),
      accessKeys: ['risk'],
      state: 'active',
      createdBy: 'Olivia Bennett',
      lastUsedAt: null,
      revokedAt: null,
    });
    // 90 days by default.
    const days = (Date.parse(apiToken.expiresAt) - Date.parse(apiToken.createdAt)) / 86_400_000;
    expect(days).toBe(90);
    const row = await ctx.db.apiToken.findUniqueOrThrow({ where: { id: apiToken._id } });
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(10));
    const log = await ctx.db.changeLog.findMany({ where: { entityId: apiToken._id } });
    expect(log.map((entry) => entry.action)).toEqual(['created']);
    expect(JSON.stringify(log)).not.toContain(token.slice(10));
    const listed = await list();
    expect(listed.find((item) => item._id === apiToken._id)).toEqual(apiToken);
    expect(JSON.stringify(listed)).not.toContain(token.slice(10));
  });

  it('takes the chosen lifetime', async () => {
    const { apiToken } = await createToken({ name: 'Yearly', accessKeys: ['risk'], expiresInDays: 365 });
    expect((Date.parse(apiToken.expiresAt) - Date.parse(apiToken.createdAt)) / 86_400_000).toBe(365);
  });

  it.each([
    [{ name: '', accessKeys: ['risk'] }, say.nameRequired],
    [{ name: '   ', accessKeys: ['risk'] }, say.nameRequired],
    [{ accessKeys: ['risk'] }, say.nameRequired],
    [{ name: 'x'.repeat(101), accessKeys: ['risk'] }, say.nameTooLong],
    [{ name: 'No keys', accessKeys: [] }, say.keysRequired],
    [{ name: 'No keys' }, say.keysRequired],
  ])('refuses %j with its message (400)', async (body, message) => {
    const response = await post('apiTokenCreate', asSession('olivia.admin'), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().response_message).toBe(message);
  });

  it('refuses an unknown key, a lifetime not offered, and a revoke without a valid id (400)', async () => {
    for (const [path, body] of [
      ['apiTokenCreate', { name: 'Bad key', accessKeys: ['everything'] }],
      ['apiTokenCreate', { name: 'Bad lifetime', accessKeys: ['risk'], expiresInDays: 7 }],
      ['apiTokenRevoke', { _id: 'not-an-id' }],
      ['apiTokenRevoke', {}],
    ] as const) {
      const response = await post(path, asSession('olivia.admin'), body);
      expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().error_code).toBe('invalid_input');
    }
  });

  it('refuses a name an active token has, and takes it again once that token is revoked', async () => {
    const first = await createToken({ name: 'Warehouse', accessKeys: ['risk'] });
    const again = await post('apiTokenCreate', asSession('olivia.admin'), {
      name: 'warehouse',
      accessKeys: ['risk'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().response_message).toBe(say.nameTaken);
    expect(
      (await post('apiTokenRevoke', asSession('olivia.admin'), { _id: first.apiToken._id })).statusCode,
    ).toBe(200);
    await createToken({ name: 'Warehouse', accessKeys: ['risk'] });
  });

  it('refuses a key the administrator does not hold: nobody grants what they do not have', async () => {
    await setRoleKeys(ctx.db, 'olivia.admin', { hazardous: false });
    try {
      const response = await post('apiTokenCreate', asSession('olivia.admin'), {
        name: 'Hazardous feed',
        accessKeys: ['risk', 'hazardous'],
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().response_message).toBe(say.keyNotHeld);
    } finally {
      await setRoleKeys(ctx.db, 'olivia.admin', { hazardous: true });
    }
  });

  it('is refused to an employee without the administration key', async () => {
    const response = await post('apiTokenCreate', asSession('mia.employee'), {
      name: 'Mine',
      accessKeys: ['risk'],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe('access_key_missing');
  });

  it(`refuses more than ${API_TOKEN_MAX_ACTIVE} active tokens; expired and revoked ones do not count`, async () => {
    const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const active = await ctx.db.apiToken.count({
      where: { companyId: olivia.companyId, revokedAt: null, expiresAt: { gt: new Date() } },
    });
    const filler = Array.from({ length: API_TOKEN_MAX_ACTIVE - active }, (_, index) => ({
      companyId: olivia.companyId,
      userId: olivia.id,
      name: `Filler ${index}`,
      prefix: 'cmp_filler',
      tokenHash: `filler-${randomUUID()}`,
      accessKeys: ['risk'],
      expiresAt: new Date(Date.now() + 86_400_000),
    }));
    await ctx.db.apiToken.createMany({ data: filler });
    try {
      const response = await post('apiTokenCreate', asSession('olivia.admin'), {
        name: 'One too many',
        accessKeys: ['risk'],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().response_message).toBe(say.tooMany);
      await ctx.db.apiToken.updateMany({
        where: { name: 'Filler 0', companyId: olivia.companyId },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      await createToken({ name: 'One too many', accessKeys: ['risk'] });
    } finally {
      await ctx.db.apiToken.updateMany({
        where: { name: { startsWith: 'Filler' }, companyId: olivia.companyId },
        data: { revokedAt: new Date() },
      });
    }
  });
});

describe('calling with a token', () => {
  it('serves a call its keys allow, as its creator, and shows the last use in the list', async () => {
    const { token, apiToken } = await newToken(['risk']);
    const response = await riskList(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().response_data.rows.length).toBeGreaterThan(0);
    // The same answer a session of its creator gets.
    const bySession = await post('riskList', asSession('olivia.admin'), { page: 1, pageSize: 5 });
    expect(response.json().response_data).toEqual(bySession.json().response_data);
    const listed = (await list()).find((item) => item._id === apiToken._id)!;
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.lastUsedAddress).toBe('127.0.0.1');
  });

  it('refuses a call needing a key the token was not given (403 access_key_missing)', async () => {
    const { token } = await newToken(['risk']);
    const response = await post('hazardousList', asToken(token), { page: 1, pageSize: 5 });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe('access_key_missing');
  });

  it("obeys the creator's role at once: a key the role loses is lost to the token too", async () => {
    const { token } = await newToken(['risk']);
    expect((await riskList(token)).statusCode).toBe(200);
    await setRoleKeys(ctx.db, 'olivia.admin', { risk: false });
    try {
      const response = await riskList(token);
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe('access_key_missing');
    } finally {
      await setRoleKeys(ctx.db, 'olivia.admin', { risk: true });
    }
    expect((await riskList(token)).statusCode).toBe(200);
  });

  const expectInvalid = async (token: string) => {
    const response = await riskList(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ response_message: say.invalid, error_code: 'not_signed_in' });
  };

  it('is refused once revoked (401), and a second revoke is a conflict', async () => {
    const { token, apiToken } = await newToken();
    expect((await riskList(token)).statusCode).toBe(200);
    const revoke = await post('apiTokenRevoke', asSession('olivia.admin'), { _id: apiToken._id });
    expect(revoke.json().response_message).toBe(say.revoked);
    await expectInvalid(token);
    const again = await post('apiTokenRevoke', asSession('olivia.admin'), { _id: apiToken._id });
    expect(again.statusCode).toBe(409);
    expect(again.json().response_message).toBe(say.alreadyRevoked);
    const listed = (await list()).find((item) => item._id === apiToken._id)!;
    expect(listed.state).toBe('revoked');
    const log = await ctx.db.changeLog.findMany({
      where: { entityId: apiToken._id },
      orderBy: { createdAt: 'asc' },
    });
    expect(log.map((entry) => entry.action)).toEqual(['created', 'revoked']);
  });

  it('is refused once expired (401) and listed as expired, after the active ones', async () => {
    const { token, apiToken } = await newToken();
    await ctx.db.apiToken.update({
      where: { id: apiToken._id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expectInvalid(token);
    const listed = await list();
    expect(listed.find((item) => item._id === apiToken._id)!.state).toBe('expired');
    const states = listed.map((item) => item.state);
    expect(states.lastIndexOf('active')).toBeLessThan(states.indexOf('expired'));
    const activeCreated = listed.filter((item) => item.state === 'active').map((item) => item.createdAt);
    expect(activeCreated).toEqual([...activeCreated].sort().reverse());
  });

  it('is refused while its creator is deactivated (401)', async () => {
    const { token } = await newToken();
    await ctx.db.user.update({ where: { username: 'olivia.admin' }, data: { isActive: false } });
    try {
      await expectInvalid(token);
    } finally {
      await ctx.db.user.update({ where: { username: 'olivia.admin' }, data: { isActive: true } });
    }
    expect((await riskList(token)).statusCode).toBe(200);
  });

  it('is refused, like a session, while its creator must change their password', async () => {
    const { token } = await newToken();
    await ctx.db.user.update({ where: { username: 'olivia.admin' }, data: { isForceUpdatePassword: true } });
    try {
      const response = await riskList(token);
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe('password_change_required');
    } finally {
      await ctx.db.user.update({
        where: { username: 'olivia.admin' },
        data: { isForceUpdatePassword: false },
      });
    }
  });

  it('refuses an unknown token (401) and leaves other Authorization schemes alone', async () => {
    await expectInvalid('cmp_unknown');
    await expectInvalid(`cmp_${'a'.repeat(43)}`);
    const basic = await post('riskList', { authorization: 'Basic b2xpdmlhOnNlY3JldA==' });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().response_message).toBe(messages.common.sessionExpired);
  });

  it('lets a session header win over a token sent with it', async () => {
    const { token, apiToken } = await newToken();
    await post('apiTokenRevoke', asSession('olivia.admin'), { _id: apiToken._id });
    const both = await post('riskList', { ...asSession('olivia.admin'), ...asToken(token) }, { page: 1 });
    expect(both.statusCode).toBe(200);
    // And the token does not lend the session its keys: Mia's session is Mia's.
    const { token: other } = await newToken(['system']);
    const mia = await ctx.app.inject({
      method: 'GET',
      url: '/api/apiTokenList',
      headers: { ...asSession('mia.employee'), ...asToken(other) },
    });
    expect(mia.json().error_code).toBe('access_key_missing');
  });

  it('is refused every call that needs a person signed in (403 session_required)', async () => {
    const { token, apiToken } = await newToken(['system', 'risk', 'hrEmployee', 'supplier']);
    const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    const issuer = 'https://attacker.example/tenant';
    const calls = [
      ['POST', '/api/logout', {}],
      ['GET', '/api/permissions', undefined],
      ['GET', '/api/apiTokenList', undefined],
      ['POST', '/api/apiTokenCreate', { name: 'From a token', accessKeys: ['risk'] }],
      ['POST', '/api/apiTokenRevoke', { _id: apiToken._id }],
      // Identity administration: how people sign in, and the credentials of an account.
      [
        'POST',
        '/api/ssoSettingsUpdate',
        { provider: 'microsoft', issuer, clientId: 'x', clientSecret: 'y', isEnabled: true },
      ],
      ['GET', `/api/accounts/${olivia.id}`, undefined],
      ['POST', '/api/updateUsername', { email: 'olivia@attacker.example' }],
      ['POST', '/api/employeeInvite', { _id: mia.employeeId }],
      ['POST', '/api/employeeUnlock', { _id: mia.employeeId }],
      ['POST', '/api/supplierAccountInvite', { _id: randomUUID() }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await ctx.app.inject({ method, url, headers: asToken(token), payload });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({
        response_message: say.sessionRequired,
        error_code: 'session_required',
      });
    }
    expect(await ctx.db.ssoProvider.count({ where: { issuer } })).toBe(0);
    expect((await ctx.db.user.findUniqueOrThrow({ where: { id: olivia.id } })).username).toBe('olivia.admin');
    // Sign-out did not end anything, and the token still works.
    expect((await riskList(token)).statusCode).toBe(200);
    expect((await list()).find((item) => item._id === apiToken._id)!.state).toBe('active');
  });

  it(`answers 429 with retry-after past ${RATE_LIMIT} calls a minute of one token, not of another`, async () => {
    const { token } = await newToken();
    for (let call = 0; call < RATE_LIMIT; call += 1) expect((await riskList(token)).statusCode).toBe(200);
    const over = await riskList(token);
    expect(over.statusCode).toBe(429);
    const seconds = over.json().response_data.retryAfterSeconds;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(over.headers['retry-after']).toBe(String(seconds));
    expect(over.json().response_message).toBe(messages.common.tooManyRequests);
    const { token: another } = await newToken();
    expect((await riskList(another)).statusCode).toBe(200);
    // Sessions are not counted against it.
    expect((await post('riskList', asSession('olivia.admin'), { page: 1 })).statusCode).toBe(200);
  });
});

describe("a token's keys are its caller's keys", () => {
  const roleOf = async (username: string) => {
    const user = await ctx.db.user.findUniqueOrThrow({
      where: { username },
      include: { employee: { include: { role: true } } },
    });
    const role = user.employee!.role!;
    return { ...role, keys: ACCESS_KEYS.filter((key) => (role.access as Record<string, boolean>)[key]) };
  };

  it("gives no role beyond the token's keys, whatever its creator's role holds (403)", async () => {
    const adminRole = await roleOf('olivia.admin');
    expect(adminRole.keys).toContain('system');
    const employee = () => {
      const name = `token.made.${randomUUID().slice(0, 8)}`;
      return { firstName: 'Token', lastName: 'Made', username: name, email: `${name}@example.com` };
    };
    const { token } = await newToken(['hrEmployee']);
    const asked = { ...employee(), roleId: adminRole.id, invite: true };
    const refused = await post('employeeSave', asToken(token), asked);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().response_message).toBe(administrationMessages.grantBeyondOwn);
    expect(await ctx.db.user.count({ where: { username: asked.username } })).toBe(0);
    expect(await ctx.db.mailMessage.count({ where: { toAddress: asked.email } })).toBe(0);
    // Without a role it is served, and so is the role with a token of every key the role holds.
    expect((await post('employeeSave', asToken(token), employee())).statusCode).toBe(200);
    const { token: full } = await newToken(adminRole.keys);
    const served = await post('employeeSave', asToken(full), { ...employee(), roleId: adminRole.id });
    expect(served.statusCode, served.body).toBe(200);
  });

  it('makes no role with a key the token was not given (403), and one with its keys', async () => {
    const { token } = await newToken(['system']);
    const name = `Token role ${randomUUID()}`;
    const refused = await post('roleSave', asToken(token), { name, access: ['system', 'risk'] });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().response_message).toBe(administrationMessages.grantBeyondOwn);
    expect(await ctx.db.role.count({ where: { name } })).toBe(0);
    const served = await post('roleSave', asToken(token), { name, access: ['system'] });
    expect(served.statusCode, served.body).toBe(200);
  });

  it("clocks another employee in only with the vismate key, not with its creator's role's", async () => {
    expect((await roleOf('olivia.admin')).keys).toContain('vismate');
    const mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    const { token } = await newToken(['risk']);
    const refused = await post('clockInEmployee', asToken(token), { employeeId: mia.employeeId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().response_message).toBe(messages.clockIn.notYours);
    const { token: vismate } = await newToken(['vismate']);
    const served = await post('clockInEmployee', asToken(vismate), { employeeId: mia.employeeId });
    expect(served.statusCode, served.body).toBe(200);
  });
});

describe('another organisation', () => {
  it("neither lists nor revokes this organisation's tokens (404)", async () => {
    const { token, apiToken } = await newToken();
    expect((await list('sam.southbank')).map((item) => item._id)).not.toContain(apiToken._id);
    const revoke = await post('apiTokenRevoke', asSession('sam.southbank'), { _id: apiToken._id });
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json().response_message).toBe(say.notFound);
    expect((await riskList(token)).statusCode).toBe(200);
    const unknown = await post('apiTokenRevoke', asSession('olivia.admin'), { _id: randomUUID() });
    expect(unknown.statusCode).toBe(404);
  });

  it("reads its own data with its own token, never this organisation's", async () => {
    const sam = await createToken({ name: 'Southbank feed', accessKeys: ['risk'] }, 'sam.southbank');
    const olivia = await newToken();
    const [theirs, ours] = await Promise.all([riskList(sam.token), riskList(olivia.token)]);
    expect(theirs.statusCode).toBe(200);
    const ids = (response: typeof theirs) =>
      (response.json().response_data.rows as { _id: string }[]).map((item) => item._id);
    expect(ids(theirs).filter((id) => ids(ours).includes(id))).toEqual([]);
  });
});

/** Last: were it served, a password change would end every session the tests above use. */
describe('what needs a person', () => {
  it("may neither change its creator's password nor switch to an associated account", async () => {
    const { token } = await newToken(['system']);
    const ava = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ava.dual' } });
    for (const response of [
      await post('changePassword', asToken(token), {
        currentPassword: DEMO_PASSWORD,
        password: 'Other@12345',
        confirmPassword: 'Other@12345',
      }),
      await ctx.app.inject({ method: 'GET', url: `/api/signIn/switch/${ava.id}`, headers: asToken(token) }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe('session_required');
    }
  });
});
