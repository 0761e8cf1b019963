import {
  envelopeOf,
  messages,
  ZSupplierFormSubmitRequest,
  ZSupplierFormSubmitted,
  ZSupplierLinkContext,
  ZSupplierLinkContextRequest,
  ZSupplierLinkFileDeleteRequest,
} from '@compass/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { LinkScope } from '../links/service';
import type { SupplierLinkService } from './supplierLinks';
import { ACCESS } from '@compass/shared';

/** The link token travels in the query string of the page and of its calls. */
export const ZLinkQuery = z.object({ authtoken: z.string().optional() });

/** The link of a call that only a link holder makes (the supplier screens' own calls). */
export function requireLink(request: FastifyRequest): LinkScope {
  if (!request.link) throw unauthorized(messages.links.unknown);
  return request.link;
}

const fileHeaders = (name: string, mimeType: string) => ({
  'content-type': mimeType || 'application/octet-stream',
  'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
});

/**
 * The calls only the supplier screens make (001 sections 2.1, 2.3 and 7). The submission calls
 * they share with the employee editor (details, lists, save, files) accept a link in routes.ts.
 */
export const supplierLinkRoutes: FastifyPluginAsyncZod<{ supplierLinks: SupplierLinkService }> = async (
  app,
  { supplierLinks },
) => {
  const tags = ['links'];

  app.post('/supplierLinkContext', {
    config: { access: ACCESS.link },
    schema: {
      tags,
      summary: "What the page's link grants: the organisation, the supplier and its assignment",
      querystring: ZLinkQuery,
      body: ZSupplierLinkContextRequest,
      response: { 200: envelopeOf(ZSupplierLinkContext) },
    },
    handler: async (request) =>
      ok(await supplierLinks.context(requireLink(request), request.body.formSubmissionId)),
  });

  app.get('/supplierLinkLogo', {
    config: { access: ACCESS.link },
    schema: {
      tags,
      summary: "The logo of the link's supplier company (the image itself)",
      querystring: ZLinkQuery,
    },
    handler: async (request, reply) => {
      const { mimeType, stream } = await supplierLinks.logo(requireLink(request));
      return (
        reply
          .header('content-type', mimeType)
          .header('x-content-type-options', 'nosniff')
          // An SVG logo opened on its own must not run anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('cache-control', 'private, max-age=3600')
          .send(stream)
      );
    },
  });

  app.get('/formSubmissionLinkFile/:id', {
    config: { access: ACCESS.link },
    schema: {
      tags,
      summary: 'Download a file of the linked submission or of its actions (the file itself)',
      params: z.object({ id: z.uuid() }),
      querystring: ZLinkQuery,
    },
    handler: async (request, reply) => {
      const { attachment, stream } = await supplierLinks.openFile(requireLink(request), request.params.id);
      return reply.headers(fileHeaders(attachment.name, attachment.mimeType)).send(stream);
    },
  });

  app.post('/formSubmissionLinkFileDelete', {
    config: { access: ACCESS.link },
    schema: {
      tags,
      summary: 'Delete a file of the linked submission (a link with update, while the form is editable)',
      querystring: ZLinkQuery,
      body: ZSupplierLinkFileDeleteRequest,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await supplierLinks.deleteFile(requireLink(request), request.body._id, request.body.fileId);
      return ok(null, messages.externalTask.fileDeleted);
    },
  });

  app.post('/supplierFormSubmit', {
    config: { access: ACCESS.signedInOrLink },
    schema: {
      tags,
      summary:
        'Supplier form submit: the supplier assignment is submitted with its form and the reviewer and ' +
        'coordinator are mailed; response_code 202 when it cannot be submitted (still a draft, already submitted)',
      querystring: ZLinkQuery,
      body: ZSupplierFormSubmitRequest,
      response: { 200: envelopeOf(ZSupplierFormSubmitted) },
    },
    handler: async (request) => {
      const caller = request.link ? { link: request.link } : { auth: requireAuth(request) };
      return ok(await supplierLinks.submit(caller, request.body), messages.supplierForm.submitted);
    },
  });
};
