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
  ZObligationAttachmentUpload,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import { reviewCompleted, sendCsv } from '../registerParts';
import type { ObligationService } from './service';

export const obligationRoutes: FastifyPluginAsync<{ obligations: ObligationService }> = async (
  app,
  { obligations },
) => {
  registerCall(app, obligationListCall, {
    handler: async (request, _reply, { auth }) => ok(await obligations.list(auth, request.body)),
  });
  registerCall(app, obligationExportCall, {
    handler: async (request, reply, { auth }) => {
      return sendCsv(reply, 'obligations.csv', await obligations.exportCsv(auth, request.query));
    },
  });
  registerCall(app, obligationDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await obligations.details(auth, request.body._id)),
  });
  registerCall(app, obligationOptionsCall, {
    handler: async (_request, _reply, { auth }) => ok(await obligations.options(auth)),
  });
  registerCall(app, obligationPeopleSearchCall, {
    handler: async (request, _reply, { auth }) => ok(await obligations.people(auth, request.body)),
  });
  registerCall(app, obligationSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await obligations.save(auth, request.body), say.saved),
  });
  registerCall(app, obligationDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await obligations.remove(auth, request.body._id);
      return ok(null, say.deleted);
    },
  });
  registerCall(app, obligationAttachmentUploadCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(ZObligationAttachmentUpload, fields);
      await obligations.addFiles(auth, _id, files);
      return ok(null, say.filesAdded);
    },
  });
  registerCall(app, obligationReviewCalls.details, {
    handler: async (request, _reply, { auth }) => ok(await obligations.openReview(auth, request.body)),
  });
  registerCall(app, obligationReviewCalls.complete, {
    handler: async (request, _reply, { auth }) =>
      reviewCompleted(request.body.actionType, await obligations.completeReview(auth, request.body)),
  });
};
