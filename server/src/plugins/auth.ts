import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/prisma';
import { unauthorized } from '../errors';
import type { LinkScope } from '../modules/links/service';
import type { SessionLookup } from './sessionLookup';

/**
 * Who may call a route: anyone; a signed-in user (the session's organisation scopes the data); or,
 * with 'userOrLink', also the holder of a scoped link token sent as the `authtoken` query
 * parameter (the service checks the link's scope against the resource asked for).
 */
export type RouteAccess = 'public' | 'user' | 'userOrLink';

/** Resolves a link token to its scope, or throws the link's error (see modules/links). */
export interface LinkResolver {
  resolve(token: string): Promise<LinkScope>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The scope of the link token of a 'userOrLink' route called with `?authtoken=`. */
    link: LinkScope | null;
  }
}

export interface AuthContext {
  sessionId: string;
  token: string;
  userId: string;
  companyId: string;
  userType: 'employee' | 'supplier' | 'company';
  employeeId: string | null;
  supplierId: string | null;
  personnelId: string | null;
  /** A forced password change is pending: most features load nothing until it is done. */
  isForceUpdatePassword: boolean;
  /** The supplier company of a supplier or company user, with its portal flags. */
  supplier: { companyId: string; supplierPortal: boolean; supplierAccess: boolean; isActive: boolean } | null;
}

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Touching lastSeenAt at most this often keeps a write off most requests. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** The signed-in caller; for routes declared `auth: 'user'` (or 'userOrLink' called without a link). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Resolves the `authtoken` header to a live session. Every /api route must declare its access;
 * a route without one fails at start-up, so none is open by accident.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    { db, links, sessions }: { db: Db; links: LinkResolver; sessions: SessionLookup },
  ) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('link', null);

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && !route.config?.auth && !route.url.startsWith('/api/docs')) {
        throw new Error(`Route ${route.method} ${route.url} does not declare config.auth`);
      }
    });

    app.addHook('preHandler', async (request, reply) => {
      const access = request.routeOptions.config.auth;
      if (access !== 'user' && access !== 'userOrLink') return;
      // A link in the query string decides alone: the session of whoever opened it is not consulted.
      const linkToken = (request.query as Record<string, unknown> | undefined)?.authtoken;
      if (access === 'userOrLink' && typeof linkToken === 'string' && linkToken.length > 0) {
        request.link = await links.resolve(linkToken);
        return;
      }
      const token = request.headers.authtoken;
      if (typeof token !== 'string' || token.length === 0) throw unauthorized();
      const session = await sessions(hashToken(token));
      const now = new Date();
      if (!session || session.revokedAt || session.expiresAt <= now || !session.user.isActive)
        throw unauthorized();
      const { user } = session;
      request.auth = {
        sessionId: session.id,
        token,
        userId: user.id,
        companyId: user.companyId,
        userType: user.userType,
        employeeId: user.employeeId,
        supplierId: user.supplierId,
        personnelId: user.personnelId,
        isForceUpdatePassword: user.isForceUpdatePassword,
        supplier: user.supplier && {
          companyId: user.supplier.companyId,
          supplierPortal: user.supplier.supplierPortal,
          supplierAccess: user.supplier.supplierAccess,
          isActive: user.supplier.isActive,
        },
      };
      const changedAt = Math.max(
        user.updatedAt.getTime(),
        user.employee?.role?.updatedAt.getTime() ?? 0,
        user.supplier?.updatedAt.getTime() ?? 0,
      );
      if (changedAt > session.permissionsLoadedAt.getTime()) reply.header('x-update-permissions', 'yes');
      if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
        await db.session.update({ where: { id: session.id }, data: { lastSeenAt: now } });
      }
    });

    // The envelope carries updatePermissions: 'yes' when the caller's permissions changed since read.
    app.addHook('preSerialization', async (_request, reply, payload) => {
      if (reply.getHeader('x-update-permissions') !== 'yes' || !payload || typeof payload !== 'object')
        return payload;
      reply.removeHeader('x-update-permissions');
      return { ...payload, updatePermissions: 'yes' };
    });
  },
);
