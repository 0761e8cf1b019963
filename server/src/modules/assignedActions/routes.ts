import { assignedActionDetailsCall, assignedActionSaveCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { AssignedActionService } from './service';

export const assignedActionRoutes: FastifyPluginAsync<{ assignedActions: AssignedActionService }> = async (
  app,
  { assignedActions },
) => {
  registerCall(app, assignedActionDetailsCall, {
    handler: async (request) =>
      ok(await assignedActions.details(requireAuth(request), request.body.sectionType, request.body.taskId)),
  });

  registerCall(app, assignedActionSaveCall, {
    handler: async (request) => {
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(assignedActionSaveCall.multipart, fields);
      return ok(null, await assignedActions.save(requireAuth(request), input, files));
    },
  });
};
