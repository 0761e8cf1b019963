import {
  actionRegisterAssigneesCall,
  actionRegisterDetailsCall,
  actionRegisterExportCall,
  actionRegisterListCall,
  actionRegisterMessages as say,
  actionRegisterReassignCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import type { ActionRegisterService } from './service';

export const actionRegisterRoutes: FastifyPluginAsync<{ actionRegister: ActionRegisterService }> = async (
  app,
  { actionRegister },
) => {
  registerCall(app, actionRegisterListCall, {
    handler: async (request, _reply, { auth }) => ok(await actionRegister.list(auth, request.body)),
  });
  registerCall(app, actionRegisterExportCall, {
    handler: async (request, reply, { auth }) => {
      const { format, ...filters } = request.query;
      const file =
        format === 'xlsx'
          ? await actionRegister.exportXlsx(auth, filters)
          : await actionRegister.exportCsv(auth, filters);
      return reply
        .headers({
          ...fileHeaders({ fileName: `action-register.${format}` }),
          'x-export-truncated': file.truncated ? 'yes' : 'no',
        })
        .send(file.body);
    },
  });
  registerCall(app, actionRegisterDetailsCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await actionRegister.details(auth, request.body.kind, request.body._id)),
  });
  registerCall(app, actionRegisterReassignCall, {
    handler: async (request, _reply, { auth }) => {
      const reassigned = await actionRegister.reassign(auth, request.body);
      return ok({ reassigned }, reassigned === 1 ? say.reassignedOne : say.reassignedMany(reassigned));
    },
  });
  registerCall(app, actionRegisterAssigneesCall, {
    handler: async (request, _reply, { auth }) => ok(await actionRegister.assignees(auth, request.body)),
  });
};
