import { deleteAttachmentCall, fileCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { linkAttachmentOwner } from '../links';
import type { AttachmentService } from './service';

export const attachmentRoutes: FastifyPluginAsync<{ attachments: AttachmentService }> = async (
  app,
  { attachments },
) => {
  registerCall(app, fileCall, {
    handler: async (request, reply) => {
      const { attachment, stream } = request.link
        ? await attachments.openOwned(linkAttachmentOwner(request.link, 'read'), request.params.id)
        : await attachments.open(requireAuth(request), request.params.id);
      return reply.headers(fileHeaders({ fileName: attachment.name })).send(stream);
    },
  });

  registerCall(app, deleteAttachmentCall, {
    handler: async (request) => {
      await attachments.remove(requireAuth(request), request.body);
      return ok(null, 'The file has been deleted.');
    },
  });
};
