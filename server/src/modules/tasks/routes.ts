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
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { TaskService } from './service';

export const taskRoutes: FastifyPluginAsync<{ tasks: TaskService }> = async (app, { tasks }) => {
  registerCall(app, taskListCall, {
    handler: async (request, _reply, { auth }) => ok(await tasks.list(auth, request.body)),
  });
  registerCall(app, taskDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await tasks.details(auth, request.body._id)),
  });
  registerCall(app, taskOptionsCall, {
    handler: async (_request, _reply, { auth }) => ok(await tasks.options(auth)),
  });
  registerCall(app, taskPeopleSearchCall, {
    handler: async (request, _reply, { auth }) => ok(await tasks.people(auth, request.body.search)),
  });
  registerCall(app, taskSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await tasks.save(auth, request.body), say.saved),
  });
  registerCall(app, taskSignOffCall, {
    handler: async (request, _reply, { auth }) => ok(await tasks.signOff(auth, request.body), say.signedOff),
  });
};
