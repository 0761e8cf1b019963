import { envelopeOf, ZDeleteAttachmentRequest } from '@compass/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { linkAttachmentOwner } from '../links/service';
import type { AttachmentService } from './service';
import { ACCESS } from '@compass/shared';

export const attachmentRoutes: FastifyPluginAsyncZod<{ attachments: AttachmentService }> = async (
  app,
  { attachments },
) => {
  app.get('/files/:id', {
    config: { access: ACCESS.signedInOrLink },
    schema: {
      tags: ['attachments'],
      summary:
        'Download an attachment the caller may read (the file itself, not the envelope); with ' +
        '?authtoken= a link token reads the files of its own resource only',
      params: z.object({ id: z.uuid() }),
      querystring: z.object({ authtoken: z.string().optional() }),
    },
    handler: async (request, reply) => {
      const { attachment, stream } = request.link
        ? await attachments.openOwned(linkAttachmentOwner(request.link, 'read'), request.params.id)
        : await attachments.open(requireAuth(request), request.params.id);
      return reply
        .header('content-type', attachment.mimeType || 'application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(attachment.name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });

  app.post('/deleteAttachment', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags: ['attachments'],
      summary: 'Delete an attachment of an item the caller may change',
      body: ZDeleteAttachmentRequest,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await attachments.remove(requireAuth(request), request.body);
      return ok(null, 'The file has been deleted.');
    },
  });
};
