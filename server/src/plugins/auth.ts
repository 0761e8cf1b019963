import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/prisma';
import { unauthorized } from '../errors';

/** Who may call a route: anyone, or a signed-in user (the session's organisation scopes the data). */
export type RouteAccess = 'public' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
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

/** The authenticated caller; only for routes declared `auth: 'user'`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Resolves the `authtoken` header to a live session. Every /api route must declare its access;
 * a route without one fails at start-up, so none is open by accident.
 */
export const authPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.auth && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.auth`);
    }
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.auth !== 'user') return;
    const token = request.headers.authtoken;
    if (typeof token !== 'string' || token.length === 0) throw unauthorized();
    const session = await db.session.findUnique({
      where: { tokenHash: hashToken(token) },
      relationLoadStrategy: 'join',
      include: {
        user: {
          select: {
            id: true,
            companyId: true,
            userType: true,
            employeeId: true,
            supplierId: true,
            personnelId: true,
            isActive: true,
            isForceUpdatePassword: true,
            updatedAt: true,
            employee: { select: { role: { select: { updatedAt: true } } } },
            supplier: {
              select: {
                updatedAt: true,
                companyId: true,
                supplierPortal: true,
                supplierAccess: true,
                isActive: true,
              },
            },
          },
        },
      },
    });
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
});
