import {
  employeeDeactivateCall,
  employeeDetailsCall,
  employeeFormOptionsCall,
  employeeInviteCall,
  employeeListCall,
  employeeMessages as say,
  employeeReactivateCall,
  employeeSaveCall,
  employeeUnlockCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { organisationAnswer, registerCachedCall, type AnswerCache } from '../../plugins/answerCache';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { EmployeeService } from './service';

export const employeeRoutes: FastifyPluginAsync<{ employees: EmployeeService; cache: AnswerCache }> = async (
  app,
  { employees, cache },
) => {
  registerCall(app, employeeListCall, {
    handler: async (request) => ok(await employees.list(requireAuth(request), request.body)),
  });
  registerCall(app, employeeDetailsCall, {
    handler: async (request) => ok(await employees.details(requireAuth(request), request.body._id)),
  });
  registerCachedCall(app, cache, employeeFormOptionsCall, (auth) =>
    organisationAnswer(employeeFormOptionsCall, auth, () => employees.formOptions(auth)),
  );
  registerCall(app, employeeSaveCall, {
    handler: async (request) => {
      const { _id, invited } = await employees.save(requireAuth(request), request.body);
      const message = request.body._id
        ? invited
          ? say.savedReinvited
          : say.saved
        : invited
          ? say.createdInvited
          : say.created;
      return ok({ _id }, message);
    },
  });
  registerCall(app, employeeInviteCall, {
    handler: async (request) => {
      await employees.invite(requireAuth(request), request.body._id);
      return ok(null, say.invited);
    },
  });
  registerCall(app, employeeUnlockCall, {
    handler: async (request) => {
      await employees.unlock(requireAuth(request), request.body._id);
      return ok(null, say.unlocked);
    },
  });
  registerCall(app, employeeDeactivateCall, {
    handler: async (request) => {
      await employees.setActive(requireAuth(request), request.body._id, false);
      return ok(null, say.deactivated);
    },
  });
  registerCall(app, employeeReactivateCall, {
    handler: async (request) => {
      await employees.setActive(requireAuth(request), request.body._id, true);
      return ok(null, say.reactivated);
    },
  });
};
