import { messages, ssoMessages, type TSsoProvider } from '@compass/shared';
import { RETURN_URL_BYPASSES } from '@compass/shared/rules/returnUrlBypasses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISATION, SECOND_ORGANISATION } from '../../seed/demo';
import { AppError } from '../src/errors';
import type { AuthService } from '../src/modules/auth/service';
import { SsoService } from '../src/modules/sso/service';
import { setupTestApp, type TestContext } from './helpers';
import { freePort, startOidcProvider, type TestOidcProvider } from './oidcProvider';

let ctx: TestContext;
let op: TestOidcProvider;
let appUrl: string;
let northwindId: string;
let southbankId: string;

/** A browser's cookies, per host: enough of a jar for one sign-in walk. */
class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: URL, response: Response): void {
    const jar = this.cookies.get(url.host) ?? new Map<string, string>();
    this.cookies.set(url.host, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const expired = attributes.some(
        (attribute) => /^max-age=0$/i.test(attribute) || /^expires=.*1970/i.test(attribute),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  get(url: URL, name: string): string | undefined {
    return this.cookies.get(url.host)?.get(name);
  }

  set(url: URL, name: string, value: string): void {
    const jar = this.cookies.get(url.host) ?? new Map<string, string>();
    this.cookies.set(url.host, jar);
    jar.set(name, value);
  }

  header(url: URL): string {
    return [...(this.cookies.get(url.host) ?? new Map<string, string>()).entries()]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }
}

async function get(jar: CookieJar, url: URL): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url) } });
  jar.store(url, response);
  return response;
}

interface Walk {
  /** The callback's answer. */
  response: Response;
  location: URL;
  jar: CookieJar;
}

/**
 * The whole redirect dance as a browser does it: the configuration call, the provider's
 * authorization endpoint, its login and consent interactions, and the app's callback.
 */
async function signInWith(
  provider: TSsoProvider,
  login: string,
  options: { query?: string; beforeCallback?: (url: URL, jar: CookieJar) => URL } = {},
): Promise<Walk> {
  op.setNextLogin(login);
  const jar = new CookieJar();
  const start = new URL(`/api/sso/configuration/${provider}${options.query ?? ''}`, appUrl);
  const configuration = await get(jar, start);
  expect(configuration.status).toBe(200);
  let url = new URL(
    ((await configuration.json()) as { response_data: { redirectUrl: string } }).response_data.redirectUrl,
  );
  const callback = new URL(`/api/sso/callback/${provider}`, appUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.origin === callback.origin && url.pathname === callback.pathname) {
      const target = options.beforeCallback ? options.beforeCallback(url, jar) : url;
      const response = await get(jar, target);
      return { response, location: new URL(response.headers.get('location') ?? '', appUrl), jar };
    }
    const response = await get(jar, url);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`the provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    }
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}

const tokenOf = (walk: Walk) => walk.location.searchParams.get('token');

/** The envelope of a JSON answer (the tests read response_message and response_data). */
async function envelope(response: Response) {
  return (await response.json()) as {
    response_code: number;
    response_message: string;
    response_data: { sso?: Record<TSsoProvider, boolean> } | null;
  };
}

async function permissionsOf(token: string) {
  const response = await fetch(new URL('/api/permissions', appUrl), { headers: { authtoken: token } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { response_data: { username: string; userType: string } }).response_data;
}

function expectRefused(walk: Walk, message: string) {
  expect(walk.response.status).toBe(302);
  expect(walk.location.toString()).toBe(`${appUrl}/login`);
  const cookie = walk.jar.get(new URL(appUrl), 'message');
  expect(decodeURIComponent(cookie ?? '')).toBe(message);
  const line = walk.response.headers.getSetCookie().find((entry) => entry.startsWith('message='));
  expect(line).not.toMatch(/HttpOnly/i);
  expect(walk.jar.get(new URL(appUrl), 'sso_state')).toBeUndefined();
}

beforeAll(async () => {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  op = await startOidcProvider([`${appUrl}/api/sso/callback/microsoft`, `${appUrl}/api/sso/callback/google`]);
  ctx = await setupTestApp({ PUBLIC_URL: appUrl });
  await ctx.app.listen({ port, host: '127.0.0.1' });

  northwindId = (await ctx.db.company.findFirstOrThrow({ where: { name: DEMO_ORGANISATION } })).id;
  southbankId = (await ctx.db.company.findFirstOrThrow({ where: { name: SECOND_ORGANISATION } })).id;
  for (const provider of ['microsoft', 'google'] as const) {
    await ctx.db.ssoProvider.create({
      data: {
        companyId: northwindId,
        provider,
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: ctx.app.secrets.seal(op.clientSecret),
      },
    });
  }
  const accounts: [string, string][] = [
    ['ethan', 'ethan.clarke@northwind.example'],
    ['ava', 'AVA.NGUYEN@northwind.example'],
    ['liam', 'liam.walker@acme-contracting.example'],
    ['stranger', 'nobody@elsewhere.example'],
    ['sam', 'sam.reed@southbank.example'],
  ];
  for (const [subject, email] of accounts) {
    op.accounts.set(subject, { email, email_verified: true, preferred_username: email });
  }
  op.accounts.set('unverified', { email: 'ethan.clarke@northwind.example', email_verified: false });
});

afterAll(async () => {
  await op?.close();
});

describe('GET /api/sso/configuration/:provider', () => {
  it("answers the provider's authorization URL with PKCE, state and nonce, and sets the state cookie", async () => {
    const response = await fetch(new URL('/api/sso/configuration/microsoft', appUrl));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { response_data: { redirectUrl: string } };
    const url = new URL(body.response_data.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: op.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${appUrl}/api/sso/callback/microsoft`,
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(url.searchParams.get(name)).toMatch(/^[\w-]{20,}$/);
    }
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('sso_state='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/sso/i);
    expect(cookie).toMatch(/Max-Age=600/i);
    // The code verifier travels only in the cookie, never in the URL.
    expect(url.searchParams.has('code_verifier')).toBe(false);
  });

  it.each([
    ['microsoft', 'Microsoft sign-in is not set up.'],
    ['google', 'Google sign-in is not set up.'],
  ] as const)('answers 400 when %s is not set up for the organisation', async (provider, message) => {
    const response = await fetch(
      new URL(`/api/sso/configuration/${provider}?companyId=${southbankId}`, appUrl),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ response_code: 400, response_message: message });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('answers 400 when no organisation has the provider enabled', async () => {
    await ctx.db.ssoProvider.updateMany({ where: { provider: 'google' }, data: { isEnabled: false } });
    try {
      const response = await fetch(new URL('/api/sso/configuration/google', appUrl));
      expect(response.status).toBe(400);
      expect((await envelope(response)).response_message).toBe(ssoMessages.notSetUp('google'));
      const configuration = await fetch(new URL('/api/configuration', appUrl));
      expect((await envelope(configuration)).response_data?.sso).toEqual({ microsoft: true, google: false });
    } finally {
      await ctx.db.ssoProvider.updateMany({ where: { provider: 'google' }, data: { isEnabled: true } });
    }
  });

  it('refuses an unknown provider', async () => {
    const response = await fetch(new URL('/api/sso/configuration/facebook', appUrl));
    expect(response.status).toBe(400);
  });

  it('refuses an http issuer outside development and test', async () => {
    const sso = new SsoService(ctx.db, {} as AuthService, {
      publicUrl: appUrl,
      allowInsecureIssuers: false,
      secrets: ctx.app.secrets,
    });
    const failure = await sso.start('microsoft', { companyId: northwindId }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 502, message: ssoMessages.unavailable('microsoft') });
  });
});

describe('GET /api/configuration', () => {
  it('reports the providers some organisation has enabled, or those of the given organisation', async () => {
    const all = await fetch(new URL('/api/configuration', appUrl));
    expect((await envelope(all)).response_data?.sso).toEqual({ microsoft: true, google: true });
    const southbank = await fetch(new URL(`/api/configuration?companyId=${southbankId}`, appUrl));
    expect((await envelope(southbank)).response_data?.sso).toEqual({ microsoft: false, google: false });
    const northwind = await fetch(new URL(`/api/configuration?companyId=${northwindId}`, appUrl));
    expect((await envelope(northwind)).response_data?.sso).toEqual({ microsoft: true, google: true });
  });
});

describe('GET /api/sso/callback/:provider', () => {
  it('signs the matching user in and redirects to /login/task with a working token', async () => {
    const walk = await signInWith('microsoft', 'ethan');
    expect(walk.response.status).toBe(302);
    expect(`${walk.location.origin}${walk.location.pathname}`).toBe(`${appUrl}/login/task`);
    expect(walk.location.searchParams.has('hasAssociatedAccounts')).toBe(false);
    const token = tokenOf(walk);
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(walk.jar.get(new URL(appUrl), 'sso_state')).toBeUndefined();

    const permissions = await permissionsOf(token ?? '');
    expect(permissions).toMatchObject({ username: 'ethan.coordinator', userType: 'employee' });
    const ethan = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    const session = await ctx.db.session.findFirstOrThrow({
      where: { userId: ethan.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(session.companyId).toBe(northwindId);
    // Signing in with SSO does not change how the account signs in otherwise.
    expect(ethan.signInMethod).toBe('password');
  });

  it('signs in with Google, matching the e-mail case-insensitively, and reports associated accounts', async () => {
    const walk = await signInWith('google', 'ava', { query: '?returnUrl=%2Fdocuments' });
    expect(walk.location.pathname).toBe('/login/task');
    expect(walk.location.searchParams.get('hasAssociatedAccounts')).toBe('yes');
    expect(walk.location.searchParams.get('returnUrl')).toBe('/documents');
    expect(await permissionsOf(tokenOf(walk) ?? '')).toMatchObject({ username: 'ava.dual' });
  });

  it.each([
    '%2F%2Fevil.example%2F',
    '%2F%09%2Fevil.example',
    '%2F%5Cevil.example',
    // The URL parser turns both into '//evil.example/'.
    '%2F.%2F%2Fevil.example%2F',
    '%2F..%2F%2Fevil.example%2F',
  ])('drops a return URL that leaves the application (%s)', async (returnUrl) => {
    const walk = await signInWith('microsoft', 'ethan', { query: `?returnUrl=${returnUrl}` });
    expect(walk.location.pathname).toBe('/login/task');
    expect(walk.location.searchParams.has('returnUrl')).toBe(false);
  });

  it('keeps none of the known bypasses as the return URL of its state', async () => {
    const sso = new SsoService(ctx.db, {} as AuthService, {
      publicUrl: appUrl,
      allowInsecureIssuers: true,
      secrets: ctx.app.secrets,
    });
    for (const returnUrl of RETURN_URL_BYPASSES) {
      const { state } = await sso.start('microsoft', { companyId: northwindId, returnUrl });
      expect(state.returnUrl, returnUrl).toBeNull();
    }
    const { state } = await sso.start('microsoft', { companyId: northwindId, returnUrl: '/a/../documents' });
    expect(state.returnUrl).toBe('/documents');
  });

  it('signs in a supplier whose username is not an e-mail address (the client then asks for one)', async () => {
    const walk = await signInWith('microsoft', 'liam');
    const permissions = await permissionsOf(tokenOf(walk) ?? '');
    expect(permissions).toMatchObject({ username: 'liam.personnel', userType: 'supplier' });
  });

  it('refuses an unknown e-mail address without creating a session', async () => {
    const before = await ctx.db.session.count();
    const walk = await signInWith('microsoft', 'stranger');
    expectRefused(walk, ssoMessages.unknownUser('nobody@elsewhere.example'));
    expect(await ctx.db.session.count()).toBe(before);
  });

  it('refuses a Google address the provider has not verified', async () => {
    const before = await ctx.db.session.count();
    const walk = await signInWith('google', 'unverified');
    expectRefused(walk, ssoMessages.noEmail('google'));
    expect(await ctx.db.session.count()).toBe(before);
  });

  it('does not sign a user of another organisation into Northwind', async () => {
    const before = await ctx.db.session.count();
    const walk = await signInWith('microsoft', 'sam');
    expectRefused(walk, ssoMessages.unknownUser('sam.reed@southbank.example'));
    expect(await ctx.db.session.count()).toBe(before);
  });

  it("picks the organisation's own user when another organisation has one with the same e-mail", async () => {
    const sam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'sam.southbank' } });
    await ctx.db.user.update({ where: { id: sam.id }, data: { email: 'ethan.clarke@northwind.example' } });
    try {
      const walk = await signInWith('microsoft', 'ethan');
      expect(await permissionsOf(tokenOf(walk) ?? '')).toMatchObject({ username: 'ethan.coordinator' });
      expect(await ctx.db.session.count({ where: { userId: sam.id } })).toBe(0);
    } finally {
      await ctx.db.user.update({ where: { id: sam.id }, data: { email: sam.email } });
    }
  });

  it('refuses an inactive user', async () => {
    await ctx.db.user.update({ where: { username: 'ethan.coordinator' }, data: { isActive: false } });
    try {
      const walk = await signInWith('microsoft', 'ethan');
      expectRefused(walk, ssoMessages.unknownUser('ethan.clarke@northwind.example'));
    } finally {
      await ctx.db.user.update({ where: { username: 'ethan.coordinator' }, data: { isActive: true } });
    }
  });

  it('refuses a tampered state', async () => {
    const before = await ctx.db.session.count();
    const walk = await signInWith('microsoft', 'ethan', {
      beforeCallback: (url) => {
        const tampered = new URL(url);
        tampered.searchParams.set('state', `${url.searchParams.get('state')}x`);
        return tampered;
      },
    });
    expectRefused(walk, ssoMessages.failed('microsoft'));
    expect(await ctx.db.session.count()).toBe(before);
  });

  it('refuses a state cookie that was not signed by the server', async () => {
    const walk = await signInWith('microsoft', 'ethan', {
      beforeCallback: (url, jar) => {
        const app = new URL(appUrl);
        const signed = decodeURIComponent(jar.get(app, 'sso_state') ?? '');
        const value = signed.slice(0, signed.lastIndexOf('.'));
        const state = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { companyId: string };
        state.companyId = southbankId;
        const forged = Buffer.from(JSON.stringify(state)).toString('base64url');
        jar.set(app, 'sso_state', encodeURIComponent(`${forged}${signed.slice(signed.lastIndexOf('.'))}`));
        return url;
      },
    });
    expectRefused(walk, ssoMessages.expired);
  });

  it('refuses a callback without the state cookie (another browser, or expired)', async () => {
    const walk = await signInWith('microsoft', 'ethan', {
      beforeCallback: (url, jar) => {
        jar.set(new URL(appUrl), 'sso_state', '');
        return url;
      },
    });
    expectRefused(walk, ssoMessages.expired);
  });

  it('refuses a callback for the other provider than the one started', async () => {
    const walk = await signInWith('microsoft', 'ethan', {
      beforeCallback: (url) => new URL(`/api/sso/callback/google${url.search}`, appUrl),
    });
    expectRefused(walk, ssoMessages.expired);
  });

  it('reports a refused consent as cancelled', async () => {
    const walk = await signInWith('google', 'deny');
    expectRefused(walk, ssoMessages.cancelled('google'));
  });

  it('cannot replay an authorization response once used', async () => {
    let callbackUrl: URL | undefined;
    let cookie = '';
    const walk = await signInWith('microsoft', 'ethan', {
      beforeCallback: (url, jar) => {
        callbackUrl = url;
        cookie = jar.get(new URL(appUrl), 'sso_state') ?? '';
        return url;
      },
    });
    expect(walk.location.pathname).toBe('/login/task');
    const replay = await fetch(callbackUrl ?? '', {
      redirect: 'manual',
      headers: { cookie: `sso_state=${cookie}` },
    });
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe(`${appUrl}/login`);
  });
});

describe('SSO rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await setupTestApp({ PUBLIC_URL: 'http://127.0.0.1:1', RATE_LIMIT_PER_ADDRESS: '2' });
  });

  it('limits starts and callbacks per address: 429 for the start, a redirect with the message for the callback', async () => {
    const start = () => limited.app.inject({ method: 'GET', url: '/api/sso/configuration/microsoft' });
    const callback = () =>
      limited.app.inject({ method: 'GET', url: '/api/sso/callback/microsoft?code=x&state=y' });

    const starts = [await start(), await start(), await start()];
    // No organisation of this database has Microsoft sign-in: refused, but counted.
    expect(starts.slice(0, 2).map((response) => response.statusCode)).not.toContain(429);
    expect(starts[2]!.statusCode).toBe(429);
    expect(starts[2]!.json()).toMatchObject({
      response_code: 429,
      response_message: messages.common.tooManyRequests,
    });

    const callbacks = [await callback(), await callback(), await callback()];
    const messageOf = (response: (typeof callbacks)[number]) =>
      decodeURIComponent(response.cookies.find((cookie) => cookie.name === 'message')?.value ?? '');
    for (const response of callbacks) {
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('http://127.0.0.1:1/login');
    }
    expect(messageOf(callbacks[0]!)).not.toBe(messages.common.tooManyRequests);
    expect(messageOf(callbacks[2]!)).toBe(messages.common.tooManyRequests);
  });
});
