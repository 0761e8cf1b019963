import {
  envelopeOf,
  ZAccountsResponse,
  ZChangePasswordRequest,
  ZPermissions,
  ZSignInRequest,
  ZSignInResponse,
  ZSwitchSignInResponse,
} from '@compass/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { abuseLimitHooks, type AbuseLimits } from '../../plugins/rateLimit';
import type { AuthService, ClientMeta } from './service';
import { ACCESS } from '@compass/shared';

const meta = (request: FastifyRequest): ClientMeta => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'],
});

const ZNull = z.null();

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; abuseLimits: AbuseLimits }> = async (
  app,
  { auth, abuseLimits },
) => {
  app.post('/signIn', {
    config: { access: ACCESS.anyone },
    preHandler: abuseLimitHooks(
      app,
      'signIn',
      abuseLimits,
      (request) => (request.body as { username?: string }).username,
    ),
    schema: {
      tags: ['auth'],
      summary: 'Sign in with username (or e-mail) and password',
      body: ZSignInRequest,
      response: { 200: envelopeOf(ZSignInResponse) },
    },
    handler: async (request) => ok(await auth.signIn(request.body, meta(request))),
  });

  app.get('/signIn/switch/:id', {
    config: { access: { callers: ACCESS.signedIn.callers, withPortalOff: true } },
    preHandler: abuseLimitHooks(app, 'switch', abuseLimits, (request) => request.auth?.userId),
    schema: {
      tags: ['auth'],
      summary: 'Switch to an associated account without a password (from an employee account)',
      params: z.object({ id: z.uuid() }),
      response: { 200: envelopeOf(ZSwitchSignInResponse) },
    },
    handler: async (request) =>
      ok(await auth.switchSignIn(requireAuth(request), request.params.id, meta(request))),
  });

  app.post('/logout', {
    config: { access: ACCESS.session },
    schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 200: envelopeOf(ZNull) } },
    handler: async (request) => {
      await auth.logout(requireAuth(request));
      return ok(null, 'You have been logged out.');
    },
  });

  app.get('/permissions', {
    config: { access: ACCESS.session },
    schema: {
      tags: ['auth'],
      summary: 'The permissions profile of the signed-in user',
      response: { 200: envelopeOf(ZPermissions) },
    },
    handler: async (request) => ok(await auth.permissions(requireAuth(request))),
  });

  app.get('/accounts/:id', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags: ['auth'],
      summary: "The caller's associated accounts",
      params: z.object({ id: z.uuid() }),
      response: { 200: envelopeOf(ZAccountsResponse) },
    },
    handler: async (request) => ok(await auth.accounts(requireAuth(request), request.params.id)),
  });

  app.post('/changePassword', {
    config: { access: { callers: ACCESS.signedIn.callers, duringPasswordChange: true } },
    schema: {
      tags: ['auth'],
      summary: 'Change the password; every session of the user is revoked',
      body: ZChangePasswordRequest,
      response: { 200: envelopeOf(ZNull) },
    },
    handler: async (request) => {
      await auth.changePassword(requireAuth(request), request.body);
      return ok(null, 'Your password has been changed. Please sign in again.');
    },
  });
};
