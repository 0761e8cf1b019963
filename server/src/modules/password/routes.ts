import { envelopeOf, messages, ZForgotPasswordRequest, ZResetPasswordRequest } from '@compass/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { abuseLimitHooks, type AbuseLimits } from '../../plugins/rateLimit';
import type { PasswordService } from './service';
import { ACCESS } from '../../plugins/callers';

const ZNull = z.null();

export const passwordRoutes: FastifyPluginAsyncZod<{
  password: PasswordService;
  abuseLimits: AbuseLimits;
}> = async (app, { password, abuseLimits }) => {
  app.post('/forgotPassword', {
    config: { access: ACCESS.anyone },
    preHandler: abuseLimitHooks(
      app,
      'forgotPassword',
      abuseLimits,
      (request) => (request.body as { username?: string }).username,
    ),
    schema: {
      tags: ['password'],
      summary: 'E-mail a password reset link; the same answer whether or not the account exists',
      body: ZForgotPasswordRequest,
      response: { 200: envelopeOf(ZNull) },
    },
    handler: async (request) => {
      await password.forgotPassword(request.body.username);
      return ok(null, messages.forgotPassword.sent);
    },
  });

  app.post('/resetPassword', {
    config: { access: ACCESS.anyone },
    schema: {
      tags: ['password'],
      summary: 'Set a new password with the token of a reset link; every session of the user is revoked',
      body: ZResetPasswordRequest,
      response: { 200: envelopeOf(ZNull) },
    },
    handler: async (request) => {
      await password.resetPassword(request.body);
      return ok(null, messages.resetPassword.done);
    },
  });
};
