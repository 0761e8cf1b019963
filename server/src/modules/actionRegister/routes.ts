import {
  ACTION_EXPORT_FILE_NAMES,
  ACTION_REGISTER_CALLS,
  actionRegisterMessages as say,
  type ActionRegisterKind,
} from '@compass/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import type { ActionRegisterService } from './service';

/** A register's calls: the same handlers, the HR register's schemas taking its own sources. */
function registerCalls(
  app: FastifyInstance,
  actionRegister: ActionRegisterService,
  register: ActionRegisterKind,
) {
  const calls = ACTION_REGISTER_CALLS[register];
  registerCall(app, calls.list, {
    handler: async (request, _reply, { auth }) => ok(await actionRegister.list(auth, register, request.body)),
  });
  registerCall(app, calls.export, {
    handler: async (request, reply, { auth }) => {
      const { format, ...filters } = request.query;
      const file =
        format === 'xlsx'
          ? await actionRegister.exportXlsx(auth, register, filters)
          : await actionRegister.exportCsv(auth, register, filters);
      return reply
        .headers({
          ...fileHeaders({ fileName: `${ACTION_EXPORT_FILE_NAMES[register]}.${format}` }),
          'x-export-truncated': file.truncated ? 'yes' : 'no',
        })
        .send(file.body);
    },
  });
  registerCall(app, calls.details, {
    handler: async (request, _reply, { auth }) =>
      ok(await actionRegister.details(auth, register, request.body.kind, request.body._id)),
  });
  registerCall(app, calls.reassign, {
    handler: async (request, _reply, { auth }) => {
      const reassigned = await actionRegister.reassign(auth, register, request.body);
      return ok({ reassigned }, reassigned === 1 ? say.reassignedOne : say.reassignedMany(reassigned));
    },
  });
  registerCall(app, calls.assignees, {
    handler: async (request, _reply, { auth }) =>
      ok(await actionRegister.assignees(auth, register, request.body)),
  });
}

export const actionRegisterRoutes: FastifyPluginAsync<{ actionRegister: ActionRegisterService }> = async (
  app,
  { actionRegister },
) => {
  registerCalls(app, actionRegister, 'general');
  registerCalls(app, actionRegister, 'hr');
};
