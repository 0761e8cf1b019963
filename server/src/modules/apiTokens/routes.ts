import {
  apiTokenCreateCall,
  apiTokenListCall,
  apiTokenMessages as say,
  apiTokenRevokeCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { ApiTokenService } from './service';

export const apiTokenRoutes: FastifyPluginAsync<{ apiTokens: ApiTokenService }> = async (
  app,
  { apiTokens },
) => {
  registerCall(app, apiTokenListCall, {
    handler: async (_request, _reply, { auth }) => ok({ items: await apiTokens.list(auth) }),
  });

  registerCall(app, apiTokenCreateCall, {
    handler: async (request, _reply, { auth }) => ok(await apiTokens.create(auth, request.body), say.created),
  });

  registerCall(app, apiTokenRevokeCall, {
    handler: async (request, _reply, { auth }) => {
      await apiTokens.revoke(auth, request.body._id);
      return ok(null, say.revoked);
    },
  });
};
