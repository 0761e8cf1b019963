import { linkTokenRevokeCall, messages } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { LinkService } from './service';

export const linkRoutes: FastifyPluginAsync<{ links: LinkService }> = async (app, { links }) => {
  registerCall(app, linkTokenRevokeCall, {
    handler: async (request, _reply, { auth }) =>
      ok({ revoked: await links.revoke(auth, request.body) }, messages.links.revokedDone),
  });
};
