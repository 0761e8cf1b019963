import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_KEYS, apiTokenMessages, messages, type AccessKey, type CallAccess } from '@compass/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/prisma';
import { AppError, unauthorized } from '../errors';
import type { ApiTokenLookup, ApiTokenRecord } from './apiTokenLookup';
import type { LinkScope } from './callers';
import { refusalOf, sessionCallerOf, type AccountOfCaller, type AuthContext, type Caller } from './callers';
import type { SessionLookup, SessionRecord } from './sessionLookup';

export type { AuthContext } from './callers';

/** Resolves a link token to its scope, or throws the link's error (see modules/links). */
export interface LinkResolver {
  resolve(token: string): Promise<LinkScope>;
}

/** One /api route and who may call it, as declared. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: CallAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access: the route × caller tests and docs read it. */
    declaredRoutes: DeclaredRoute[];
  }
  interface FastifyContextConfig {
    access?: CallAccess;
  }
  interface FastifyRequest {
    /** Who is calling: resolved once, before the route's access is ruled on. */
    caller: Caller;
    /** The session of a signed-in caller (null for guests and link holders). */
    auth: AuthContext | null;
    /** The scope of the link token of a route that serves link holders, called with `?authtoken=`. */
    link: LinkScope | null;
  }
}

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Touching lastSeenAt (and an API token's lastUsedAt) at most this often keeps a write off most requests. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * The sessionId of an API token caller, which has no session: the nil UUID names no Session row, so
 * a change that keeps "the caller's session" (an administrator's own e-mail change) keeps none.
 */
const NO_SESSION_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The token of `Authorization: Bearer <token>`, else null. Another scheme (Basic from a proxy in
 * front of the product) is not ours and is left alone.
 */
function bearerTokenOf(header: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

const GUEST: Caller = { kind: 'guest' };

/** The access keys a role's stored map sets to 'yes'. */
function accessKeysOf(access: Record<string, unknown> | undefined): ReadonlySet<AccessKey> {
  return new Set(ACCESS_KEYS.filter((key) => access?.[key] === true));
}

/** Who the caller is: the same fields whether it came with a session or an API token. */
function accountOf(
  user: AccountOfCaller & { id: string; isForceUpdatePassword: boolean },
): AccountOfCaller & Pick<AuthContext, 'userId' | 'isForceUpdatePassword'> {
  return {
    userId: user.id,
    companyId: user.companyId,
    timeZone: user.timeZone,
    userType: user.userType,
    employeeId: user.employeeId,
    supplierId: user.supplierId,
    personnelId: user.personnelId,
    isForceUpdatePassword: user.isForceUpdatePassword,
  };
}

function authContextOf(session: SessionRecord, token: string): AuthContext {
  const { user } = session;
  return {
    sessionId: session.id,
    token,
    ...accountOf(user),
    supplier: user.supplier && {
      companyId: user.supplier.companyId,
      supplierPortal: user.supplier.supplierPortal,
      supplierAccess: user.supplier.supplierAccess,
      isActive: user.supplier.isActive,
      portalAccess: user.portalAccess,
    },
    accessKeys: user.userType === 'employee' ? accessKeysOf(user.employee?.role?.access) : new Set(),
  };
}

/**
 * An API token's caller: an employee acting as the token's creator, with the token's access keys
 * that the creator's role holds now (nobody gets through a token what they no longer hold).
 */
function apiTokenAuthOf(record: ApiTokenRecord): AuthContext {
  const { user } = record;
  const held = accessKeysOf(user.roleAccess ?? undefined);
  return {
    sessionId: NO_SESSION_ID,
    // Nothing answers with the token (the calls that would are sessionOnly), so none is kept.
    token: '',
    apiTokenId: record.id,
    ...accountOf(user),
    supplier: null,
    accessKeys: new Set(ACCESS_KEYS.filter((key) => held.has(key) && record.accessKeys.includes(key))),
    // A token reads no permissions profile, so there is nothing to tell it to read again.
    permissionsChanged: false,
  };
}

/**
 * Resolves every /api request's caller once and rules on it with the route's declared access
 * (callers.ts) before the body is read. A route without a declaration fails at start-up, so none
 * is open by accident.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    {
      db,
      links,
      sessions,
      apiTokens,
      sessionIdleMinutes,
    }: {
      db: Db;
      links: LinkResolver;
      sessions: SessionLookup;
      apiTokens: ApiTokenLookup;
      sessionIdleMinutes: number;
    },
  ) => {
    // A reference type cannot be a decorator's default: every request sets its own in onRequest.
    app.decorateRequest('caller', null as never);
    app.decorateRequest('auth', null);
    app.decorateRequest('link', null);

    const declaredRoutes: DeclaredRoute[] = [];
    app.decorate('declaredRoutes', declaredRoutes);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') declaredRoutes.push({ method, url: route.url, access });
      }
    });

    /**
     * A link in the query string decides alone on a route that serves links; otherwise the session
     * header; otherwise an API token (a session header sent along wins: the token is not read).
     */
    async function resolveCaller(
      request: FastifyRequest,
      reply: FastifyReply,
      servesLinks: boolean,
    ): Promise<Caller> {
      const linkToken = (request.query as Record<string, unknown> | undefined)?.authtoken;
      if (servesLinks && typeof linkToken === 'string' && linkToken.length > 0) {
        request.link = await links.resolve(linkToken);
        return { kind: 'link', link: request.link };
      }
      const token = request.headers.authtoken;
      if (typeof token === 'string' && token.length > 0) return sessionCaller(request, reply, token);
      const bearer = bearerTokenOf(request.headers.authorization);
      return bearer === null ? GUEST : apiTokenCaller(request, bearer);
    }

    /** Refused as not valid (401): unknown, expired, revoked, or its creator deactivated or no employee. */
    async function apiTokenCaller(request: FastifyRequest, token: string): Promise<Caller> {
      const record = await apiTokens(hashToken(token));
      const now = new Date();
      if (
        !record ||
        record.revokedAt ||
        record.expiresAt <= now ||
        !record.user.isActive ||
        record.user.userType !== 'employee'
      )
        throw unauthorized(apiTokenMessages.invalid);
      const auth = apiTokenAuthOf(record);
      request.auth = auth;
      if (!record.lastUsedAt || now.getTime() - record.lastUsedAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
        // updateMany: a token deleted meanwhile (its creator's account removed) is no error here.
        await db.apiToken.updateMany({
          where: { id: record.id },
          data: { lastUsedAt: now, lastUsedAddress: request.ip },
        });
      }
      return sessionCallerOf(auth);
    }

    async function sessionCaller(
      request: FastifyRequest,
      reply: FastifyReply,
      token: string,
    ): Promise<Caller> {
      const session = await sessions(hashToken(token));
      const now = new Date();
      if (
        !session ||
        session.revokedAt ||
        session.expiresAt <= now ||
        // lastSeenAt is kept to within a minute: idle is counted from the last recorded call.
        now.getTime() - session.lastSeenAt.getTime() > sessionIdleMinutes * 60_000 ||
        !session.user.isActive
      )
        throw unauthorized();
      const auth = authContextOf(session, token);
      request.auth = auth;
      const { user } = session;
      const changedAt = Math.max(
        user.updatedAt.getTime(),
        user.employee?.role?.updatedAt.getTime() ?? 0,
        user.supplier?.updatedAt.getTime() ?? 0,
      );
      auth.permissionsChanged = changedAt > session.permissionsLoadedAt.getTime();
      if (auth.permissionsChanged) reply.header('x-update-permissions', 'yes');
      if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
        await db.session.update({ where: { id: session.id }, data: { lastSeenAt: now } });
        // The record may be the session cache's: it holds what the database now holds.
        session.lastSeenAt = now;
      }
      return sessionCallerOf(auth);
    }

    app.addHook('onRequest', async (request, reply) => {
      request.caller = GUEST;
      const access = request.routeOptions.config.access;
      if (!access || access.callers === 'anyone') return;
      request.caller = await resolveCaller(request, reply, access.callers.includes('link'));
      const refusal = refusalOf(access, request.caller);
      if (refusal) throw refusal;
    });

    // The envelope carries updatePermissions: 'yes' when the caller's permissions changed since read.
    app.addHook('preSerialization', (_request, reply, payload, done) => {
      if (reply.getHeader('x-update-permissions') !== 'yes' || !payload || typeof payload !== 'object') {
        done(null, payload);
        return;
      }
      reply.removeHeader('x-update-permissions');
      done(null, { ...payload, updatePermissions: 'yes' });
    });
  },
);

/**
 * The per-token limit of API token calls (API_TOKEN_RATE_LIMIT_PER_MINUTE; counted across the API
 * processes in Redis when REDIS_URL is set, else per process): over it a call is a 429 envelope with
 * retryAfterSeconds and a retry-after header. Registered after the auth plugin (its caller) and
 * rateLimitPlugin (createRateLimit, its store); sessions are not counted.
 */
export const apiTokenLimitPlugin = fp(async (app: FastifyInstance, { perMinute }: { perMinute: number }) => {
  const limiter = app.createRateLimit({
    max: perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `apiToken:${request.auth?.apiTokenId}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.auth?.apiTokenId) return;
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError(429, messages.common.tooManyRequests, { retryAfterSeconds: result.ttlInSeconds });
  });
});
