import {
  formSubmissionLinkFileCall,
  formSubmissionLinkFileDeleteCall,
  messages,
  supplierFormSubmitCall,
  supplierLinkContextCall,
  supplierLinkLogoCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import type { SupplierLinkService } from './supplierLinks';

/**
 * The calls only the supplier screens make (001 sections 2.1, 2.3 and 7). The submission calls
 * they share with the employee editor (details, lists, save, files) accept a link in routes.ts.
 */
export const supplierLinkRoutes: FastifyPluginAsync<{ supplierLinks: SupplierLinkService }> = async (
  app,
  { supplierLinks },
) => {
  registerCall(app, supplierLinkContextCall, {
    handler: async (request, _reply, { link }) =>
      ok(await supplierLinks.context(link, request.body.formSubmissionId)),
  });

  registerCall(app, supplierLinkLogoCall, {
    handler: async (_request, reply, { link }) => {
      const { fileName, stream } = await supplierLinks.logo(link);
      return reply.headers(fileHeaders({ fileName, inline: true, maxAge: 3600 })).send(stream);
    },
  });

  registerCall(app, formSubmissionLinkFileCall, {
    handler: async (request, reply, { link }) => {
      const { attachment, stream } = await supplierLinks.openFile(link, request.params.id);
      return reply.headers(fileHeaders({ fileName: attachment.name })).send(stream);
    },
  });

  registerCall(app, formSubmissionLinkFileDeleteCall, {
    handler: async (request, _reply, { link }) => {
      await supplierLinks.deleteFile(link, request.body._id, request.body.fileId);
      return ok(null, messages.externalTask.fileDeleted);
    },
  });

  registerCall(app, supplierFormSubmitCall, {
    handler: async (request, _reply, caller) =>
      ok(await supplierLinks.submit(caller, request.body), messages.supplierForm.submitted),
  });
};
