import { forgotPasswordCall, messages, passwordLinkCall, resetPasswordCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { abuseLimitHooks, type AbuseLimits } from '../../plugins/rateLimit';
import type { PasswordService } from './service';

export const passwordRoutes: FastifyPluginAsync<{
  password: PasswordService;
  abuseLimits: AbuseLimits;
}> = async (app, { password, abuseLimits }) => {
  registerCall(app, forgotPasswordCall, {
    preHandler: abuseLimitHooks(
      app,
      'forgotPassword',
      abuseLimits,
      (request) => (request.body as { username?: string }).username,
    ),
    handler: async (request) => {
      await password.forgotPassword(request.body.username);
      return ok(null, messages.forgotPassword.sent);
    },
  });

  registerCall(app, resetPasswordCall, {
    handler: async (request) => {
      const purpose = await password.resetPassword(request.body);
      return ok(null, purpose === 'invitation' ? messages.invitation.done : messages.resetPassword.done);
    },
  });

  registerCall(app, passwordLinkCall, {
    handler: async (request) => ok(await password.linkDetails(request.body.token)),
  });
};
