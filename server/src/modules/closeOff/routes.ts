import {
  assignFormCloseOffCall,
  formSubmissionCloseCall,
  formSubmissionPdfCall,
  formSubmissionPdfDownloadCall,
  formSubmissionReopenCall,
  supplierAssignFormCloseOffCall,
  supplierFormCloseOffCall,
  messages,
  type TFormSubmissionPdfRequest,
} from '@compass/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { CloseOffService } from './service';

export const closeOffRoutes: FastifyPluginAsync<{ closeOff: CloseOffService }> = async (
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
  registerCall(app, formSubmissionPdfCall, {
    handler: (request, reply) => sendPdf(request, reply, request.body),
  });

  registerCall(app, formSubmissionPdfDownloadCall, {
    handler: (request, reply) => sendPdf(request, reply, request.query),
  });

  registerCall(app, formSubmissionCloseCall, {
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

  registerCall(app, assignFormCloseOffCall, {
    handler: async (request) =>
      ok(
        await closeOff.closeHrAssignment(requireAuth(request), request.body._id, request.body.localTimeZone),
        messages.closeOff.closed,
      ),
  });

  registerCall(app, supplierAssignFormCloseOffCall, {
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

  registerCall(app, supplierFormCloseOffCall, {
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

  registerCall(app, formSubmissionReopenCall, {
    handler: async (request) =>
      ok(
        await closeOff.reopen(requireAuth(request), request.body._id, request.body.version),
        messages.closeOff.reopened,
      ),
  });
};
