import { changeLogListCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { ChangeLogService } from './service';

export const changeLogRoutes: FastifyPluginAsync<{ changeLog: ChangeLogService }> = async (
  app,
  { changeLog },
) => {
  registerCall(app, changeLogListCall, {
    handler: async (request) =>
      ok({
        list: await changeLog.list(requireAuth(request), request.body.entityType, request.body.entityId),
      }),
  });
};
