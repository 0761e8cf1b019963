import {
  taskDetailsCall,
  taskListCall,
  taskMessages as say,
  taskOptionsCall,
  taskPeopleSearchCall,
  taskSaveCall,
  taskSignOffCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { TaskService } from './service';

export const taskRoutes: FastifyPluginAsync<{ tasks: TaskService }> = async (app, { tasks }) => {
  registerCall(app, taskListCall, {
    handler: async (request) => ok(await tasks.list(requireAuth(request), request.body)),
  });
  registerCall(app, taskDetailsCall, {
    handler: async (request) => ok(await tasks.details(requireAuth(request), request.body._id)),
  });
  registerCall(app, taskOptionsCall, {
    handler: async (request) => ok(await tasks.options(requireAuth(request))),
  });
  registerCall(app, taskPeopleSearchCall, {
    handler: async (request) => ok(await tasks.people(requireAuth(request), request.body.search)),
  });
  registerCall(app, taskSaveCall, {
    handler: async (request) => ok(await tasks.save(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, taskSignOffCall, {
    handler: async (request) => ok(await tasks.signOff(requireAuth(request), request.body), say.signedOff),
  });
};
