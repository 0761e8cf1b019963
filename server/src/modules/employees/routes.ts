import {
  employeeDeactivateCall,
  employeeDetailsCall,
  employeeFormOptionsCall,
  employeeInviteCall,
  employeeListCall,
  employeeMessages as say,
  employeePrivateInfoCall,
  employeePrivateInfoSaveCall,
  employeeProfileCall,
  employeeReactivateCall,
  employeeSaveCall,
  employeeUnlockCall,
  privateInfoMessages,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { organisationAnswer, registerCachedCall, type AnswerCache } from '../../plugins/answerCache';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { PrivateInfoService } from './privateInfo';
import type { EmployeeService } from './service';

export const employeeRoutes: FastifyPluginAsync<{
  employees: EmployeeService;
  privateInfo: PrivateInfoService;
  cache: AnswerCache;
}> = async (app, { employees, privateInfo, cache }) => {
  registerCall(app, employeeListCall, {
    handler: async (request, _reply, { auth }) => ok(await employees.list(auth, request.body)),
  });
  registerCall(app, employeeDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await employees.details(auth, request.body._id)),
  });
  registerCachedCall(app, cache, employeeFormOptionsCall, (auth) =>
    organisationAnswer(employeeFormOptionsCall, auth, () => employees.formOptions(auth)),
  );
  registerCall(app, employeeSaveCall, {
    handler: async (request, _reply, { auth }) => {
      const { _id, invited } = await employees.save(auth, request.body);
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
    handler: async (request, _reply, { auth }) => {
      await employees.invite(auth, request.body._id);
      return ok(null, say.invited);
    },
  });
  registerCall(app, employeeUnlockCall, {
    handler: async (request, _reply, { auth }) => {
      await employees.unlock(auth, request.body._id);
      return ok(null, say.unlocked);
    },
  });
  registerCall(app, employeeDeactivateCall, {
    handler: async (request, _reply, { auth }) => {
      await employees.setActive(auth, request.body._id, false);
      return ok(null, say.deactivated);
    },
  });
  registerCall(app, employeeReactivateCall, {
    handler: async (request, _reply, { auth }) => {
      await employees.setActive(auth, request.body._id, true);
      return ok(null, say.reactivated);
    },
  });
  registerCall(app, employeeProfileCall, {
    handler: async (_request, _reply, { auth }) => ok(await privateInfo.profile(auth)),
  });
  registerCall(app, employeePrivateInfoCall, {
    handler: async (request, _reply, { auth }) => ok(await privateInfo.read(auth, request.body.employeeId)),
  });
  registerCall(app, employeePrivateInfoSaveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await privateInfo.save(auth, request.body), privateInfoMessages.saved),
  });
};
