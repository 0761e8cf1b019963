import {
  accountsCall,
  changePasswordCall,
  logoutCall,
  permissionsCall,
  signInCall,
  switchSignInCall,
} from '@compass/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { abuseLimitHooks, type AbuseLimits } from '../../plugins/rateLimit';
import type { AuthService, ClientMeta } from './service';

const meta = (request: FastifyRequest): ClientMeta => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'],
});

export const authRoutes: FastifyPluginAsync<{ auth: AuthService; abuseLimits: AbuseLimits }> = async (
  app,
  { auth, abuseLimits },
) => {
  registerCall(app, signInCall, {
    preHandler: abuseLimitHooks(
      app,
      'signIn',
      abuseLimits,
      (request) => (request.body as { username?: string }).username,
    ),
    handler: async (request) => ok(await auth.signIn(request.body, meta(request))),
  });

  registerCall(app, switchSignInCall, {
    preHandler: abuseLimitHooks(app, 'switch', abuseLimits, (request) => request.auth?.userId),
    handler: async (request) =>
      ok(await auth.switchSignIn(requireAuth(request), request.params.id, meta(request))),
  });

  registerCall(app, logoutCall, {
    handler: async (request) => {
      await auth.logout(requireAuth(request));
      return ok(null, 'You have been logged out.');
    },
  });

  registerCall(app, permissionsCall, {
    handler: async (request) => ok(await auth.permissions(requireAuth(request))),
  });

  registerCall(app, accountsCall, {
    handler: async (request) => ok(await auth.accounts(requireAuth(request), request.params.id)),
  });

  registerCall(app, changePasswordCall, {
    handler: async (request) => {
      await auth.changePassword(requireAuth(request), request.body);
      return ok(null, 'Your password has been changed. Please sign in again.');
    },
  });
};
