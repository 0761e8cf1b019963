import {
  actionRegisterAssigneesCall,
  actionRegisterDetailsCall,
  actionRegisterExportCall,
  actionRegisterListCall,
  actionRegisterMessages as say,
  actionRegisterReassignCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import type { ActionRegisterService } from './service';

export const actionRegisterRoutes: FastifyPluginAsync<{ actionRegister: ActionRegisterService }> = async (
  app,
  { actionRegister },
) => {
  registerCall(app, actionRegisterListCall, {
    handler: async (request) => ok(await actionRegister.list(requireAuth(request), request.body)),
  });
  registerCall(app, actionRegisterExportCall, {
    handler: async (request, reply) => {
      const { format, ...filters } = request.query;
      const file =
        format === 'xlsx'
          ? await actionRegister.exportXlsx(requireAuth(request), filters)
          : await actionRegister.exportCsv(requireAuth(request), filters);
      return reply
        .headers({
          ...fileHeaders({ fileName: `action-register.${format}` }),
          'x-export-truncated': file.truncated ? 'yes' : 'no',
        })
        .send(file.body);
    },
  });
  registerCall(app, actionRegisterDetailsCall, {
    handler: async (request) =>
      ok(await actionRegister.details(requireAuth(request), request.body.kind, request.body._id)),
  });
  registerCall(app, actionRegisterReassignCall, {
    handler: async (request) => {
      const reassigned = await actionRegister.reassign(requireAuth(request), request.body);
      return ok({ reassigned }, reassigned === 1 ? say.reassignedOne : say.reassignedMany(reassigned));
    },
  });
  registerCall(app, actionRegisterAssigneesCall, {
    handler: async (request) => ok(await actionRegister.assignees(requireAuth(request), request.body)),
  });
};
