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
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AuthContext } from '../../plugins/callers';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import type { CloseOffService } from './service';

export const closeOffRoutes: FastifyPluginAsync<{ closeOff: CloseOffService }> = async (
  app,
  { closeOff },
) => {
  const sendPdf = async (auth: AuthContext, reply: FastifyReply, input: TFormSubmissionPdfRequest) => {
    const pdf = await closeOff.pdf(auth, input.formSubmissionId, input.localTimeZone);
    return reply
      .headers(fileHeaders({ fileName: pdf.fileName, contentType: 'application/pdf' }))
      .send(pdf.content);
  };
  registerCall(app, formSubmissionPdfCall, {
    handler: (request, reply, { auth }) => sendPdf(auth, reply, request.body),
  });

  registerCall(app, formSubmissionPdfDownloadCall, {
    handler: (request, reply, { auth }) => sendPdf(auth, reply, request.query),
  });

  registerCall(app, formSubmissionCloseCall, {
    handler: async (request, _reply, { auth }) =>
      ok(
        await closeOff.closeSubmission(
          auth,
          request.body._id,
          request.body.version,
          request.body.localTimeZone,
        ),
        messages.closeOff.closed,
      ),
  });

  registerCall(app, assignFormCloseOffCall, {
    handler: async (request, _reply, { auth }) =>
      ok(
        await closeOff.closeHrAssignment(auth, request.body._id, request.body.localTimeZone),
        messages.closeOff.closed,
      ),
  });

  registerCall(app, supplierAssignFormCloseOffCall, {
    handler: async (request, _reply, { auth }) =>
      ok(
        await closeOff.closeSupplierAssignment(auth, request.body._id, request.body.localTimeZone),
        messages.closeOff.closed,
      ),
  });

  registerCall(app, supplierFormCloseOffCall, {
    handler: async (request, _reply, { auth }) =>
      ok(
        await closeOff.closeSupplierSubmission(
          auth,
          request.body.formSumissionId,
          request.body.localTimeZone,
        ),
        messages.closeOff.closed,
      ),
  });

  registerCall(app, formSubmissionReopenCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await closeOff.reopen(auth, request.body._id, request.body.version), messages.closeOff.reopened),
  });
};
