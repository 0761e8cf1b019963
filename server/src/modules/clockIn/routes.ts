import { clockInCall, clockInEmployeeCall, clockOutCall, messages, signInsTodayCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { ClockInService } from './service';

export const clockInRoutes: FastifyPluginAsync<{ clockIn: ClockInService }> = async (app, { clockIn }) => {
  registerCall(app, clockInEmployeeCall, {
    handler: async (request) => ok(await clockIn.employee(requireAuth(request), request.body.employeeId)),
  });

  registerCall(app, signInsTodayCall, {
    handler: async (request) => ok(await clockIn.signInsToday(requireAuth(request), request.body)),
  });

  registerCall(app, clockInCall, {
    handler: async (request) => {
      await clockIn.clockIn(requireAuth(request), request.body);
      return ok(null, messages.clockIn.clockedIn);
    },
  });

  registerCall(app, clockOutCall, {
    handler: async (request) => {
      await clockIn.clockOut(requireAuth(request), request.body);
      return ok(null, messages.clockIn.clockedOut);
    },
  });
};
