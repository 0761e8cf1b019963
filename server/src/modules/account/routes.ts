import { envelopeOf, messages, ZUnsubscribeRequest, ZUpdateUsernameRequest } from '@compass/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { AccountService } from './service';
import { ACCESS } from '../../plugins/callers';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.post('/updateUsername', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags: ['account'],
      summary: "An external-party user's e-mail address becomes the username (SSO users without one)",
      body: ZUpdateUsernameRequest,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await account.updateUsername(requireAuth(request), request.body);
      return ok(null, messages.updateUsername.done);
    },
  });

  app.post('/unsubscribe', {
    config: { access: ACCESS.anyone },
    schema: {
      tags: ['account'],
      summary: 'Stop optional e-mails with the token of an unsubscribe link; answers the notification text',
      body: ZUnsubscribeRequest,
      response: { 200: envelopeOf(z.string()) },
    },
    handler: async (request) => {
      const text = await account.unsubscribe(request.body);
      return ok(text, text);
    },
  });
};
