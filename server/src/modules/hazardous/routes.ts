import {
  hazardousCalls,
  hazardousDeleteCall,
  hazardousDetailsCall,
  hazardousExportCall,
  hazardousListCall,
  hazardousMessages as say,
  hazardousReviewCalls,
  hazardousSaveCall,
  hazardousSdsUploadCall,
  ZSdsUpload,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import { registerPartRoutes, reviewCompleted } from '../registerParts';
import type { RegisterParts } from '../registerParts';
import type { HazardousService } from './service';

export const hazardousRoutes: FastifyPluginAsync<{
  hazardous: HazardousService;
  parts: RegisterParts;
}> = async (app, { hazardous, parts }) => {
  registerCall(app, hazardousListCall, {
    handler: async (request) => ok(await hazardous.list(requireAuth(request), request.body)),
  });
  registerCall(app, hazardousExportCall, {
    handler: async (request, reply) => {
      const csv = await hazardous.exportCsv(requireAuth(request), request.query);
      return reply
        .headers(
          fileHeaders({ fileName: 'hazardous-substances.csv', contentType: 'text/csv; charset=utf-8' }),
        )
        .send(csv);
    },
  });
  registerCall(app, hazardousDetailsCall, {
    handler: async (request) => ok(await hazardous.details(requireAuth(request), request.body._id)),
  });
  registerCall(app, hazardousSaveCall, {
    handler: async (request) => ok(await hazardous.save(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, hazardousDeleteCall, {
    handler: async (request) => {
      await hazardous.remove(requireAuth(request), request.body._id);
      return ok(null, say.deleted);
    },
  });
  registerCall(app, hazardousSdsUploadCall, {
    handler: async (request) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      await hazardous.uploadSds(auth, parseOrBadRequest(ZSdsUpload, fields), files);
      return ok(null, say.sdsUploaded);
    },
  });
  registerCall(app, hazardousReviewCalls.complete, {
    handler: async (request) =>
      reviewCompleted(
        request.body.actionType,
        await hazardous.completeReview(requireAuth(request), request.body),
      ),
  });
  registerPartRoutes(app, { ...hazardousCalls, review: hazardousReviewCalls.details }, parts, 'hazardous');
};
