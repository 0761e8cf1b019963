import {
  accountsCall,
  changePasswordCall,
  logoutCall,
  permissionsCall,
  signInCall,
  switchSignInCall,
} from '@compass/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
    preHandler: abuseLimitHooks(app, 'switch', abuseLimits, (request) =>
      'auth' in request.caller ? request.caller.auth.userId : undefined,
    ),
    handler: async (request, _reply, caller) =>
      ok(await auth.switchSignIn(caller.auth, request.params.id, meta(request))),
  });

  registerCall(app, logoutCall, {
    handler: async (_request, _reply, caller) => {
      await auth.logout(caller.auth);
      return ok(null, 'You have been logged out.');
    },
  });

  registerCall(app, permissionsCall, {
    handler: async (_request, _reply, caller) => ok(await auth.permissions(caller.auth)),
  });

  registerCall(app, accountsCall, {
    handler: async (request, _reply, caller) => ok(await auth.accounts(caller.auth, request.params.id)),
  });

  registerCall(app, changePasswordCall, {
    handler: async (request, _reply, caller) => {
      await auth.changePassword(caller.auth, request.body);
      return ok(null, 'Your password has been changed. Please sign in again.');
    },
  });
};
