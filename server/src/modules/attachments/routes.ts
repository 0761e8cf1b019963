import { deleteAttachmentCall, fileCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { linkFileOwner } from '../links';
import type { AttachmentService } from './service';

export const attachmentRoutes: FastifyPluginAsync<{ attachments: AttachmentService }> = async (
  app,
  { attachments },
) => {
  registerCall(app, fileCall, {
    handler: async (request, reply, caller) => {
      const { attachment, stream } =
        caller.kind === 'link'
          ? await attachments.openOwned(
              await linkFileOwner(caller.link, 'read', request.params.id),
              request.params.id,
            )
          : await attachments.open(caller.auth, request.params.id);
      return reply.headers(fileHeaders({ fileName: attachment.name })).send(stream);
    },
  });

  registerCall(app, deleteAttachmentCall, {
    handler: async (request, _reply, { auth }) => {
      await attachments.remove(auth, request.body);
      return ok(null, 'The file has been deleted.');
    },
  });
};
