import {
  assignedActionDetailsCall,
  assignedActionSaveCall,
  externalTaskDetailsCall,
  externalTaskFileDeleteCall,
  externalTaskSaveCall,
  messages,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { ExternalTaskService } from './externalTask';
import type { AssignedActionService } from './service';

/** The assigned action's own page, and the external task page its assignment mail links to. */
export const assignedActionRoutes: FastifyPluginAsync<{
  assignedActions: AssignedActionService;
  externalTask: ExternalTaskService;
}> = async (app, { assignedActions, externalTask }) => {
  registerCall(app, assignedActionDetailsCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await assignedActions.details(auth, request.body.sectionType, request.body.taskId)),
  });

  registerCall(app, assignedActionSaveCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(assignedActionSaveCall.multipart, fields);
      return ok(null, await assignedActions.save(auth, input, files));
    },
  });

  registerCall(app, externalTaskDetailsCall, {
    handler: async (request, _reply, caller) => ok(await externalTask.details(caller, request.body)),
  });

  registerCall(app, externalTaskSaveCall, {
    handler: async (request, _reply, caller) => {
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(externalTaskSaveCall.multipart, fields);
      return ok(null, await externalTask.save(caller, input, files));
    },
  });

  registerCall(app, externalTaskFileDeleteCall, {
    handler: async (request, _reply, caller) => {
      await externalTask.deleteFile(caller, request.body);
      return ok(null, messages.externalTask.fileDeleted);
    },
  });
};
