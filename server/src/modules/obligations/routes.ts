import {
  obligationAttachmentUploadCall,
  obligationDetailsCall,
  obligationExportCall,
  obligationListCall,
  obligationMessages as say,
  obligationOptionsCall,
  obligationPeopleSearchCall,
  obligationReviewCalls,
  obligationDeleteCall,
  obligationSaveCall,
  reviewMessages,
  ZObligationAttachmentUpload,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { ObligationService } from './service';

export const obligationRoutes: FastifyPluginAsync<{ obligations: ObligationService }> = async (
  app,
  { obligations },
) => {
  registerCall(app, obligationListCall, {
    handler: async (request) => ok(await obligations.list(requireAuth(request), request.body)),
  });
  registerCall(app, obligationExportCall, {
    handler: async (request, reply) => {
      const csv = await obligations.exportCsv(requireAuth(request), request.query);
      return reply.headers(fileHeaders({ fileName: 'obligations.csv' })).send(csv);
    },
  });
  registerCall(app, obligationDetailsCall, {
    handler: async (request) => ok(await obligations.details(requireAuth(request), request.body._id)),
  });
  registerCall(app, obligationOptionsCall, {
    handler: async (request) => ok(await obligations.options(requireAuth(request))),
  });
  registerCall(app, obligationPeopleSearchCall, {
    handler: async (request) => ok(await obligations.people(requireAuth(request), request.body.search)),
  });
  registerCall(app, obligationSaveCall, {
    handler: async (request) => ok(await obligations.save(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, obligationDeleteCall, {
    handler: async (request) => {
      await obligations.remove(requireAuth(request), request.body._id);
      return ok(null, say.deleted);
    },
  });
  registerCall(app, obligationAttachmentUploadCall, {
    handler: async (request) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(ZObligationAttachmentUpload, fields);
      await obligations.addFiles(auth, _id, files);
      return ok(null, say.filesAdded);
    },
  });
  registerCall(app, obligationReviewCalls.details, {
    handler: async (request) => ok(await obligations.openReview(requireAuth(request), request.body)),
  });
  registerCall(app, obligationReviewCalls.complete, {
    handler: async (request) => {
      const input = request.body;
      const done = await obligations.completeReview(requireAuth(request), input);
      return ok(done, input.actionType === 'coReview' ? reviewMessages.coReviewed : reviewMessages.reviewed);
    },
  });
};
