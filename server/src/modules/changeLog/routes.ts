import { changeLogListCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { ChangeLogService } from './service';

export const changeLogRoutes: FastifyPluginAsync<{ changeLog: ChangeLogService }> = async (
  app,
  { changeLog },
) => {
  registerCall(app, changeLogListCall, {
    handler: async (request, _reply, { auth }) =>
      ok({
        list: await changeLog.list(auth, request.body.entityType, request.body.entityId),
      }),
  });
};
