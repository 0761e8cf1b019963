import {
  hrFormAssignCall,
  hrFormAssignOptionsCall,
  hrFormCancelCall,
  hrFormDetailsCall,
  hrFormExportCall,
  hrFormListCall,
  hrFormMessages as say,
  hrFormOfSubmissionCall,
  hrFormOpenCall,
  hrFormPeopleSearchCall,
  hrFormReturnCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { organisationAnswer, registerCachedCall, type AnswerCache } from '../../plugins/answerCache';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { sendCsv } from '../registerParts';
import { requireHrForms } from './policy';
import type { HrFormService } from './service';

export const hrFormRoutes: FastifyPluginAsync<{ hrForms: HrFormService; cache: AnswerCache }> = async (
  app,
  { hrForms, cache },
) => {
  // The assign dialog's pick lists: one answer per organisation, kept under its data version
  // (FormTemplate, Position and Workplace bump it); HR is checked on every call, before the cache.
  registerCachedCall(app, cache, hrFormAssignOptionsCall, (auth) => {
    requireHrForms(auth);
    return organisationAnswer(hrFormAssignOptionsCall, auth, () => hrForms.assignOptions(auth));
  });
  registerCall(app, hrFormPeopleSearchCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await hrForms.people(auth, request.body.search, request.body.role)),
  });
  registerCall(app, hrFormAssignCall, {
    handler: async (request, _reply, { auth }) => {
      const assigned = await hrForms.assign(auth, request.body);
      return ok(assigned, say.assigned(assigned.count, assigned.mailsQueued));
    },
  });
  registerCall(app, hrFormListCall, {
    handler: async (request, _reply, { auth }) => ok(await hrForms.register.list(auth, request.body)),
  });
  registerCall(app, hrFormExportCall, {
    handler: async (request, reply, { auth }) =>
      sendCsv(reply, 'hr-forms.csv', await hrForms.register.csv(auth, request.query)),
  });
  registerCall(app, hrFormDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await hrForms.details(auth, request.body._id)),
  });
  registerCall(app, hrFormOpenCall, {
    handler: async (request, _reply, { auth }) => ok(await hrForms.open(auth, request.body._id)),
  });
  registerCall(app, hrFormReturnCall, {
    handler: async (request, _reply, { auth }) => {
      await hrForms.returnToEmployee(auth, request.body._id, request.body.comment);
      return ok(null, say.returned);
    },
  });
  registerCall(app, hrFormOfSubmissionCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await hrForms.ofSubmission(auth, request.body.formSumissionId)),
  });
  registerCall(app, hrFormCancelCall, {
    handler: async (request, _reply, { auth }) => {
      await hrForms.cancel(auth, request.body._id);
      return ok(null, say.cancelled);
    },
  });
};
