import {
  externalTaskDetailsCall,
  externalTaskFileDeleteCall,
  externalTaskSaveCall,
  linkTokenRevokeCall,
  messages,
} from '@compass/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { ExternalTaskService, TaskViewer } from './externalTask';
import type { LinkService } from './service';

const viewerOf = (request: FastifyRequest): TaskViewer =>
  request.link ? { link: request.link } : { auth: requireAuth(request) };

export const linkRoutes: FastifyPluginAsync<{
  links: LinkService;
  externalTask: ExternalTaskService;
}> = async (app, { links, externalTask }) => {
  registerCall(app, linkTokenRevokeCall, {
    handler: async (request) =>
      ok({ revoked: await links.revoke(requireAuth(request), request.body) }, messages.links.revokedDone),
  });

  registerCall(app, externalTaskDetailsCall, {
    handler: async (request) => ok(await externalTask.details(viewerOf(request), request.body)),
  });

  registerCall(app, externalTaskSaveCall, {
    handler: async (request) => {
      const viewer = viewerOf(request);
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(externalTaskSaveCall.multipart, fields);
      return ok(null, await externalTask.save(viewer, input, files));
    },
  });

  registerCall(app, externalTaskFileDeleteCall, {
    handler: async (request) => {
      await externalTask.deleteFile(viewerOf(request), request.body);
      return ok(null, messages.externalTask.fileDeleted);
    },
  });
};
