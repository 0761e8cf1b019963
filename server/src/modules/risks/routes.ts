import {
  riskCalls,
  riskDeleteCall,
  riskDetailsCall,
  riskExportCall,
  riskListCall,
  riskMatrixCall,
  riskMessages as say,
  riskReviewCalls,
  riskSaveCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { registerPartRoutes, reviewCompleted, sendCsv } from '../registerParts';
import type { RegisterParts } from '../registerParts';
import type { RiskService } from './service';

export const riskRoutes: FastifyPluginAsync<{ risks: RiskService; parts: RegisterParts }> = async (
  app,
  { risks, parts },
) => {
  registerCall(app, riskListCall, {
    handler: async (request, _reply, { auth }) => ok(await risks.list(auth, request.body)),
  });
  registerCall(app, riskMatrixCall, {
    handler: async (request, _reply, { auth }) => ok(await risks.matrix(auth, request.body)),
  });
  registerCall(app, riskExportCall, {
    handler: async (request, reply, { auth }) => {
      return sendCsv(reply, 'risk-register.csv', await risks.exportCsv(auth, request.query));
    },
  });
  registerCall(app, riskDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await risks.details(auth, request.body._id)),
  });
  registerCall(app, riskSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await risks.save(auth, request.body), say.saved),
  });
  registerCall(app, riskDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await risks.remove(auth, request.body._id);
      return ok(null, say.deleted);
    },
  });
  registerCall(app, riskReviewCalls.complete, {
    handler: async (request, _reply, { auth }) =>
      reviewCompleted(request.body.actionType, await risks.completeReview(auth, request.body)),
  });
  registerPartRoutes(app, { ...riskCalls, review: riskReviewCalls.details }, parts, 'risk');
};
