import { clockInCall, clockInEmployeeCall, clockOutCall, messages, signInsTodayCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { ClockInService } from './service';

export const clockInRoutes: FastifyPluginAsync<{ clockIn: ClockInService }> = async (app, { clockIn }) => {
  registerCall(app, clockInEmployeeCall, {
    handler: async (request, _reply, { auth }) => ok(await clockIn.employee(auth, request.body.employeeId)),
  });

  registerCall(app, signInsTodayCall, {
    handler: async (request, _reply, { auth }) => ok(await clockIn.signInsToday(auth, request.body)),
  });

  registerCall(app, clockInCall, {
    handler: async (request, _reply, { auth }) => {
      await clockIn.clockIn(auth, request.body);
      return ok(null, messages.clockIn.clockedIn);
    },
  });

  registerCall(app, clockOutCall, {
    handler: async (request, _reply, { auth }) => {
      await clockIn.clockOut(auth, request.body);
      return ok(null, messages.clockIn.clockedOut);
    },
  });
};
