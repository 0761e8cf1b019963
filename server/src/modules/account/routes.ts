import { messages, unsubscribeCall, updateUsernameCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { AccountService } from './service';

export const accountRoutes: FastifyPluginAsync<{ account: AccountService }> = async (app, { account }) => {
  registerCall(app, updateUsernameCall, {
    handler: async (request, _reply, { auth }) => {
      await account.updateUsername(auth, request.body);
      return ok(null, messages.updateUsername.done);
    },
  });

  registerCall(app, unsubscribeCall, {
    handler: async (request) => {
      const text = await account.unsubscribe(request.body);
      return ok(text, text);
    },
  });
};
