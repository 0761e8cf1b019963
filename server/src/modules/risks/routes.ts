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
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { registerPartRoutes, reviewCompleted } from '../registerParts';
import type { RegisterParts } from '../registerParts';
import type { RiskService } from './service';

export const riskRoutes: FastifyPluginAsync<{ risks: RiskService; parts: RegisterParts }> = async (
  app,
  { risks, parts },
) => {
  registerCall(app, riskListCall, {
    handler: async (request) => ok(await risks.list(requireAuth(request), request.body)),
  });
  registerCall(app, riskMatrixCall, {
    handler: async (request) => ok(await risks.matrix(requireAuth(request), request.body)),
  });
  registerCall(app, riskExportCall, {
    handler: async (request, reply) => {
      const csv = await risks.exportCsv(requireAuth(request), request.query);
      return reply
        .headers(fileHeaders({ fileName: 'risk-register.csv', contentType: 'text/csv; charset=utf-8' }))
        .send(csv);
    },
  });
  registerCall(app, riskDetailsCall, {
    handler: async (request) => ok(await risks.details(requireAuth(request), request.body._id)),
  });
  registerCall(app, riskSaveCall, {
    handler: async (request) => ok(await risks.save(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, riskDeleteCall, {
    handler: async (request) => {
      await risks.remove(requireAuth(request), request.body._id);
      return ok(null, say.deleted);
    },
  });
  registerCall(app, riskReviewCalls.complete, {
    handler: async (request) =>
      reviewCompleted(
        request.body.actionType,
        await risks.completeReview(requireAuth(request), request.body),
      ),
  });
  registerPartRoutes(app, { ...riskCalls, review: riskReviewCalls.details }, parts, 'risk');
};
