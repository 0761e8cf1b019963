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
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import { registerPartRoutes, reviewCompleted, sendCsv } from '../registerParts';
import type { RegisterParts } from '../registerParts';
import type { HazardousService } from './service';

export const hazardousRoutes: FastifyPluginAsync<{
  hazardous: HazardousService;
  parts: RegisterParts;
}> = async (app, { hazardous, parts }) => {
  registerCall(app, hazardousListCall, {
    handler: async (request, _reply, { auth }) => ok(await hazardous.list(auth, request.body)),
  });
  registerCall(app, hazardousExportCall, {
    handler: async (request, reply, { auth }) => {
      return sendCsv(reply, 'hazardous-substances.csv', await hazardous.exportCsv(auth, request.query));
    },
  });
  registerCall(app, hazardousDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await hazardous.details(auth, request.body._id)),
  });
  registerCall(app, hazardousSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await hazardous.save(auth, request.body), say.saved),
  });
  registerCall(app, hazardousDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await hazardous.remove(auth, request.body._id);
      return ok(null, say.deleted);
    },
  });
  registerCall(app, hazardousSdsUploadCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      await hazardous.uploadSds(auth, parseOrBadRequest(ZSdsUpload, fields), files);
      return ok(null, say.sdsUploaded);
    },
  });
  registerCall(app, hazardousReviewCalls.complete, {
    handler: async (request, _reply, { auth }) =>
      reviewCompleted(request.body.actionType, await hazardous.completeReview(auth, request.body)),
  });
  registerPartRoutes(app, { ...hazardousCalls, review: hazardousReviewCalls.details }, parts, 'hazardous');
};
