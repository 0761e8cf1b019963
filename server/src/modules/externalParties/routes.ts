import {
  externalPartiesMessages as say,
  supplierAssignmentCreateCall,
  supplierAssignmentDetailsCall,
  supplierAssignmentListCall,
  supplierAssignmentOpenCall,
  supplierAssignmentOptionsCall,
  supplierAssignmentResendCall,
  supplierAssignmentReturnCall,
  supplierReviewerSearchCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { ExternalPartiesService } from './service';

export const externalPartiesRoutes: FastifyPluginAsync<{ externalParties: ExternalPartiesService }> = async (
  app,
  { externalParties },
) => {
  registerCall(app, supplierAssignmentOptionsCall, {
    handler: async (request) => ok(await externalParties.assignOptions(requireAuth(request))),
  });
  registerCall(app, supplierReviewerSearchCall, {
    handler: async (request) =>
      ok(await externalParties.reviewers(requireAuth(request), request.body.search)),
  });
  registerCall(app, supplierAssignmentCreateCall, {
    handler: async (request) => {
      const created = await externalParties.create(requireAuth(request), request.body);
      return ok(created, say.assigned(created.mailsQueued));
    },
  });
  registerCall(app, supplierAssignmentListCall, {
    handler: async (request) => ok(await externalParties.list(requireAuth(request), request.body)),
  });
  registerCall(app, supplierAssignmentResendCall, {
    handler: async (request) => {
      const sent = await externalParties.resend(requireAuth(request), request.body._id);
      return ok(sent, say.resent(sent.mailsQueued));
    },
  });
  registerCall(app, supplierAssignmentDetailsCall, {
    handler: async (request) => ok(await externalParties.details(requireAuth(request), request.body._id)),
  });
  registerCall(app, supplierAssignmentReturnCall, {
    handler: async (request) => {
      await externalParties.returnToSupplier(requireAuth(request), request.body._id, request.body.comment);
      return ok(null, say.returned);
    },
  });
  registerCall(app, supplierAssignmentOpenCall, {
    handler: async (request) => ok(await externalParties.open(requireAuth(request), request.body._id)),
  });
};
