import { createHash } from 'node:crypto';
import {
  safeReturnPath,
  SSO_PROVIDERS,
  SSO_PROVIDER_LABELS,
  ssoMessages,
  type TSignInResponse,
  type TSsoProvider,
} from '@compass/shared';
import * as oidc from 'openid-client';
import type { Db } from '../../db/prisma';
import type { SecretBox } from '../../plugins/secrets';
import { AppError, badRequest } from '../../errors';
import type { AuthService, ClientMeta } from '../auth';

/** How long a started sign-in may take (the state cookie lives as long). */
export const SSO_STATE_TTL_SECONDS = 10 * 60;
/** Discovery documents are re-read after this long. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Seconds openid-client waits for the provider on each request. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** What the browser carries between the start and the callback (in a signed, HttpOnly cookie). */
export interface SsoState {
  provider: TSsoProvider;
  companyId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnUrl: string | null;
  /** Epoch milliseconds after which the state is refused, whatever the cookie's own expiry. */
  expiresAt: number;
}

/** A sign-in failure whose message is shown to the user on the login page. */
export class SsoFailure extends Error {
  constructor(
    message: string,
    /** The underlying cause, for the log only. */
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'SsoFailure';
  }
}

export interface SsoOptions {
  /** Where users reach the product; the callback is `${publicUrl}/api/sso/callback/<provider>`. */
  publicUrl: string;
  /** http:// issuers are accepted only in development and test. */
  allowInsecureIssuers: boolean;
  /** Opens the stored (encrypted) client secrets. */
  secrets: SecretBox;
}

interface ProviderSettings {
  companyId: string;
  provider: TSsoProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const asString = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * The identifiers the provider vouches for, most trusted first. Google: `email`, only when
 * `email_verified`. Microsoft (a tenant-specific issuer, so the tenant's administrator manages
 * them): the sign-in name `preferred_username`, then `upn`, then `email`.
 */
export function identifiersFrom(provider: TSsoProvider, claims: Record<string, unknown>): string[] {
  const values =
    provider === 'google'
      ? [claims.email_verified === true ? asString(claims.email) : null]
      : [asString(claims.preferred_username), asString(claims.upn), asString(claims.email)];
  return [...new Set(values.filter((value): value is string => value !== null).map((v) => v.toLowerCase()))];
}

/**
 * Sign-in with Microsoft and Google: OpenID Connect authorization code flow with PKCE, state and
 * nonce (openid-client). Provider settings are per organisation (SsoProvider rows); nothing is kept
 * between requests except the discovery documents, cached in memory per issuer and client.
 */
export class SsoService {
  private readonly configurations = new Map<
    string,
    { config: Promise<oidc.Configuration>; expiresAt: number }
  >();

  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly options: SsoOptions,
  ) {}

  callbackUrl(provider: TSsoProvider): string {
    return new URL(`/api/sso/callback/${provider}`, this.options.publicUrl).toString();
  }

  /** Which providers are on offer: for one organisation, or for any when none is given. */
  async enabledProviders(companyId?: string): Promise<Record<TSsoProvider, boolean>> {
    const rows = await this.db.ssoProvider.findMany({
      where: { isEnabled: true, ...(companyId ? { companyId } : {}) },
      select: { provider: true },
      distinct: ['provider'],
    });
    const enabled = new Set(rows.map((row) => row.provider));
    return Object.fromEntries(SSO_PROVIDERS.map((provider) => [provider, enabled.has(provider)])) as Record<
      TSsoProvider,
      boolean
    >;
  }

  /** Starts a sign-in: the provider's authorization URL and the state the callback will check. */
  async start(
    provider: TSsoProvider,
    input: { companyId?: string; returnUrl?: string },
  ): Promise<{ redirectUrl: string; state: SsoState }> {
    const settings = await this.settingsForStart(provider, input.companyId);
    let config: oidc.Configuration;
    try {
      config = await this.configuration(settings);
    } catch (error) {
      throw new AppError(502, ssoMessages.unavailable(provider), { cause: String(error) });
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state: SsoState = {
      provider,
      companyId: settings.companyId,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier,
      returnUrl: safeReturnPath(input.returnUrl),
      expiresAt: Date.now() + SSO_STATE_TTL_SECONDS * 1000,
    };
    const redirectUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl(provider),
      scope: SCOPE,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: state.state,
      nonce: state.nonce,
    });
    return { redirectUrl: redirectUrl.toString(), state };
  }

  /**
   * Completes a sign-in from the provider's redirect: checks state, nonce and PKCE through
   * openid-client, finds the active user of the organisation the sign-in was started for and
   * opens a session as password sign-in does. Every refusal is an SsoFailure with a readable reason.
   */
  async finish(
    provider: TSsoProvider,
    saved: SsoState | null,
    query: URLSearchParams,
    meta: ClientMeta,
  ): Promise<TSignInResponse & { returnUrl: string | null }> {
    if (!saved || saved.provider !== provider || saved.expiresAt <= Date.now()) {
      throw new SsoFailure(ssoMessages.expired, 'missing, foreign or expired state cookie');
    }
    const error = query.get('error');
    if (error) {
      const detail = { error, description: query.get('error_description') };
      throw new SsoFailure(
        error === 'access_denied' ? ssoMessages.cancelled(provider) : ssoMessages.failed(provider),
        detail,
      );
    }
    const row = await this.db.ssoProvider.findFirst({
      where: { companyId: saved.companyId, provider, isEnabled: true },
    });
    if (!row) throw new SsoFailure(ssoMessages.notSetUp(provider), 'provider disabled during sign-in');

    let claims: Record<string, unknown>;
    try {
      const config = await this.configuration({ ...row, provider });
      const currentUrl = new URL(this.callbackUrl(provider));
      currentUrl.search = query.toString();
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        expectedState: saved.state,
        expectedNonce: saved.nonce,
        pkceCodeVerifier: saved.codeVerifier,
        idTokenExpected: true,
      });
      claims = { ...tokens.claims() };
    } catch (cause) {
      throw new SsoFailure(ssoMessages.failed(provider), cause);
    }

    const identifiers = identifiersFrom(provider, claims);
    if (identifiers.length === 0) {
      throw new SsoFailure(ssoMessages.noEmail(provider), { sub: claims.sub });
    }
    const user = await this.findUser(saved.companyId, identifiers);
    return { ...(await this.auth.signInVerified(user, meta)), returnUrl: saved.returnUrl };
  }

  /**
   * The active user of the organisation named by the identifiers: a username match first (usernames
   * are unique), else the one account with that e-mail address, or the first of several that are
   * one person's associated accounts (the switch-user screen follows). Anything else is refused.
   */
  private async findUser(companyId: string, identifiers: string[]) {
    const users = await this.db.user.findMany({
      where: {
        companyId,
        isActive: true,
        OR: identifiers.flatMap((value) => [
          { username: { equals: value, mode: 'insensitive' as const } },
          { email: { equals: value, mode: 'insensitive' as const } },
        ]),
      },
      select: { id: true, companyId: true, accountGroupId: true, username: true },
      orderBy: [{ userType: 'asc' }, { username: 'asc' }],
      take: 20,
    });
    const shown = identifiers[0] ?? '';
    for (const identifier of identifiers) {
      const byUsername = users.find((user) => user.username.toLowerCase() === identifier);
      if (byUsername) return byUsername;
    }
    const [first] = users;
    if (!first) throw new SsoFailure(ssoMessages.unknownUser(shown));
    const oneGroup =
      first.accountGroupId && users.every((user) => user.accountGroupId === first.accountGroupId);
    if (users.length === 1 || oneGroup) return first;
    throw new SsoFailure(ssoMessages.ambiguousUser(shown));
  }

  /** The organisation's settings for a new sign-in; without companyId, the one organisation offering it. */
  private async settingsForStart(provider: TSsoProvider, companyId?: string): Promise<ProviderSettings> {
    const rows = await this.db.ssoProvider.findMany({
      where: { provider, isEnabled: true, ...(companyId ? { companyId } : {}) },
      take: 2,
    });
    const [row] = rows;
    if (!row) throw badRequest(ssoMessages.notSetUp(provider));
    if (rows.length > 1) {
      throw badRequest(
        `${SSO_PROVIDER_LABELS[provider]} sign-in is set up for several organisations: please use your organisation's sign-in link.`,
      );
    }
    return { ...row, provider };
  }

  /** openid-client's configuration of one organisation's client, from a cached discovery. */
  private configuration(settings: ProviderSettings): Promise<oidc.Configuration> {
    const key = [settings.issuer, settings.clientId, sha256(settings.clientSecret)].join('\n');
    const cached = this.configurations.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.config;

    const issuer = new URL(settings.issuer);
    if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && this.options.allowInsecureIssuers)) {
      return Promise.reject(new Error(`refused issuer ${settings.issuer}: only https is allowed here`));
    }
    // The timeout also applies to every later request of the resolved configuration.
    const clientSecret = this.options.secrets.open(settings.clientSecret);
    const config = oidc.discovery(issuer, settings.clientId, clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    this.configurations.set(key, { config, expiresAt: Date.now() + DISCOVERY_TTL_MS });
    config.catch(() => this.configurations.delete(key));
    return config;
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
