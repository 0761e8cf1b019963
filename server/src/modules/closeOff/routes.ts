import {
  envelopeOf,
  messages,
  ZAssignFormCloseOffRequest,
  ZFormSubmissionClosed,
  ZFormSubmissionCloseRequest,
  ZFormSubmissionPdfRequest,
  ZFormSubmissionReopened,
  ZFormSubmissionReopenRequest,
  ZSupplierAssignFormCloseOffRequest,
  ZSupplierFormCloseOffRequest,
  type TFormSubmissionPdfRequest,
} from '@compass/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { CloseOffService } from './service';
import { ACCESS } from '@compass/shared';

export const closeOffRoutes: FastifyPluginAsyncZod<{ closeOff: CloseOffService }> = async (
  app,
  { closeOff },
) => {
  const sendPdf = async (request: FastifyRequest, reply: FastifyReply, input: TFormSubmissionPdfRequest) => {
    const pdf = await closeOff.pdf(requireAuth(request), input.formSubmissionId, input.localTimeZone);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(pdf.fileName)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(pdf.content);
  };
  const pdfSummary = 'The submission as a PDF file (the file itself; errors in the envelope)';

  app.post('/formSubmissionPdf', {
    config: { access: ACCESS.signedIn },
    schema: { tags: ['closeOff'], summary: pdfSummary, body: ZFormSubmissionPdfRequest },
    handler: (request, reply) => sendPdf(request, reply, request.body),
  });

  app.get('/formSubmissionPdf', {
    config: { access: ACCESS.signedIn },
    schema: { tags: ['closeOff'], summary: pdfSummary, querystring: ZFormSubmissionPdfRequest },
    handler: (request, reply) => sendPdf(request, reply, request.query),
  });

  app.post('/formSubmissionClose', {
    config: { access: ACCESS.employee },
    schema: {
      tags: ['closeOff'],
      summary: 'Sign Off / Save and Close: the coordinator closes a submitted form with no open action',
      body: ZFormSubmissionCloseRequest,
      response: { 200: envelopeOf(ZFormSubmissionClosed) },
    },
    handler: async (request) =>
      ok(
        await closeOff.closeSubmission(
          requireAuth(request),
          request.body._id,
          request.body.version,
          request.body.localTimeZone,
        ),
        messages.closeOff.closed,
      ),
  });

  app.post('/assignFormCloseOff', {
    config: { access: ACCESS.employee },
    schema: {
      tags: ['closeOff'],
      summary: 'HR assigned-form close-off: closes the assignment and its submission',
      body: ZAssignFormCloseOffRequest,
      response: { 200: envelopeOf(ZFormSubmissionClosed) },
    },
    handler: async (request) =>
      ok(
        await closeOff.closeHrAssignment(requireAuth(request), request.body._id, request.body.localTimeZone),
        messages.closeOff.closed,
      ),
  });

  app.post('/supplierAssignFormCloseOff', {
    config: { access: ACCESS.employee },
    schema: {
      tags: ['closeOff'],
      summary: 'Supplier assigned-form close-off: closes the supplier assignment and its submission',
      body: ZSupplierAssignFormCloseOffRequest,
      response: { 200: envelopeOf(ZFormSubmissionClosed) },
    },
    handler: async (request) =>
      ok(
        await closeOff.closeSupplierAssignment(
          requireAuth(request),
          request.body._id,
          request.body.localTimeZone,
        ),
        messages.closeOff.closed,
      ),
  });

  app.post('/supplierFormCloseOff', {
    config: { access: ACCESS.employee },
    schema: {
      tags: ['closeOff'],
      summary: 'Supplier close-off: closes a supplier form submission and its supplier assignment',
      body: ZSupplierFormCloseOffRequest,
      response: { 200: envelopeOf(ZFormSubmissionClosed) },
    },
    handler: async (request) =>
      ok(
        await closeOff.closeSupplierSubmission(
          requireAuth(request),
          request.body.formSumissionId,
          request.body.localTimeZone,
        ),
        messages.closeOff.closed,
      ),
  });

  app.post('/formSubmissionReopen', {
    config: { access: ACCESS.employee },
    schema: {
      tags: ['closeOff'],
      summary: 'Re-Open: the coordinator makes a closed form editable again',
      body: ZFormSubmissionReopenRequest,
      response: { 200: envelopeOf(ZFormSubmissionReopened) },
    },
    handler: async (request) =>
      ok(
        await closeOff.reopen(requireAuth(request), request.body._id, request.body.version),
        messages.closeOff.reopened,
      ),
  });
};
