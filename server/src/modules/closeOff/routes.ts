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
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import type { CloseOffService } from './service';

export const closeOffRoutes: FastifyPluginAsync<{ closeOff: CloseOffService }> = async (
  app,
  { closeOff },
) => {
  const sendPdf = async (request: FastifyRequest, reply: FastifyReply, input: TFormSubmissionPdfRequest) => {
    const pdf = await closeOff.pdf(requireAuth(request), input.formSubmissionId, input.localTimeZone);
    return reply
      .headers(fileHeaders({ fileName: pdf.fileName, contentType: 'application/pdf' }))
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
