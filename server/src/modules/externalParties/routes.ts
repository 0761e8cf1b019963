import {
  externalPartiesMessages as say,
  requirementMessages,
  supplierAssessmentStatusCall,
  requirementTypeCourseOptionsCall,
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
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { organisationAnswer, registerCachedCall, type AnswerCache } from '../../plugins/answerCache';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { SupplierRequirementService } from './requirements';
import type { ExternalPartiesService } from './service';

export const externalPartiesRoutes: FastifyPluginAsync<{
  externalParties: ExternalPartiesService;
  requirements: SupplierRequirementService;
  cache: AnswerCache;
}> = async (app, { externalParties, requirements, cache }) => {
  registerCachedCall(app, cache, supplierAssignmentOptionsCall, (auth) =>
    organisationAnswer(supplierAssignmentOptionsCall, auth, () => externalParties.assignOptions(auth)),
  );
  registerCall(app, supplierReviewerSearchCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await externalParties.reviewers(auth, request.body.search)),
  });
  registerCall(app, supplierAssignmentCreateCall, {
    handler: async (request, _reply, { auth }) => {
      const created = await externalParties.create(auth, request.body);
      return ok(created, say.assigned(created.mailsQueued));
    },
  });
  registerCall(app, supplierAssignmentListCall, {
    handler: async (request, _reply, { auth }) => ok(await externalParties.list(auth, request.body)),
  });
  registerCall(app, supplierAssignmentResendCall, {
    handler: async (request, _reply, { auth }) => {
      const sent = await externalParties.resend(auth, request.body._id);
      return ok(sent, say.resent(sent.mailsQueued));
    },
  });
  registerCall(app, supplierAssignmentDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await externalParties.details(auth, request.body._id)),
  });
  registerCall(app, supplierAssignmentReturnCall, {
    handler: async (request, _reply, { auth }) => {
      await externalParties.returnToSupplier(auth, request.body._id, request.body.comment);
      return ok(null, say.returned);
    },
  });
  registerCall(app, supplierAssignmentOpenCall, {
    handler: async (request, _reply, { auth }) => ok(await externalParties.open(auth, request.body._id)),
  });

  registerCall(app, supplierAssessmentStatusCall, {
    handler: async (request, _reply, caller) => ok(await externalParties.status(caller, request.body._id)),
  });
  registerCall(app, requirementTypeListCall, {
    handler: async (_request, _reply, { auth }) => ok(await requirements.types.list(auth)),
  });
  registerCall(app, requirementTypeCourseOptionsCall, {
    handler: async (_request, _reply, { auth }) => ok(await requirements.types.courseOptions(auth)),
  });
  registerCall(app, requirementTypeSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await requirements.types.save(auth, request.body)),
  });
  registerCall(app, requirementTypeSetActiveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await requirements.types.setActive(auth, request.body._id, request.body.isActive)),
  });
  registerCall(app, supplierRequirementCreateCall, {
    handler: async (request, _reply, { auth }) => {
      const { message, ...created } = await requirements.create(auth, request.body);
      return ok(created, message);
    },
  });
  registerCall(app, supplierRequirementListCall, {
    handler: async (request, _reply, { auth }) => ok(await requirements.register.list(auth, request.body)),
  });
  registerCall(app, supplierRequirementResendCall, {
    handler: async (request, _reply, { auth }) => {
      const sent = await requirements.resend(auth, request.body._id);
      return ok(sent, requirementMessages.resent(sent.mailsQueued));
    },
  });
  registerCall(app, supplierRequirementDetailsCall, {
    handler: async (request, _reply, caller) => ok(await requirements.details(caller, request.body._id)),
  });
  registerCall(app, supplierRequirementUploadCall, {
    handler: async (request, _reply, caller) => {
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(supplierRequirementUploadCall.multipart, fields);
      await requirements.upload(caller, input, files);
      return ok(null, requirementMessages.sent);
    },
  });
  registerCall(app, supplierRequirementReviewCall, {
    handler: async (request, _reply, { auth }) => {
      await requirements.review(auth, request.body);
      return ok(
        null,
        request.body.decision === 'approve' ? requirementMessages.approved : requirementMessages.rejected,
      );
    },
  });
  registerCall(app, supplierComplianceCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await requirements.register.compliance(auth, request.body.supplierId)),
  });
};
