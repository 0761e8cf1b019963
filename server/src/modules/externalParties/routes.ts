import {
  externalPartiesMessages as say,
  requirementMessages,
  supplierAssessmentStatusCall,
  requirementTypeListCall,
  requirementTypeSaveCall,
  requirementTypeSetActiveCall,
  supplierComplianceCall,
  supplierRequirementCreateCall,
  supplierRequirementDetailsCall,
  supplierRequirementListCall,
  supplierRequirementResendCall,
  supplierRequirementReviewCall,
  supplierRequirementUploadCall,
  supplierAssignmentCreateCall,
  supplierAssignmentDetailsCall,
  supplierAssignmentListCall,
  supplierAssignmentOpenCall,
  supplierAssignmentOptionsCall,
  supplierAssignmentResendCall,
  supplierAssignmentReturnCall,
  supplierReviewerSearchCall,
} from '@compass/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { organisationAnswer, registerCachedCall, type AnswerCache } from '../../plugins/answerCache';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { SupplierCaller } from '../submissions';
import type { SupplierRequirementService } from './requirements';
import type { ExternalPartiesService } from './service';

const viewerOf = (request: FastifyRequest): SupplierCaller =>
  request.link ? { link: request.link } : { auth: requireAuth(request) };

export const externalPartiesRoutes: FastifyPluginAsync<{
  externalParties: ExternalPartiesService;
  requirements: SupplierRequirementService;
  cache: AnswerCache;
}> = async (app, { externalParties, requirements, cache }) => {
  registerCachedCall(app, cache, supplierAssignmentOptionsCall, (auth) =>
    organisationAnswer(supplierAssignmentOptionsCall, auth, () => externalParties.assignOptions(auth)),
  );
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

  registerCall(app, supplierAssessmentStatusCall, {
    handler: async (request) => ok(await externalParties.status(viewerOf(request), request.body._id)),
  });
  registerCall(app, requirementTypeListCall, {
    handler: async (request) => ok(await requirements.types(requireAuth(request))),
  });
  registerCall(app, requirementTypeSaveCall, {
    handler: async (request) => ok(await requirements.saveType(requireAuth(request), request.body)),
  });
  registerCall(app, requirementTypeSetActiveCall, {
    handler: async (request) =>
      ok(await requirements.setTypeActive(requireAuth(request), request.body._id, request.body.isActive)),
  });
  registerCall(app, supplierRequirementCreateCall, {
    handler: async (request) => {
      const created = await requirements.create(requireAuth(request), request.body);
      return ok(created, requirementMessages.requested(created.mailsQueued));
    },
  });
  registerCall(app, supplierRequirementListCall, {
    handler: async (request) => ok(await requirements.list(requireAuth(request), request.body)),
  });
  registerCall(app, supplierRequirementResendCall, {
    handler: async (request) => {
      const sent = await requirements.resend(requireAuth(request), request.body._id);
      return ok(sent, requirementMessages.resent(sent.mailsQueued));
    },
  });
  registerCall(app, supplierRequirementDetailsCall, {
    handler: async (request) => ok(await requirements.details(viewerOf(request), request.body._id)),
  });
  registerCall(app, supplierRequirementUploadCall, {
    handler: async (request) => {
      const viewer = viewerOf(request);
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(supplierRequirementUploadCall.multipart, fields);
      await requirements.upload(viewer, input, files);
      return ok(null, requirementMessages.sent);
    },
  });
  registerCall(app, supplierRequirementReviewCall, {
    handler: async (request) => {
      await requirements.review(requireAuth(request), request.body);
      return ok(
        null,
        request.body.decision === 'approve' ? requirementMessages.approved : requirementMessages.rejected,
      );
    },
  });
  registerCall(app, supplierComplianceCall, {
    handler: async (request) =>
      ok(await requirements.compliance(requireAuth(request), request.body.supplierId)),
  });
};
