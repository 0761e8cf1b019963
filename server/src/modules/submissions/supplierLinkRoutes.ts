import {
  formSubmissionLinkFileCall,
  formSubmissionLinkFileDeleteCall,
  messages,
  supplierFormSubmitCall,
  supplierLinkContextCall,
  supplierLinkLogoCall,
} from '@compass/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import type { LinkScope } from '../../plugins/callers';
import type { SupplierLinkService } from './supplierLinks';

/** The link of a call that only a link holder makes (the supplier screens' own calls). */
export function requireLink(request: FastifyRequest): LinkScope {
  if (!request.link) throw unauthorized(messages.links.unknown);
  return request.link;
}

/**
 * The calls only the supplier screens make (001 sections 2.1, 2.3 and 7). The submission calls
 * they share with the employee editor (details, lists, save, files) accept a link in routes.ts.
 */
export const supplierLinkRoutes: FastifyPluginAsync<{ supplierLinks: SupplierLinkService }> = async (
  app,
  { supplierLinks },
) => {
  registerCall(app, supplierLinkContextCall, {
    handler: async (request) =>
      ok(await supplierLinks.context(requireLink(request), request.body.formSubmissionId)),
  });

  registerCall(app, supplierLinkLogoCall, {
    handler: async (request, reply) => {
      const { fileName, stream } = await supplierLinks.logo(requireLink(request));
      return reply.headers(fileHeaders({ fileName, inline: true, maxAge: 3600 })).send(stream);
    },
  });

  registerCall(app, formSubmissionLinkFileCall, {
    handler: async (request, reply) => {
      const { attachment, stream } = await supplierLinks.openFile(requireLink(request), request.params.id);
      return reply.headers(fileHeaders({ fileName: attachment.name })).send(stream);
    },
  });

  registerCall(app, formSubmissionLinkFileDeleteCall, {
    handler: async (request) => {
      await supplierLinks.deleteFile(requireLink(request), request.body._id, request.body.fileId);
      return ok(null, messages.externalTask.fileDeleted);
    },
  });

  registerCall(app, supplierFormSubmitCall, {
    handler: async (request) => {
      const caller = request.link ? { link: request.link } : { auth: requireAuth(request) };
      return ok(await supplierLinks.submit(caller, request.body), messages.supplierForm.submitted);
    },
  });
};
